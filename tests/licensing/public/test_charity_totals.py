"""The public charity totals: submitted reports only, a correction counted once as corrected, by year and
organization; the page, the CSV and the API, no sign-in."""

import csv
import datetime as dt
import io

import pytest
from rest_framework.test import APIClient

from licensing.models import Role
from licensing.reports import services
from licensing.reports.content import schema
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db


def filed(license, day, prize, *, submit=True):
    officer = member(license.organization, Role.OFFICER)
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["games"] = [{"number": 1, "game_type": "regular", "prize": prize}]
    data["attestation"] = {"member_in_charge": "Ann", "gross_receipts_member": "Bo", "us_currency": True}
    report = services.report_create(actor=officer, license=license, event_date=day, data=data)
    return services.report_submit(actor=officer, report=report) if submit else report, officer


@pytest.fixture
def world():
    first = license_for(license_type="bingo", license_class="B", effective_on=dt.date(2026, 1, 1),
                        expires_on=dt.date(2027, 12, 31), licensed_name="Our Lady Parish")
    second = license_for(license_type="bingo", license_class="B", effective_on=dt.date(2026, 1, 1),
                         expires_on=dt.date(2027, 12, 31), licensed_name="Post 8")
    filed(first, dt.date(2026, 5, 1), "100.00")  # net 300
    report, officer = filed(first, dt.date(2027, 5, 1), "50.00")  # net 350, corrected to 250
    correction = services.report_correct(actor=officer, report=report, reason="prize was 150")
    data = {**correction.data, "games": [{"number": 1, "game_type": "regular", "prize": "150.00"}]}
    services.report_submit(actor=officer, report=services.report_save(actor=officer, report=correction, data=data))
    filed(second, dt.date(2027, 6, 1), "0.00")  # net 400
    filed(second, dt.date(2027, 6, 2), "0.00", submit=False)  # a draft: not counted
    return first, second


def test_the_page_shows_district_years_and_the_latest_years_organizations(client, world):
    page = client.get("/public/charity-totals/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "$300.00" in text and "$650.00" in text  # 2026; 2027 = 250 + 400
    assert text.index("Post 8") < text.index("Our Lady Parish")  # the largest first
    assert client.get("/public/charity-totals/?year=2026").content.decode().count("Post 8") == 0


@pytest.mark.parametrize("year", ["２０２７", "99999", "1999", "abc"])
def test_a_bad_year_is_an_error_on_the_field(client, world, year):
    page = client.get("/public/charity-totals/", {"year": year})
    assert page.status_code == 400 and 'id="year-error"' in page.content.decode()
    answer = APIClient().get("/api/v1/public/charity-totals", {"year": year})
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "year"


def test_the_csv_parses_back(client, world):
    answer = client.get("/public/charity-totals.csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][0] == "Year" and rows[2][:3] == ["2027", "District of Columbia (all organizations)", "2"]
    assert ["2027", "Post 8", "1", "400.00", "400.00", "0.00"] in rows


def test_the_api(world):
    answer = APIClient().get("/api/v1/public/charity-totals").json()
    assert [row["year"] for row in answer["district"]] == [2026, 2027]
    assert answer["district"][1]["net_proceeds"] == "650.00" and answer["year"] == 2027
    assert [row["name"] for row in answer["organizations"]] == ["Post 8", "Our Lady Parish"]


def test_a_nul_byte_is_a_400(client, world):
    assert client.get("/public/charity-totals/", {"year": "2027\x00"}).status_code == 400
    assert APIClient().get("/api/v1/public/charity-totals", {"year": "2027\x00"}).status_code == 400


def test_the_page_draws_its_chart_with_the_figures_as_a_table(client, world):
    text = client.get("/public/charity-totals/").content.decode()
    assert text.count('role="img"') == 1 and "<caption>Net proceeds and what was used for the lawful purpose, by year" \
        "</caption>" in text
