"""Votes (30 DCMR 1202.4): once per member, the license issues when the ayes reach the quorum."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.models import AuditEvent, Decision, License, Vote
from licensing.models.choices import ApplicationStatus, VoteChoice
from licensing.review import services as review
from licensing.review.services import VoteAlreadyCast, vote_cast
from tests.licensing.factories import (
    ApplicationFactory,
    MembershipFactory,
    board_member,
    board_number,
    board_staff,
    fee_pay,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def application():
    """Its fee paid at the counter: the approving vote then issues the license (tests/licensing/fees for the rest)."""
    application = ApplicationFactory(submitted=True)
    fee_pay(application)
    return application


def _cast(application, choices):
    for choice in choices:
        vote_cast(application=application, actor=board_member(), choice=choice)
    application.refresh_from_db()
    return application


def test_three_ayes_issue_nothing_and_the_fourth_issues_the_license(application):
    _cast(application, [VoteChoice.AYE] * 3)
    assert application.status == ApplicationStatus.SUBMITTED
    assert not Decision.objects.filter(application=application).exists()
    assert not License.objects.filter(application=application).exists()

    _cast(application, [VoteChoice.AYE])
    assert application.status == ApplicationStatus.APPROVED
    assert application.decided_at is not None
    decision = application.decision
    assert decision.approved and decision.ayes == 4 and decision.nays == 0
    assert License.objects.get(application=application).organization == application.organization


def test_the_quorum_is_the_registers(application):
    board_number("review.quorum", 5)
    _cast(application, [VoteChoice.AYE] * 4)
    assert application.status == ApplicationStatus.SUBMITTED
    assert not License.objects.filter(application=application).exists()
    _cast(application, [VoteChoice.AYE])
    assert application.status == ApplicationStatus.APPROVED
    assert application.decision.ayes == 5


def test_nays_abstentions_and_recusals_do_not_count_toward_the_quorum(application):
    _cast(application, [VoteChoice.AYE, VoteChoice.NAY, VoteChoice.ABSTAIN, VoteChoice.RECUSED,
                        VoteChoice.AYE, VoteChoice.RECUSED, VoteChoice.AYE])
    assert application.status == ApplicationStatus.SUBMITTED
    assert Vote.objects.filter(application=application).count() == 7
    _cast(application, [VoteChoice.AYE])
    assert application.status == ApplicationStatus.APPROVED
    assert (application.decision.ayes, application.decision.nays) == (4, 1)


def test_a_member_votes_once(application):
    member = board_member()
    vote_cast(application=application, actor=member, choice=VoteChoice.NAY)
    with pytest.raises(VoteAlreadyCast) as refused:
        vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    assert refused.value.rule == "30 DCMR 1202.4" and refused.value.code == "already_voted"
    assert list(Vote.objects.filter(application=application).values_list("choice", flat=True)) == ["nay"]


def test_the_unique_constraint_refuses_a_vote_that_slipped_past_the_check(application, monkeypatch):
    # Two requests at once both pass the existence check; the database still keeps only one vote.
    member = board_member()
    vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    monkeypatch.setattr(review, "_has_voted", lambda **kwargs: False)
    with pytest.raises(VoteAlreadyCast):
        vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    assert Vote.objects.filter(application=application).count() == 1
    assert AuditEvent.objects.filter(event_type="licensing.vote_cast").count() == 1


@pytest.mark.parametrize("make_user", [board_staff, lambda: MembershipFactory().user], ids=["staff", "officer"])
def test_only_board_members_vote(application, make_user):
    with pytest.raises(PermissionDenied):
        vote_cast(application=application, actor=make_user(), choice=VoteChoice.AYE)
    assert not Vote.objects.exists()


@pytest.mark.parametrize("status", [ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT, ApplicationStatus.DENIED])
def test_only_a_submitted_application_is_voted_on(status):
    application = ApplicationFactory(submitted=True, status=status)
    with pytest.raises(ValidationError) as refused:
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    assert "status" in refused.value.message_dict
    assert not Vote.objects.exists()


def test_an_unknown_choice_is_refused(application):
    with pytest.raises(ValidationError) as refused:
        vote_cast(application=application, actor=board_member(), choice="maybe")
    assert "choice" in refused.value.message_dict


def test_no_vote_after_the_decision(application):
    _cast(application, [VoteChoice.AYE] * 4)
    with pytest.raises(ValidationError):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    assert Vote.objects.filter(application=application).count() == 4


def test_every_vote_and_the_approval_are_audited(application):
    _cast(application, [VoteChoice.NAY] + [VoteChoice.AYE] * 4)
    events = list(AuditEvent.objects.filter(organization=application.organization).order_by("id"))
    types = [event.event_type for event in events]
    assert types.count("licensing.vote_cast") == 5
    assert types[-2:] == ["licensing.application_approved", "licensing.license_issued"]
    approved = next(event for event in events if event.event_type == "licensing.application_approved")
    assert approved.payload["ayes"] == 4 and approved.payload["nays"] == 1 and approved.payload["quorum"] == 4
    first_vote = next(event for event in events if event.event_type == "licensing.vote_cast")
    assert first_vote.payload["choice"] == "nay" and first_vote.actor is not None
