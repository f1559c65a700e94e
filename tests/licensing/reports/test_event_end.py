"""No report before its event (30 DCMR 1413.1: a report of an operation that took place): a report is not submitted,
and a bingo operation is not sent to its report, before the event has ended; the refusal says when it ends."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from licensing.models import ReportStatus, Role
from licensing.reports import event_end, services
from tests.clock import board_time, travel
from tests.licensing.factories import license_for, member
from tests.licensing.reports.factories import filled

pytestmark = [pytest.mark.django_db, pytest.mark.event_clock]

DAY = dt.date(2026, 3, 2)  # licensed 18:00-22:00


@pytest.fixture
def draft():
    license = license_for(license_type="bingo", license_class="B", dates=[DAY], effective_on=dt.date(2026, 1, 1),
                          expires_on=dt.date(2026, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    return officer, services.report_create(actor=officer, license=license, event_date=DAY, data=filled())


def test_a_report_is_submitted_once_the_licensed_hours_have_ended(draft):
    officer, report = draft
    assert event_end.event_ends_at(report) == board_time(DAY, dt.time(22, 0))
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report, now=board_time(DAY, dt.time(21, 59)))
    assert caught.value.message_dict == {"event_date": [
        "30 DCMR 1413.1: Not submitted: the event ends on March 2, 2026 at 10 p.m.; its financial report is written "
        "once it has taken place (30 DCMR 1413.1)."]}
    done = services.report_submit(actor=officer, report=report, now=board_time(DAY, dt.time(22, 0)))
    assert done.status == ReportStatus.SUBMITTED


def test_an_unscheduled_day_ends_at_midnight_and_a_handed_over_end_counts(draft):
    officer, report = draft
    report.license.schedule = []
    assert event_end.event_ends_at(report) == board_time(DAY + dt.timedelta(days=1), dt.time(0, 0))
    report.event_ends_at = board_time(DAY, dt.time(20, 30))  # as a live module recorded it
    assert event_end.event_ends_at(report) == board_time(DAY, dt.time(20, 30))
    assert event_end.refusal(report, now=board_time(DAY, dt.time(20, 30))) == []


def test_the_api_refuses_before_the_end_naming_the_time(draft):
    officer, report = draft
    travel(board_time(DAY, dt.time(19, 0)), tick=False)
    api = APIClient()
    api.force_authenticate(officer)
    answer = api.post(f"/api/v1/reports/{report.pk}/submit")
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert (error["rule"], error["field"]) == ("30 DCMR 1413.1", "event_date") and "10 p.m." in error["message"]
    assert api.get(f"/api/v1/reports/{report.pk}/").json()["event_ends_at"].startswith("2026-03-02T22:00:00")
    travel(board_time(DAY, dt.time(22, 1)), tick=False)
    assert api.post(f"/api/v1/reports/{report.pk}/submit").status_code == 200


def test_a_monte_carlo_night_report_waits_for_the_night_to_end():
    license = license_for(license_type="montecarlo", license_class="1", dates=[DAY], starts="19:00", ends="23:30",
                          effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 31))
    officer = member(license.organization, Role.OFFICER)
    report = services.report_create(actor=officer, license=license, event_date=DAY, data={
        "attendance": {"participants": 40, "admissions": 40, "admission_price": "25.00"},
        "attestation": {"officer": "Ann Lee"}})
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report, now=board_time(DAY, dt.time(23, 0)))
    assert "the event ends on March 2, 2026 at 11:30 p.m." in caught.value.message_dict["event_date"][0]
    # The night's prizes awarded (its hand-over gives the moment): the night is over then.
    services.report_recorded_handover(license=license, event_date=DAY, source="montecarlo.night:1",
                                      recorded={"attendance": {"participants": 40}},
                                      ends_at=board_time(DAY, dt.time(22, 45)))
    report.refresh_from_db()
    assert services.report_submit(actor=officer, report=report, now=board_time(DAY, dt.time(23, 0))).status == (
        ReportStatus.SUBMITTED)
