"""A winner's taxpayer number goes nowhere but the sealed identity (and the filing people's audited view): a day at
the desk paying W-2G prizes to winners with known numbers, every logger at DEBUG and every SQL statement logged,
then each place a number could leak to is searched for it, with and without dashes.

Each place is one function of the day (`world`) yielding the texts or bytes to search; PLACES lists them. A new
place to look (an API list, a new export) is one more function and one more line in PLACES."""

import io
import json
import logging
import re
import subprocess
import zipfile

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.log import AdminEmailHandler

from core.error_reports import IDENTITY_NAMES
from licensing.board.exports import datasets
from licensing.models import AuditEvent, Payout, Role
from licensing.payouts.identity import winner_clean
from licensing.payouts.selectors import board_totals
from licensing.payouts.services import payout_identity, payout_quote, payout_tin_reveal
from tests.licensing.factories import board_staff, member
from tests.licensing.payouts.winners import ANA, BEN, JUNE_2026, open_payout, pay
from tests.licensing.reports.factories import bingo_license, submitted

pytestmark = pytest.mark.django_db

CARA = {"name": "Cara Diaz", "street": "4 Elm St NE", "city": "Washington", "state": "DC", "postal_code": "20002",
        "tin": "912-70-1234", "tin_kind": "itin", "id_first": "Consular ID, photo", "id_second": "Utility bill"}
WINNERS = (ANA, BEN, CARA)


def _spellings(tin: str) -> list[str]:
    digits = re.sub(r"\D", "", tin)
    return [digits, f"{digits[:3]}-{digits[3:5]}-{digits[5:]}", f"{digits[:3]} {digits[3:5]} {digits[5:]}"]


NUMBERS = [spelling for winner in WINNERS for spelling in _spellings(winner["tin"])]


def _leaks(texts) -> list[str]:
    found = []
    for text in texts:
        blob = text if isinstance(text, bytes) else str(text).encode("utf-8")
        found += [number for number in NUMBERS if number.encode("ascii") in blob]
    return found


@pytest.fixture
def every_log(caplog):
    """Every logger at DEBUG into caplog, those that pass nothing up to the root included."""
    quiet = []
    for name, logger in [("", logging.getLogger()), *logging.root.manager.loggerDict.items()]:
        if not isinstance(logger, logging.Logger):
            continue
        caplog.set_level(logging.DEBUG, logger=name or None)
        if not logger.propagate:
            logger.addHandler(caplog.handler)
            quiet.append(logger)
    yield caplog
    for logger in quiet:
        logger.removeHandler(caplog.handler)


def _refusal(call) -> str:
    """What the desk is told when a payment is refused: the error's text and each message."""
    try:
        call()
    except ValidationError as error:
        return f"{error} {error!r} {json.dumps(error.message_dict)}"
    except PermissionDenied as error:
        return f"{error} {error!r}"
    raise AssertionError("the payment was not refused")


@pytest.fixture
def world(every_log, django_capture_on_commit_callbacks, client):
    """A day at the desk: three W-2G prizes paid (an SSN, a second prize of the same person, an ITIN withheld on),
    one below the form with the number given anyway, the filing officer viewing a number, and refused payments
    carrying valid numbers; the organization's report submitted, for the Board's exports."""
    license = bingo_license(dates=[JUNE_2026])
    organization = license.organization
    officer = member(organization, Role.OFFICER)
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        submitted(license, JUNE_2026, officer=officer)
        paid = [
            pay(open_payout(license, session="bingo.game:1"), winner=ANA, actor=officer),
            pay(open_payout(license, game="raffle", session="raffle.drawing:2", prize=None), winner=ANA,
                prize="1500.00", wager="1.00", actor=officer),
            pay(open_payout(license, game="raffle", session="raffle.drawing:2", number=2, prize=None), winner=ANA,
                prize="500.00", wager="1.00", actor=officer),  # the same person's second prize: one form
            pay(open_payout(license, game="raffle", session="raffle.drawing:1", prize=None), winner=CARA,
                prize="6001.00", wager="1.00", method="check", check_number="5001", actor=officer),
            pay(open_payout(license, session="bingo.game:2", prize="150.00"), winner=BEN, actor=officer),
        ]
        assert [payout.w2g for payout in paid] == [True, False, True, True, False]
        # The filing people's view does work.
        revealed = [payout_tin_reveal(actor=officer, payout=payout) for payout in paid[:4]]
        assert revealed == ["287-65-4321", "287-65-4321", "287-65-4321", "912-70-1234"]

        due = open_payout(license, session="bingo.game:3")
        caller = member(organization, Role.CALLER)
        refusals = [_refusal(call) for call in (
            lambda: pay(due, winner=ANA, actor=officer, prize=None, method="cash", check_number="9"),
            lambda: pay(due, winner={**ANA, "tin_refused": True}, actor=officer),
            lambda: pay(due, winner={**ANA, "id_first": "", "id_second": ""}, actor=officer),
            lambda: pay(due, winner={**ANA, "tin_kind": "itin"}, actor=officer),
            lambda: pay(due, winner={**CARA, "tin_kind": "ssn"}, actor=officer),
            lambda: pay(due, winner=BEN, actor=officer, method="check", check_number="5001"),
            lambda: pay(paid[0], winner=ANA, actor=officer),
            lambda: pay(due, winner=ANA, actor=caller),
            lambda: payout_tin_reveal(actor=caller, payout=paid[0]),
        )]
    return {"organization": organization, "license": license, "paid": paid, "refusals": refusals, "officer": officer,
            "log": every_log, "queries": queries.captured_queries, "client": client}


