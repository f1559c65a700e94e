"""30 DCMR 1413.1: a report is due for an operation that took place. A scheduled event that was not held is marked
so by the organization's officers, with the reason (audited): no draft, no reminder, nothing overdue. An overdue
report is a finding the Board weighs (1210.1 "may deny"), not a bar to filing."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import AuditEvent, Report, ReportStatus, Role
from licensing.reports import not_held, services
from licensing.reports.overdue.selectors import overdue_reports
from licensing.reports.overdue.services import reports_calendar_run
from tests.licensing.factories import OrganizationFactory, member
from tests.licensing.reports.factories import bingo_license, filled

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 3, 2)  # a regular bingo operation: its report is due ten days later
DUE = dt.date(2026, 3, 12)
RULE = "30 DCMR 1413.1"


@pytest.fixture
def licensed():
    return bingo_license(dates=[DAY, dt.date(2026, 6, 1)], organization=OrganizationFactory())


@pytest.fixture
def officer(licensed):
    return member(licensed.organization, Role.OFFICER)


def test_a_draft_opened_by_the_calendar_marked_not_held_is_never_overdue(licensed, officer):
    reports_calendar_run(today=DAY + dt.timedelta(days=1))
    draft = Report.objects.get(license=licensed, event_date=DAY)
    marked = not_held.report_not_held_mark(actor=officer, license=licensed, event_date=DAY,
                                           reason="The hall flooded; the operation was cancelled.")
    assert marked.pk == draft.pk and marked.status == ReportStatus.NOT_HELD
    assert marked.not_held_by == officer and marked.not_held_reason.startswith("The hall flooded")
    event = AuditEvent.objects.get(event_type="licensing.report_marked_not_held", object_id=str(marked.pk))
    assert event.actor == officer and event.payload["reason"].startswith("The hall flooded")
    assert reports_calendar_run(today=DUE + dt.timedelta(days=1)) == {"opened": 0, "overdue": 0}
    assert not overdue_reports().filter(license=licensed).exists()
    assert Report.objects.filter(license=licensed, event_date=DAY).count() == 1  # no new draft


def test_marked_ahead_the_calendar_opens_no_draft(licensed, officer):
    not_held.report_not_held_mark(actor=officer, license=licensed, event_date=DAY, reason="Caller ill")
    counts = reports_calendar_run(today=DUE + dt.timedelta(days=1))
    assert counts == {"opened": 0, "overdue": 0}
    assert list(Report.objects.filter(license=licensed).values_list("status", flat=True)) == ["not_held"]
    # The next operation, not marked, is tracked as before.
    assert reports_calendar_run(today=dt.date(2026, 6, 12))["overdue"] == 1


def test_what_is_not_marked_not_held(licensed, officer):
    with pytest.raises(ValidationError) as caught:
        not_held.report_not_held_mark(actor=officer, license=licensed, event_date=DAY, reason="  ")
    assert caught.value.message_dict == {"reason": ["Give the reason the event was not held."]}
    with pytest.raises(PermissionDenied):
        not_held.report_not_held_mark(actor=member(licensed.organization, Role.MEMBER_IN_CHARGE),
                                      license=licensed, event_date=DAY, reason="x")
    report = services.report_create(actor=officer, license=licensed, event_date=DAY, data=filled())
    services.report_submit(actor=officer, report=report)
    with pytest.raises(ValidationError) as caught:
        not_held.report_not_held_mark(actor=officer, license=licensed, event_date=DAY, reason="x")
    assert "was submitted: the event took place" in str(caught.value) and RULE in str(caught.value)
    other = dt.date(2026, 6, 1)
    services.report_recorded_handover(license=licensed, event_date=other, source="bingo.operation:1",
                                      recorded={"admissions": {"count": 10, "price": "4.00"}})
    with pytest.raises(ValidationError) as caught:
        not_held.report_not_held_mark(actor=officer, license=licensed, event_date=other, reason="x")
    assert "has play recorded" in str(caught.value)


def test_a_mark_in_error_is_withdrawn_and_the_draft_is_due_again(licensed, officer):
    marked = not_held.report_not_held_mark(actor=officer, license=licensed, event_date=DAY, reason="Mistake")
    with pytest.raises(ValidationError):  # the live module records play of an event marked not held: refused
        services.report_recorded_handover(license=licensed, event_date=DAY, source="bingo.operation:1",
                                          recorded={"admissions": {"count": 10, "price": "4.00"}})
    draft = not_held.report_not_held_withdraw(actor=officer, report=marked)
    assert draft.status == ReportStatus.DRAFT
    assert AuditEvent.objects.filter(event_type="licensing.report_not_held_withdrawn").count() == 1
    assert reports_calendar_run(today=DUE + dt.timedelta(days=1))["overdue"] == 1


def test_the_api_marks_an_event_not_held_and_names_a_missing_reason(licensed, officer):
    api = APIClient()
    api.force_authenticate(officer)
    answer = api.post("/api/v1/reports/not-held", {"license": licensed.pk, "event_date": DAY.isoformat(),
                                                   "reason": "Snow emergency"}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["status"] == "not_held" and body["not_held_reason"] == "Snow emergency"
    again = api.post("/api/v1/reports/not-held", {"license": licensed.pk, "event_date": DAY.isoformat(),
                                                  "reason": "Snow"}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["rule"] == RULE
    missing = api.post("/api/v1/reports/not-held", {"license": licensed.pk, "event_date": "2026-06-01"},
                       format="json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "reason"
    held = api.post(f"/api/v1/reports/{body['id']}/held")
    assert held.status_code == 200 and held.json()["status"] == "draft"


def test_the_portal_marks_a_draft_not_held(client, licensed, officer):
    reports_calendar_run(today=DAY + dt.timedelta(days=1))
    draft = Report.objects.get(license=licensed, event_date=DAY)
    client.force_login(officer)
    page = client.get(reverse("portal:report_detail", args=[draft.pk])).content.decode()
    assert "Mark as not held" in page
    answer = client.post(reverse("portal:report_not_held"), {
        "not_held-license": licensed.pk, "not_held-event_date": DAY.isoformat(),
        "not_held-reason": "The hall's heating failed"})
    assert answer.status_code == 302
    page = client.get(answer.url).content.decode()
    assert "Not held" in page and "The hall&#x27;s heating failed" in page and "Withdraw the mark" in page
    # From the list, for a day without a draft, and a reason is asked for.
    listed = client.get(reverse("portal:report_list")).content.decode()
    assert "A scheduled event that was not held" in listed
    refused = client.post(reverse("portal:report_not_held"), {
        "not_held-license": licensed.pk, "not_held-event_date": "2026-06-01", "not_held-reason": ""})
    assert refused.status_code == 400
