"""Which patterns a user sees: the standard library for everyone, custom patterns within the user's scope."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from bingo.models import Pattern
from bingo.selectors import organization_ids


def pattern_list(*, user) -> QuerySet[Pattern]:
    """The standard library for everyone (anonymous included), plus the custom patterns of the
    user's organizations; the Board sees every organization's. Another organization's custom
    pattern is invisible (a 404 by slug), like any other record of that organization."""
    standard = Q(organization__isnull=True)
    if not getattr(user, "is_authenticated", False):
        return Pattern.objects.filter(standard)
    if user.is_board:
        return Pattern.objects.all()
    return Pattern.objects.filter(standard | Q(organization_id__in=organization_ids(user=user)))


def pattern_list_for_organization(*, user, organization_id: int) -> QuerySet[Pattern]:
    """What a game of this organization may be played with, as far as the user sees it: the
    standard library and that organization's own patterns, never a third organization's (not even
    for a user who works for both, or for the Board)."""
    return pattern_list(user=user).filter(Q(organization__isnull=True) | Q(organization_id=organization_id))
