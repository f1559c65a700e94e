"""Writes of invitations: an officer sends one (an email with a link), the invited person accepts it (and gets the
role), an officer revokes a pending one. Each checks before it writes and is audited."""

import secrets
from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from core.mail import mail_send
from core.public_url import public_url
from licensing.models import Membership, Organization, OrganizationInvitation, Role, User
from licensing.models.invitations import InvitationStatus
from licensing.organizations.invitations import events
from licensing.organizations.invitations.rules import invitable_roles, inviter_refusal
from licensing.organizations.invitations.selectors import may_invite, token_hash
from licensing.organizations.services import membership_grant


def invitation_link(token: str) -> str:
    return public_url(reverse("portal:invitation_accept", args=[token]))


def _require_inviter(actor: User, organization: Organization) -> None:
    if not may_invite(user=actor, organization=organization):
        raise PermissionDenied(inviter_refusal(organization))


def _send_errors(*, organization: Organization, email: str, role: str) -> dict[str, list]:
    errors: dict[str, list] = {}
    try:
        validate_email(email)
    except ValidationError:
        errors["email"] = [_("Enter a valid email address.")]
    if role not in [choice.value for choice in invitable_roles(organization)]:
        errors["role"] = [_("Choose one of the roles offered for this organization.")]
    if errors:
        return errors
    if Membership.objects.filter(organization=organization, role=role, is_active=True,
                                 user__email__iexact=email).exists():
        errors["email"] = [_("This person already holds this role in the organization.")]
    elif OrganizationInvitation.objects.filter(organization=organization, role=role, email__iexact=email,
                                               accepted_at=None, revoked_at=None,
                                               expires_at__gt=timezone.now()).exists():
        errors["email"] = [_("This address already has a pending invitation to this role: revoke it to send a "
                             "new one.")]
    return errors


@transaction.atomic
def invitation_send(*, actor: User, organization: Organization, email: str, role: str) -> OrganizationInvitation:
    """Invite `email` to `role`: the link goes to that address only and is valid ORGANIZATION_INVITATION_DAYS.
    The returned invitation carries the link's token in `token` (never stored: the row keeps its hash)."""
    _require_inviter(actor, organization)
    email = User.objects.normalize_email((email or "").strip()).lower()
    errors = _send_errors(organization=organization, email=email, role=role)
    if errors:
        raise ValidationError(errors)
    token = secrets.token_urlsafe(32)
    invitation = OrganizationInvitation(
        organization=organization, email=email, role=role, token_hash=token_hash(token), invited_by=actor,
        expires_at=timezone.now() + timedelta(days=settings.ORGANIZATION_INVITATION_DAYS))
    invitation.full_clean()
    invitation.save()
    events.organization_invitation_sent(actor=actor, organization=organization, invitation=invitation, email=email,
                                        role=role)
    mail_send(to=[email], subject_template="licensing/organizations/invitation_subject.txt",
              template="licensing/organizations/invitation_email.txt",
              context={"organization": organization, "role": Role(role).label, "inviter": actor,
                       "link": invitation_link(token), "expires_at": invitation.expires_at,
                       "days": settings.ORGANIZATION_INVITATION_DAYS})
    invitation.token = token
    return invitation


def invitation_refusal(invitation: OrganizationInvitation | None) -> str | None:
    """Why this invitation cannot be accepted any more (or never could); None while it can."""
    if invitation is None:
        return _("This invitation link is not valid: check that it is copied whole, or ask an officer for a new "
                 "invitation.")
    status = invitation.status
    if status == InvitationStatus.ACCEPTED:
        return _("This invitation has already been used. Sign in to reach the organization, or ask an officer "
                 "for a new invitation.")
    if status == InvitationStatus.REVOKED:
        return _("This invitation was withdrawn by the organization. Ask an officer for a new one.")
    if status == InvitationStatus.EXPIRED:
        return _("This invitation expired on %(date)s. Ask an officer for a new one.") % {
            "date": date_format(timezone.localtime(invitation.expires_at), "DATE_FORMAT")}
    return None


@transaction.atomic
def invitation_accept(*, actor: User, token: str) -> Membership:
    """The invited person takes the role. Only an account whose verified address is the invited one may: the
    link alone (forwarded, or read over a shoulder) gives nothing to another account."""
    invitation = (OrganizationInvitation.objects.select_for_update().select_related("organization")
                  .filter(token_hash=token_hash(token or "")).first())
    refusal = invitation_refusal(invitation)
    if refusal:
        raise ValidationError({"token": [refusal]}, code="invitation_unusable")
    if not EmailAddress.objects.filter(user=actor, email__iexact=invitation.email, verified=True).exists():
        raise ValidationError({"token": [_("This invitation was sent to %(email)s: sign in with that address (or "
                                           "sign up with it) to accept it.") % {"email": invitation.email}]},
                              code="wrong_email")
    membership = membership_grant(actor=actor, organization=invitation.organization, user=actor,
                                  role=Role(invitation.role))
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = actor
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    events.organization_invitation_accepted(actor=actor, invitation=invitation, membership=membership)
    return membership


@transaction.atomic
def invitation_revoke(*, actor: User, invitation: OrganizationInvitation) -> OrganizationInvitation:
    _require_inviter(actor, invitation.organization)
    invitation = OrganizationInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.status != InvitationStatus.PENDING:
        raise ValidationError({"invitation": [_("Only a pending invitation can be revoked; this one is %(status)s.")
                                              % {"status": invitation.get_status_display().lower()}]},
                              code="not_pending")
    invitation.revoked_at = timezone.now()
    invitation.save(update_fields=["revoked_at"])
    events.organization_invitation_revoked(actor=actor, invitation=invitation)
    return invitation
