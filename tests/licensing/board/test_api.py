"""GET /api/v1/board/dashboard: the dashboard's figures as JSON for the Board, with bad filters a 400 naming
the field."""

import datetime as dt

import pytest
from django.core.management import call_command

from tests.licensing.board.factories import bingo_license, corrected, drafted, filed
from tests.licensing.factories import board_member, board_staff

pytestmark = pytest.mark.django_db
URL = "/api/v1/board/dashboard"


@pytest.fixture
def organization():
    license = bingo_license()
    first = filed(license, dt.date(2026, 3, 5), prize="999.00")
    corrected(first, expense="45.00")  # in force: handle 450, prizes 100, expenses 45, net 305
    filed(license, dt.date(2025, 6, 5), admissions=200, prize="300.00")  # 850, 300, net 550
    drafted(license, dt.date(2026, 4, 2), admissions=5000)
    return license.organization


def test_the_figures_of_a_year(client, organization):
    client.force_login(board_staff())
    body = client.get(URL, {"year": "2026", "kind": "bingo"}).json()
    assert body["year"] == 2026 and body["kind"] == "bingo"
    assert body["total"] == {
        "reports": 1, "handle": "450.00", "charity_tickets": "0.00", "charity_ticket_prizes": "0.00",
        "gross_receipts": "450.00", "prizes": "100.00", "expenses": "45.00",
        "net_proceeds": "305.00", "disbursed": "0.00",
        "shares": {"prizes": "22.2", "lawful_purpose": "67.8", "expenses": "10.0"}}
    assert [(y["year"], y["figures"]["reports"]) for y in body["years"]] == [(2025, 1), (2026, 1)]
    assert [m["month"] for m in body["months"]] == ["2026-03"]
    assert body["organizations"] == [{"id": organization.pk, "name": organization.name,
                                      "figures": body["total"]}]
    assert isinstance(body["findings"], list)


def test_every_year_by_default(client, organization):
    client.force_login(board_member())
    body = client.get(URL).json()
    assert body["year"] is None and body["kind"] is None
    assert body["total"]["reports"] == 2 and body["total"]["handle"] == "1300.00"
    assert [m["month"] for m in body["months"]] == ["2025-06", "2026-03"]
    empty = client.get(URL, {"year": "2024"}).json()
    assert empty["total"]["shares"] == {"prizes": None, "lawful_purpose": None, "expenses": None}


@pytest.mark.parametrize("query, field", [
    ({"year": "abc"}, "year"), ({"year": "99999"}, "year"), ({"year": "٢٠٢٦"}, "year"), ({"year": "1999"}, "year"),
    ({"kind": "poker"}, "kind"),
])
def test_bad_filters_answer_400_naming_the_field(client, organization, query, field):
    client.force_login(board_staff())
    response = client.get(URL, query)
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == [field]


def test_the_operation_is_documented(tmp_path):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(out))
    text = out.read_text()
    assert "/api/v1/board/dashboard:" in text and "operationId: board_dashboard" in text
