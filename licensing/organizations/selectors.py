"""Scoped reads of an organization's substantial changes (30 DCMR 1202.3)."""

from django.db.models import QuerySet

from licensing.models import Organization, SubstantialChange, User
from licensing.selectors import organization_list


def substantial_changes_open(*, user: User, organization: Organization) -> QuerySet[SubstantialChange]:
    """The changes still waiting for an approved amendment, soonest due first."""
    return SubstantialChange.objects.filter(
        organization__in=organization_list(user=user), organization=organization, resolved_at__isnull=True,
    ).select_related("license").order_by("due_on", "license__number", "pk")
