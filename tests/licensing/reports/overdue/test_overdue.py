"""The reports' deadline calendar (30 DCMR 1413.1): drafts opened for past scheduled operations, the reminder 3 days
before a report is due, the overdue mark the day after; the refusal of new applications and the Board's waiver;
who sees the overdue list and who waives."""

import datetime as dt

import pytest
from django.conf import settings
from django.urls import reverse

from config.celery import app as celery_app
from licensing.applications.checks import application_findings
from licensing.models import AuditEvent, ReminderSent, Report, Role
from licensing.models.choices import ApplicationKind, LicenseStatus
from licensing.reminders.services import reminders_send, report_due_reminders_due
from licensing.reports import services
from licensing.reports.overdue.rules import days_overdue
from licensing.reports.overdue.selectors import overdue_reports
from licensing.reports.overdue.services import reports_calendar_run
from licensing.reports.overdue.tasks import reports_calendar_daily
from tests.licensing.applications.factories import TODAY, create, errors, fill_bingo, submit
from tests.licensing.factories import (
    ApplicationFactory,
    OrganizationFactory,
    board_member,
    board_staff,
    license_for,
    member,
)
from tests.licensing.reports.factories import bingo_license, filled

pytestmark = pytest.mark.django_db

DAY = dt.date(2027, 3, 1)  # a regular bingo operation: its report is due ten days later
DUE = dt.date(2027, 3, 11)
RULE = "30 DCMR 1413.1"


def days(n: int) -> dt.date:
    return DUE + dt.timedelta(days=n)


@pytest.fixture
def run(django_capture_on_commit_callbacks, mailoutbox):
    """The night's calendar, then the morning's report reminders, as on `today`; returns the emails sent."""
    def _run(today):
        before = len(mailoutbox)
        with django_capture_on_commit_callbacks(execute=True):
            reports_calendar_run(today=today)
            reminders_send(today=today, sources=(report_due_reminders_due,))
        return mailoutbox[before:]
    return _run


@pytest.fixture
def licensed():
    organization = OrganizationFactory(email="office@club.example.org")
    return bingo_license(dates=[DAY, dt.date(2027, 6, 1)], organization=organization)


def events(report, event_type):
    return AuditEvent.objects.filter(event_type=event_type, object_id=str(report.pk))


# --- the calendar ---


def test_a_past_operation_gets_its_draft_once_the_day_after(licensed, run):
    run(DAY)
    assert not Report.objects.exists()  # the operation is today: nothing to report yet
    run(DAY + dt.timedelta(days=1))
    report = Report.objects.get()
    assert (report.license, report.event_date, report.status, report.version) == (licensed, DAY, "draft", 1)
    assert report.report_due == DUE and report.created_by is None
    opened = events(report, "licensing.report_opened").get()
    assert opened.actor is None and opened.payload["scheduled"] is True
    run(DAY + dt.timedelta(days=2))
    assert Report.objects.count() == 1  # the June operation is still to come


def test_the_reminder_goes_out_exactly_three_days_before_and_once(licensed, run):
    assert run(days(-4)) == []
    report = Report.objects.get()
    sent = run(days(-3))
    assert len(sent) == 1 and licensed.number in sent[0].subject and "office@club.example.org" in sent[0].to
    assert "March 11, 2027" in sent[0].subject and RULE in sent[0].subject
    assert ReminderSent.objects.filter(key=f"report-due:report:{report.pk}").exists()
    assert run(days(-3)) == [] and run(days(-2)) == [] and run(days(0)) == []


def test_overdue_the_day_after_the_due_date_not_on_it_and_once(licensed, run):
    run(days(-5))
    report = Report.objects.get()
    run(days(0))
    report.refresh_from_db()
    assert report.overdue_since is None  # due today: still on time
    sent = run(days(1))
    report.refresh_from_db()
    assert report.overdue_since == days(1)
    assert [mail.subject for mail in sent] == [
        f"Overdue: the financial report of March 1, 2027 under license {licensed.number} (30 DCMR 1413.1)"]
    marked = events(report, "licensing.report_marked_overdue").get()
    assert marked.actor is None and marked.payload["report_due"] == "2027-03-11"
    assert run(days(1)) == [] and run(days(2)) == []
    assert events(report, "licensing.report_marked_overdue").count() == 1


