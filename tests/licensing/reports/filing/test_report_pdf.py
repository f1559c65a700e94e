"""A financial report as a PDF: the header (organization, license, event date, version, status, due dates), every
part of the report as a table, the totals, each corrected recorded figure with both values and the reason, and
the findings kept at submission; page 1 renders with ink on it (pdftoppm) and its text holds the figures
(pdftotext)."""

import datetime as dt
import shutil
import subprocess

import pytest
from PIL import Image

from licensing.models import Report, Role
from licensing.reports import services
from licensing.reports.content import schema
from licensing.reports.filing.pdf import report_html, report_pdf
from tests.conftest import need
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2027, 3, 1)


def submitted_bingo_report():
    license = license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31), )
    officer = member(license.organization, Role.OFFICER)
    recorded = {"card_sales": [{"kind": "regular", "count": 120, "price": "1.00", "first_serial": "R 1",
                                "last_serial": "R 120"}],
                "games": [{"number": 1, "game_type": "regular", "pattern": "Any line", "prize": "100.00", "winners": 1},
                          {"number": 2, "game_type": "special", "pattern": "Blackout", "prize": "1250.00",
                           "winners": 2}],
                "attestation": {"member_in_charge": "Ana Gómez"}}
    report = services.report_recorded_handover(license=license, event_date=DAY, source="bingo.operation:41",
                                               recorded=recorded)
    data = report.data
    data["admissions"] = {"count": 85, "price": "5.00"}
    data["games"][1]["winners"] = 1
    data["games"][1]["paid_by"] = "check"
    data["corrections"] = {"games.2.winners": "The second claim was voided on the floor after the close"}
    data["expenses"] = [{"payee": "Capital Bingo Supply", "category": "supplies", "amount": "210.00",
                         "check_number": 1044, "basis": "fixed", "vendor_license": "VN-2027-00003",
                         "purchase_date": "2027-02-20"}]
    data["attestation"]["gross_receipts_member"] = "Bo Park"
    data["attestation"]["us_currency"] = True
    report = services.report_save(actor=officer, report=report, data=data)
    report = services.report_submit(actor=officer, report=report)
    # The checks are filled in elsewhere (licensing.reports.checks): a finding as the submission keeps one.
    Report.objects.filter(pk=report.pk).update(findings=[{
        "rule": "30 DCMR 1411.1", "message": "the deposit of $1,092.00 is not recorded", "field": "deposit.amount"}])
    report.refresh_from_db()
    return report


def pdf_text(path) -> str:
    # -layout keeps a row on one line: a label and its figure read together.
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout


def test_the_report_pdf_holds_every_part_the_corrections_and_the_findings(tmp_path):
    need(shutil.which("pdftotext") is not None and shutil.which("pdftoppm") is not None,
         "pdftotext or pdftoppm is missing: apt-get install -y poppler-utils")
    report = submitted_bingo_report()
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(report))
    lines = [" ".join(line.split()) for line in pdf_text(path).splitlines()]
    text = " ".join(lines)
    for expected in (
            report.organization.name, f"License {report.license.number} · Bingo · Class B · Regular",
            "Event date March 1, 2027", "Version 1", "Status Submitted", "Report due (30 DCMR 1413.1) March 11, 2027",
            "Deposit due (30 DCMR 1411.1) March 2, 2027", "Net proceeds used by March 31, 2027",
            "Figures recorded by bingo.operation:41",
            "Admissions sold 85", "Admission price $5.00", "1 RegularR 120R $1.00R R 1R R 120R",
            "1 1R RegularR Any lineR $100.00R 1R Cash No", "2 2R SpecialR BlackoutR $1,250.00R 1C Check No",
            "Capital", "$210.00 Check 1044", "VN-2027-00003 2027-02-20", "Member in charge Ana GómezR",
            "Member responsible for gross receipts Bo Park",
            "Handle: bingo cards (30 DCMR 9900) $545.00",
            "Charity game tickets sold (not handle) $0.00", "Prizes $1,350.00", "Expenses and reimbursements $210.00",
            "Net proceeds -$1,015.00", "Used for the lawful purpose $0.00",
            "Games and prizes (30 DCMR 1408), 2 1 The second claim was voided on the floor",
            "30 DCMR 1411.1 the deposit of $1,092.00 is not"):
        assert expected in text, expected
    for section in schema.sections(report.kind):  # every part of the report is printed, filled or not
        assert str(section.label).split(" (")[0] in text, section.label
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True, timeout=60)
    [png] = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    assert sum(image.histogram()[:128]) > 500, "page 1 of the report is blank"


def test_a_draft_without_a_record_prints_blanks_and_no_corrections():
    license = license_for(license_type="raffle", license_class="2", effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31))
    report = services.report_create(actor=member(license.organization, Role.OFFICER), license=license,
                                    event_date=DAY)
    html = report_html(report)
    assert "Draft" in html and "No figures were recorded by a live module for this event." in html
    assert "The compliance checks are kept with the report when it is submitted." in html
    assert "Tickets (30 DCMR 1202.2(n))" in html and "None reported." in html