# --- the places ---

def logs(world):
    """Every record of every logger, with its arguments and any traceback; the SQL statements with their values."""
    for record in world["log"].records:
        yield record.getMessage()
        yield repr(record.args)
        yield repr(vars(record))
    yield world["log"].text
    for query in world["queries"]:
        yield query["sql"]


def audit_trail(world):
    for event in AuditEvent.objects.all():
        yield json.dumps(event.payload, default=str)
        yield f"{event.event_type} {event.object_type} {event.object_id} {event.request_id}"


def payout_rows(world):
    """The payout table as PostgreSQL holds it: every column of every row, the sealed identity included."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT p::text FROM licensing_payout AS p")
        rows = [row for (row,) in cursor.fetchall()]
    assert len(rows) == Payout.objects.count() == 6
    yield from rows


def every_table(world):
    """Every row of every table, as text: a number written anywhere (a log row, a session, a cache table)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f"SELECT t::text FROM {quote(table)} AS t")  # noqa: S608 (the database's own names)
            yield from (row for (row,) in cursor.fetchall())


def refusals(world):
    yield from world["refusals"]


def board_exports(world):
    """Each export the Board has of the organization, portal and API, CSV and XLSX (unzipped: its XML parts)."""
    client = world["client"]
    client.force_login(board_staff())
    for dataset in datasets.DATASETS:
        for file_format in datasets.CONTENT_TYPES:
            for name in ("portal:report_export", "reports-export"):
                response = client.get(reverse(name, args=[dataset, file_format]),
                                      {"organization": world["organization"].pk})
                assert response.status_code == 200, response.content
                if file_format == datasets.XLSX:
                    with zipfile.ZipFile(io.BytesIO(response.content)) as workbook:
                        yield from (workbook.read(part) for part in workbook.namelist())
                else:
                    yield response.content
    yield repr(list(board_totals(year=2026)))


def shown(world):
    """What the code shows of a payout and a winner: str() and repr() of the model, the desk's view of the
    identity (no number), the winner as checked, the quote."""
    for payout in Payout.objects.all():
        yield str(payout)
        yield repr(payout)
        yield json.dumps(payout_identity(payout))
    for winner in WINNERS:
        checked = winner_clean(winner, form_due=True)
        yield repr(checked)
        yield str(checked)
        yield repr(payout_quote(world["paid"][0], prize=world["paid"][0].prize, wager=world["paid"][0].wager,
                                on=JUNE_2026, winner=checked))


def api_and_documents(world):
    """What the desk's API, the year's list (JSON and CSV, as asked by default) and the winner's copies give out, to
    the organization's own officer (the filing person, who may ask for a full number only explicitly)."""
    client = world["client"]
    client.force_login(world["officer"])
    organization = world["organization"].pk
    answers = [client.get("/api/v1/payouts/"), client.get(f"/api/v1/organizations/{organization}/w2g/2026/"),
               client.get(f"/api/v1/organizations/{organization}/w2g/2026.csv"),
               client.get(reverse("portal:payouts_year_csv", args=[organization, 2026])),
               client.get(reverse("portal:payouts_year", args=[organization, 2026])),
               client.get(reverse("portal:payout_desk", args=[organization]))]
    for payout in world["paid"]:
        answers += [client.get(f"/api/v1/payouts/{payout.pk}/"), client.get(reverse("portal:payout_detail",
                                                                                    args=[payout.pk]))]
    for answer in answers:
        assert answer.status_code == 200, (answer.request, answer.content[:300])
        yield answer.content
    for payout in world["paid"]:
        if payout.w2g:
            pdf = client.get(f"/api/v1/payouts/{payout.pk}/w2g.pdf")
            assert pdf.status_code == 200
            yield subprocess.run(["pdftotext", "-", "-"], input=pdf.content, capture_output=True, check=True).stdout
    client.force_login(board_staff())
    yield client.get("/api/v1/board/payouts/", {"year": 2026}).content
    yield client.get(reverse("portal:board_prizes_paid"), {"year": 2026}).content


