"""Every write to an organization: its creation and its people's roles (memberships), its profile (eligibility facts,
members, responsible people), and the substantial changes that profile writes record (30 DCMR 1202.3).

Every profile function validates all of its input before it writes anything, writes in one
transaction and records an audit event. Who may call them (filing roles only) is
decided by the caller through `selectors.organization_get_for_filing`.

Substantial changes are recorded when the organization's name, address or responsible people change while it holds
a license in force, and taken in when the amended application is approved: the profile services call
`substantial_change_record` inside their own transaction; the license service calls `substantial_changes_take_in`
when it amends a license. Reminders (licensing.reminders) read the open rows."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.findings import Finding, RuleError, RuleViolation
from licensing.models import (
    Application,
    ChangeKind,
    License,
    LicenseeKind,
    Membership,
    Organization,
    OrganizationMember,
    ResponsiblePerson,
    Role,
    SubstantialChange,
    User,
)
from licensing.models.choices import LicenseStatus, ResponsibleRole
from licensing.organizations import events
from licensing.organizations.eligibility import RESPONSIBLE_RULES
from licensing.organizations.member_csv import MemberRow, RowError, parse_member_csv
from licensing.organizations.rules import (
    RESPONSIBLE_PERSON_FIELDS,
    address_findings,
    amendment_due,
    ein_findings,
    ein_normalized,
    phone_findings,
    phone_number,
    responsible_person_changed,
    substantial_profile_changes,
    us_state,
)
from licensing.organizations.supply_ties import person_tie_findings, responsible_doing
from licensing.register.values import value as register_value

# Which item of 30 DCMR 1202.2 asks for each record's address: (a) the organization, (l) the members.
ORGANIZATION_RULE = "30 DCMR 1202.2(a)"
VENDOR_RULE = "30 DCMR 1207.2(a)"  # a vendor's name and address
MEMBER_RULE = "30 DCMR 1202.2(l)"
# 30 DCMR 1401.5 (no person under the age works a game) reads `worker.minimum_age` of the Board's register.

PROFILE_FIELDS = frozenset({
    "name", "organization_type", "street_address", "city", "state", "postal_code", "phone", "email",
    "is_senior_group", "incorporated_in_dc", "determination_letter", "founded_on", "purpose",
    "operates_without_profit", "ein",
})
MEMBER_FIELDS = frozenset({
    "full_name", "street_address", "city", "state", "postal_code", "date_of_birth", "is_disabled",
})
# Dates of birth are personal data: the audit trail says that one changed, not what it became.
PRIVATE_FIELDS = frozenset({"date_of_birth"})


def age_on(born: date, on: date) -> int:
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def _address_errors(instance, rule: str) -> dict[str, list]:
    """What the model cannot check: a real US state or territory code and a ZIP code (django-localflavor's
    table), a phone number that parses (phonenumbers); each refusal cites `rule`, the item of 1202.2."""
    findings = address_findings(state=instance.state, postal_code=instance.postal_code, rule=rule)
    if hasattr(instance, "phone"):
        findings += phone_findings(instance.phone, rule=rule, required=isinstance(instance, ResponsiblePerson))
    errors: dict[str, list] = {}
    for finding in findings:
        errors.setdefault(finding.field, []).append(RuleError(finding))
    return errors


def _normalize_address(instance) -> None:
    for name in ("full_name", "name", "street_address", "city", "postal_code", "phone"):
        if isinstance(getattr(instance, name, None), str):
            setattr(instance, name, getattr(instance, name).strip())
    instance.state = us_state(instance.state) or (instance.state or "").strip().upper()
    if getattr(instance, "phone", ""):
        instance.phone = phone_number(instance.phone) or instance.phone  # "(202) 727-1000"; refused later if None


def _clean(instance, *, rule: str, exclude: list[str] | None = None, extra: dict | None = None,
           findings: Sequence[Finding] = (), validate_constraints: bool = True) -> None:
    """full_clean plus our checks (`extra` messages, `findings` that cite their rule), raised together so the user
    sees every problem at once. A field a finding refuses is left out of full_clean: its message says it all."""
    errors: dict[str, list] = {}
    exclude = [*(exclude or []), *(finding.field for finding in findings if finding.field)]
    try:
        instance.full_clean(exclude=exclude, validate_constraints=validate_constraints)
    except ValidationError as exc:
        errors.update(exc.error_dict)
    for finding in findings:
        errors.setdefault(finding.field, []).append(RuleError(finding))
    for name, found in _address_errors(instance, rule).items():
        errors.setdefault(name, []).extend(found)
    for name, messages in (extra or {}).items():
        errors.setdefault(name, []).extend(ValidationError(message, code="invalid") for message in messages)
    if errors:
        raise ValidationError(errors)


EARLIEST_BIRTH_DATE = date(1900, 1, 1)  # no one living was born earlier: an earlier date is a typo


def _date_of_birth_errors(date_of_birth: date | None, today: date) -> dict[str, list]:
    if date_of_birth is not None and date_of_birth > today:
        return {"date_of_birth": [_("The date of birth cannot be in the future.")]}
    if date_of_birth is not None and date_of_birth < EARLIEST_BIRTH_DATE:
        return {"date_of_birth": [_("The date of birth must be %(earliest)s or later.")
                                  % {"earliest": EARLIEST_BIRTH_DATE.isoformat()}]}
    return {}


def _assign(instance, fields: dict) -> tuple[dict, dict[str, list]]:
    """Set the fields (normalized); return the old values and what really changed as {field: [old, new]}."""
    before = {name: getattr(instance, name) for name in (*fields, "state")}
    for name, value in fields.items():
        setattr(instance, name, value)
    _normalize_address(instance)
    changed = {}
    for name, old in before.items():
        new = getattr(instance, name)
        if old != new:
            changed[name] = ["(not recorded)"] * 2 if name in PRIVATE_FIELDS else [old, new]
    return before, changed


def _validated(instance, before: dict, check) -> None:
    """Run `check`; if it refuses, put the caller's instance back as it was, so nothing shows a refused value."""
    try:
        check()
    except ValidationError:
        for name, value in before.items():
            setattr(instance, name, value)
        raise


