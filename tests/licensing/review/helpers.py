"""Helpers shared by the Board review tests."""

from django.conf import settings

from licensing.models.choices import VoteChoice
from licensing.review.services import vote_cast
from tests.licensing.factories import board_member


def approve(application, *, quorum: int | None = None):
    """Cast as many ayes as the quorum needs, each by a new board member; returns the members."""
    members = [board_member() for _ in range(quorum or settings.BOARD_VOTE_QUORUM)]
    for member in members:
        vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    return members


def event_types(application) -> list[str]:
    from licensing.models import AuditEvent

    return list(
        AuditEvent.objects.filter(organization=application.organization).order_by("id").values_list(
            "event_type", flat=True
        )
    )
