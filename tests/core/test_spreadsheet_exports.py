"""No CSV or XLSX the project writes runs a cell as a formula (CSV injection, OWASP): organization, member, payee and
winner names typed as `=HYPERLINK(...)`, `+1`, `-1+2`, `@SUM(1)` come out as text with a leading apostrophe, numbers
stay numbers. Every export is downloaded (the list below, checked against the URL resolver and the API schema so a new
export cannot be left out), and no module but core.spreadsheets writes a spreadsheet."""

import csv
import datetime as dt
import io
import re
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from core.spreadsheets import FORMULA_START
from licensing.board.exports.datasets import DATASETS
from licensing.models import Role
from licensing.payouts.services import payout_open, payout_pay
from tests.licensing.factories import OrganizationFactory, OrganizationMemberFactory, board_staff, member
from tests.licensing.reports.factories import bingo_license, submitted

ROOT = Path(__file__).resolve().parents[2]
FORMULAS = ['=HYPERLINK("http://x","y")', "+1", "-1+2", "@SUM(1)", "\t=1", "\r=1"]
NUMBER = re.compile(r"-?\d+(\.\d+)?")  # a negative amount is a number, not a formula
DAY = dt.date(2026, 3, 2)
CSV_TYPE, XLSX_TYPE = "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Every export: (URL name, its arguments, who downloads it).
EXPORTS = [
    ("public:charity_totals_csv", (), "anonymous"),
    ("portal:members_export", ("organization",), "officer"),
    ("organization-member-export", ("organization",), "officer"),
    *[("portal:report_export", (dataset, file_format), "board_staff")
      for dataset in DATASETS for file_format in ("csv", "xlsx")],
    *[("reports-export", (dataset, file_format), "board_staff")
      for dataset in DATASETS for file_format in ("csv", "xlsx")],
    ("portal:payouts_year_csv", ("organization", DAY.year), "officer"),
    ("payout-w2g-year-csv", ("organization", DAY.year), "officer"),
]


@pytest.fixture
def world(db):
    """An organization, its license's name, its members and a submitted report's payees all typed as formulas."""
    organization = OrganizationFactory(name=FORMULAS[0])
    for name in FORMULAS:
        OrganizationMemberFactory(organization=organization, full_name=name, street_address=name, city=name)
    license = bingo_license(dates=[DAY], organization=organization, licensed_name=FORMULAS[0])
    submitted(license, DAY, expenses=[{"payee": name, "amount": "1.00", "check_number": 100 + number}
                                      for number, name in enumerate(FORMULAS)])
    officer = member(organization, Role.OFFICER)
    for number, name in enumerate(FORMULAS):  # prizes with a Form W-2G: the year's forms name the winners
        payout = payout_open(license=license, game="bingo", source=f"bingo.game:1/sale:{number}",
                             session="bingo.game:1", label=name, won_on=DAY, prize=Decimal("2500.00"))
        payout_pay(actor=officer, payout=payout, method="cash", amount="2500.00", paid_on=DAY, today=DAY,
                   winner={"name": name, "street": name, "city": name, "state": "DC", "postal_code": "20001",
                           "tin_refused": True, "id_first": name, "id_second": name})
    return {"organization": organization, "anonymous": None, "officer": officer, "board_staff": board_staff()}


def _cells(response) -> list[str]:
    """Every cell of the downloaded file, as text."""
    assert response.status_code == 200, response.content
    if response["Content-Type"].startswith(CSV_TYPE):
        return [cell for row in csv.reader(io.StringIO(response.content.decode("utf-8"))) for cell in row]
    assert response["Content-Type"] == XLSX_TYPE
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    return [str(cell.value) for row in sheet.iter_rows() for cell in row if cell.value is not None]


@pytest.mark.parametrize(("name", "args", "caller"), EXPORTS, ids=lambda value: str(value))
def test_no_export_writes_a_cell_that_runs(world, name, args, caller):
    client = APIClient()
    if world[caller] is not None:
        client.force_login(world[caller])
    url = reverse(name, args=[world[arg].pk if arg in world else arg for arg in args])
    cells = _cells(client.get(url))
    running = [cell for cell in cells if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell)]
    assert running == []
    # The formulas are there, as text: the export carries the names, so the test is not vacuous.
    assert any(cell.startswith("'=HYPERLINK") or cell.startswith("'+1") for cell in cells)


def _routes(patterns, prefix=""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            namespace = f"{pattern.namespace}:" if pattern.namespace else ""
            yield from ((route_, namespace + (name or "")) for route_, name in _routes(pattern.url_patterns, route))
        elif isinstance(pattern, URLPattern):
            yield route, pattern.name


@pytest.mark.django_db
def test_the_list_holds_every_export_the_project_offers():
    files = re.compile(r"\.(csv|xlsx|<str:file_format>)$")
    portal = {name for route, name in _routes(get_resolver().url_patterns)
              if files.search(route) and not route.startswith("api/")}
    schema = APIClient().get("/api/schema/?format=json").json()
    api_paths = {path for path, operations in schema["paths"].items() for operation in operations.values()
                 if {CSV_TYPE, XLSX_TYPE} & set(operation.get("responses", {}).get("200", {}).get("content", {}))}
    listed = {name for name, _, _ in EXPORTS}
    api_listed = {name for name in listed if ":" not in name}
    assert portal == listed - api_listed
    assert len(api_paths) == len(api_listed), api_paths


WRITERS = re.compile(r"tablib\.Dataset\(|\bDataset\(|csv\.writer\(|csv\.DictWriter\(|openpyxl|xlsxwriter|Workbook\(")


def test_no_module_but_core_spreadsheets_writes_a_spreadsheet():
    sources = [path for top in ("config", "core", "licensing", "vendors", "bingo", "montecarlo")
               for path in (ROOT / top).rglob("*.py") if "migrations" not in path.parts]
    writers = [str(path.relative_to(ROOT)) for path in sources if WRITERS.search(path.read_text())]
    assert writers == ["core/spreadsheets.py"]
