"""License issue: numbers, dates, renewals, multi-hall add-ons and amendments."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.findings import RuleViolation
from licensing.licenses import services as license_services
from licensing.licenses.services import license_issue, licenses_supersede_started
from licensing.models import AuditEvent, License
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, LicenseType, VoteChoice
from licensing.review.services import deficiency_notice_issue, vote_cast
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    LicenseFactory,
    PremisesFactory,
    approve,
    approved_paid,
    board_member,
    board_number,
    event_types,
)

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 3, 10)


def approved(**fields):
    return approved_paid(**fields)


def test_numbers_run_per_type_and_year():
    year = TODAY.year
    first = license_issue(application=approved(), today=TODAY)
    second = license_issue(application=approved(), today=TODAY)
    raffle = license_issue(application=approved(license_type=LicenseType.RAFFLE, license_class="2"), today=TODAY)
    mcn = license_issue(application=approved(license_type=LicenseType.MONTECARLO, license_class="1"), today=TODAY)
    next_year = license_issue(application=approved(), today=dt.date(year + 1, 1, 2))
    assert [first.number, second.number] == [f"BG-{year}-00001", f"BG-{year}-00002"]
    assert raffle.number == f"RF-{year}-00001" and mcn.number == f"MC-{year}-00001"
    assert next_year.number == f"BG-{year + 1}-00001"


def test_numbering_continues_after_the_highest_number():
    LicenseFactory(number=f"BG-{TODAY.year}-00041")
    LicenseFactory(number=f"BG-{TODAY.year}-00007")
    assert license_issue(application=approved(), today=TODAY).number == f"BG-{TODAY.year}-00042"


def test_a_number_taken_in_a_race_is_retried(monkeypatch):
    taken = LicenseFactory(number=f"BG-{TODAY.year}-00001")
    real_next = license_services._next_number
    answers = iter([taken.number])  # another transaction committed this number after we read the highest

    monkeypatch.setattr(license_services, "_next_number", lambda *args: next(answers, None) or real_next(*args))
    license = license_issue(application=approved(), today=TODAY)
    assert license.number == f"BG-{TODAY.year}-00002"
    assert License.objects.filter(number=taken.number).count() == 1


def test_an_original_runs_from_today_for_the_term():
    application = approved()
    BingoOccasionFactory(application=application, date=dt.date(2026, 4, 2))
    BingoOccasionFactory(application=application, date=dt.date(2026, 4, 1), starts_at=dt.time(9, 30))
    license = license_issue(application=application, today=TODAY)
    assert license.effective_on == TODAY and license.expires_on == dt.date(2027, 3, 9)
    assert license.premises == application.premises and license.status == LicenseStatus.ACTIVE
    assert license.schedule == [
        {"date": "2026-04-01", "starts_at": "09:30", "ends_at": "22:00", "premises": application.premises_id},
        {"date": "2026-04-02", "starts_at": "18:00", "ends_at": "22:00", "premises": application.premises_id},
    ]
    board_number("license.term_days", 90)
    assert license_issue(application=approved(), today=TODAY).expires_on == TODAY + dt.timedelta(days=89)


def test_only_an_approved_application_gets_a_license():
    with pytest.raises(ValidationError):
        license_issue(application=ApplicationFactory(submitted=True), today=TODAY)
    application = approved()
    license_issue(application=application, today=TODAY)
    with pytest.raises(ValidationError):
        license_issue(application=application, today=TODAY)
    assert License.objects.count() == 1


def _renewal_of(base, **fields):
    return approved(kind=ApplicationKind.RENEWAL, base_license=base, organization=base.organization, **fields)


def test_a_renewal_starts_the_day_after_the_base_expires_and_supersedes_it_then():
    base = LicenseFactory(effective_on=dt.date(2025, 4, 1), expires_on=dt.date(2026, 3, 31))
    renewal = license_issue(application=_renewal_of(base), today=TODAY)
    assert renewal.effective_on == dt.date(2026, 4, 1) and renewal.expires_on == dt.date(2027, 3, 31)
    assert renewal.parent == base
    base.refresh_from_db()
    assert base.status == LicenseStatus.ACTIVE  # still the license in force until March 31

    assert licenses_supersede_started(today=dt.date(2026, 3, 31)) == []
    assert [p.pk for p in licenses_supersede_started(today=dt.date(2026, 4, 1))] == [base.pk]
    base.refresh_from_db()
    assert base.status == LicenseStatus.SUPERSEDED
    assert AuditEvent.objects.filter(event_type="licensing.license_superseded", object_id=str(base.pk)).count() == 1
    assert licenses_supersede_started(today=dt.date(2026, 4, 2)) == []  # idempotent


def test_the_term_is_the_one_in_force_on_the_day_the_license_takes_effect():
    # The Board shortens the term to 180 days from 1 April 2026 (license.term_days); on 10 March it issues an
    # original, effective at once, and a renewal, effective on 1 April: each runs the term of its own first day.
    board_number("license.term_days", 180, since=dt.date(2026, 4, 1))
    original = license_issue(application=approved(), today=TODAY)
    assert original.expires_on == TODAY + dt.timedelta(days=364)  # 365 days, the term in force on 10 March
    base = LicenseFactory(effective_on=dt.date(2025, 4, 1), expires_on=dt.date(2026, 3, 31))
    renewal = license_issue(application=_renewal_of(base), today=TODAY)
    assert renewal.effective_on == dt.date(2026, 4, 1)
    assert renewal.expires_on == dt.date(2026, 4, 1) + dt.timedelta(days=179)


def test_a_late_renewal_starts_today_and_supersedes_at_once():
    base = LicenseFactory(effective_on=dt.date(2025, 3, 1), expires_on=dt.date(2026, 2, 28))
    renewal = license_issue(application=_renewal_of(base), today=TODAY)
    assert renewal.effective_on == TODAY
    base.refresh_from_db()
    assert base.status == LicenseStatus.SUPERSEDED


def _multihall_on(base, **fields):
    return approved(license_type=LicenseType.MULTIHALL, license_class="B", base_license=base,
                    organization=base.organization, **fields)


def test_a_multihall_license_never_outlasts_its_bingo_license():
    bingo = LicenseFactory(effective_on=dt.date(2025, 9, 1), expires_on=dt.date(2026, 8, 31))
    multihall = license_issue(application=_multihall_on(bingo), today=TODAY)
    assert multihall.number.startswith(f"MH-{TODAY.year}-")
    assert multihall.effective_on == TODAY and multihall.expires_on == dt.date(2026, 8, 31)
    assert multihall.parent == bingo


def test_a_multihall_license_follows_the_renewed_bingo_license():
    bingo = LicenseFactory(effective_on=dt.date(2025, 4, 1), expires_on=dt.date(2026, 3, 31))
    license_issue(application=_renewal_of(bingo), today=TODAY)  # runs to 2027-03-31
    multihall = license_issue(application=_multihall_on(bingo), today=TODAY)
    assert multihall.expires_on == dt.date(2027, 3, 9)  # the full term, inside the renewed bingo license


def test_no_multihall_license_without_a_bingo_license_in_force():
    bingo = LicenseFactory(status=LicenseStatus.REVOKED)
    with pytest.raises(RuleViolation) as refused:
        license_issue(application=_multihall_on(bingo), today=TODAY)
    assert refused.value.findings[0].rule == "30 DCMR 1414"
    assert not License.objects.filter(license_type=LicenseType.MULTIHALL).exists()


def test_an_amendment_changes_premises_and_schedule_but_not_the_dates():
    base = LicenseFactory(effective_on=dt.date(2025, 9, 1), expires_on=dt.date(2026, 8, 31),
                          schedule=[{"date": "2026-01-05", "starts_at": "18:00", "ends_at": "22:00", "premises": 1}])
    new_hall = PremisesFactory()
    amendment = approved(kind=ApplicationKind.AMENDMENT, base_license=base, organization=base.organization,
                         premises=new_hall)
    BingoOccasionFactory(application=amendment, date=dt.date(2026, 4, 7))
    count_before = License.objects.count()

    result = license_issue(application=amendment, today=TODAY)
    assert result.pk == base.pk and License.objects.count() == count_before
    base.refresh_from_db()
    assert (base.effective_on, base.expires_on) == (dt.date(2025, 9, 1), dt.date(2026, 8, 31))
    assert base.premises == new_hall
    assert base.schedule == [{"date": "2026-04-07", "starts_at": "18:00", "ends_at": "22:00",
                              "premises": new_hall.pk}]
    event = AuditEvent.objects.get(event_type="licensing.license_amended")
    assert event.payload["application"] == amendment.pk and event.payload["before"]["schedule"][0]["premises"] == 1


def test_a_renewal_without_its_license_is_refused():
    with pytest.raises(ValidationError) as refused:
        license_issue(application=approved(kind=ApplicationKind.RENEWAL), today=TODAY)
    assert "base_license" in refused.value.message_dict


def test_a_quorum_vote_on_an_application_whose_license_cannot_issue_changes_nothing():
    bingo = LicenseFactory(status=LicenseStatus.REVOKED)
    application = ApplicationFactory(submitted=True, license_type=LicenseType.MULTIHALL, base_license=bingo,
                                     organization=bingo.organization)
    for _ in range(3):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    with pytest.raises(RuleViolation):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED and application.votes.count() == 3


def test_the_certificate_is_queued_after_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        license = license_issue(application=approved(), today=TODAY)
    assert len(callbacks) == 1
    assert not License.objects.get(pk=license.pk).certificate  # nothing built before the commit


def test_every_state_change_of_a_review_writes_an_audit_row(staff_user):
    application = ApplicationFactory(submitted=True)
    deficiency_notice_issue(actor=staff_user, application=application, message="Lease missing.")
    application.status = ApplicationStatus.SUBMITTED  # as the organization's resubmission would
    application.save()
    approve(application)  # staff record the fee first, as approve() does by default
    assert event_types(application) == [
        "licensing.deficiency_notice_issued",
        "licensing.fee_payment_recorded",
        *["licensing.vote_cast"] * 4,
        "licensing.application_approved",
        "licensing.license_issued",
    ]
    issued = AuditEvent.objects.get(event_type="licensing.license_issued")
    assert issued.payload["application"] == application.pk
    assert issued.payload["effective_on"] == timezone.localdate().isoformat()