def test_a_job_that_missed_days_catches_up_with_the_true_dates(licensed, run):
    sent = run(days(5))  # first run long after: opened, reminded late, overdue since the day after it was due
    report = Report.objects.get()
    assert report.overdue_since == days(1)
    assert len(sent) == 1 and "Overdue" in sent[0].subject  # the reminder window has passed: no late reminder
    assert days_overdue(report, today=days(5)) == 5


def test_a_report_submitted_in_time_is_neither_reminded_nor_overdue(licensed, run):
    officer = member(licensed.organization, Role.OFFICER)
    report = services.report_submit(actor=officer, report=services.report_create(
        actor=officer, license=licensed, event_date=DAY, data=filled()))
    assert run(days(-3)) == [] and run(days(1)) == []
    report.refresh_from_db()
    assert report.overdue_since is None and Report.objects.count() == 1


def test_a_draft_the_officers_opened_is_the_one_tracked(licensed, run):
    officer = member(licensed.organization, Role.OFFICER)
    mine = services.report_create(actor=officer, license=licensed, event_date=DAY)
    run(days(1))
    mine.refresh_from_db()
    assert Report.objects.count() == 1 and mine.overdue_since == days(1)


def test_a_correction_draft_is_never_reminded_or_overdue(licensed, run):
    officer = member(licensed.organization, Role.OFFICER)
    first = services.report_submit(actor=officer, report=services.report_create(
        actor=officer, license=licensed, event_date=DAY, data=filled()))
    correction = services.report_correct(actor=officer, report=first, reason="Game 1 paid $150")
    assert correction.report_due == DUE
    assert run(days(-3)) == [] and run(days(1)) == []
    correction.refresh_from_db()
    assert correction.overdue_since is None and not ReminderSent.objects.exists()


def test_filing_late_takes_the_report_off_the_overdue_list(licensed, run):
    run(days(1))
    report = Report.objects.get()
    assert list(overdue_reports()) == [report]
    officer = member(licensed.organization, Role.OFFICER)
    services.report_save(actor=officer, report=report, data=filled())
    services.report_submit(actor=officer, report=report)
    assert list(overdue_reports()) == []
    report.refresh_from_db()
    assert report.overdue_since == days(1)  # the record keeps that it was late


def test_only_licenses_whose_operations_were_held(run):
    suspended = bingo_license(dates=[DAY], status=LicenseStatus.SUSPENDED)
    expired = bingo_license(dates=[DAY], status=LicenseStatus.EXPIRED)
    raffle = license_for(license_type="raffle", license_class="1", dates=[DAY], effective_on=dt.date(2027, 1, 1),
                         expires_on=dt.date(2027, 12, 31))
    odd = bingo_license(dates=[DAY])
    odd.schedule = [{"date": "not a date"}, {"starts_at": "18:00"}, "junk"]
    odd.save(update_fields=["schedule"])
    run(days(1))
    assert set(Report.objects.values_list("license", flat=True)) == {expired.pk}
    assert not Report.objects.filter(license__in=[suspended, raffle, odd]).exists()


def test_the_daily_task_is_scheduled_and_registered(licensed):
    entry = settings.CELERY_BEAT_SCHEDULE["licensing-reports-calendar-daily"]
    assert entry["task"] in celery_app.tasks
    counts = reports_calendar_daily.delay().get(timeout=10)  # today, inline: both operations are in 2027
    assert set(counts) == {"opened", "overdue"}


# --- new applications ---


@pytest.fixture
def overdue_report(frozen, organization, filer):
    """An operation of 10 January 2027 whose report, due 20 January, nobody filed: overdue on TODAY."""
    license = bingo_license(dates=[dt.date(2027, 1, 10)], organization=organization,
                            effective_on=dt.date(2026, 7, 1), expires_on=dt.date(2027, 6, 30))
    reports_calendar_run(today=TODAY)
    report = Report.objects.get(license=license)
    assert report.overdue_since == dt.date(2027, 1, 21)
    return report


