"""The year's Forms W-2G of an organization (licensing.payouts.year_end): the Form 1096 totals, the accountant's CSV
with the taxpayer numbers truncated (in full only for a filing person who asks, audited), and the portal page; for
the organization's payout desk only."""

import csv
import datetime as dt
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from licensing.models import AuditEvent, Role
from licensing.organizations.services import organization_profile_update
from licensing.payouts.selectors import year_forms
from licensing.payouts.year_end.totals import form_1096_totals
from licensing.payouts.year_end.year_list import COLUMNS
from tests.licensing.factories import UserFactory, board_staff, member
from tests.licensing.payouts.forms_factories import WINNER, desk_license, paid

pytestmark = pytest.mark.django_db
D = Decimal
MAY_2026 = dt.date(2026, 5, 2)
BRUNO = {**WINNER, "name": "Bruno Díaz", "tin": "234-56-4321", "street": "9 Oak St SE"}


@pytest.fixture
def license():
    return desk_license()


@pytest.fixture
def year(license):
    """Three forms of 2026 (one withheld on), and what the year's list leaves out: a prize under the threshold, a
    form of 2025, another organization's form."""
    paid(license, prize="2500.00", paid_on=MAY_2026)  # bingo: W2G-2026-00001, nothing withheld
    paid(license, game="raffle", prize="6000.00", wager="10.00", winner=BRUNO,
         label="=HYPERLINK(\"http://evil\")")  # W2G-2026-00002, $1,437.60 withheld
    paid(license, game="holdem", prize="5600.00", wager="100.00")  # W2G-2026-00003: $5,500 over the buy-in
    paid(license, prize="1999.99", winner={"name": "Cy"})  # under bingo's $2,000 of 2026: no form
    paid(license, prize="1500.00", paid_on=dt.date(2025, 12, 30))  # a form of 2025
    paid(desk_license(name="Another Club"), prize="9000.00")
    return 2026


def _rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def test_the_form_1096_totals_sum_boxes_1_and_4_of_the_year(license, year):
    totals = form_1096_totals(year_forms(organization_id=license.organization_id, year=year), year=year,
                              organization=license.organization)
    assert (totals.type_of_return, totals.type_code) == ("W-2G", "32")
    assert totals.forms == 3
    assert totals.reported == D("2500.00") + D("6000.00") + D("5600.00")
    assert totals.withheld == D("1437.60")
    assert totals.ein == ""  # box 1: none given yet
    empty = form_1096_totals(year_forms(organization_id=license.organization_id, year=2024), year=2024,
                             organization=license.organization)
    assert (empty.forms, empty.reported, empty.withheld) == (0, D("0.00"), D("0.00"))


