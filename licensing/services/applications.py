"""Applications: an organization's filing officers create a draft, fill it in step by step,
and submit it; checks run before submission and blocking findings stop it."""

import datetime as dt
import json
from dataclasses import asdict

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.money import parse_money
from licensing.application_checks import application_findings, quote_for
from licensing.events import audit_event_record
from licensing.findings import RuleViolation
from licensing.models import Application, BingoOccasion, License, Organization, Premises, User
from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, ApplicationStatus, LicenseType
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import roles_in

EDITABLE_STATUSES = (ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT)
# What the organization may fill in; status, fees, snapshot and findings are the system's.
EDITABLE_FIELDS = frozenset({
    "license_class", "period", "as_senior_group", "lawful_purpose", "premises", "premises_leased", "rent_amount",
    "rent_is_share_of_receipts", "lease_other_charges", "lease_purpose", "lease_starts_on", "lease_ends_on",
    "lease_signed_on", "lessor_name", "lessor_address", "lessor_identification", "ticket_price", "tickets_printed",
    "first_ticket_number", "last_ticket_number", "aggregate_prize_value", "drawing_at", "drawing_place",
    "event_starts_at", "event_ends_at", "highest_prize", "change_date", "change_description", "base_license", "step",
})
MONEY_FIELDS = frozenset({"rent_amount", "ticket_price", "aggregate_prize_value", "highest_prize"})


def _require_filer(user: User, organization: Organization) -> None:
    if not roles_in(user=user, organization=organization) & FILING_ROLES:
        raise PermissionDenied(_("Only the organization's officers and responsible members may file for it."))


def _require_editable(application: Application) -> None:
    if application.status not in EDITABLE_STATUSES:
        raise ValidationError(
            {"status": _("A %(status)s application can no longer be changed.") % {
                "status": application.get_status_display().lower()}},
            code="not_editable",
        )


def _validate_class(license_type: str, license_class: str) -> None:
    if license_class not in LICENSE_CLASSES[LicenseType(license_type)]:
        allowed = ", ".join(LICENSE_CLASSES[LicenseType(license_type)])
        raise ValidationError({"license_class": _("Class %(cls)s does not exist for this license type; choose one "
                                                  "of %(allowed)s (30 DCMR 1204.1, 1204.16).") % {
            "cls": license_class, "allowed": allowed}}, code="invalid_class")


def _validate_base_license(base_license: License | None, organization: Organization) -> None:
    if base_license is not None and base_license.organization_id != organization.pk:
        raise ValidationError({"base_license": _("That license belongs to another organization.")}, code="invalid")


@transaction.atomic
def application_create(*, user: User, organization: Organization, license_type: str, license_class: str,
                       kind: str = ApplicationKind.ORIGINAL, period: str = "regular",
                       base_license: License | None = None, as_senior_group: bool | None = None) -> Application:
    _require_filer(user, organization)
    if license_type not in LicenseType.values:
        raise ValidationError({"license_type": _("Choose bingo, raffle, montecarlo or multihall.")}, code="invalid")
    _validate_class(license_type, license_class)
    _validate_base_license(base_license, organization)
    application = Application(
        organization=organization, license_type=license_type, license_class=license_class, kind=kind, period=period,
        base_license=base_license, created_by=user,
        as_senior_group=organization.is_senior_group if as_senior_group is None else as_senior_group,
    )
    if base_license is not None and kind in (ApplicationKind.RENEWAL, ApplicationKind.AMENDMENT):
        application.premises = base_license.premises  # start from what is licensed today
    application.full_clean()
    application.save()
    audit_event_record(event_type="licensing.application_created", actor=user, organization=organization,
                       target=application, payload={"license_type": license_type, "license_class": license_class,
                                                    "kind": kind, "period": period})
    return application


def _money_fields(fields: dict) -> dict:
    """The amounts given, parsed (digits 0-9, cents, not negative); every refused one is named at once."""
    parsed, errors = {}, {}
    for name in sorted(MONEY_FIELDS & set(fields)):
        if fields[name] is None:
            continue
        try:
            parsed[name] = parse_money(fields[name], field=name)
        except ValidationError as exc:
            errors.update(exc.error_dict)
    if errors:
        raise ValidationError(errors)
    return parsed


@transaction.atomic
def application_update(*, user: User, application: Application, **fields) -> Application:
    _require_filer(user, application.organization)
    _require_editable(application)
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in sorted(unknown)})
    fields.update(_money_fields(fields))
    if "license_class" in fields:
        _validate_class(application.license_type, fields["license_class"])
    _validate_base_license(fields.get("base_license"), application.organization)
    changed = [name for name, value in fields.items() if getattr(application, name) != value]
    for name, value in fields.items():
        setattr(application, name, value)
    application.step = max(application.step, fields.get("step", application.step))
    application.full_clean()
    application.save()
    if changed:
        audit_event_record(event_type="licensing.application_updated", actor=user,
                           organization=application.organization, target=application, payload={"fields": changed})
    return application


