"""The handle (30 DCMR 9900): the gross receipts from bingo cards (admissions with their regular card, extra
regular, special and multi-hall cards), not charity game tickets, which are a line of their own; the 1400.9(e)
posting sheet's shares and the Board's are of it."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.board import selectors
from licensing.reports import services
from licensing.reports.content import schema
from licensing.reports.content.cleaning import clean
from licensing.reports.content.totals import handle
from licensing.reports.content.totals import totals as report_totals
from tests.licensing.board.factories import bingo_data, bingo_license, filed, officer_of
from tests.licensing.factories import board_staff

pytestmark = pytest.mark.django_db

TICKETS = [{"series": "Lucky 7 deal 12", "price": "1.00", "sold": 200, "unsold_returned": 0,
            "prizes_paid": "120.00"}]


def with_tickets(**figures) -> dict:
    data = bingo_data(**figures)  # 100 admissions at $4, 50 special cards at $1, a $100 game
    data["charity_tickets"] = TICKETS
    return clean(schema.BINGO, data)


def test_the_handle_is_the_cards_and_the_charity_tickets_are_their_own_line():
    data = with_tickets()
    data["card_sales"].append({"kind": "extra_regular", "count": 10, "price": "2.00", "first_serial": "",
                               "last_serial": ""})
    totals = report_totals(schema.BINGO, data)
    assert handle(schema.BINGO, data) == totals.handle == Decimal("470.00")  # 400 + 50 + 20, no tickets
    assert totals.charity_tickets == Decimal("200.00") and totals.charity_ticket_prizes == Decimal("120.00")
    assert totals.gross_receipts == Decimal("670.00")  # every receipt (9900 "gross receipts", 1411.1)
    assert totals.net_proceeds == Decimal("670.00") - Decimal("220.00")  # less the game's and the tickets' prizes


def test_a_report_keeps_the_charity_tickets_out_of_its_handle():
    license = bingo_license()
    officer = officer_of(license)
    report = filed(license, dt.date(2026, 3, 5), officer=officer)
    assert report.handle == report.gross_receipts == Decimal("450.00") and report.charity_tickets == 0
    other = services.report_create(actor=officer, license=license, event_date=dt.date(2026, 3, 12),
                                   data=with_tickets())
    other = services.report_submit(actor=officer, report=other)
    assert other.handle == Decimal("450.00") and other.charity_tickets == Decimal("200.00")
    assert other.gross_receipts == Decimal("650.00")


def test_the_posting_shares_leave_the_charity_tickets_out():
    staff = board_staff()
    plain, ticketed = bingo_license(), bingo_license()
    filed(plain, dt.date(2026, 3, 5), expense="45.00")
    officer = officer_of(ticketed)
    report = services.report_create(actor=officer, license=ticketed, event_date=dt.date(2026, 3, 5),
                                    data=with_tickets(expense="45.00"))
    services.report_submit(actor=officer, report=report)
    without = selectors.posting(user=staff, organization=plain.organization, year=2026).figures
    found = selectors.posting(user=staff, organization=ticketed.organization, year=2026).figures
    assert found.handle == without.handle == Decimal("450.00")
    assert found.shares == without.shares  # 22.2% prizes, 67.8% lawful purpose, 10.0% expenses
    assert found.shares.prizes + found.shares.lawful_purpose + found.shares.expenses == Decimal("100.0")
    assert (found.charity_tickets, found.charity_ticket_prizes) == (Decimal("200.00"), Decimal("120.00"))


def test_the_posting_sheet_shows_the_charity_tickets_on_their_own_line(client):
    license = bingo_license()
    officer = officer_of(license)
    report = services.report_create(actor=officer, license=license, event_date=dt.date(2026, 3, 5),
                                    data=with_tickets(expense="45.00"))
    services.report_submit(actor=officer, report=report)
    client.force_login(board_staff())
    page = re.sub(r"\s+", " ", client.get(reverse("portal:posting_sheet", args=[license.organization.pk]),
                                          {"year": "2026"}).content.decode())
    assert "a handle of $450.00" in page and "22.2%" in page and "67.8%" in page
    assert "not part of the handle (30 DCMR 9900): $200.00 sold, $120.00 paid in prizes." in page


def test_the_report_api_gives_the_handle_and_the_charity_tickets_apart():
    license = bingo_license()
    officer = officer_of(license)
    report = services.report_create(actor=officer, license=license, event_date=dt.date(2026, 3, 5),
                                    data=with_tickets())
    api = APIClient()
    api.force_authenticate(officer)
    body = api.get(f"/api/v1/reports/{report.pk}/").json()
    assert body["totals"]["handle"] == "450.00" and body["totals"]["charity_tickets"] == "200.00"
    assert body["totals"]["gross_receipts"] == "650.00"
