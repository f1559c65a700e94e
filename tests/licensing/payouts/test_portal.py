"""The payout desk in the portal (licensing.payouts.views): paying a prize end to end, a Form W-2G asked for and
numbered, every error on its field with nothing written, the taxpayer number never in a page but masked (and once,
audited, for the filing people), the live quote fragment, who sees what (a role matrix), and the Board's page of
counts and amounts."""

import datetime as dt
import re
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse

from licensing.models import AuditEvent, Payout, PayoutStatus, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_identity, payout_open, payout_pay, payout_void
from tests.licensing.factories import board_staff, license_for, member

pytestmark = pytest.mark.django_db
D = Decimal
NEW_YORK = ZoneInfo("America/New_York")
JUNE_2026 = dt.datetime(2026, 6, 6, 12, tzinfo=NEW_YORK)
JUNE_2025 = dt.datetime(2025, 6, 6, 12, tzinfo=NEW_YORK)
TIN = "123-45-6789"
PERSON = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC", "postal_code": "20001",
          "tin_kind": "ssn", "tin": TIN, "id_first": "DC driver's license ending 4411, with photo",
          "id_second": "Voter registration card"}
DESK = [Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS, Role.TOURNAMENT_DIRECTOR]
GAME_ROLES = [Role.CALLER, Role.CHECKER, Role.DEALER]


@pytest.fixture
def june_2026():
    with time_machine.travel(JUNE_2026, tick=False):
        yield JUNE_2026.date()


@pytest.fixture
def bingo_license():
    return license_for(license_type=LicenseType.BINGO, license_class="A")


def _payout(license, prize="2000.00", source="bingo.game:1/sale:1", game="bingo", won_on=None, **fields):
    return payout_open(license=license, game=game, source=source, session=source.split("/")[0],
                       label=fields.pop("label", "Game 1, card B-1234"), won_on=won_on or JUNE_2026.date(),
                       prize=D(prize) if prize else None, **fields)


def _signed_in(client, organization, role=Role.OFFICER):
    user = member(organization, role)
    client.force_login(user)
    return user


def _paid_events(payout) -> int:
    return AuditEvent.objects.filter(event_type="licensing.payout_paid", object_id=str(payout.pk)).count()


def _errors_of(response, field: str) -> str:
    """The text of the error list rendered beside the field (Django's field group: id_<field>_error)."""
    match = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', response.content.decode(), re.S)
    return match.group(1) if match else ""


# --- paying ---


def test_a_small_prize_is_paid_from_the_desk_end_to_end(client, june_2026, bingo_license):
    organization = bingo_license.organization
    payout = _payout(bingo_license, prize="150.00")
    _signed_in(client, organization)

    desk = client.get(reverse("portal:payout_desk", args=[organization.pk]))
    assert desk.status_code == 200
    due = next(group for group in desk.context["groups"] if group["status"] == PayoutStatus.DUE)
    assert due["payouts"] == [payout]
    assert reverse("portal:payout_detail", args=[payout.pk]) in desk.content.decode()

    page = client.get(reverse("portal:payout_detail", args=[payout.pk]))
    assert page.status_code == 200
    assert 'value="150.00"' in page.content.decode()  # the amount prefilled with the prize
    assert "No Form W-2G for this prize" in page.content.decode()

    paid = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                       {"method": "cash", "amount": "150.00", "name": "Bo Diaz"})
    assert paid.status_code == 302 and paid["Location"] == reverse("portal:payout_detail", args=[payout.pk])
    payout.refresh_from_db()
    assert payout.status == PayoutStatus.PAID and payout.amount == D("150.00") and not payout.w2g
    assert payout.paid_on == june_2026 and payout.method == "cash"

    shown = client.get(paid["Location"]).content.decode()
    assert "Paid: Game 1, card B-1234, $150.00 (Cash)." in shown
    assert "Bo Diaz" in shown and "Not due" in shown
    desk = client.get(reverse("portal:payout_desk", args=[organization.pk]))
    paid_group = next(group for group in desk.context["groups"] if group["status"] == PayoutStatus.PAID)
    assert paid_group["payouts"] == [payout]