@transaction.atomic
def premises_get_or_create(*, name: str, street_address: str, postal_code: str, city: str = "Washington",
                           state: str = "DC", certificate_of_occupancy: str = "") -> Premises:
    """One row per hall, found by its normalized address (30 DCMR 1400.5 counts across organizations)."""
    key = Premises.key_for(street_address, postal_code)
    premises = Premises.objects.filter(address_key=key).first()
    if premises is None:
        premises = Premises(name=name, street_address=street_address, postal_code=postal_code, city=city, state=state,
                            certificate_of_occupancy=certificate_of_occupancy)
        premises.full_clean(exclude=["address_key"])
        premises.save()
    elif certificate_of_occupancy and not premises.certificate_of_occupancy:
        premises.certificate_of_occupancy = certificate_of_occupancy
        premises.save(update_fields=["certificate_of_occupancy"])
    return premises


@transaction.atomic
def application_occasions_set(*, user: User, application: Application, occasions: list[dict]) -> list[BingoOccasion]:
    """Replace the schedule: [{"date", "starts_at", "ends_at", "premises" (optional, default the application's)}]."""
    _require_filer(user, application.organization)
    _require_editable(application)
    rows = []
    for index, item in enumerate(occasions):
        premises = item.get("premises") or application.premises
        if premises is None:
            raise ValidationError({f"occasions[{index}].premises": _("Choose the premises first.")})
        row = BingoOccasion(application=application, premises=premises, date=item.get("date"),
                            starts_at=item.get("starts_at"), ends_at=item.get("ends_at"))
        try:
            row.full_clean(exclude=["application"])
        except ValidationError as error:
            raise ValidationError({f"occasions[{index}].{field}": messages
                                   for field, messages in error.message_dict.items()})
        rows.append(row)
    # A draft's schedule is not yet a record of the Board; what was submitted lives in the snapshot.
    application.occasions.all().delete()
    BingoOccasion.objects.bulk_create(rows)
    audit_event_record(event_type="licensing.application_schedule_set", actor=user,
                       organization=application.organization, target=application, payload={"occasions": len(rows)})
    return rows




def _snapshot(application: Application) -> dict:
    organization = application.organization
    snapshot = {
        "organization": {"name": organization.name, "type": organization.organization_type,
                         "address": f"{organization.street_address}, {organization.city}, {organization.state} "
                                    f"{organization.postal_code}",
                         "incorporated_in_dc": organization.incorporated_in_dc,
                         "determination_letter": organization.determination_letter,
                         "founded_on": organization.founded_on, "is_senior_group": organization.is_senior_group},
        "members": list(organization.members.filter(is_active=True).values("full_name", "street_address", "city",
                                                                           "state", "postal_code")),
        "responsible_people": list(organization.responsible_people.filter(is_current=True).values(
            "role", "full_name", "street_address", "city", "state", "postal_code", "phone", "date_of_birth")),
        "occasions": list(application.occasions.values("date", "starts_at", "ends_at", "premises_id")),
        "premises": str(application.premises) if application.premises_id else None,
    }
    return json.loads(json.dumps(snapshot, cls=DjangoJSONEncoder))  # dates and times as ISO strings


@transaction.atomic
def application_submit(*, application: Application, user: User, today: dt.date | None = None) -> Application:
    application = Application.objects.select_for_update().get(pk=application.pk)
    _require_filer(user, application.organization)
    _require_editable(application)
    findings = application_findings(application, today=today)
    blocking = [finding for finding in findings if finding.blocking]
    if blocking:
        raise RuleViolation(blocking)
    quote = quote_for(application, on=today)
    was_deficient = application.status == ApplicationStatus.DEFICIENT
    application.findings = [asdict(f) for f in findings]  # what staff see at review, as of submission
    application.application_fee = quote.application_fee
    application.bond_amount = quote.bond
    application.fee_rules = list(quote.citations)
    application.submitted_snapshot = _snapshot(application)
    application.status = ApplicationStatus.SUBMITTED
    application.submitted_at = timezone.now()
    application.save()
    if was_deficient:
        for notice in application.deficiency_notices.filter(cured_at__isnull=True, expired_at__isnull=True):
            notice.cured_at = timezone.now()
            notice.save(update_fields=["cured_at"])
            audit_event_record(event_type="licensing.deficiency_cured", actor=user,
                               organization=application.organization, target=notice)
    audit_event_record(
        event_type="licensing.application_resubmitted" if was_deficient else "licensing.application_submitted",
        actor=user, organization=application.organization, target=application,
        payload={"application_fee": application.application_fee, "bond": application.bond_amount,
                 "warnings": [f.rule for f in findings if not f.blocking]},
    )
    return application


@transaction.atomic
def application_withdraw(*, user: User, application: Application) -> Application:
    _require_filer(user, application.organization)
    if application.status not in (ApplicationStatus.DRAFT, *EDITABLE_STATUSES, ApplicationStatus.SUBMITTED):
        raise ValidationError({"status": _("Only a draft or pending application can be withdrawn.")})
    application.status = ApplicationStatus.WITHDRAWN
    application.save(update_fields=["status", "updated_at"])
    audit_event_record(event_type="licensing.application_withdrawn", actor=user,
                       organization=application.organization, target=application)
    return application
