"""Reads of invitations: an organization's, for its officers (or a vendor's representatives); one by its
link's token, for whoever holds the link."""

import hashlib

from allauth.account.models import EmailAddress
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from licensing.models import Organization, OrganizationInvitation, User
from licensing.organizations.invitations.rules import inviter_refusal, inviter_role
from licensing.organizations.selectors import records_organization_get
from licensing.selectors import roles_in


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def may_invite(*, user: User, organization: Organization, roles: set[str] | None = None) -> bool:
    """`roles`: the user's roles in the organization, when the caller has read them already."""
    if roles is None:
        roles = roles_in(user=user, organization=organization)
    return inviter_role(organization) in roles


def organization_for_inviting(*, user: User, pk: int) -> Organization:
    """404 when the user may not read the organization's records (another organization's existence is not
    disclosed; its game roles read none of its invitations), 403 when they read them but do not invite to it (the
    Board, a member in charge)."""
    organization = records_organization_get(user=user, pk=pk)
    if not may_invite(user=user, organization=organization):
        raise PermissionDenied(inviter_refusal(organization))
    return organization


def invitation_list(*, user: User, organization: Organization) -> QuerySet[OrganizationInvitation]:
    if not may_invite(user=user, organization=organization):
        raise PermissionDenied(inviter_refusal(organization))
    return (OrganizationInvitation.objects.filter(organization=organization)
            .select_related("invited_by", "accepted_by").order_by("-created_at", "-pk"))


def invitation_get(*, user: User, organization: Organization, pk: int) -> OrganizationInvitation:
    return get_object_or_404(invitation_list(user=user, organization=organization), pk=pk)


def invitation_by_token(*, token: str) -> OrganizationInvitation | None:
    """The invitation a link names, whatever its state (the page says why it cannot be accepted), or None."""
    return (OrganizationInvitation.objects.select_related("organization", "invited_by")
            .filter(token_hash=token_hash(token)).first())


def invitations_for_user(*, user: User) -> QuerySet[OrganizationInvitation]:
    """Pending invitations to the user's verified addresses (the "get started" page lists them; the link in the
    email is still what accepts one)."""
    emails = EmailAddress.objects.filter(user=user, verified=True).values("email")
    return (OrganizationInvitation.objects.filter(email__in=emails, accepted_at=None, revoked_at=None,
                                                  expires_at__gt=timezone.now())
            .select_related("organization", "invited_by"))
