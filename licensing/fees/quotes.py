"""Fee and bond quotes from the Board's effective-dated schedules (30 DCMR 1204, 1205, 1414).

Figures come from schedule rows, never from code; the only figures computed here are the ones
the rules themselves define: the multi-hall bond (1414.9: highest prize offered plus 15%) and a
vendor's renewal fee by prior-year gross sales (1208.4). A vendor posts no bond.
`fee_quote` validates, reads the rows in effect (the one database read, `schedule_rows_in_effect`)
and hands them to `quote_from_rows`, which is pure and tested without a database.

Multi-hall proration (1414: a multi-hall license never runs beyond the base license's expiry,
and its fee may be prorated): a regular-period fee is charged for the days left on the base
bingo license,

    fee = full fee * (base_expires_on - on).days / 365, rounded to the cent (ROUND_HALF_UP),

never more than the full fee. A limited-period fee covers at most 7 days and is not prorated.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from licensing.models import BondScheduleRow, FeeScheduleRow
from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, LicenseType, Period

CENT = Decimal("0.01")
DAYS_IN_YEAR = 365
MULTIHALL_BOND_FACTOR = Decimal("1.15")  # 30 DCMR 1414.9: highest prize plus 15%

# Where the classes of each license type are defined, cited when a class does not exist.
CLASS_RULES = {
    LicenseType.BINGO: "30 DCMR 1204.1",
    LicenseType.MULTIHALL: "30 DCMR 1414",
    LicenseType.RAFFLE: "30 DCMR 1202.2(n)",
    LicenseType.MONTECARLO: "30 DCMR 1204.16",
    LicenseType.VENDOR: "30 DCMR 1207.2(k)",
}
VENDOR_RENEWAL_RULE = "30 DCMR 1208.4"
# 1208.4: the renewal fee by the prior year's gross sales to licensed organizations: (below this, fee).
VENDOR_RENEWAL_BANDS = ((Decimal("5000.00"), Decimal("100.00")), (Decimal("20000.00"), Decimal("200.00")),
                        (Decimal("50000.00"), Decimal("400.00")))
VENDOR_RENEWAL_TOP_FEE = Decimal("600.00")  # over $49,999.99


@dataclass(frozen=True)
class FeeQuote:
    application_fee: Decimal | None  # None: the Board has not set this fee yet
    bond: Decimal | None  # None: no bond required, or the Board has not set the amount (see notes)
    citations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    can_submit: bool = True


def fee_quote(
    *,
    license_type: str,
    license_class: str,
    period: str = Period.REGULAR,
    senior: bool = False,
    kind: str = ApplicationKind.ORIGINAL,
    highest_prize: Decimal | None = None,
    on: datetime.date | None = None,
    base_expires_on: datetime.date | None = None,
    gross_sales: Decimal | None = None,
    staffing_income: Decimal | None = None,
) -> FeeQuote:
    """The application fee and bond for one application, as the schedules stand on `on` (default today). A vendor's
    renewal is priced by its gross sales of supplies and equipment plus its staffing income, if any (1208.4).

    Raises ValidationError (unknown values) or RuleViolation (a combination the rules do not allow),
    naming the field."""
    on = on or timezone.localdate()
    validate_quote_request(
        license_type=license_type, license_class=license_class, period=period, senior=senior, kind=kind,
        highest_prize=highest_prize, on=on, base_expires_on=base_expires_on, gross_sales=gross_sales,
        staffing_income=staffing_income,
    )
    fee_rows, bond_rows = ([], []) if priced_by_rule(license_type=license_type, kind=kind) else (
        schedule_rows_in_effect(license_type=license_type, license_class=license_class, kind=kind, on=on))
    return quote_from_rows(
        license_type=license_type, license_class=license_class, period=period, senior=senior, kind=kind,
        highest_prize=highest_prize, on=on, base_expires_on=base_expires_on, fee_rows=fee_rows, bond_rows=bond_rows,
        gross_sales=vendor_gross_sales(gross_sales, staffing_income),
    )


def schedule_rows_in_effect(
    *, license_type: str, license_class: str, kind: str, on: datetime.date
) -> tuple[list[FeeScheduleRow], list[BondScheduleRow]]:
    """The one database read: every fee and bond row of this type and class in effect on `on`."""
    in_effect = Q(effective_from__lte=on) & (Q(effective_to__isnull=True) | Q(effective_to__gt=on))
    same = Q(license_type=license_type, license_class=license_class)
    fee_rows = list(FeeScheduleRow.objects.filter(same & in_effect, kind=kind))
    bond_rows = list(BondScheduleRow.objects.filter(same & in_effect))
    return fee_rows, bond_rows


def validate_quote_request(
    *, license_type: str, license_class: str, period: str, senior: bool, kind: str,
    highest_prize: Decimal | None, on: datetime.date, base_expires_on: datetime.date | None,
    gross_sales: Decimal | None = None, staffing_income: Decimal | None = None,
) -> None:
    """Refuse unknown values (ValidationError), then combinations the rules do not allow (RuleViolation)."""
    unknown = {}
    for name, value, choices in (
        ("license_type", license_type, LicenseType),
        ("period", period, Period),
        ("kind", kind, ApplicationKind),
    ):
        if value not in choices.values:
            unknown[name] = ValidationError(
                _("%(value)s is not one of: %(choices)s.") % {"value": value, "choices": ", ".join(choices.values)},
                code="invalid_choice",
            )
    if unknown:
        raise ValidationError(unknown)

    findings = []
    classes = LICENSE_CLASSES[LicenseType(license_type)]
    if license_type == LicenseType.VENDOR:
        findings += _vendor_findings(license_class=license_class, senior=senior, kind=kind, gross_sales=gross_sales)
    else:
        if gross_sales is not None:
            findings.append(Finding(
                VENDOR_RENEWAL_RULE, _("Prior-year gross sales price a vendor's renewal only; leave them out."),
                field="gross_sales"))
        if staffing_income is not None:
            findings.append(Finding(
                VENDOR_RENEWAL_RULE, _("Prior-year staffing income prices a vendor's renewal only; leave it out."),
                field="staffing_income"))
        if license_class not in classes:
            findings.append(Finding(
                CLASS_RULES[LicenseType(license_type)],
                _("Class %(license_class)s does not exist for a %(license_type)s license; the classes are "
                  "%(classes)s.")
                % {"license_class": license_class, "license_type": LicenseType(license_type).label,
                   "classes": ", ".join(classes)},
                field="license_class",
            ))
        elif license_type == LicenseType.BINGO and license_class == "D" and not senior:
            findings.append(Finding(
                "30 DCMR 1204.1, 1201.3",
                _("Class D recreational bingo is for senior groups only."),
                field="license_class",
            ))
    if period == Period.LIMITED and license_type in (LicenseType.RAFFLE, LicenseType.MONTECARLO, LicenseType.VENDOR):
        findings.append(Finding(
            "30 DCMR 1204.1",
            _("Only bingo and multi-hall bingo licenses have a limited period; choose regular."),
            field="period",
        ))
    if license_type == LicenseType.MULTIHALL:
        if highest_prize is None:
            findings.append(Finding(
                "30 DCMR 1414.9",
                _("The multi-hall bond is the highest prize offered plus 15%: give the highest prize."),
                field="highest_prize",
            ))
        elif highest_prize <= 0:
            findings.append(Finding(
                "30 DCMR 1414.9", _("The highest prize offered must be more than zero."), field="highest_prize"
            ))
        if base_expires_on is not None and base_expires_on <= on:
            findings.append(Finding(
                "30 DCMR 1414",
                _("A multi-hall license cannot run beyond the base bingo license, which expires on %(date)s.")
                % {"date": base_expires_on.isoformat()},
                field="base_expires_on",
            ))
    if findings:
        raise RuleViolation(findings)


def _vendor_findings(*, license_class: str, senior: bool, kind: str, gross_sales: Decimal | None) -> list[Finding]:
    findings = []
    if license_class:
        findings.append(Finding(CLASS_RULES[LicenseType.VENDOR], _("A vendor license has no class; leave it out."),
                                field="license_class"))
    if senior:
        findings.append(Finding("30 DCMR 1201.1", _("A senior group is an organization, not a vendor."),
                                field="senior"))
    if kind == ApplicationKind.RENEWAL and gross_sales is None:
        findings.append(Finding(VENDOR_RENEWAL_RULE, _(
            "A vendor's renewal fee follows the prior year's gross sales to licensed organizations: give them."),
            field="gross_sales"))
    return findings


def priced_by_rule(*, license_type: str, kind: str) -> bool:
    """A vendor's renewal is priced by 1208.4 from its gross sales, not by a schedule row."""
    return license_type == LicenseType.VENDOR and kind == ApplicationKind.RENEWAL


