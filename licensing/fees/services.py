"""Fee and bond schedule rows: Board staff keep them in the admin, and every save is audited.

A row that has taken effect keeps its figures: quotes already given must stay reproducible, so
staff end it (effective_to) and add a new row from that date instead of rewriting it."""

import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleError
from licensing.audit.events import audit_event_record
from licensing.fees.quotes import CLASS_RULES
from licensing.models import BondScheduleRow, FeeScheduleRow, User
from licensing.models.choices import LICENSE_CLASSES, LicenseType, Period

# What a row says; once in effect these stay as they are (only effective_to, rule and notes change).
FIGURE_FIELDS = ("license_type", "license_class", "period", "senior", "amount", "effective_from", "kind")


def schedule_row_validate(
    *, model: type, license_type: str | None, license_class: str | None, period: str | None,
    effective_from: datetime.date | None, effective_to: datetime.date | None, amount: Decimal | None,
) -> None:
    """Raise a ValidationError by field for whatever is wrong with a row's values (pure; missing
    values are left to field validation). Rule breaches carry their citation (RuleError)."""
    errors: dict[str, list[ValidationError]] = {}

    def rule(section: str, message: str, field: str) -> None:
        errors.setdefault(field, []).append(RuleError(Finding(section, message, field=field)))

    classes = LICENSE_CLASSES.get(license_type, ()) if license_type in LicenseType.values else None
    if classes is not None and license_class is not None and license_class not in classes:
        if license_type == LicenseType.VENDOR:
            message = _("A vendor license has no class: leave the class blank.")
        elif not license_class:
            message = _("Choose the class this row is for: %(classes)s.") % {"classes": ", ".join(classes)}
        else:
            message = _("Class %(license_class)s does not exist for this license type; its classes are "
                        "%(classes)s.") % {"license_class": license_class, "classes": ", ".join(classes)}
        rule(CLASS_RULES[LicenseType(license_type)], message, "license_class")
    if period == Period.LIMITED and license_type in (LicenseType.RAFFLE, LicenseType.MONTECARLO):
        rule("30 DCMR 1204.1", _("Only bingo and multi-hall bingo licenses have a limited period."), "period")
    if model is BondScheduleRow and license_type == LicenseType.MULTIHALL:
        rule("30 DCMR 1414.9",
             _("The multi-hall bond is computed (the highest prize offered plus 15%); it has no schedule row."),
             "license_type")
    if model is BondScheduleRow and license_type == LicenseType.BINGO and license_class == "D":
        rule("30 DCMR 1201.3", _("Class D recreational bingo of a senior group needs no bond."), "license_class")
    if amount is not None and amount < 0:
        errors.setdefault("amount", []).append(ValidationError(_("An amount cannot be negative."), code="min_value"))
    if effective_from and effective_to and effective_to <= effective_from:
        errors.setdefault("effective_to", []).append(
            ValidationError(_("A row must end after the day it takes effect."), code="invalid")
        )
    if errors:
        raise ValidationError(errors)


def schedule_row_change_validate(
    *, stored: FeeScheduleRow | BondScheduleRow, changes: dict, today: datetime.date
) -> None:
    """Refuse changes that would rewrite what a row already said (pure): a row that has taken
    effect keeps its figures, and it ends from today at the earliest, never in the past."""
    errors = {}
    if stored.effective_from <= today:
        for name in FIGURE_FIELDS:
            if name in changes and changes[name] != getattr(stored, name):
                errors[name] = _("This row has taken effect: end it with 'effective until' and add a new row "
                                 "instead.")
    if "effective_to" in changes and changes["effective_to"] != stored.effective_to:
        if stored.effective_to is not None and stored.effective_to <= today:
            errors["effective_to"] = _("This row has ended; it can no longer change.")
        elif stored.effective_from <= today and changes["effective_to"] is not None and changes["effective_to"] < today:
            errors["effective_to"] = _("A row in effect ends from today at the earliest, never in the past.")
    if errors:
        raise ValidationError(errors)


def _values(row: FeeScheduleRow | BondScheduleRow) -> dict:
    fields = [*FIGURE_FIELDS, "effective_to", "rule", "notes"]
    return {name: (str(value) if value is not None else None)
            for name in fields if hasattr(row, name) for value in [getattr(row, name)]}


@transaction.atomic
def schedule_row_save(
    *, row: FeeScheduleRow | BondScheduleRow, actor: User | None, today: datetime.date | None = None
) -> FeeScheduleRow | BondScheduleRow:
    """Create or change a schedule row after checking it, and record who did what."""
    today = today or timezone.localdate()
    schedule_row_validate(
        model=type(row), license_type=row.license_type, license_class=row.license_class, period=row.period,
        effective_from=row.effective_from, effective_to=row.effective_to, amount=row.amount,
    )
    row.full_clean()
    before = None
    if row.pk is not None:
        stored = type(row).objects.select_for_update().get(pk=row.pk)
        before = _values(stored)
        changes = {name: getattr(row, name) for name in (*FIGURE_FIELDS, "effective_to") if hasattr(row, name)}
        schedule_row_change_validate(stored=stored, changes=changes, today=today)
    row.save()
    audit_event_record(
        event_type=f"licensing.{type(row)._meta.model_name}_saved", actor=actor, target=row,
        payload={"before": before, "after": _values(row)},
    )
    return row