# --- Organization profile (30 DCMR 1200.2 (a)-(e), 1202.2 (c), (f)-(i)) ---

@transaction.atomic
def organization_create(*, actor: User | None, name: str, organization_type: str, street_address: str,
                        postal_code: str, city: str = "Washington", state: str = "DC", phone: str = "",
                        email: str = "", is_senior_group: bool = False,
                        kind: str = LicenseeKind.ORGANIZATION) -> Organization:
    """A licensee: a charitable organization, or (kind "vendor", from vendors' registration) a vendor."""
    organization = Organization(
        kind=kind, name=name, organization_type=organization_type, street_address=street_address,
        postal_code=postal_code, city=city, state=us_state(state) or state, phone=phone_number(phone) or phone,
        email=email, is_senior_group=is_senior_group,
    )
    errors: dict[str, list] = {}
    try:
        organization.full_clean()
    except ValidationError as exc:
        errors.update(exc.error_dict)
    if kind == LicenseeKind.ORGANIZATION and not organization_type:
        errors.setdefault("organization_type", []).append(RuleError(Finding(
            "30 DCMR 1202.2(c)", _("Choose the type of organization."), field="organization_type")))
    elif kind == LicenseeKind.VENDOR and (organization_type or is_senior_group):
        errors.setdefault("organization_type", []).append(
            _("A vendor is no charitable organization: it has no organization type and is no senior group."))
    rule = VENDOR_RULE if kind == LicenseeKind.VENDOR else ORGANIZATION_RULE
    for finding in (address_findings(state=state, postal_code=postal_code, rule=rule)
                    + phone_findings(phone, rule=rule, required=False)):
        errors.setdefault(finding.field, []).append(RuleError(finding))
    if errors:
        raise ValidationError(errors)
    organization.save()
    events.organization_created(actor=actor, organization=organization, name=name, kind=kind,
                                organization_type=organization_type, is_senior_group=is_senior_group)
    return organization


