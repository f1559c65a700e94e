"""Denial: board staff record the Board's decision with its reasons from 30 DCMR 1210.1 (a)-(f)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.findings import RuleViolation
from licensing.models import AuditEvent, Decision
from licensing.models.choices import ApplicationStatus, VoteChoice
from licensing.review.services import application_deny, vote_cast
from tests.licensing.factories import ApplicationFactory, board_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def application():
    application = ApplicationFactory(submitted=True)
    application.organization.email = "office@example.org"
    application.organization.save()
    return application


@pytest.mark.parametrize("reasons", [[], None, ["g"], ["a", "zz"], "ab"])
def test_reasons_are_a_nonempty_subset_of_a_to_f(application, staff_user, reasons):
    with pytest.raises(RuleViolation) as refused:
        application_deny(actor=staff_user, application=application, reasons=reasons, explanation="No bylaws.")
    finding = refused.value.findings[0]
    assert finding.rule == "30 DCMR 1210.1" and finding.field == "reasons"
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED and not Decision.objects.exists()


def test_the_denial_is_recorded_with_its_reasons(application, staff_user, django_capture_on_commit_callbacks,
                                                 mailoutbox):
    vote_cast(application=application, actor=board_member(), choice=VoteChoice.NAY)
    with django_capture_on_commit_callbacks(execute=True):
        decision = application_deny(actor=staff_user, application=application, reasons=["c", "a", "c"],
                                    explanation="The membership list was not genuine.")
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DENIED and application.decided_at is not None
    assert decision.approved is False and decision.reasons == ["a", "c"] and decision.nays == 1
    assert decision.decided_by == staff_user
    event = AuditEvent.objects.get(event_type="licensing.application_denied")
    assert event.payload["reasons"] == ["a", "c"] and event.actor == staff_user
    assert len(mailoutbox) == 1
    assert "(c) False or misleading information" in mailoutbox[0].body


def test_an_explanation_is_required(application, staff_user):
    with pytest.raises(ValidationError) as refused:
        application_deny(actor=staff_user, application=application, reasons=["f"], explanation=" ")
    assert "explanation" in refused.value.message_dict


def test_only_staff_record_a_denial(application):
    with pytest.raises(PermissionDenied):
        application_deny(actor=board_member(), application=application, reasons=["f"], explanation="x")


def test_a_decided_application_is_not_denied_again(application, staff_user):
    application_deny(actor=staff_user, application=application, reasons=["f"], explanation="Other cause.")
    with pytest.raises(ValidationError):
        application_deny(actor=staff_user, application=application, reasons=["a"], explanation="Again.")
    assert Decision.objects.count() == 1


def test_a_deficient_application_can_be_denied_and_is_then_never_withdrawn(application, staff_user):
    import datetime as dt

    from licensing.review.services import deficiency_notice_issue, deficiency_notices_expire

    notice = deficiency_notice_issue(actor=staff_user, application=application, message="Lease missing.")
    application_deny(actor=staff_user, application=application, reasons=["d"], explanation="Violations.")
    assert deficiency_notices_expire(today=notice.cure_by + dt.timedelta(days=1)) == []
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DENIED


def test_reason_b_may_be_cited_against_a_bingo_raffle_or_mcn_applicant(application, staff_user):
    """30 DCMR 1210.1(b) is written of "a bingo, raffle or Monte Carlo Night applicant" that does not meet 1206: an
    organization's application may be denied for it (it was refused as a vendor-only reason)."""
    decision = application_deny(actor=staff_user, application=application, reasons=["b"],
                                explanation="A disqualified person is active in the organization (30 DCMR 1206.4).")
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DENIED and decision.reasons == ["b"]