def vendor_gross_sales(gross_sales: Decimal | None, staffing_income: Decimal | None) -> Decimal | None:
    """30 DCMR 1208.4: the renewal fee follows the prior year's gross sales of supplies, equipment and staffing (if
    any) to licensed organizations: the staffing income counts with the sales. None while no sales are given."""
    if gross_sales is None:
        return None
    return gross_sales + (staffing_income or Decimal("0"))


def vendor_renewal_fee(gross_sales: Decimal) -> Decimal:
    """30 DCMR 1208.4: under $5,000: $100; $5,000 to $19,999.99: $200; $20,000 to $49,999.99: $400;
    over $49,999.99: $600 (exact to the cent)."""
    for below, fee in VENDOR_RENEWAL_BANDS:
        if gross_sales < below:
            return fee
    return VENDOR_RENEWAL_TOP_FEE


def quote_from_rows(
    *, license_type: str, license_class: str, period: str, senior: bool, kind: str,
    highest_prize: Decimal | None, on: datetime.date, base_expires_on: datetime.date | None,
    fee_rows: Iterable, bond_rows: Iterable, gross_sales: Decimal | None = None,
) -> FeeQuote:
    """The quote for an already validated request, from candidate schedule rows (pure)."""
    if priced_by_rule(license_type=license_type, kind=kind):
        return FeeQuote(application_fee=vendor_renewal_fee(gross_sales), bond=None, citations=[VENDOR_RENEWAL_RULE],
                        notes=[_("A vendor posts no bond.")])
    citations: list[str] = []
    notes: list[str] = []
    can_submit = True
    type_label = LicenseType(license_type).label

    fee_row = pick_row(fee_rows, on=on, period=period, senior=senior)
    if fee_row is None:
        application_fee = None
        can_submit = False
        notes.append(
            _("The Board has not set the %(license_type)s Class %(license_class)s %(kind)s fee yet; "
              "an application cannot be submitted until it does.")
            % {"license_type": type_label, "license_class": license_class,
               "kind": ApplicationKind(kind).label.lower()}
        )
    else:
        application_fee = fee_row.amount
        citations.append(fee_row.rule)
        if license_type == LicenseType.MULTIHALL and period == Period.REGULAR:
            if base_expires_on is None:
                notes.append(_("30 DCMR 1414: the fee is prorated to the days left on the base bingo license; "
                               "give its expiry date to see the prorated fee."))
            else:
                application_fee = prorate(application_fee, on=on, expires_on=base_expires_on)
                citations.append("30 DCMR 1414")

    if license_type == LicenseType.VENDOR:
        bond = None
        notes.append(_("A vendor posts no bond."))
    elif license_type == LicenseType.MULTIHALL:
        bond = multihall_bond(highest_prize)
        citations.append("30 DCMR 1414.9")
    elif license_type == LicenseType.BINGO and license_class == "D" and senior:
        bond = None
        citations.append("30 DCMR 1201.3")
        notes.append(_("30 DCMR 1201.3: a senior group's Class D recreational bingo needs no bond."))
    else:
        bond_row = pick_row(bond_rows, on=on, period=period, senior=senior)
        if bond_row is None:
            # 1205.2 requires the bond; without the Board's amount nobody can post it, so filing waits.
            bond = None
            can_submit = False
            notes.append(
                _("30 DCMR 1205.2: the Board has not set a bond amount for a %(license_type)s Class "
                  "%(license_class)s license yet; an application cannot be submitted until it does.")
                % {"license_type": type_label, "license_class": license_class}
            )
        else:
            bond = bond_row.amount
            citations.append(bond_row.rule)

    return FeeQuote(
        application_fee=application_fee, bond=bond, citations=list(dict.fromkeys(citations)), notes=notes,
        can_submit=can_submit,
    )