@transaction.atomic
def membership_grant(*, actor: User | None, organization: Organization, user: User, role: Role) -> Membership:
    if (role == Role.VENDOR_REPRESENTATIVE) != (organization.kind == LicenseeKind.VENDOR):
        # A vendor's people only represent it; an organization's roles are no vendor's (30 DCMR 1401.13).
        raise ValidationError({"role": _("A vendor has representatives only, and only a vendor has them.")},
                              code="invalid")
    membership, created = Membership.objects.get_or_create(user=user, organization=organization, role=role)
    if not created and membership.is_active:
        return membership
    if not created:
        membership.is_active = True
        membership.save(update_fields=["is_active"])
    events.membership_granted(actor=actor, organization=organization, membership=membership, user=user, role=role)
    return membership


@transaction.atomic
def organization_register(*, actor: User, name: str, organization_type: str, street_address: str, postal_code: str,
                          city: str = "Washington", state: str = "DC", phone: str = "", email: str = "",
                          is_senior_group: bool = False) -> Organization:
    """A person who signed up registers their charitable organization and becomes its officer (the portal's
    "get started" page). Vendors register through the vendors app, invited people accept their invitation."""
    organization = organization_create(actor=actor, name=name, organization_type=organization_type,
                                       street_address=street_address, postal_code=postal_code, city=city,
                                       state=state, phone=phone, email=email, is_senior_group=is_senior_group)
    membership_grant(actor=actor, organization=organization, user=actor, role=Role.OFFICER)
    return organization


@transaction.atomic
def membership_end(*, actor: User | None, membership: Membership) -> Membership:
    # Kept, not deleted: who could act for the organization, and when, is part of the record.
    membership.is_active = False
    membership.save(update_fields=["is_active"])
    events.membership_ended(actor=actor, membership=membership)
    return membership


@transaction.atomic
def organization_profile_update(*, actor: User, organization: Organization, **fields) -> Organization:
    unknown = set(fields) - PROFILE_FIELDS
    if unknown:
        raise TypeError(f"not profile fields: {', '.join(sorted(unknown))}")
    # The EIN as the IRS writes it (12-3456789), so that its nine digits alone are no change; refused below if None.
    if "ein" in fields:
        normalized = ein_normalized(fields["ein"])
        fields = {**fields, "ein": fields["ein"] if normalized is None else normalized}
    before, changed = _assign(organization, fields)
    extra = {}
    if organization.founded_on and organization.founded_on > timezone.localdate():
        extra["founded_on"] = [_("The founding date cannot be in the future.")]
    rule = VENDOR_RULE if organization.kind == LicenseeKind.VENDOR else ORGANIZATION_RULE
    _validated(organization, before, lambda: _clean(organization, rule=rule, extra=extra,
                                                    findings=ein_findings(organization.ein)))
    if not changed:
        return organization
    organization.save()
    events.organization_profile_updated(actor=actor, organization=organization, changed=changed)
    # 30 DCMR 1202.3: a new name or address while a license is held needs an amended application.
    for kind, changes in substantial_profile_changes(changed).items():
        substantial_change_record(actor=actor, organization=organization, kind=kind, changes=changes)
    return organization


# --- Members in good standing (30 DCMR 1200.2(c), 1201.1, 1202.2(l)) ---

def _member_clean(member: OrganizationMember) -> None:
    _normalize_address(member)
    _clean(member, rule=MEMBER_RULE, exclude=["organization"],
           extra=_date_of_birth_errors(member.date_of_birth, timezone.localdate()))


@transaction.atomic
def member_add(*, actor: User, organization: Organization, full_name: str, street_address: str, postal_code: str,
               city: str = "Washington", state: str = "DC", date_of_birth: date | None = None,
               is_disabled: bool = False) -> OrganizationMember:
    member = OrganizationMember(
        organization=organization, full_name=full_name, street_address=street_address, city=city, state=state,
        postal_code=postal_code, date_of_birth=date_of_birth, is_disabled=is_disabled,
    )
    _member_clean(member)
    member.save()
    events.member_added(actor=actor, organization=organization, member=member)
    return member


