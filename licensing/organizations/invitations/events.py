"""The audit events of licensing/organizations/invitations, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Membership, Organization, OrganizationInvitation, User


def organization_invitation_sent(*, actor: User, organization: Organization, invitation: OrganizationInvitation,
                                 email: str, role: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.organization_invitation_sent", actor=actor,
                              organization=organization, target=invitation,
                              payload={"email": email, "role": role, "expires_at": invitation.expires_at.isoformat()})


def organization_invitation_accepted(*, actor: User, invitation: OrganizationInvitation,
                                     membership: Membership) -> AuditEvent:
    return audit_event_record(event_type="licensing.organization_invitation_accepted", actor=actor,
                              organization=invitation.organization, target=invitation,
                              payload={"email": invitation.email, "role": invitation.role, "membership": membership.pk})


def organization_invitation_revoked(*, actor: User, invitation: OrganizationInvitation) -> AuditEvent:
    return audit_event_record(event_type="licensing.organization_invitation_revoked", actor=actor,
                              organization=invitation.organization, target=invitation,
                              payload={"email": invitation.email, "role": invitation.role})
