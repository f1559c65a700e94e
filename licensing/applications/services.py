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

from core.findings import Finding, RuleError, RuleViolation
from core.money import parse_money
from licensing.applications import events, rules
from licensing.applications.checks import (
    MONEY_RULES,
    application_findings,
    entry_refusals,
    quote_for,
    senior_group,
)
from licensing.applications.kinds import hooks_for
from licensing.models import Application, BingoOccasion, License, LicenseeKind, Organization, Premises, User
from licensing.models.choices import (
    LICENSE_CLASSES,
    ORGANIZATION_LICENSE_TYPE_VALUES,
    ApplicationKind,
    ApplicationStatus,
    LicenseStatus,
    LicenseType,
)
from licensing.models.organizations import FILING_ROLES
from licensing.premises.services import PremisesTyped, premises_find_or_create, premises_for_application
from licensing.review import events as review_events
from licensing.selectors import roles_in

EDITABLE_STATUSES = (ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT)
# What the organization may fill in; status, fees, snapshot and findings are the system's.
# Not `as_senior_group`: whether the filer is a senior group comes from its checked profile (30 DCMR 1201.1).
EDITABLE_FIELDS = frozenset({
    "license_class", "period", "lawful_purpose", "premises", "premises_leased", "rent_amount",
    "rent_is_share_of_receipts", "lease_other_charges", "lease_purpose", "lease_starts_on", "lease_ends_on",
    "lease_signed_on", "lessor_name", "lessor_address", "lessor_identification", "ticket_price", "tickets_printed",
    "first_ticket_number", "last_ticket_number", "aggregate_prize_value", "drawing_at", "drawing_place",
    "event_starts_at", "event_ends_at", "highest_prize", "change_date", "change_description", "base_license", "step",
    "gross_sales", "staffing_income",
})
MONEY_FIELDS = frozenset(MONEY_RULES)


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


def _validate_multihall(application: Application) -> None:
    """30 DCMR 1414.1, 1414.3, where the base license is chosen or the class changed: only on a Class A, B or C
    bingo license in force, and in that license's class (so at its fee). A draft may leave the base for later."""
    base = application.base_license
    if application.license_type != LicenseType.MULTIHALL or base is None:
        return
    findings = rules.multihall_base(
        license_class=application.license_class, base_number=base.number, base_type=base.license_type,
        base_class=base.license_class,
        base_in_force=base.status == LicenseStatus.ACTIVE and base.expires_on >= timezone.localdate(),
    )
    if findings:
        raise RuleViolation(findings)


@transaction.atomic
def application_create(*, actor: User, organization: Organization, license_type: str, license_class: str,
                       kind: str = ApplicationKind.ORIGINAL, period: str = "regular",
                       base_license: License | None = None) -> Application:
    # 30 DCMR 1202.1: an application is made on the form the Board provides: this service, behind the portal's
    # guided form and the API, is that form (every item of 1202.2, checked before submission). Co-sponsors file
    # one application under one organization: one license, one fee, one financial report (1203.2).
    _require_filer(actor, organization)
    if organization.kind == LicenseeKind.VENDOR and license_type != LicenseType.VENDOR:
        raise ValidationError({"license_type": _("A vendor applies for a vendor license only (30 DCMR 1206.1, "
                                                 "1401.13).")}, code="invalid")
    if organization.kind != LicenseeKind.VENDOR and license_type not in ORGANIZATION_LICENSE_TYPE_VALUES:
        # A vendor license is a vendor's, applied for from a vendor account (30 DCMR 1206, 1207.2).
        raise ValidationError({"license_type": _("Choose bingo, raffle, montecarlo or multihall.")}, code="invalid")
    _validate_class(license_type, license_class)
    _validate_base_license(base_license, organization)
    application = Application(
        organization=organization, license_type=license_type, license_class=license_class, kind=kind, period=period,
        base_license=base_license, created_by=actor,
    )
    _validate_multihall(application)
    application.as_senior_group = senior_group(application)  # 1202.2(i), from the checked profile
    if base_license is not None and kind in (ApplicationKind.RENEWAL, ApplicationKind.AMENDMENT):
        application.premises = base_license.premises  # start from what is licensed today
    application.full_clean()
    application.save()
    hooks = hooks_for(license_type)
    if hooks is not None:
        hooks.prepare(application, actor=actor)  # e.g. a renewal's price list starts from the one in force
    events.application_created(actor=actor, organization=organization, application=application,
                               license_type=license_type, license_class=license_class, kind=kind, period=period)
    return application


def _money_fields(fields: dict) -> dict:
    """The amounts given, parsed (digits 0-9, cents, not negative); every refused one is named at once,
    with the section the amount answers to (MONEY_RULES)."""
    parsed, errors = {}, {}
    for name in sorted(MONEY_FIELDS & set(fields)):
        if fields[name] is None:
            continue
        try:
            parsed[name] = parse_money(fields[name], field=name)
        except ValidationError as exc:
            errors[name] = [RuleError(Finding(MONEY_RULES[name], error.message % error.params if error.params
                                              else str(error.message), field=name), code=error.code or "invalid")
                            for error in exc.error_dict[name]]
    if errors:
        raise ValidationError(errors)
    return parsed