def pick_row(rows: Iterable, *, on: datetime.date, period: str, senior: bool):
    """The row that applies: in effect on `on`, matching or blank on period and senior group.

    A row naming the period or the senior group beats a blank one (Class C senior $10 beats Class C $50);
    among equally specific rows the one effective most recently wins, so a new row takes over from its date."""
    candidates = [
        row for row in rows
        if row.effective_from <= on and (row.effective_to is None or on < row.effective_to)
        and row.period in ("", period) and row.senior in (None, senior)
    ]
    return max(
        candidates, key=lambda row: (row.period != "", row.senior is not None, row.effective_from), default=None
    )


def prorate(fee: Decimal, *, on: datetime.date, expires_on: datetime.date) -> Decimal:
    """30 DCMR 1414: fee * days left / 365, to the cent (half up), never more than the full fee."""
    days_left = (expires_on - on).days
    return min(fee, (fee * days_left / DAYS_IN_YEAR).quantize(CENT, rounding=ROUND_HALF_UP))


def multihall_bond(highest_prize: Decimal) -> Decimal:
    """30 DCMR 1414.9: the highest prize offered plus 15%, to the cent."""
    return (highest_prize * MULTIHALL_BOND_FACTOR).quantize(CENT, rounding=ROUND_HALF_UP)
