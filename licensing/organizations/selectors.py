"""Reads about an organization: its open substantial changes (30 DCMR 1202.3), where the Board writes to it."""

from django.db.models import QuerySet

from licensing.models import Membership, Organization, SubstantialChange, User
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import organization_list


def substantial_changes_open(*, user: User, organization: Organization) -> QuerySet[SubstantialChange]:
    """The changes still waiting for an approved amendment, soonest due first."""
    return SubstantialChange.objects.filter(
        organization__in=organization_list(user=user), organization=organization, resolved_at__isnull=True,
    ).select_related("license").order_by("due_on", "license__number", "pk")


def organization_recipients(*, organization: Organization) -> list[str]:
    """Where the Board writes to an organization: its own address and those of the people who file for it."""
    emails = [organization.email] if organization.email else []
    emails += Membership.objects.filter(
        organization=organization, is_active=True, user__is_active=True, role__in=FILING_ROLES
    ).values_list("user__email", flat=True)
    return sorted({email.lower() for email in emails if email})