def test_the_csv_has_every_box_of_every_form_with_the_number_truncated(client, license, year):
    client.force_login(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    with translation.override("es"):
        response = client.get(reverse("portal:payouts_year_csv", kwargs={"pk": license.organization_id,
                                                                         "year": year}))
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Cache-Control"] == "private, no-store"
    assert f"w2g-2026-organization-{license.organization_id}.csv" in response["Content-Disposition"]
    rows = _rows(response)
    assert tuple(rows[0]) == COLUMNS
    assert [row["form_number"] for row in rows] == ["W2G-2026-00001", "W2G-2026-00002", "W2G-2026-00003"]
    raffle = rows[1]
    assert raffle["winner_name"] == "Bruno Díaz" and raffle["winner_street"] == "9 Oak St SE"
    assert raffle["payer_name"] == "Brightwood Volunteer Fire Auxiliary" and raffle["payer_tin"] == ""
    assert raffle["box_1_reportable_winnings"] == "6000.00" and raffle["box_4_federal_income_tax_withheld"] == "1437.60"
    assert raffle["box_2_date_won"] == "2026-06-06" and raffle["box_3_type_of_wager"] == "Raffle"  # English
    assert raffle["box_5_transaction"] == "'=HYPERLINK(\"http://evil\")"  # never run as a formula
    assert raffle["box_9_winner_tin"] == "***-**-4321" and raffle["box_13_state_payer_state_id"] == ""
    assert raffle["box_11_first_identification"] == WINNER["id_first"]
    assert [row["box_3_type_of_wager"] for row in rows] == ["Bingo", "Raffle", "Poker tournament"]
    body = response.content.decode("utf-8")
    assert "234-56-4321" not in body and "234564321" not in body and "3071" in body
    assert not AuditEvent.objects.filter(event_type="licensing.payout_tins_exported").exists()


def test_a_filing_person_asks_for_the_full_numbers_and_the_download_is_audited(client, license, year):
    officer = member(license.organization, Role.GROSS_RECEIPTS)
    client.force_login(officer)
    address = reverse("portal:payouts_year_csv", kwargs={"pk": license.organization_id, "year": year})
    rows = _rows(client.get(address, {"tin": "full"}))
    assert [row["box_9_winner_tin"] for row in rows] == ["212-48-3071", "234-56-4321", "212-48-3071"]
    event = AuditEvent.objects.get(event_type="licensing.payout_tins_exported")
    assert event.actor == officer and event.organization_id == license.organization_id
    assert event.payload == {"year": 2026, "count": 3,
                             "forms": ["W2G-2026-00001", "W2G-2026-00002", "W2G-2026-00003"]}
    assert "3071" not in str(event.payload) and "4321" not in str(event.payload)


def test_the_rest_of_the_desk_is_refused_the_full_numbers_and_nothing_is_audited(client, license, year):
    client.force_login(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    address = reverse("portal:payouts_year_csv", kwargs={"pk": license.organization_id, "year": year})
    assert client.get(address, {"tin": "full"}).status_code == 403
    bad = client.get(address, {"tin": "everything"})
    assert bad.status_code == 400 and "tin=full" in bad.content.decode()
    assert not AuditEvent.objects.filter(event_type="licensing.payout_tins_exported").exists()


def test_the_page_shows_the_totals_and_the_forms(client, license, year):
    officer = member(license.organization, Role.OFFICER)
    client.force_login(officer)
    response = client.get(reverse("portal:payouts_year", kwargs={"pk": license.organization_id, "year": year}))
    assert response.status_code == 200
    page = response.content.decode()
    for fact in ("Forms W-2G of 2026", "code 32", "$14,100.00", "$1,437.60", "W2G-2026-00003", "Bruno Díaz",
                 "***-**-4321", "?tin=full", ">2025<"):
        assert fact in page, fact
    # Cy's prize needed no form: the name is in no cell (a bare "Cy" can be in the page's random CSRF token).
    assert "234-56-4321" not in page and not re.search(r">\s*Cy\s*<", page)
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    client.force_login(director)
    assert "?tin=full" not in client.get(
        reverse("portal:payouts_year", kwargs={"pk": license.organization_id, "year": year})).content.decode()


def test_an_empty_year_says_so(client, license):
    client.force_login(member(license.organization, Role.OFFICER))
    response = client.get(reverse("portal:payouts_year", kwargs={"pk": license.organization_id, "year": 2030}))
    assert response.status_code == 200 and "No prize paid in 2030 was reported" in response.content.decode()


def test_only_the_organization_s_desk_sees_the_year(client, license, year):
    other = desk_license(name="Third Club")
    addresses = [reverse(name, kwargs={"pk": license.organization_id, "year": year})
                 for name in ("portal:payouts_year", "portal:payouts_year_csv")]
    for outsider in (member(license.organization, Role.CALLER), member(license.organization, Role.DEALER),
                     member(other.organization, Role.OFFICER), board_staff(), UserFactory()):
        client.force_login(outsider)
        for address in addresses:
            assert client.get(address).status_code == 404, (outsider, address)
    client.logout()
    assert client.get(addresses[0]).status_code == 302


@pytest.mark.parametrize("bad_year", [1999, 3000, 10**20])
def test_a_year_out_of_range_is_a_404(client, license, bad_year):
    client.force_login(member(license.organization, Role.OFFICER))
    assert client.get(f"/portal/organizations/{license.organization_id}/w2g/{bad_year}/").status_code == 404
    assert client.get(f"/portal/organizations/{license.organization_id}/w2g/{bad_year}.csv").status_code == 404


# --- the payer's EIN (the organization's facts) ---


def _give_ein(license, ein="52-1234567"):
    organization_profile_update(actor=member(license.organization, Role.OFFICER), organization=license.organization,
                                ein=ein)


def test_the_csv_and_the_form_1096_carry_the_organization_s_ein(client, license, year):
    _give_ein(license, "521234567")  # stored as the IRS writes it
    client.force_login(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    rows = _rows(client.get(reverse("portal:payouts_year_csv", kwargs={"pk": license.organization_id,
                                                                       "year": year})))
    assert [row["payer_tin"] for row in rows] == ["52-1234567"] * 3
    totals = form_1096_totals(year_forms(organization_id=license.organization_id, year=year), year=year,
                              organization=license.organization)
    assert totals.ein == "52-1234567" and totals.forms == 3


def _year_page(client, license, year, role) -> str:
    client.force_login(member(license.organization, role))
    response = client.get(reverse("portal:payouts_year", kwargs={"pk": license.organization_id, "year": year}))
    assert response.status_code == 200
    return response.content.decode()


def test_the_year_page_warns_when_the_organization_has_no_ein(client, license, year):
    profile = reverse("portal:organization_profile", args=[license.organization_id]) + "#id_ein"
    page = _year_page(client, license, year, Role.OFFICER)
    assert "Form W-2G needs your EIN" in page and f'<a href="{profile}">add it to your organization' in page
    director = _year_page(client, license, year, Role.TOURNAMENT_DIRECTOR)  # the desk, not a filing person
    assert "Form W-2G needs your EIN: an officer or a responsible member adds it" in director
    assert f'<a href="{profile}">' in director
    # The profile's field the link points at is there for the officer.
    client.force_login(member(license.organization, Role.OFFICER))
    assert 'id="id_ein"' in client.get(profile.split("#")[0]).content.decode()


def test_the_year_page_shows_the_ein_and_no_warning_once_given(client, license, year):
    _give_ein(license)
    page = _year_page(client, license, year, Role.OFFICER)
    assert "Form W-2G needs your EIN" not in page and 'id="ein-missing"' not in page
    assert "Employer identification number (box 1)" in page and "52-1234567" in page
