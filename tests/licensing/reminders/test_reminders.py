"""Scheduled reminders: renewal window (90 days), renewal deadline (45 days, 30 DCMR 1204.2),
cure deadlines (7 and 1 days) and amendment deadlines (10 days, 30 DCMR 1202.3), each sent once."""

import datetime as dt
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils.formats import date_format

from licensing.models import AuditEvent, DeficiencyNotice, ReminderSent
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, Period
from licensing.reminders.services import reminders_send
from tests.licensing.factories import (
    ApplicationFactory,
    LicenseFactory,
    MembershipFactory,
    OrganizationFactory,
    board_number,
    board_staff,
)

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 3, 2)


def days(n: int) -> dt.date:
    return TODAY + dt.timedelta(days=n)


@pytest.fixture
def org():
    return OrganizationFactory(email="office@club.example.org")


@pytest.fixture
def run(django_capture_on_commit_callbacks, mailoutbox):
    """Run the daily job as if on `today`, with its emails actually sent; returns the new emails."""
    def _run(today=TODAY):
        before = len(mailoutbox)
        with django_capture_on_commit_callbacks(execute=True):
            reminders_send(today=today)
        return mailoutbox[before:]
    return _run


def license_expiring(org, in_days: int, **kwargs):
    return LicenseFactory(application__organization=org, effective_on=days(in_days - 365), expires_on=days(in_days),
                          **kwargs)


def notice(org, cure_in: int, **kwargs):
    application = ApplicationFactory(organization=org, submitted=True, status=ApplicationStatus.DEFICIENT)
    return DeficiencyNotice.objects.create(application=application, message="Bylaws are missing.",
                                           cure_by=days(cure_in), issued_by=board_staff(), **kwargs)


def amendment(org, changed_days_ago: int, **kwargs):
    return ApplicationFactory(organization=org, kind=ApplicationKind.AMENDMENT, change_date=days(-changed_days_ago),
                              change_description="New member in charge", **kwargs)


def test_each_kind_is_sent_exactly_once_across_two_runs(org, run):
    window = license_expiring(org, 90)
    deadline = license_expiring(org, 47)
    cure = notice(org, cure_in=7)
    draft = amendment(org, changed_days_ago=8)  # due in 2 days

    sent = run()
    subjects = sorted(message.subject for message in sent)
    assert len(sent) == 5, subjects  # the 47-day license is in its window and its deadline week
    assert all(message.to == ["office@club.example.org"] for message in sent)
    assert set(ReminderSent.objects.values_list("key", flat=True)) == {
        f"renewal-window:license:{window.pk}", f"renewal-window:license:{deadline.pk}",
        f"renewal-deadline:license:{deadline.pk}", f"cure:notice:{cure.pk}:7d",
        f"amendment-deadline:application:{draft.pk}",
    }
    assert any("due by March 4, 2026 (30 DCMR 1204.2)" in s for s in subjects)
    assert any("cure by March 9, 2026" in s for s in subjects)
    assert any("(30 DCMR 1202.3)" in s for s in subjects)
    assert AuditEvent.objects.filter(event_type="licensing.reminder_sent").count() == 5

    assert run() == []  # the same day again
    assert run(days(1)) == []  # and the next day: nothing new is due
    assert ReminderSent.objects.count() == 5


def test_nothing_is_sent_when_nothing_is_due(org, run):
    license_expiring(org, 91)  # window opens tomorrow
    license_expiring(org, 44)  # deadline passed yesterday
    license_expiring(org, 60, period=Period.LIMITED)  # limited-period licenses are not renewed
    license_expiring(org, 80, status=LicenseStatus.SUSPENDED)
    license_expiring(org, 80, status=LicenseStatus.SUPERSEDED)
    notice(org, cure_in=8)
    notice(org, cure_in=-1)  # past
    notice(org, cure_in=3, cured_at=dt.datetime(2026, 3, 1, tzinfo=dt.UTC))
    amendment(org, changed_days_ago=6)  # due in 4 days
    amendment(org, changed_days_ago=11)  # overdue: the reminder would come too late
    amendment(org, changed_days_ago=8, status=ApplicationStatus.SUBMITTED)  # already filed
    assert run() == []
    assert not ReminderSent.objects.exists()