@transaction.atomic
def member_update(*, actor: User, member: OrganizationMember, **fields) -> OrganizationMember:
    unknown = set(fields) - MEMBER_FIELDS
    if unknown:
        raise TypeError(f"not member fields: {', '.join(sorted(unknown))}")
    if not member.is_active:
        raise ValidationError(_("This member is no longer active; add them again instead."), code="inactive")
    before, changed = _assign(member, fields)
    _validated(member, before, lambda: _member_clean(member))
    if not changed:
        return member
    member.save()
    events.member_updated(actor=actor, member=member, changed=changed)
    return member


@transaction.atomic
def member_deactivate(*, actor: User, member: OrganizationMember) -> OrganizationMember:
    # Kept, never deleted: who counted as a member, and when, backs past applications (1202.2(l)).
    if not member.is_active:
        return member
    member.is_active = False
    member.save(update_fields=["is_active"])
    events.member_deactivated(actor=actor, member=member)
    return member


@dataclass
class MemberImportResult:
    """What an import did: `created` members, or every bad row and nothing written."""

    created: int = 0
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _member_key(full_name: str, street_address: str) -> tuple[str, str]:
    return (" ".join(full_name.lower().split()), " ".join(street_address.lower().split()))


def _message(error: ValidationError) -> str:
    return str(error.message % error.params if error.params else error.message)


def _row_member(organization: Organization, row: MemberRow) -> tuple[OrganizationMember, list[RowError]]:
    member = OrganizationMember(organization=organization, **row.values)
    try:
        _member_clean(member)
    except ValidationError as exc:
        return member, [
            RowError(row=row.number, field=name, message=_message(error), code=error.code or "invalid")
            for name, field_errors in exc.error_dict.items() for error in field_errors
        ]
    return member, []


@transaction.atomic
def members_import_csv(*, actor: User, organization: Organization, file) -> MemberImportResult:
    """All or nothing: one bad row and nothing is written, with every bad row reported.

    Raises ValidationError on field "file" for a file that cannot be read as a member list
    at all (too big, not UTF-8, wrong header); returns the row errors otherwise."""
    rows, errors = parse_member_csv(file)
    existing = {
        _member_key(name, address)
        for name, address in organization.members.filter(is_active=True).values_list("full_name", "street_address")
    }
    seen: dict[tuple[str, str], int] = {}
    members = []
    for row in rows:
        member, row_errors = _row_member(organization, row)
        errors.extend(row_errors)
        key = _member_key(member.full_name, member.street_address)
        if key in existing:
            errors.append(RowError(row=row.number, field="full_name", code="duplicate",
                                   message=str(_("This member is already on the list at this address."))))
        elif key in seen:
            errors.append(RowError(row=row.number, field="full_name", code="duplicate",
                                   message=str(_("Same name and address as row %(row)s.") % {"row": seen[key]})))
        seen.setdefault(key, row.number)
        members.append(member)
    if errors:
        return MemberImportResult(errors=sorted(errors, key=lambda error: error.row))
    OrganizationMember.objects.bulk_create(members)
    events.members_imported(actor=actor, organization=organization, members=members,
                            file_name=str(getattr(file, "name", ""))[:200])
    return MemberImportResult(created=len(members))


# --- Responsible people (30 DCMR 1202.2(j),(k), 1401.5, 1401.13) ---
# Naming them costs nothing: the license fee covers the member in charge, the alternate and the gross-receipts
# member (30 DCMR 1204.20), so no fee is charged or quoted for them.

