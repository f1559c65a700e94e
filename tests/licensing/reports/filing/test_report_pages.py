"""The report pages end to end: open, fill a part row by row, give reasons for changed recorded figures,
submit, open a correction; the Board reads; nobody else sees a report."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models import Report, ReportStatus, Role
from licensing.reports import services
from tests.licensing.factories import board_member, board_staff, license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2027, 3, 1)


@pytest.fixture
def license():
    return license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                       expires_on=dt.date(2027, 12, 31))


def rows(prefix, *rows, extra=0):
    data = {f"{prefix}-TOTAL_FORMS": str(len(rows) + extra), f"{prefix}-INITIAL_FORMS": "0",
            f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "5000"}
    for index, row in enumerate(rows):
        data.update({f"{prefix}-{index}-{name}": value for name, value in row.items()})
    return data


def test_an_officer_opens_fills_submits_and_corrects(client, license):
    officer = member(license.organization, Role.OFFICER)
    client.force_login(officer)
    answer = client.post(reverse("portal:report_list"), {"license": license.pk, "event_date": "2027-03-01"})
    report = Report.objects.get(license=license)
    assert answer.status_code == 302 and answer["Location"] == reverse("portal:report_detail", args=[report.pk])

    games = reverse("portal:report_section", args=[report.pk, "games"])
    assert client.get(games).status_code == 200
    answer = client.post(games, rows("games", {"number": "1", "game_type": "regular", "pattern": "Line",
                                               "prize": "2000.01", "winners": "1", "paid_by": "cash"}, extra=2))
    assert answer.status_code == 302
    report.refresh_from_db()
    assert report.data["games"] == [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": "2000.01",
                                     "winners": 1, "paid_by": "cash", "check_requested": False,
                                     "check_number": ""}]

    bad = client.post(games, rows("games", {"number": "1", "game_type": "regular", "prize": "12.345"}))
    assert bad.status_code == 400 and "two decimals" in bad.content.decode()

    attestation = reverse("portal:report_section", args=[report.pk, "attestation"])
    client.post(attestation, {"attestation-member_in_charge": "Ann Lee", "attestation-gross_receipts_member": "Bo",
                             "attestation-us_currency": "on"})
    page = client.get(reverse("portal:report_detail", args=[report.pk])).content.decode()
    assert "$2,000.01" in page and "Submit the report" in page

    refused = client.post(reverse("portal:report_submit", args=[report.pk]), {})
    report.refresh_from_db()
    assert refused.status_code == 302 and report.status == ReportStatus.DRAFT
    client.post(reverse("portal:report_submit", args=[report.pk]), {"confirm": "on"})
    report.refresh_from_db()
    assert report.status == ReportStatus.SUBMITTED
    assert client.post(games, rows("games")).status_code == 302  # frozen: back to the report, nothing saved
    report.refresh_from_db()
    assert len(report.data["games"]) == 1

    answer = client.post(reverse("portal:report_correct", args=[report.pk]), {"reason": "Prize was $2,000"})
    correction = Report.objects.get(license=license, version=2)
    assert answer["Location"] == reverse("portal:report_detail", args=[correction.pk])
    client.post(reverse("portal:report_section", args=[correction.pk, "games"]),
                rows("games", {"number": "1", "game_type": "regular", "pattern": "Line", "prize": "2000.00",
                               "winners": "1", "paid_by": "cash"}))
    client.post(reverse("portal:report_submit", args=[correction.pk]), {"confirm": "on"})
    page = client.get(reverse("portal:report_detail", args=[correction.pk])).content.decode()
    assert "What changed from version 1" in page and "2000.01" in page and "Prize was $2,000" in page


def test_recorded_figures_changed_need_reasons_on_the_page(client, license):
    officer = member(license.organization, Role.OFFICER)
    report = services.report_recorded_handover(license=license, event_date=DAY, source="bingo.operation:9", recorded={
        "admissions": {"count": 80, "price": "4.00"}})
    client.force_login(officer)
    client.post(reverse("portal:report_section", args=[report.pk, "admissions"]),
                {"admissions-count": "79", "admissions-price": "4.00"})
    page = client.get(reverse("portal:report_detail", args=[report.pk])).content.decode()
    assert "Changes to recorded figures" in page and "Recorded 80, reported 79." in page
    client.post(reverse("portal:report_corrections", args=[report.pk]), {"reason_0": "One admission refunded"})
    report.refresh_from_db()
    assert report.data["corrections"] == {"admissions.count": "One admission refunded"}
    assert report.recorded["admissions"]["count"] == 80


@pytest.mark.parametrize("who, sees, writes", [
    ("officer", 200, True), ("other_officer", 404, False), ("caller", 404, False), ("board_staff", 200, False),
    ("board_member", 200, False), ("anonymous", 302, False)])
def test_who_sees_and_who_writes_a_report(client, license, who, sees, writes):
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY)
    users = {"officer": lambda: officer,
             "other_officer": lambda: member(license_for(license_type="bingo", license_class="B").organization,
                                             Role.OFFICER),
             "caller": lambda: member(license.organization, Role.CALLER), "board_staff": board_staff,
             "board_member": board_member, "anonymous": lambda: None}
    user = users[who]()
    if user is not None:
        client.force_login(user)
    assert client.get(reverse("portal:report_detail", args=[report.pk])).status_code == sees
    answer = client.post(reverse("portal:report_section", args=[report.pk, "admissions"]),
                         {"admissions-count": "5", "admissions-price": "1.00"})
    report.refresh_from_db()
    assert (report.data["admissions"]["count"] == 5) is writes
    if sees == 200 and not writes:
        assert answer.status_code == 403
    listed = client.get(reverse("portal:report_list"))
    if user is not None:
        assert (report.license.number in listed.content.decode()) is (sees == 200)


@pytest.mark.parametrize("who, status", [("officer", 200), ("board_staff", 200), ("other_officer", 404)])
def test_the_pdf_downloads_for_who_may_read_it(client, license, who, status):
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY)
    users = {"officer": officer, "board_staff": board_staff(),
             "other_officer": member(license_for(license_type="bingo", license_class="B").organization, Role.OFFICER)}
    client.force_login(users[who])
    answer = client.get(reverse("portal:report_pdf", args=[report.pk]))
    assert answer.status_code == status
    if status == 200:
        assert answer["Content-Type"] == "application/pdf" and answer.content.startswith(b"%PDF")
