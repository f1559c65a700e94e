"""Item 19, now the Board's register (issue 27): the quorum is `review.quorum`, never below the four of 30 DCMR
1202.4 ("at least four (4) members of the Board": the register refuses less, in the portal and in a pack), and a
vote counts against the quorum in force on the day it is cast."""

import datetime as dt

import pytest
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.utils import timezone

from licensing.models import BoardNumber
from licensing.models.choices import ApplicationStatus, VoteChoice
from licensing.register import values
from licensing.register.services import number_propose
from licensing.review.services import vote_cast
from tests.clock import board_time, travel
from tests.licensing.factories import ApplicationFactory, board_admin, board_member, board_number, fee_pay

pytestmark = pytest.mark.django_db


def _ayes(application, count):
    for _ in range(count):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    application.refresh_from_db()
    return application


def _submitted():
    application = ApplicationFactory(submitted=True)
    fee_pay(application)
    return application


@pytest.mark.parametrize("quorum", ["3", "0"])
def test_the_register_refuses_a_quorum_below_four(quorum):
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    with pytest.raises(ValidationError, match="at least 4"):
        number_propose(actor=board_admin(), key="review.quorum", value=quorum, effective_from=tomorrow,
                       citation="30 DCMR 1202.4", reason="Fewer votes.")
    assert not BoardNumber.objects.filter(key="review.quorum", value=quorum).exists()
    assert values.value("review.quorum") == 4


def test_a_quorum_below_four_that_came_in_another_way_issues_nothing():
    # A pack loaded at the command line (or a row written in the database) skips the portal's check: the vote
    # still refuses to count against fewer than four ayes.
    board_number("review.quorum", 3)
    application = _submitted()
    with pytest.raises(ImproperlyConfigured, match="1202.4"):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    assert not application.votes.exists()


def test_a_quorum_raised_by_the_board_is_the_number_of_ayes_that_issues():
    board_number("review.quorum", 5)
    application = _ayes(_submitted(), 4)
    assert application.status == ApplicationStatus.SUBMITTED
    assert _ayes(application, 1).status == ApplicationStatus.APPROVED
    assert application.decision.ayes == 5


def test_each_vote_counts_against_the_quorum_in_force_on_the_day_it_is_cast():
    today = timezone.localdate()
    raised_from = today + dt.timedelta(days=1)
    board_number("review.quorum", 5, since=raised_from)  # the Board raised it from tomorrow
    early = _ayes(_submitted(), 4)
    assert early.status == ApplicationStatus.APPROVED and early.decision.ayes == 4  # today: four is the quorum
    late = _ayes(_submitted(), 3)
    travel(board_time(raised_from, dt.time(10, 0)))
    assert timezone.localdate() == raised_from
    assert _ayes(late, 1).status == ApplicationStatus.SUBMITTED  # four ayes, but five are needed from that day
    assert _ayes(late, 1).status == ApplicationStatus.APPROVED
    assert late.decision.ayes == 5