@transaction.atomic
def responsible_person_set(*, actor: User, organization: Organization, role: str, full_name: str,
                           street_address: str, postal_code: str, phone: str, date_of_birth: date,
                           city: str = "Washington", state: str = "DC") -> ResponsiblePerson:
    """Name the person for a role; the one it replaces is kept with is_current=False."""
    if role not in ResponsibleRole.values:
        raise ValidationError({"role": [_("Choose member in charge, alternate or gross-receipts member.")]})
    today = timezone.localdate()
    person = ResponsiblePerson(
        organization=organization, role=role, full_name=full_name, street_address=street_address, city=city,
        state=state, postal_code=postal_code, phone=phone, date_of_birth=date_of_birth,
    )
    _normalize_address(person)
    errors: dict[str, list] = {}
    try:
        # The old holder is retired only after every check, so the one-current constraint is left to the database.
        _clean(person, rule=RESPONSIBLE_RULES[role], extra=_date_of_birth_errors(date_of_birth, today),
               validate_constraints=False)
    except ValidationError as exc:
        errors = exc.error_dict
    refusals = []
    minimum_age = register_value("worker.minimum_age", today)  # 30 DCMR 1401.5, in force on the day the person is named
    if isinstance(date_of_birth, date) and age_on(date_of_birth, today) < minimum_age:
        refusals.append(Finding(
            "30 DCMR 1401.5",
            str(_("No person under %(age)s may conduct or work a game; the responsible person must be %(age)s or "
                  "older.") % {"age": minimum_age}),
            field="date_of_birth",
        ))
    # 30 DCMR 1401.13: nobody tied by ownership to a vendor conducts or assists; a possible match is recorded and
    # warns (the profile page and the next application show it) until Board staff decide it.
    ties = person_tie_findings(
        name=person.full_name, born=date_of_birth if isinstance(date_of_birth, date) else None,
        doing=responsible_doing(role), field="full_name", organization_id=organization.pk)
    refusals += [finding for finding in ties if finding.blocking]
    if refusals and not errors:
        raise RuleViolation(refusals)
    for finding in refusals:
        errors.setdefault(finding.field, []).append(RuleError(finding))
    if errors:
        raise ValidationError(errors)
    # Lock the organization so two people saving at once cannot both become current.
    Organization.objects.select_for_update().filter(pk=organization.pk).first()
    previous = ResponsiblePerson.objects.filter(organization=organization, role=role, is_current=True).first()
    if previous is not None:
        previous.is_current = False
        previous.save(update_fields=["is_current"])
    person.save()
    events.responsible_person_set(actor=actor, organization=organization, person=person, role=role, previous=previous,
                                  ties=ties)
    # 30 DCMR 1202.3: new responsible people (1202.2(j),(k)) while a license is held need an amendment.
    as_before = {name: getattr(previous, name) for name in RESPONSIBLE_PERSON_FIELDS} if previous else None
    if responsible_person_changed(as_before, {name: getattr(person, name) for name in RESPONSIBLE_PERSON_FIELDS}):
        substantial_change_record(actor=actor, organization=organization, kind=ChangeKind.RESPONSIBLE_PEOPLE,
                                  changes={role: [previous.full_name if previous else None, person.full_name]})
    return person


# A suspended license is still held: its amendment is still due.
HELD_STATUSES = (LicenseStatus.ACTIVE, LicenseStatus.SUSPENDED)


def licenses_held(*, organization: Organization, on: date) -> QuerySet[License]:
    return License.objects.filter(organization=organization, status__in=HELD_STATUSES, expires_on__gte=on)


def substantial_change_record(*, actor: User | None, organization: Organization, kind: str, changes: dict,
                              on: date | None = None, licenses: list[License] | None = None,
                              ) -> list[SubstantialChange]:
    """One open change per license held (or per license in `licenses`), due within 10 days; nothing when no
    license is held (the next application simply carries the new facts)."""
    on = on or timezone.localdate()
    if licenses is None:
        licenses = list(licenses_held(organization=organization, on=on).order_by("pk"))
    rows = [
        SubstantialChange.objects.create(organization=organization, license=license, kind=kind, changes=changes,
                                         changed_on=on, due_on=amendment_due(on), recorded_by=actor)
        for license in licenses
    ]
    if rows:
        events.substantial_change_recorded(actor=actor, organization=organization, kind=kind, changes=changes,
                                           rows=rows)
    return rows


def substantial_changes_take_in(*, application: Application, license: License) -> list[SubstantialChange]:
    """The approved amendment covers the license's changes recorded up to its submission."""
    rows = list(SubstantialChange.objects.select_for_update().filter(
        license=license, resolved_at__isnull=True, recorded_at__lte=application.submitted_at or timezone.now()))
    now = timezone.now()
    for row in rows:
        row.amendment, row.resolved_at = application, now
        row.save(update_fields=["amendment", "resolved_at"])
    return rows