def test_a_2000_bingo_prize_in_2026_asks_the_identity_and_gets_a_numbered_form(client, june_2026, bingo_license):
    payout = _payout(bingo_license)
    _signed_in(client, bingo_license.organization, Role.GROSS_RECEIPTS)

    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert "Form W-2G is due (threshold $2,000.00)" in page
    assert "IRS Instructions for Forms W-2G" in page  # the register's citation of the threshold
    for field in ("street", "tin", "tin_refused", "id_first", "id_second"):
        assert f'name="{field}"' in page

    paid = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                       {"method": "check", "check_number": "1042", "check_requested": "on", "amount": "2000.00",
                        **PERSON})
    assert paid.status_code == 302
    payout.refresh_from_db()
    assert payout.w2g and payout.form_number == "W2G-2026-00001" and payout.withheld == D("0.00")
    assert payout.check_number == "1042" and payout.check_requested and payout.tin_masked == "***-**-6789"

    shown = client.get(paid["Location"]).content.decode()
    assert "Form W-2G W2G-2026-00001." in shown  # the message
    assert "W2G-2026-00001" in shown and "***-**-6789" in shown
    assert "1 Main St NW" in shown and "DC driver&#x27;s license ending 4411, with photo" in shown
    assert TIN not in shown and "123456789" not in shown


def test_the_same_prize_in_2025_was_reported_from_1200(client, bingo_license):
    """The thresholds are the register's, dated: $1,500 of bingo paid in 2025 needed the form, in 2026 it does not."""
    with time_machine.travel(JUNE_2025, tick=False):
        payout = _payout(bingo_license, prize="1500.00", won_on=JUNE_2025.date())
        desk = _signed_in(client, bingo_license.organization)
        page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
        assert "Form W-2G is due (threshold $1,200.00)" in page
    with time_machine.travel(JUNE_2026, tick=False):
        client.force_login(desk)  # a year on, the session has expired
        page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
        assert "No Form W-2G for this prize (threshold $2,000.00)" in page


def test_errors_are_shown_on_their_fields_and_nothing_is_written(client, june_2026, bingo_license):
    payout = _payout(bingo_license, prize="100.00")
    other = _payout(bingo_license, prize="50.00", source="bingo.game:1/sale:2")
    desk = _signed_in(client, bingo_license.organization)
    payout_pay(actor=desk, payout=other, method="check", check_number="77", amount="50.00", winner={"name": "Cy"})

    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "check", "check_number": "77", "amount": "100.01", "name": ""})
    assert response.status_code == 400
    assert "more than the prize" in _errors_of(response, "amount")
    assert "Check 77 already paid another winner" not in _errors_of(response, "amount")
    assert "Nothing was paid" in response.content.decode()
    payout.refresh_from_db()
    assert payout.status == PayoutStatus.DUE and payout.amount is None and payout.identity == ""
    assert _paid_events(payout) == 0

    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "check", "check_number": "77", "amount": "100.00", "name": ""})
    assert response.status_code == 400
    assert "Write the name of the person paid." in _errors_of(response, "name")
    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "check", "check_number": "77", "amount": "100.00", "name": "Bo"})
    assert response.status_code == 400
    assert "Check 77 already paid another winner" in _errors_of(response, "check_number")

    for bad in ("１００.00", "100.005", "abc", "9" * 40, "-100.00"):
        response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                               {"method": "cash", "amount": bad, "name": "Bo"})
        assert response.status_code == 400, bad
        assert _errors_of(response, "amount"), bad
    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "bitcoin", "amount": "100.00", "name": "B" * 121})
    assert response.status_code == 400
    assert _errors_of(response, "method") and _errors_of(response, "name")
    # A NUL byte is refused before the view (core.middleware.null_characters), naming the field, not its value.
    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "cash", "amount": "100.00", "name": "Bo\x00", "tin": TIN})
    assert response.status_code == 400 and TIN not in response.content.decode()
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE and _paid_events(payout) == 0


def test_an_annuity_sent_for_a_prize_that_may_not_be_one_is_refused_with_its_rule(client, june_2026, bingo_license):
    payout = _payout(bingo_license, prize="100.00")
    _signed_in(client, bingo_license.organization)
    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert 'value="annuity"' not in page and 'value="goods"' not in page  # not offered
    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "annuity", "amount": "100.00", "name": "Bo"})
    assert response.status_code == 400 and "30 DCMR 1408.6" in _errors_of(response, "method")


