"""Deficiency notices: staff send one with a cure date; an uncured application is withdrawn by the daily task."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.utils.formats import date_format

from licensing.models import AuditEvent, DeficiencyNotice
from licensing.models.choices import ApplicationStatus
from licensing.review.services import deficiency_notice_issue, deficiency_notices_expire
from licensing.review.tasks import review_daily
from tests.licensing.factories import ApplicationFactory, MembershipFactory, board_member, board_number

pytestmark = pytest.mark.django_db


@pytest.fixture
def application():
    application = ApplicationFactory(submitted=True)
    application.organization.email = "office@example.org"
    application.organization.save()
    return application


def _notice(application, staff, cure_days=None):
    return deficiency_notice_issue(actor=staff, application=application, message="Bylaws missing.",
                                   cure_days=cure_days)


def test_staff_send_a_notice_with_the_default_cure_time(application, staff_user,
                                                       django_capture_on_commit_callbacks, mailoutbox):
    board_number("review.cure_days", 21)
    officer = MembershipFactory(organization=application.organization).user
    with django_capture_on_commit_callbacks(execute=True):
        notice = _notice(application, staff_user)
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DEFICIENT
    assert notice.cure_by == timezone.localdate() + dt.timedelta(days=21)
    assert notice.is_open and notice.issued_by == staff_user
    event = AuditEvent.objects.get(event_type="licensing.deficiency_notice_issued")
    assert event.actor == staff_user and event.payload["notice"] == notice.pk
    assert len(mailoutbox) == 1
    assert set(mailoutbox[0].to) == {"office@example.org", officer.email}
    assert "Bylaws missing." in mailoutbox[0].body and date_format(notice.cure_by, "DATE_FORMAT") in mailoutbox[0].body


def test_the_cure_time_can_be_chosen(application, staff_user):
    notice = _notice(application, staff_user, cure_days=10)
    assert notice.cure_by == timezone.localdate() + dt.timedelta(days=10)


@pytest.mark.parametrize("cure_days", [0, -3, 366])
def test_an_impossible_cure_time_is_refused(application, staff_user, cure_days):
    with pytest.raises(ValidationError) as refused:
        _notice(application, staff_user, cure_days=cure_days)
    assert "cure_days" in refused.value.message_dict
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED and not DeficiencyNotice.objects.exists()


def test_a_notice_says_what_is_deficient(application, staff_user):
    with pytest.raises(ValidationError) as refused:
        deficiency_notice_issue(actor=staff_user, application=application, message="  ")
    assert "message" in refused.value.message_dict


@pytest.mark.parametrize("make_user", [board_member, lambda: MembershipFactory().user], ids=["member", "officer"])
def test_only_staff_send_notices(application, make_user):
    with pytest.raises(PermissionDenied):
        _notice(application, make_user())
    assert not DeficiencyNotice.objects.exists()


@pytest.mark.parametrize("status", [ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT, ApplicationStatus.APPROVED])
def test_only_a_submitted_application_gets_a_notice(staff_user, status):
    application = ApplicationFactory(submitted=True, status=status)
    with pytest.raises(ValidationError):
        _notice(application, staff_user)
    assert not DeficiencyNotice.objects.exists()


def test_an_uncured_notice_withdraws_the_application_once(application, staff_user,
                                                          django_capture_on_commit_callbacks, mailoutbox):
    notice = _notice(application, staff_user, cure_days=30)
    day_after = notice.cure_by + dt.timedelta(days=1)

    assert deficiency_notices_expire(today=notice.cure_by) == []  # the cure date itself still counts
    with django_capture_on_commit_callbacks(execute=True):
        withdrawn = deficiency_notices_expire(today=day_after)
    assert [a.pk for a in withdrawn] == [application.pk]
    application.refresh_from_db()
    notice.refresh_from_db()
    assert application.status == ApplicationStatus.WITHDRAWN
    assert notice.expired_at is not None and not notice.is_open
    withdrawal = AuditEvent.objects.get(event_type="licensing.application_withdrawn")
    assert withdrawal.payload["reason"] == "deficiency_not_cured" and withdrawal.actor is None
    assert AuditEvent.objects.filter(event_type="licensing.deficiency_notice_expired").count() == 1
    assert len(mailoutbox) == 1 and "withdrawn" in mailoutbox[0].subject

    # Idempotent: a second run finds nothing, writes nothing, sends nothing.
    events_before = AuditEvent.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        assert deficiency_notices_expire(today=day_after + dt.timedelta(days=3)) == []
    assert AuditEvent.objects.count() == events_before and len(mailoutbox) == 1


def test_a_cured_notice_does_not_withdraw(application, staff_user):
    notice = _notice(application, staff_user, cure_days=5)
    # What the organization's resubmission does (licensing.applications.services.application_submit).
    notice.cured_at = timezone.now()
    notice.save()
    application.status = ApplicationStatus.SUBMITTED
    application.save()
    assert deficiency_notices_expire(today=notice.cure_by + dt.timedelta(days=40)) == []
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED


def test_the_daily_task_withdraws(application, staff_user):
    notice = _notice(application, staff_user, cure_days=1)
    DeficiencyNotice.objects.filter(pk=notice.pk).update(cure_by=timezone.localdate() - dt.timedelta(days=1))
    result = review_daily.delay().get(timeout=10)
    assert result["withdrawn"] == [application.pk]
    application.refresh_from_db()
    assert application.status == ApplicationStatus.WITHDRAWN
