"""The dashboard pages as people read them: figures, charts with their tables, the posting sheet and its PDF,
and bad filters answered on the form (400), never with a 500."""

import datetime as dt
import re
import shutil
import subprocess

import pytest
from django.urls import reverse
from PIL import Image

from tests.conftest import need
from tests.licensing.board.factories import bingo_license, corrected, drafted, filed, officer_of
from tests.licensing.factories import board_member, board_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def organization():
    license = bingo_license()
    officer = officer_of(license)
    first = filed(license, dt.date(2026, 3, 5), officer=officer, prize="999.00")
    corrected(first, officer=officer, expense="45.00")  # in force: handle 450, prizes 100, expenses 45
    filed(license, dt.date(2025, 6, 5), officer=officer, admissions=200, prize="300.00")
    drafted(license, dt.date(2026, 4, 2), officer=officer, admissions=5000)
    organization = license.organization
    organization.purpose = "Scholarships for parish school students"
    organization.save()
    return organization


def text_of(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_board_dashboard_shows_totals_charts_and_their_tables(client, organization):
    client.force_login(board_staff())
    response = client.get(reverse("portal:board_dashboard"), {"year": "2026"})
    assert response.status_code == 200
    page = text_of(response)
    assert "Totals for 2026" in page
    assert "$450.00" in page and "$100.00" in page and "$45.00" in page and "$305.00" in page
    assert "$999.00" not in page  # the superseded version
    assert "22.2% of the handle" in page and "67.8% of the handle" in page and "10.0% of the handle" in page
    # The year's and the month's charts, and the findings chart since the checks find something in these reports.
    assert page.count('role="img"') == 3 and "<title>Receipts, prizes, expenses and net by year</title>" in page
    assert "<caption>By month</caption>" in page
    assert "<caption>Receipts, prizes, expenses and net by year</caption>" in page
    assert reverse("portal:organization_figures", args=[organization.pk]) in page  # the top organizations


def test_the_latest_year_by_default_every_year_on_request_and_kind_filter(client, organization):
    client.force_login(board_member())
    page = text_of(client.get(reverse("portal:board_dashboard")))
    assert "Totals for 2026" in page and 'name="year" value="2026"' in page
    page = text_of(client.get(reverse("portal:board_dashboard"), {"year": ""}))
    assert "Totals, every year" in page and "$1,300.00" in page  # 450 + 850
    page = text_of(client.get(reverse("portal:board_dashboard"), {"kind": "raffle"}))
    assert "No submitted report matches these filters." in page


@pytest.mark.parametrize("query, message", [
    ({"year": "abc"}, "Enter a whole number."),
    ({"year": "99999"}, "Enter a year from 2000 to"),
    ({"year": "1999"}, "Enter a year from 2000 to"),
    ({"year": "٢٠٢٦"}, "Write the number with the digits 0 to 9."),
    ({"year": "-2026"}, "Enter a year from 2000 to"),
    ({"kind": "poker"}, "Select a valid choice."),
])
def test_bad_filters_are_form_errors(client, organization, query, message):
    client.force_login(board_staff())
    urls = [reverse("portal:board_dashboard"), reverse("portal:organization_figures", args=[organization.pk])]
    if "year" in query:
        urls += [reverse("portal:posting_sheet", args=[organization.pk]),
                 reverse("portal:posting_sheet_pdf", args=[organization.pk])]
    for url in urls:
        response = client.get(url, query)
        assert response.status_code == 400, url
        assert message in text_of(response), url


def test_a_nul_in_a_filter_is_refused(client, organization):
    client.force_login(board_staff())
    assert client.get(reverse("portal:board_dashboard"), {"year": "20\x0026"}).status_code == 400
    assert client.get("/api/v1/board/dashboard", {"kind": "bin\x00go"}).status_code == 400


def test_the_organizations_page_for_its_officer(client, organization):
    client.force_login(officer_of(organization.licenses.get()))
    response = client.get(reverse("portal:organization_figures", args=[organization.pk]))
    assert response.status_code == 200
    page = text_of(response)
    assert "Share of the handle by year (30 DCMR 1400.9(e))" in page
    assert reverse("portal:posting_sheet", args=[organization.pk]) + "?year=2025" in page
    assert "Compliance dashboard" not in page  # the Board's page is not linked for an officer


def test_the_posting_sheet_page_defaults_to_the_latest_year(client, organization):
    client.force_login(officer_of(organization.licenses.get()))
    page = text_of(client.get(reverse("portal:posting_sheet", args=[organization.pk])))
    assert "Bingo, 2026" in page and "22.2%" in page and "67.8%" in page and "10.0%" in page
    assert "Scholarships for parish school students" in page
    page = text_of(client.get(reverse("portal:posting_sheet", args=[organization.pk]), {"year": "2024"}))
    assert "No bingo report of 2024 is in force yet" in page


def pdf_text(path) -> str:
    need(shutil.which("pdftotext") is not None, "pdftotext is missing: apt-get install -y poppler-utils")
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_the_posting_sheet_pdf_holds_the_percentages_and_is_not_blank(client, organization, tmp_path):
    client.force_login(officer_of(organization.licenses.get()))
    response = client.get(reverse("portal:posting_sheet_pdf", args=[organization.pk]), {"year": "2026"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "private, no-store"
    path = tmp_path / "posting.pdf"
    path.write_bytes(response.content)
    text = re.sub(r"\s+", " ", pdf_text(path))
    for expected in ("22.2%", "67.8%", "10.0%", "Paid in prizes", "To the lawful purpose", "To expenses",
                     organization.name, organization.licenses.get().number, "30 DCMR 1400.9(e)", "$450.00"):
        assert expected in text, expected
    need(shutil.which("pdftoppm") is not None, "pdftoppm is missing: apt-get install -y poppler-utils")
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True, timeout=60)
    [png] = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    assert sum(image.histogram()[:128]) > 500, "the posting sheet's page is blank"


def test_findings_by_rule_are_charted_with_their_table(client, organization):
    from licensing.models import Report, ReportFinding, ReportStatus

    in_force = Report.objects.get(organization=organization, event_date=dt.date(2026, 3, 5),
                                  status=ReportStatus.SUBMITTED)
    ReportFinding.objects.create(report=in_force, rule="30 DCMR 1412.2", message="A worker paid $20", field="")
    client.force_login(board_staff())
    page = text_of(client.get(reverse("portal:board_dashboard"), {"year": "2026"}))
    assert "<caption>Findings by rule</caption>" in page
    assert re.search(r'<th scope="row">30 DCMR 1412.2</th><td class="number">\d+</td>', page)
    assert page.count('role="img"') == 3
