"""Spanish everywhere (issue 26, journey 3): the financial report's parts, columns and help text in Spanish;
"Check" the payment method is "Cheque", not the poker action "Pasar"; a date is written one way per language in
a page and in the email that names it; money one way per language ("$1,234.50")."""

import datetime as dt
import html
import re
from decimal import Decimal

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from core.money import money_text
from licensing.models import PaymentMethod, Role
from licensing.reports import services
from licensing.reports.content import schema
from licensing.review.services import deficiency_notice_issue
from tests.licensing.factories import ApplicationFactory, MembershipFactory, license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 2)

# English labels, columns and hints of the report's forms a Spanish reader saw in English (they were marked with
# the `_l` alias that makemessages did not read: core/management/commands/makemessages.py).
ENGLISH = ["Games and prizes", "Paid by", "Paid to", "Check number", "Payee", "Purchase date",
           "Every expense is paid by a numbered check", "Give the serial numbers of special cards",
           "Net proceeds used for the lawful purpose", "Deposit to the bingo account", "Amount deposited",
           "Winner asked for a check", "How the amount was set", "Admissions sold", "Price each", "Door prize",
           "Attestation", "Officer attesting", "Worker reimbursements", "Charity game tickets", "Unsold, returned",
           "Attendance and admissions", "Chips issued", "Winning ticket", "First ticket printed", "Won at"]


@pytest.fixture(autouse=True)
def _language_reset():
    """A page asked for in Spanish leaves Spanish active in this thread: later tests start in the default."""
    yield
    translation.activate("en")


def visible(page: str) -> str:
    page = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", "", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize(("kind", "license_class"), [("bingo", "B"), ("raffle", "1"), ("montecarlo", "1")])
def test_the_report_forms_read_in_spanish(client, kind, license_class):
    license = license_for(license_type=kind, license_class=license_class, dates=[DAY],
                          effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    client.force_login(officer)
    report = services.report_create(actor=officer, license=license, event_date=DAY, data=schema.blank(kind))
    pages = [reverse("portal:report_detail", args=[report.pk])]
    pages += [reverse("portal:report_section", args=[report.pk, s.name]) for s in schema.SCHEMAS[kind]]
    seen = " ".join(visible(client.get(url, headers={"Accept-Language": "es"}).content.decode()) for url in pages)
    assert [english for english in ENGLISH if english in seen] == []
    if kind == "bingo":
        assert "Juegos y premios (30 DCMR 1408)" in seen and "Número de cheque" in seen


def test_the_payment_method_check_is_cheque_and_the_poker_check_stays_pasar():
    from django.template import Context, Template

    with translation.override("es"):
        assert str(PaymentMethod.CHECK.label) == "Cheque"
        assert str(dict(schema.PAID_BY)["check"]) == "Cheque"
        poker = Template('{% load i18n %}{% translate "Check" context "poker action" %}').render(Context())
        assert poker == "Pasar"
    with translation.override("en"):
        assert str(PaymentMethod.CHECK.label) == "Check"


def test_the_report_form_offers_cheque_as_the_way_a_prize_was_paid(client):
    license = license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2026, 1, 1),
                          expires_on=dt.date(2026, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    client.force_login(officer)
    report = services.report_create(actor=officer, license=license, event_date=DAY, data=schema.blank("bingo"))
    page = client.get(reverse("portal:report_section", args=[report.pk, "games"]),
                      headers={"Accept-Language": "es"}).content.decode()
    assert '<option value="check">Cheque</option>' in page and "Pasar" not in page


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_mail_and_the_page_write_the_same_date_the_same_way(client, language, staff_user,
                                                              django_capture_on_commit_callbacks, mailoutbox):
    application = ApplicationFactory(submitted=True)
    application.organization.email = "office@example.org"
    application.organization.save()
    officer = MembershipFactory(organization=application.organization, role=Role.OFFICER).user
    with override_settings(LANGUAGE_CODE=language), django_capture_on_commit_callbacks(execute=True):
        notice = deficiency_notice_issue(actor=staff_user, application=application, message="Bylaws missing.",
                                         cure_days=21)
    with translation.override(language):
        written = date_format(notice.cure_by, "DATE_FORMAT")
    [mail] = mailoutbox
    assert written in mail.body and notice.cure_by.isoformat() not in mail.body
    client.force_login(officer)
    page = client.get(reverse("portal:organization_detail", args=[application.organization.pk]),
                      headers={"Accept-Language": language}).content.decode()
    assert written in page


@pytest.mark.parametrize("language", ["en", "es"])
def test_money_is_written_as_english_and_us_spanish_write_it(language):
    with translation.override(language):
        assert money_text(Decimal("1234.5")) == "$1,234.50"
        assert money_text(Decimal("-138")) == "-$138.00"