def test_an_overdue_report_is_a_finding_for_the_board_not_a_bar_to_filing(api, organization, overdue_report):
    """30 DCMR 1413.1 with 1210.1: the Board "may deny" a license for a violation; the overdue report does not stop
    the filing by itself, it goes with the application as a finding staff read at review."""
    application = create(api, organization)
    fill_bingo(api, application["id"])
    submitted = submit(api, application["id"])
    assert submitted.status_code == 200, submitted.json()
    [kept] = [f for f in submitted.json()["findings"] if f["rule"] == RULE]
    assert kept["blocking"] is False and kept["field"] == "license_type"
    message = kept["message"]
    assert overdue_report.license.number in message and "Jan. 10, 2027" in message and "Jan. 20, 2027" in message
    assert "the Board weighs it" in message and "30 DCMR 1210.1" in message
    staff = board_staff()
    api.force_login(staff)
    review = api.get(reverse("portal:review_detail", args=[application["id"]]))
    assert review.status_code == 200 and "the Board weighs it" in review.content.decode()


def test_the_boards_waiver_lets_it_through_and_is_kept_with_the_application(api, filer, organization,
                                                                          overdue_report):
    application = create(api, organization)
    fill_bingo(api, application["id"])
    staff = board_staff()
    api.force_login(staff)
    answer = api.post(reverse("reports-overdue-waive", args=[overdue_report.pk]),
                      {"reason": "Treasurer in hospital; report promised by 15 March"},
                      content_type="application/json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["waived"] is True and answer.json()["days_overdue"] == (TODAY - dt.date(2027, 1, 20)).days
    waived = events(overdue_report, "licensing.report_overdue_waived").get()
    assert waived.actor == staff and waived.payload["reason"].startswith("Treasurer")
    api.force_login(filer)
    submitted = submit(api, application["id"])
    assert submitted.status_code == 200, submitted.json()
    kept = [f for f in submitted.json()["findings"] if f["rule"] == RULE]
    assert len(kept) == 1 and kept[0]["blocking"] is False and "Treasurer in hospital" in kept[0]["message"]
    overdue_report.refresh_from_db()
    assert overdue_report.overdue_since is not None  # still overdue: only its hold on applications is lifted


def test_which_applications_an_overdue_report_is_a_finding_on(overdue_report):
    organization = overdue_report.organization

    def held(**fields):
        application = ApplicationFactory(organization=organization, **fields)
        found = [f for f in application_findings(application, today=TODAY) if f.rule == RULE]
        assert not any(f.blocking for f in found)  # never a bar by itself
        return found

    assert held(kind=ApplicationKind.ORIGINAL)
    assert held(kind=ApplicationKind.RENEWAL, base_license=overdue_report.license)
    assert held(license_type="multihall", license_class="B")  # an add-on to the bingo license (1414)
    assert not held(kind=ApplicationKind.AMENDMENT, base_license=overdue_report.license, change_date=TODAY)
    assert not held(license_type="raffle", license_class="1")
    assert not [f for f in application_findings(ApplicationFactory(), today=TODAY) if f.rule == RULE]
    officer = member(organization, Role.OFFICER)
    services.report_save(actor=officer, report=overdue_report, data=filled())
    services.report_submit(actor=officer, report=overdue_report)
    assert not held(kind=ApplicationKind.ORIGINAL)  # filed late: no longer held up


# --- the overdue list: who sees it, who waives ---


@pytest.fixture
def late(run, licensed):
    run(days(1))
    return Report.objects.get()


def _caller(client, role, organization):
    user = {"anonymous": None, "officer": lambda: member(organization, Role.OFFICER),
            "other_officer": lambda: member(OrganizationFactory(), Role.OFFICER),
            "board_staff": board_staff, "board_member": board_member}[role]
    if user is not None:
        client.force_login(user())
    return client


@pytest.mark.parametrize(("role", "page", "api"), [
    ("anonymous", 302, 401), ("officer", 403, 403), ("other_officer", 403, 403),
    ("board_staff", 200, 200), ("board_member", 200, 200),
])
def test_the_overdue_list_is_the_boards(client, late, role, page, api):
    caller = _caller(client, role, late.organization)
    answer = caller.get(reverse("portal:report_overdue_list"))
    assert answer.status_code == page
    if page == 200:
        assert late.license.number in answer.content.decode()
    listed = caller.get(reverse("reports-overdue"))
    assert listed.status_code == api
    if api == 200:
        row = listed.json()["results"][0]
        assert (row["id"], row["license_number"], row["report_due"], row["waived"]) == (
            late.pk, late.license.number, "2027-03-11", False)


@pytest.mark.parametrize(("role", "status"), [
    ("anonymous", 401), ("officer", 403), ("other_officer", 403), ("board_member", 403), ("board_staff", 200),
])
def test_only_board_staff_waive(client, late, role, status):
    answer = _caller(client, role, late.organization).post(
        reverse("reports-overdue-waive", args=[late.pk]), {"reason": "Agreed at the March meeting"},
        content_type="application/json")
    assert answer.status_code == status
    late.refresh_from_db()
    assert (late.waived_at is not None) == (status == 200)


def test_a_waiver_needs_a_reason_an_overdue_report_and_happens_once(client, late, licensed):
    client.force_login(board_staff())
    url = reverse("reports-overdue-waive", args=[late.pk])
    assert errors(client.post(url, {"reason": "  "}, content_type="application/json")) == [("reason", None)]
    assert errors(client.post(url, {"reason": "a\x00b"}, content_type="application/json")) == [("reason", None)]
    assert client.post(url, {"reason": "Agreed"}, content_type="application/json").status_code == 200
    assert errors(client.post(url, {"reason": "Again"}, content_type="application/json")) == [("report", RULE)]
    officer = member(licensed.organization, Role.OFFICER)
    on_time = services.report_create(actor=officer, license=licensed, event_date=dt.date(2027, 6, 1))
    assert client.post(reverse("reports-overdue-waive", args=[on_time.pk]), {"reason": "x"},
                       content_type="application/json").status_code == 404


def test_the_portal_waiver(client, late):
    client.force_login(board_member())
    assert client.post(reverse("portal:report_overdue_list"), {"report": late.pk, "reason": "x"}).status_code == 403
    client.force_login(board_staff())
    page = client.get(reverse("portal:report_overdue_list")).content.decode()
    assert "Waive: let the organization apply" in page
    blank = client.post(reverse("portal:report_overdue_list"), {"report": late.pk, "reason": ""})
    assert blank.status_code == 400 and "This field is required." in blank.content.decode()
    done = client.post(reverse("portal:report_overdue_list"), {"report": late.pk, "reason": "Agreed in March"})
    assert done.status_code == 302
    late.refresh_from_db()
    assert late.waiver_reason == "Agreed in March"
    assert client.post(reverse("portal:report_overdue_list"), {"report": 10**9, "reason": "x"}).status_code == 404


def test_the_organization_sees_its_overdue_report_first_on_its_portal_home(client, late):
    officer = member(late.organization, Role.OFFICER)
    client.force_login(officer)
    # One organization: the dashboard is its home, where the overdue report is the first thing to do.
    home = reverse("portal:organization_detail", args=[late.organization.pk])
    assert client.get(reverse("portal:dashboard")).url == home
    page = client.get(home).content.decode()
    assert f"Financial report of license {late.license.number}" in page and "overdue" in page
    assert page.index("todo-heading") < page.index("licenses-heading")  # first, before the rest of the page
    client.force_login(member(OrganizationFactory(), Role.OFFICER))
    assert late.license.number not in client.get(reverse("portal:dashboard")).content.decode()
    client.force_login(board_staff())
    assert "overdue-heading" not in client.get(reverse("portal:dashboard")).content.decode()