def test_the_taxpayer_number_is_not_echoed_on_error_and_is_a_sensitive_parameter(client, june_2026, bingo_license):
    payout = _payout(bingo_license)
    _signed_in(client, bingo_license.organization)
    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "cash", "amount": "2000.00", **PERSON, "id_second": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert "describe the second form of identification" in _errors_of(response, "id_second")
    assert TIN not in page and "123456789" not in page and "6789" not in page
    assert 'value="Ana Ruiz"' in page  # the rest comes back as typed
    assert response.wsgi_request.sensitive_post_parameters == ("tin",)  # left out of error reports
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE

    bad = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                      {"method": "cash", "amount": "2000.00", **PERSON, "tin": "666-12-3456"})
    assert bad.status_code == 400 and "not a valid Social Security number" in _errors_of(bad, "tin")
    assert "666-12-3456" not in bad.content.decode()


def test_a_raffle_prize_takes_its_value_and_ticket_price_at_the_desk(client, june_2026):
    license = license_for(license_type=LicenseType.RAFFLE, license_class="1")
    payout = _payout(license, prize=None, source="raffle.drawing:1/prize:1", game="raffle", label="Ticket 00123")
    _signed_in(client, license.organization)
    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert 'name="prize"' in page and 'name="wager"' in page
    assert "Enter the prize&#x27;s value to see whether Form W-2G is due." in page

    response = client.post(reverse("portal:payout_pay", args=[payout.pk]),
                           {"method": "check", "check_number": "501", "prize": "6000.00", "wager": "10.00",
                            "amount": "6000.00", **PERSON, "tin": "", "tin_refused": "on"})
    assert response.status_code == 302
    payout.refresh_from_db()
    # A raffle over $5,000 of proceeds: regular withholding, 24% of $5,990.00 (a refused number adds nothing).
    assert payout.w2g and payout.withheld == D("1437.60") and not payout.backup_withholding and payout.tin_refused
    shown = client.get(response["Location"]).content.decode()
    assert "$4,562.40" in shown and "Refused by the winner" in shown


def test_a_prize_paid_twice_is_refused_on_the_page(client, june_2026, bingo_license):
    payout = _payout(bingo_license, prize="100.00")
    _signed_in(client, bingo_license.organization)
    data = {"method": "cash", "amount": "100.00", "name": "Bo"}
    assert client.post(reverse("portal:payout_pay", args=[payout.pk]), data).status_code == 302
    again = client.post(reverse("portal:payout_pay", args=[payout.pk]), {**data, "name": "Cy"})
    assert again.status_code == 400 and "This prize was already paid" in again.content.decode()
    payout.refresh_from_db()
    assert _paid_events(payout) == 1 and payout_identity(payout)["name"] == "Bo"


# --- the live quote ---


