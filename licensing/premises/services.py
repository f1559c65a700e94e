"""Writes of premises: find or create the one record of a hall, file a filer's correction of it, and board
staff accepting or rejecting that correction. See licensing.premises.rules for why nothing typed is
dropped silently."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleError, RuleViolation
from licensing.models import Application, CorrectionStatus, Premises, PremisesCorrection, User
from licensing.organizations.rules import address_findings, us_state
from licensing.premises import events, rules

USE_RECORD = "record"  # the filer confirms the premises on record
FILE_CORRECTION = "correction"  # the filer files what differs, for board staff to accept
RESOLUTIONS = (USE_RECORD, FILE_CORRECTION)


class PremisesOnRecord(RuleViolation):
    """The address is a hall on record whose name or certificate differ from what was typed: the caller
    shows the record and asks the filer to confirm it or file a correction."""

    def __init__(self, premises: Premises, found: list[rules.Difference], rule: str):
        super().__init__(rules.difference_findings(found, rule=rule))
        self.premises = premises
        self.differences = found


@dataclass(frozen=True)
class PremisesTyped:
    name: str
    street_address: str
    postal_code: str
    city: str = "Washington"
    state: str = "DC"
    certificate_of_occupancy: str = ""

    def cleaned(self) -> PremisesTyped:
        return PremisesTyped(
            name=" ".join(self.name.split()), street_address=" ".join(self.street_address.split()),
            postal_code=self.postal_code.strip(), city=" ".join(self.city.split()),
            state=us_state(self.state) or self.state.strip().upper(),
            certificate_of_occupancy=self.certificate_of_occupancy.strip(),
        )


def _validate(typed: PremisesTyped, *, rule: str) -> None:
    errors: dict[str, list] = {}
    for field in ("name", "street_address", "postal_code"):
        if not getattr(typed, field):
            errors.setdefault(field, []).append(RuleError(Finding(rule, _("Give the premises' %(item)s.") % {
                "item": Premises._meta.get_field(field).verbose_name}, field=field)))
    for finding in address_findings(state=typed.state, postal_code=typed.postal_code, rule=rule):
        errors.setdefault(finding.field, []).append(RuleError(finding))
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def premises_find_or_create(*, typed: PremisesTyped, rule: str = "30 DCMR 1202.2(m)") -> Premises:
    """The hall at this address: created when new, the record when what was typed agrees with it; raises
    PremisesOnRecord when it does not (the record is never silently taken over nor rewritten)."""
    typed = typed.cleaned()
    _validate(typed, rule=rule)
    record = Premises.objects.select_for_update().filter(
        address_key=Premises.key_for(typed.street_address, typed.postal_code)).first()
    if record is None:
        record = Premises(name=typed.name, street_address=typed.street_address, postal_code=typed.postal_code,
                          city=typed.city, state=typed.state, certificate_of_occupancy=typed.certificate_of_occupancy)
        record.full_clean(exclude=["address_key"])
        record.save()
        return record
    found = rules.differences(record_name=record.name, record_certificate=record.certificate_of_occupancy,
                              name=typed.name, certificate=typed.certificate_of_occupancy)
    if found:
        raise PremisesOnRecord(record, found, rule)
    return record


@transaction.atomic
def premises_for_application(*, actor: User, application: Application, typed: PremisesTyped,
                             resolution: str | None = None) -> tuple[Premises, PremisesCorrection | None]:
    """The premises an application names by address, with the correction filed when the filer asked for one.

    resolution: None (the typed premises must be new or agree with the record), USE_RECORD, or
    FILE_CORRECTION (the record is used and what differs goes to board staff)."""
    rule = rules.PLACE_RULES.get(application.license_type, "30 DCMR 1202.2(m)")
    if resolution not in (None, *RESOLUTIONS):
        raise ValidationError({"resolution": _("Choose %(choices)s.") % {"choices": " or ".join(RESOLUTIONS)}},
                              code="invalid_choice")
    typed = typed.cleaned()
    _validate(typed, rule=rule)
    record = Premises.objects.filter(address_key=Premises.key_for(typed.street_address, typed.postal_code)).first()
    missing = rules.certificate_required(license_type=application.license_type,
                                         certificate=typed.certificate_of_occupancy,
                                         record_certificate=record.certificate_of_occupancy if record else "")
    if missing:
        raise RuleViolation(missing)
    try:
        return premises_find_or_create(typed=typed, rule=rule), None
    except PremisesOnRecord as on_record:
        if resolution is None:
            raise
        if resolution == USE_RECORD:
            return on_record.premises, None
        return on_record.premises, _correction_file(actor=actor, application=application,
                                                    premises=on_record.premises, found=on_record.differences)


def _correction_file(*, actor: User, application: Application, premises: Premises,
                     found: list[rules.Difference]) -> PremisesCorrection:
    wanted = {difference.field: difference.entered for difference in found}
    earlier = PremisesCorrection.objects.select_for_update().filter(
        application=application, premises=premises, status=CorrectionStatus.PENDING)
    for correction in earlier:  # kept as a record, no longer waiting
        correction.status = CorrectionStatus.REPLACED
        correction.save(update_fields=["status"])
    correction = PremisesCorrection.objects.create(
        premises=premises, application=application, organization=application.organization,
        name=wanted.get("name", ""), certificate_of_occupancy=wanted.get("certificate_of_occupancy", ""),
        name_on_record=premises.name, certificate_on_record=premises.certificate_of_occupancy, filed_by=actor,
    )
    events.premises_correction_filed(actor=actor, application=application, correction=correction, premises=premises,
                                     earlier=earlier, wanted=wanted)
    return correction


def _decide(*, actor: User, correction: PremisesCorrection) -> PremisesCorrection:
    if not actor.is_board_staff:
        raise PermissionDenied(_("Only board staff accept or reject a correction of the premises on record."))
    correction = PremisesCorrection.objects.select_for_update().select_related("premises").get(pk=correction.pk)
    if correction.status != CorrectionStatus.PENDING:
        raise ValidationError({"status": _("This correction is %(status)s already.") % {
            "status": correction.get_status_display().lower()}}, code="invalid_status")
    return correction


@transaction.atomic
def premises_correction_accept(*, actor: User, correction: PremisesCorrection) -> PremisesCorrection:
    """Board staff take the filer's name or certificate of occupancy (30 DCMR 1400.8) into the record."""
    correction = _decide(actor=actor, correction=correction)
    premises = Premises.objects.select_for_update().get(pk=correction.premises_id)
    before = {"name": premises.name, "certificate_of_occupancy": premises.certificate_of_occupancy}
    if correction.name:
        premises.name = correction.name
    if correction.certificate_of_occupancy:
        premises.certificate_of_occupancy = correction.certificate_of_occupancy
    premises.full_clean(exclude=["address_key"])
    premises.save()
    correction.status = CorrectionStatus.ACCEPTED
    correction.decided_by, correction.decided_at = actor, timezone.now()
    correction.save(update_fields=["status", "decided_by", "decided_at"])
    events.premises_correction_accepted(actor=actor, correction=correction, before=before, premises=premises)
    return correction


@transaction.atomic
def premises_correction_reject(*, actor: User, correction: PremisesCorrection) -> PremisesCorrection:
    correction = _decide(actor=actor, correction=correction)
    correction.status = CorrectionStatus.REJECTED
    correction.decided_by, correction.decided_at = actor, timezone.now()
    correction.save(update_fields=["status", "decided_by", "decided_at"])
    events.premises_correction_rejected(actor=actor, correction=correction)
    return correction