PLACES = [logs, audit_trail, payout_rows, every_table, refusals, board_exports, shown, api_and_documents]


@pytest.mark.parametrize("place", PLACES, ids=[place.__name__ for place in PLACES])
def test_no_taxpayer_number_in(world, place):
    texts = list(place(world))
    assert texts  # each place has something to search
    assert _leaks(texts) == []


def test_the_search_finds_a_number_where_there_is_one(world):
    # The search itself: a number written out is found in each of its spellings.
    assert _leaks(["paid to 287-65-4321", b"tin=912701234", "531 72 9046"]) == ["287-65-4321", "912701234",
                                                                                "531 72 9046"]


def test_the_model_shows_only_the_masked_number(world):
    ana, _, _, cara, ben = world["paid"]
    assert (ana.tin_masked, cara.tin_masked, ben.tin_masked) == ("***-**-4321", "***-**-1234", "***-**-9046")
    assert payout_identity(ana) == {key: value for key, value in winner_clean(ANA, form_due=True).sealed_form()
                                    .items() if key != "tin"}


# --- error reports: a crash with a winner's data in hand ---

@pytest.fixture
def admins_mailed(settings):
    """The report Django emails to ADMINS on a 500 (AdminEmailHandler, with its HTML part, the one listing every
    frame's variables), as production would send it (DEBUG off)."""
    settings.DEBUG = False
    settings.ADMINS = ["ops@example.org"]
    handler = AdminEmailHandler(include_html=True)
    logger = logging.getLogger("django.request")
    logger.addHandler(handler)
    yield
    logger.removeHandler(handler)


def _report(client, address: str, data: dict) -> str:
    client.raise_request_exception = False
    response = client.post(address, data)
    assert response.status_code == 500
    assert mail.outbox and all(report.to == ["ops@example.org"] for report in mail.outbox)
    return "".join(report.body + "".join(str(alternative.content) for alternative in report.alternatives)
                   for report in mail.outbox)


@pytest.mark.urls("tests.licensing.payouts.boom_urls")
def test_a_crash_after_reading_the_winner_reports_no_number(client, admins_mailed, settings, every_log):
    report = _report(client, "/payouts-boom/winner/", ANA)
    assert "the desk broke after reading a winner" in report and "Ana Ruiz" in report  # the report is there
    assert "tin" in report and "********************" in report  # the field was posted, and cleansed
    assert _leaks([report, every_log.text]) == []
    for key in settings.PAYOUT_IDENTITY_KEYS:  # and the settings' list shows no key
        assert key not in report


@pytest.mark.urls("tests.licensing.payouts.boom_urls")
def test_a_crash_inside_the_number_check_reports_no_number(client, admins_mailed, monkeypatch, every_log):
    def broken(self, value):
        raise RuntimeError("the SSN check broke")

    monkeypatch.setattr("localflavor.us.forms.USSocialSecurityNumberField.clean", broken)
    report = _report(client, "/payouts-boom/tin/", {"tin": ANA["tin"], "tin_kind": "ssn"})
    assert "the SSN check broke" in report and "tin_clean" in report
    assert _leaks([report, every_log.text]) == []


@pytest.mark.parametrize(("name", "hidden"), [
    ("tin", True), ("TIN", True), ("raw_tin", True), ("tin_kind", True), ("payout_tin_shown", True), ("ssn", True),
    ("itin", True), ("id_first", True), ("id_second", True),
    ("setting", False), ("routing", False), ("continent", False), ("destination", False), ("name", False),
    ("tint", False), ("id_firsts", False),
])
def test_the_names_an_error_report_hides(name, hidden):
    # A whole name or an underscore-separated part of one, never a part of a word.
    assert bool(IDENTITY_NAMES.search(name)) is hidden