def test_the_quote_fragment_follows_the_prize_wager_and_the_refused_number(client, june_2026):
    license = license_for(license_type=LicenseType.RAFFLE, license_class="1")
    payout = _payout(license, prize=None, source="raffle.drawing:1/prize:1", game="raffle", label="Ticket 00123")
    _signed_in(client, license.organization)
    url = reverse("portal:payout_quote", args=[payout.pk])

    def quote(**data):
        response = client.post(url, {"method": "cash", "name": "Ana Ruiz", **data}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert "<html" not in response.content.decode()  # the fragment alone
        return response.content.decode()

    assert 'data-w2g="none"' in quote(prize="1999.99", wager="1.00")
    due = quote(prize="2000.00", wager="1.00")
    assert 'data-w2g="due"' in due and "Form W-2G is due (threshold $2,000.00)" in due
    assert "$2,000.00" in due and "$0.00" in due
    backup = quote(prize="2000.00", wager="1.00", tin_refused="on")
    assert "backup withholding" in backup and "$479.76" in backup and "$1,520.24" in backup  # 24% of $1,999.00
    assert 'data-w2g="none"' in quote(prize="2000.00", wager="10.00")  # less than 300 times the ticket
    assert "digits 0 to 9" in quote(prize="２０００")
    assert "Enter the prize" in quote(prize="")
    assert TIN not in quote(prize="2000.00", wager="1.00", tin=TIN)


def test_the_pay_page_wires_the_quote_to_the_form(client, june_2026, bingo_license):
    payout = _payout(bingo_license)
    _signed_in(client, bingo_license.organization)
    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert f'hx-post="{reverse("portal:payout_quote", args=[payout.pk])}"' in page
    assert 'hx-include="#pay-form"' in page and 'data-w2g="due"' in page


# --- the full number ---


def _paid_with_identity(license, source="bingo.game:1/sale:1"):
    desk = member(license.organization, Role.OFFICER)
    return payout_pay(actor=desk, payout=_payout(license, source=source), method="cash", amount="2000.00",
                      winner=PERSON)


def test_a_filing_person_sees_the_full_number_once_and_it_is_audited(client, june_2026, bingo_license):
    payout = _paid_with_identity(bingo_license)
    _signed_in(client, bingo_license.organization, Role.MEMBER_IN_CHARGE)
    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert "***-**-6789" in page and TIN not in page and "Show the full number" in page

    shown = client.post(reverse("portal:payout_tin_reveal", args=[payout.pk]))
    assert shown.status_code == 200 and TIN in shown.content.decode()
    assert "no-store" in shown["Cache-Control"]
    assert AuditEvent.objects.filter(event_type="licensing.payout_tin_viewed", object_id=str(payout.pk)).count() == 1
    assert TIN not in client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert client.get(reverse("portal:payout_tin_reveal", args=[payout.pk])).status_code == 405


def test_a_tournament_director_pays_but_is_refused_the_full_number(client, june_2026, bingo_license):
    payout = _paid_with_identity(bingo_license)
    _signed_in(client, bingo_license.organization, Role.TOURNAMENT_DIRECTOR)
    page = client.get(reverse("portal:payout_detail", args=[payout.pk])).content.decode()
    assert "***-**-6789" in page and "Show the full number" not in page
    refused = client.post(reverse("portal:payout_tin_reveal", args=[payout.pk]))
    assert refused.status_code == 403 and TIN not in refused.content.decode()
    assert not AuditEvent.objects.filter(event_type="licensing.payout_tin_viewed").exists()


# --- who sees what ---


def _matrix_people(organization, other_organization):
    people = {role: member(organization, role) for role in [*DESK, *GAME_ROLES]}
    people["other_officer"] = member(other_organization, Role.OFFICER)
    people["board_staff"] = board_staff()
    return people


# who -> (desk, a due payout, paying it, the quote, the Board's page)
EXPECTED = {
    **dict.fromkeys(DESK, (200, 200, 400, 200, 403)),
    **dict.fromkeys(GAME_ROLES, (403, 403, 403, 403, 403)),
    "other_officer": (404, 404, 404, 404, 403),
    "board_staff": (403, 403, 403, 403, 200),
    "anonymous": (302, 302, 302, 302, 302),
}


@pytest.mark.parametrize("who", list(EXPECTED))
def test_role_matrix(client, june_2026, bingo_license, who):
    other = license_for(license_type=LicenseType.BINGO, license_class="A").organization
    payout = _payout(bingo_license)
    people = _matrix_people(bingo_license.organization, other)
    if who != "anonymous":
        client.force_login(people[who])
    got = (
        client.get(reverse("portal:payout_desk", args=[bingo_license.organization.pk])).status_code,
        client.get(reverse("portal:payout_detail", args=[payout.pk])).status_code,
        client.post(reverse("portal:payout_pay", args=[payout.pk]), {"method": "cash", "amount": "2000.00",
                                                                     "name": "Bo"}).status_code,
        client.post(reverse("portal:payout_quote", args=[payout.pk]), {"name": "Bo"}).status_code,
        client.get(reverse("portal:board_prizes_paid")).status_code,
    )
    assert got == EXPECTED[who]
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE


def test_the_menu_links_the_desk_for_desk_roles_and_prizes_paid_for_board_staff(client, june_2026, bingo_license):
    organization = bingo_license.organization
    client.force_login(member(organization, Role.ALTERNATE))
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert reverse("portal:payout_desks") in page and reverse("portal:board_prizes_paid") not in page
    desks = client.get(reverse("portal:payout_desks"))
    assert desks.status_code == 302 and desks["Location"] == reverse("portal:payout_desk", args=[organization.pk])

    client.force_login(member(organization, Role.CALLER))
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert "Operations" in page and reverse("portal:payout_desks") not in page

    client.force_login(board_staff())
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert reverse("portal:board_prizes_paid") in page


def test_the_desk_filters_by_game_and_day_and_refuses_a_bad_day(client, june_2026, bingo_license):
    organization = bingo_license.organization
    today = _payout(bingo_license, prize="10.00", label="Game 1")
    yesterday = _payout(bingo_license, prize="20.00", source="bingo.game:2/sale:1", label="Game 2",
                        won_on=june_2026 - dt.timedelta(days=1))
    raffle = _payout(bingo_license, prize=None, source="raffle.drawing:1/prize:1", game="raffle", label="Ticket 7")
    _signed_in(client, organization)
    url = reverse("portal:payout_desk", args=[organization.pk])

    def due(query):
        response = client.get(url, query)
        assert response.status_code == 200
        return next(group for group in response.context["groups"] if group["status"] == "due")["payouts"]

    assert set(due({})) == {today, yesterday, raffle}
    assert due({"game": "raffle"}) == [raffle]
    assert set(due({"day": june_2026.isoformat()})) == {today, raffle}
    assert due({"game": "bingo", "day": (june_2026 - dt.timedelta(days=1)).isoformat()}) == [yesterday]
    for bad in ({"day": "2026-13-45"}, {"day": "٢٠٢٦-06-06"}, {"game": "poker"}):
        response = client.get(url, bad)
        assert response.status_code == 400 and response.context["form"].errors


def test_the_desk_shows_pending_and_void_payouts_apart(client, june_2026, bingo_license):
    pending = _payout(bingo_license, prize=None, source="bingo.game:3/sale:1", pending=True, label="Game 3")
    voided = _payout(bingo_license, prize=None, source="bingo.game:3/sale:2", pending=True, label="Game 3 too")
    payout_void(source=voided.source, reason="Claim voided: face misread")
    _signed_in(client, bingo_license.organization)
    response = client.get(reverse("portal:payout_desk", args=[bingo_license.organization.pk]))
    groups = {group["status"]: group["payouts"] for group in response.context["groups"]}
    assert groups["pending"] == [pending] and groups["void"] == [voided] and groups["due"] == []
    assert "Claim voided: face misread" in response.content.decode()
    page = client.get(reverse("portal:payout_detail", args=[pending.pk])).content.decode()
    assert "30 DCMR 1406.3" in page and 'name="amount"' not in page


def test_the_board_sees_counts_and_amounts_but_no_identity(client, june_2026, bingo_license):
    payout = _paid_with_identity(bingo_license)
    small = _payout(bingo_license, prize="100.00", source="bingo.game:1/sale:9")
    payout_pay(actor=member(bingo_license.organization, Role.OFFICER), payout=small, method="cash", amount="100.00",
               winner={"name": "Cy Small"})
    client.force_login(board_staff())
    response = client.get(reverse("portal:board_prizes_paid"))
    assert response.status_code == 200
    page = response.content.decode()
    assert bingo_license.organization.name in page
    row = response.context["rows"][0]
    assert (row["payouts"], row["paid"], row["forms"], row["reportable"], row["withheld"]) == (
        2, D("2100.00"), 1, D("2000.00"), D("0.00"))
    assert "$2,100.00" in page and payout.form_number not in page
    for secret in ("Ana Ruiz", "Cy Small", "1 Main St", "6789", "4411"):
        assert secret not in page
    assert client.get(reverse("portal:payout_detail", args=[payout.pk])).status_code == 403
    assert client.get(reverse("portal:board_prizes_paid"), {"year": "2025"}).context["rows"] == []
    assert client.get(reverse("portal:board_prizes_paid"), {"year": "abc"}).status_code == 400


def test_the_desk_works_in_spanish(client, june_2026, bingo_license):
    payout = _payout(bingo_license)
    _signed_in(client, bingo_license.organization)
    client.cookies["django_language"] = "es"
    for url in (reverse("portal:payout_desk", args=[bingo_license.organization.pk]),
                reverse("portal:payout_detail", args=[payout.pk])):
        response = client.get(url)
        assert response.status_code == 200 and '<html lang="es">' in response.content.decode()
    paid = client.post(reverse("portal:payout_pay", args=[payout.pk]), {"method": "cash", "amount": "2000.00",
                                                                         **PERSON})
    assert paid.status_code == 302
