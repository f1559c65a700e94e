"""Report drafts, submission, corrections as versions, and the hand-over of recorded figures."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.models import Report, ReportLine, ReportStatus, Role
from licensing.reports import services
from licensing.reports.content import schema
from licensing.reports.content.changes import diff
from tests.licensing.factories import board_staff, license_for, member

pytestmark = pytest.mark.django_db
DAY = dt.date(2027, 3, 1)


def bingo_license(**fields):
    return license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                       expires_on=dt.date(2027, 12, 31), **fields)


def filled(**changes):
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["card_sales"] = [{"kind": "special", "count": 50, "price": "1.00", "first_serial": "S100",
                           "last_serial": "S149"}]
    data["games"] = [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": "100.00", "winners": 1,
                      "paid_by": "cash", "check_requested": False}]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    data.update(changes)
    return data


def test_draft_submit_freezes_computes_totals_and_writes_lines():
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY, data=filled())
    assert report.status == ReportStatus.DRAFT
    assert report.handle == Decimal("450.00") and report.prizes == Decimal("100.00")
    assert report.net_proceeds == Decimal("350.00")
    assert report.report_due == dt.date(2027, 3, 11) and report.deposit_due == dt.date(2027, 3, 2)
    services.report_submit(actor=officer, report=report)
    report.refresh_from_db()
    assert report.status == ReportStatus.SUBMITTED and report.submitted_by == officer
    assert ReportLine.objects.filter(report=report).count() == 2
    with pytest.raises(ValidationError):
        services.report_save(actor=officer, report=report, data=filled())


def test_bad_figures_are_refused_by_path_and_nothing_is_written():
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY)
    bad = filled()
    bad["games"][0]["prize"] = "1.005"
    bad["card_sales"][0]["count"] = "١٠"
    bad["attestation"]["member_in_charge"] = "Ann\x00"
    with pytest.raises(ValidationError) as caught:
        services.report_save(actor=officer, report=report, data=bad)
    assert {"games.1.prize", "card_sales.1.count", "attestation.member_in_charge"} <= set(caught.value.message_dict)
    report.refresh_from_db()
    assert report.data["games"] == []


def test_attestation_is_required_to_submit():
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY,
                                    data=filled(attestation={"member_in_charge": "", "gross_receipts_member": ""}))
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report)
    assert "attestation" in caught.value.message_dict


def test_a_correction_is_a_new_version_keeping_the_old_with_reason_and_diff():
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    first = services.report_submit(actor=officer, report=services.report_create(
        actor=officer, license=license, event_date=DAY, data=filled()))
    with pytest.raises(ValidationError):
        services.report_correct(actor=officer, report=first, reason="  ")
    second = services.report_correct(actor=officer, report=first, reason="Game 1 paid $150, not $100")
    assert second.version == 2 and second.previous == first and second.status == ReportStatus.DRAFT
    data = filled()
    data["games"][0]["prize"] = "150.00"
    services.report_save(actor=officer, report=second, data=data)
    services.report_submit(actor=officer, report=second)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == ReportStatus.SUPERSEDED and first.data["games"][0]["prize"] == "100.00"
    assert second.status == ReportStatus.SUBMITTED
    assert diff(schema.BINGO, first.data, second.data) == [
        {"path": "games.1.prize", "old": "100.00", "new": "150.00"}]
    assert Report.objects.filter(license=license).count() == 2


def test_only_the_organizations_officers_write():
    license = bingo_license()
    other = bingo_license()
    with pytest.raises(PermissionDenied):
        services.report_create(actor=member(other.organization, Role.OFFICER), license=license, event_date=DAY)
    with pytest.raises(PermissionDenied):
        services.report_create(actor=board_staff(), license=license, event_date=DAY)


def test_recorded_figures_prefill_and_a_changed_one_needs_a_reason():
    license = bingo_license()
    officer = member(license.organization, Role.OFFICER)
    recorded = {"games": [{"number": 1, "game_type": "regular", "pattern": "Line", "prize": "100.00",
                           "winners": 2, "paid_by": "cash"}]}
    report = services.report_recorded_handover(license=license, event_date=DAY, source="bingo.operation:1",
                                               recorded=recorded)
    assert report.data["games"][0]["winners"] == 2 and report.source == "bingo.operation:1"
    data = filled()
    data["games"][0]["winners"] = 1
    services.report_save(actor=officer, report=report, data=data)
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report)
    assert "corrections.games.1.winners" in caught.value.message_dict
    data["corrections"] = {"games.1.winners": "The second claim was a mistake, voided"}
    services.report_save(actor=officer, report=report, data=data)
    services.report_submit(actor=officer, report=report)
    report.refresh_from_db()
    assert report.recorded["games"][0]["winners"] == 2 and report.data["games"][0]["winners"] == 1
