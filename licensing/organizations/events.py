"""The audit events of licensing/organizations, one typed function each."""

from core.findings import Finding
from licensing.audit.events import audit_event_record
from licensing.models import (
    Application,
    AuditEvent,
    Document,
    Membership,
    Organization,
    OrganizationMember,
    ResponsiblePerson,
    Role,
    SubstantialChange,
    User,
)
from licensing.organizations.rules import SUBSTANTIAL_CHANGE_RULE


def document_uploaded(*, actor: User, organization: Organization, document: Document, kind: str,
                      content_type: str, size: int, application: Application | None) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.document_uploaded", actor=actor, organization=organization, target=document,
        payload={"kind": kind, "content_type": content_type, "size": size,
                 "sha256": document.sha256, "application": application.pk if application else None},
    )


def organization_created(*, actor: User | None, organization: Organization, name: str, kind: str,
                         organization_type: str, is_senior_group: bool) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.organization_created", actor=actor, organization=organization, target=organization,
        payload={"name": name, "kind": kind, "organization_type": organization_type,
                 "is_senior_group": is_senior_group},
    )


def membership_granted(*, actor: User | None, organization: Organization, membership: Membership, user: User,
                       role: Role) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.membership_granted", actor=actor, organization=organization, target=membership,
        payload={"user": user.email, "role": str(role)},
    )


def membership_ended(*, actor: User | None, membership: Membership) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.membership_ended", actor=actor, organization=membership.organization,
        target=membership, payload={"user": membership.user.email, "role": membership.role},
    )


def organization_profile_updated(*, actor: User, organization: Organization, changed: dict[str, list]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.organization_profile_updated", actor=actor, organization=organization,
        target=organization, payload={"changed": changed},
    )


def member_added(*, actor: User, organization: Organization, member: OrganizationMember) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.member_added", actor=actor, organization=organization, target=member,
        payload={"full_name": member.full_name},
    )


def member_updated(*, actor: User, member: OrganizationMember, changed: dict[str, list]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.member_updated", actor=actor, organization=member.organization, target=member,
        payload={"changed": changed},
    )


def member_deactivated(*, actor: User, member: OrganizationMember) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.member_deactivated", actor=actor, organization=member.organization, target=member,
        payload={"full_name": member.full_name},
    )


def members_imported(*, actor: User, organization: Organization, members: list[OrganizationMember],
                     file_name: str) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.members_imported", actor=actor, organization=organization, target=organization,
        payload={"created": len(members), "file_name": file_name},
    )


def responsible_person_set(*, actor: User, organization: Organization, person: ResponsiblePerson, role: str,
                           previous: ResponsiblePerson | None, ties: list[Finding]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.responsible_person_set", actor=actor, organization=organization, target=person,
        payload={"role": role, "full_name": person.full_name, "replaces": previous.pk if previous else None,
                 "warnings": [finding.rule for finding in ties]},
    )


def substantial_change_recorded(*, actor: User | None, organization: Organization, kind: str, changes: dict,
                                rows: list[SubstantialChange]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.substantial_change_recorded", actor=actor, organization=organization,
        target=organization, payload={"kind": kind, "changes": changes, "due_on": rows[0].due_on,
                                      "licenses": [row.license.number for row in rows],
                                      "rule": SUBSTANTIAL_CHANGE_RULE},
    )