@transaction.atomic
def application_update(*, actor: User, application: Application, **fields) -> Application:
    _require_filer(actor, application.organization)
    _require_editable(application)
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in sorted(unknown)})
    fields.update(_money_fields(fields))
    if "license_class" in fields:
        _validate_class(application.license_type, fields["license_class"])
    _validate_base_license(fields.get("base_license"), application.organization)
    changed = [name for name, value in fields.items() if getattr(application, name) != value]
    before = {name: getattr(application, name) for name in fields}
    for name, value in fields.items():
        setattr(application, name, value)
    try:
        # Impossible dates, ranges and amounts are refused where they are typed (30 DCMR 1202.2, 1400.4).
        refused = entry_refusals(application, entered=set(fields))
        if refused:
            raise RuleViolation(refused)
        if {"license_class", "base_license"} & set(fields):
            _validate_multihall(application)
    except ValidationError:
        for name, value in before.items():  # the caller's instance shows nothing that was refused
            setattr(application, name, value)
        raise
    application.step = max(application.step, fields.get("step", application.step))
    application.as_senior_group = senior_group(application)
    application.full_clean()
    application.save()
    if changed:
        events.application_updated(actor=actor, application=application, changed=changed)
    return application


def premises_get_or_create(*, name: str, street_address: str, postal_code: str, city: str = "Washington",
                           state: str = "DC", certificate_of_occupancy: str = "") -> Premises:
    """One row per hall, found by its normalized address (30 DCMR 1400.5 counts across organizations);
    raises PremisesOnRecord when the row there says something else (licensing.premises.rules)."""
    return premises_find_or_create(typed=PremisesTyped(
        name=name, street_address=street_address, postal_code=postal_code, city=city, state=state,
        certificate_of_occupancy=certificate_of_occupancy))


@transaction.atomic
def application_premises_set(*, actor: User, application: Application, name: str, street_address: str,
                             postal_code: str, city: str = "Washington", state: str = "DC",
                             certificate_of_occupancy: str = "", resolution: str | None = None) -> Application:
    """Name the premises by address. A hall already on record that the filer describes differently is not
    taken silently: PremisesOnRecord until the filer confirms the record or files a correction (`resolution`)."""
    _require_filer(actor, application.organization)
    _require_editable(application)
    premises, correction = premises_for_application(
        actor=actor, application=application, resolution=resolution, typed=PremisesTyped(
            name=name, street_address=street_address, postal_code=postal_code, city=city, state=state,
            certificate_of_occupancy=certificate_of_occupancy))
    previous = application.premises_id
    application.premises = premises
    application.save(update_fields=["premises", "updated_at"])
    events.application_premises_set(actor=actor, application=application, previous=previous, resolution=resolution,
                                    premises=premises, correction=correction)
    return application


@transaction.atomic
def application_occasions_set(*, actor: User, application: Application, occasions: list[dict]) -> list[BingoOccasion]:
    """Replace the schedule: [{"date", "starts_at", "ends_at", "premises" (optional, default the application's)}]."""
    _require_filer(actor, application.organization)
    _require_editable(application)
    rows, errors = [], {}
    today = timezone.localdate()
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
        # A date already past, or an end before the start, is refused on its row and field (1202.2(m)).
        for finding in rules.occasion_entry(rules.Occasion(row.date, row.starts_at, row.ends_at, premises.pk),
                                            today=today):
            errors.setdefault(f"occasions[{index}].{finding.field}", []).append(RuleError(finding))
        rows.append(row)
    if errors:
        raise ValidationError(errors)
    # A draft's schedule is not yet a record of the Board; what was submitted lives in the snapshot.
    application.occasions.all().delete()
    BingoOccasion.objects.bulk_create(rows)
    events.application_schedule_set(actor=actor, application=application, rows=rows)
    return rows




def _snapshot(application: Application) -> dict:
    hooks = hooks_for(application.license_type)
    if hooks is not None:
        return json.loads(json.dumps(hooks.snapshot(application), cls=DjangoJSONEncoder))
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
def application_submit(*, application: Application, actor: User, today: dt.date | None = None) -> Application:
    application = Application.objects.select_for_update().get(pk=application.pk)
    _require_filer(actor, application.organization)
    _require_editable(application)
    # One day for every check and the price: the fee and bond in force on the submission date are the ones due.
    today = today or timezone.localdate()
    findings = application_findings(application, today=today, actor=actor)
    blocking = [finding for finding in findings if finding.blocking]
    if blocking:
        raise RuleViolation(blocking)
    senior = senior_group(application, on=today)
    quote = quote_for(application, on=today, senior=senior)
    was_deficient = application.status == ApplicationStatus.DEFICIENT
    application.findings = [asdict(f) for f in findings]  # what staff see at review, as of submission
    application.as_senior_group = senior  # 1202.2(i) as the Board decides on it: from the checked profile
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
            events.deficiency_cured(actor=actor, application=application, notice=notice)
    submitted = events.application_resubmitted if was_deficient else events.application_submitted
    submitted(actor=actor, application=application, findings=findings)
    return application


@transaction.atomic
def application_withdraw(*, actor: User, application: Application) -> Application:
    _require_filer(actor, application.organization)
    if application.status not in (ApplicationStatus.DRAFT, *EDITABLE_STATUSES, ApplicationStatus.SUBMITTED):
        raise ValidationError({"status": _("Only a draft or pending application can be withdrawn.")})
    application.status = ApplicationStatus.WITHDRAWN
    application.save(update_fields=["status", "updated_at"])
    review_events.application_withdrawn(actor=actor, application=application)
    return application