def test_the_renewal_deadline_reminder_is_suppressed_once_a_renewal_is_filed(org, run):
    filed = license_expiring(org, 50)
    ApplicationFactory(organization=org, kind=ApplicationKind.RENEWAL, base_license=filed, submitted=True)
    drafted = license_expiring(org, 50)
    ApplicationFactory(organization=org, kind=ApplicationKind.RENEWAL, base_license=drafted)  # a draft only
    withdrawn = license_expiring(org, 50)
    ApplicationFactory(organization=org, kind=ApplicationKind.RENEWAL, base_license=withdrawn,
                       status=ApplicationStatus.WITHDRAWN)

    run()
    keys = set(ReminderSent.objects.values_list("key", flat=True))
    assert f"renewal-deadline:license:{filed.pk}" not in keys
    assert f"renewal-window:license:{filed.pk}" not in keys
    assert {f"renewal-deadline:license:{drafted.pk}", f"renewal-deadline:license:{withdrawn.pk}"} <= keys


def test_cure_reminders_go_7_days_and_1_day_before(org, run):
    open_notice = notice(org, cure_in=7)
    assert [m.subject for m in run()] == [f"Deficiency on application #{open_notice.application_id}: cure by "
                                          f"{date_format(open_notice.cure_by, 'DATE_FORMAT')}"]
    assert run(days(3)) == []  # 4 days left: the 7-day reminder went already
    last = run(days(6))
    assert len(last) == 1 and "(1 day left)" in last[0].body and "Bylaws are missing." in last[0].body
    assert run(days(7)) == []
    assert set(ReminderSent.objects.values_list("key", flat=True)) == {
        f"cure:notice:{open_notice.pk}:7d", f"cure:notice:{open_notice.pk}:1d",
    }


def test_a_job_that_missed_days_still_catches_up(org, run):
    license_expiring(org, 80)  # the window opened 10 days ago
    (message,) = run()
    assert "Renewal of license" in message.subject and "30 DCMR 1204.2" in message.body


def test_without_an_address_the_filing_officers_get_the_reminder(run):
    org = OrganizationFactory(email="")
    officer = MembershipFactory(organization=org).user
    MembershipFactory(organization=org, role="checker")
    license_expiring(org, 90)
    (message,) = run()
    assert message.to == [officer.email]


def test_an_organization_nobody_can_be_written_to_is_tried_again_later(run):
    org = OrganizationFactory(email="")
    license_expiring(org, 90)
    assert run() == [] and not ReminderSent.objects.exists()
    org.email = "new@club.example.org"
    org.save()
    assert len(run()) == 1


def test_the_management_command_runs_the_job(org, django_capture_on_commit_callbacks, mailoutbox):
    license_expiring(org, 90)
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("send_reminders", "--date", TODAY.isoformat(), stdout=out)
    assert "1 reminder(s) sent (renewal-window: 1)" in out.getvalue() and len(mailoutbox) == 1
    out = StringIO()
    call_command("send_reminders", "--date", TODAY.isoformat(), stdout=out)
    assert "0 reminder(s) sent (nothing due)" in out.getvalue()


def test_the_jobs_are_celery_tasks_on_the_beat_schedule():
    from licensing.enforcement import tasks as enforcement_tasks
    from licensing.reminders import tasks

    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {tasks.reminders_send.name, enforcement_tasks.license_statuses_refresh.name} <= schedule
    assert tasks.reminders_send.delay().get(timeout=10) == {}  # nothing due in an empty database


def test_a_reminder_tells_the_deadline_in_force_on_the_day_it_runs(org, run):
    # The Board lengthens the renewal lead time to 60 days from 10 March 2026 (renewal.filing_lead_days). A run on
    # 2 March tells the 45 days in force that day (a renewal filed that day is judged by them); a run from 10 March
    # tells 60, and the deadline moves with it (licensing.reminders.rules).
    board_number("renewal.filing_lead_days", 60, since=days(8))
    license = license_expiring(org, 75)  # expires 16 May 2026
    [opened] = run()
    assert opened.subject == f"Renewal of license {license.number} is open"
    assert "at least 45 days before expiry, that is by April 1, 2026" in opened.body
    [deadline] = run(today=days(8))  # 60 days before 16 May is 17 March: in its deadline week
    assert deadline.subject == f"Renewal of license {license.number} is due by March 17, 2026 (30 DCMR 1204.2)"
    assert "at least 60 days before expiry: the last day is March 17, 2026" in deadline.body
    assert run(today=days(7)) == []  # the 9 March run: 45 days then, the deadline week not yet begun
