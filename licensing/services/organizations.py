from django.core.exceptions import ValidationError
from django.db import transaction

from core.findings import RuleError
from licensing.audit.events import audit_event_record
from licensing.models import Membership, Organization, Role, User
from licensing.organizations.rules import address_findings, phone_findings, phone_number, us_state

ORGANIZATION_RULE = "30 DCMR 1202.2(a)"  # the organization's name and address


@transaction.atomic
def organization_create(*, actor: User | None, name: str, organization_type: str, street_address: str,
                        postal_code: str, city: str = "Washington", state: str = "DC", phone: str = "",
                        email: str = "", is_senior_group: bool = False) -> Organization:
    organization = Organization(
        name=name, organization_type=organization_type, street_address=street_address, postal_code=postal_code,
        city=city, state=us_state(state) or state, phone=phone_number(phone) or phone, email=email,
        is_senior_group=is_senior_group,
    )
    errors: dict[str, list] = {}
    try:
        organization.full_clean()
    except ValidationError as exc:
        errors.update(exc.error_dict)
    for finding in (address_findings(state=state, postal_code=postal_code, rule=ORGANIZATION_RULE)
                    + phone_findings(phone, rule=ORGANIZATION_RULE, required=False)):
        errors.setdefault(finding.field, []).append(RuleError(finding))
    if errors:
        raise ValidationError(errors)
    organization.save()
    audit_event_record(
        event_type="licensing.organization_created", actor=actor, organization=organization, target=organization,
        payload={"name": name, "organization_type": organization_type, "is_senior_group": is_senior_group},
    )
    return organization


@transaction.atomic
def membership_grant(*, actor: User | None, organization: Organization, user: User, role: Role) -> Membership:
    membership, created = Membership.objects.get_or_create(user=user, organization=organization, role=role)
    if not created and membership.is_active:
        return membership
    if not created:
        membership.is_active = True
        membership.save(update_fields=["is_active"])
    audit_event_record(
        event_type="licensing.membership_granted", actor=actor, organization=organization, target=membership,
        payload={"user": user.email, "role": str(role)},
    )
    return membership


@transaction.atomic
def membership_end(*, actor: User | None, membership: Membership) -> Membership:
    # Kept, not deleted: who could act for the organization, and when, is part of the record.
    membership.is_active = False
    membership.save(update_fields=["is_active"])
    audit_event_record(
        event_type="licensing.membership_ended", actor=actor, organization=membership.organization,
        target=membership, payload={"user": membership.user.email, "role": membership.role},
    )
    return membership
