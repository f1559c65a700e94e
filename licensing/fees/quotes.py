"""Fee and bond quotes from the Board's register (30 DCMR 1204, 1205, 1414).

Every figure is a dated number of the register (licensing.register), read as it stands on the quote's day `on`:
an application is priced by the numbers in force on its submission date. A fee or bond is the most specific key in
force (`fee_keys`, `bond_keys`: the period and the senior group, then the period, then the senior group, then neither,
so Class C senior $10 beats Class C $50). The rules themselves define two computations: the multi-hall bond (1414.9:
the highest prize offered plus `multihall.bond_margin` percent) and a vendor's renewal fee by prior-year gross sales
(1208.4, the bands `vendor.renewal_band_N`). A vendor posts no bond.
`fee_quote` validates, then hands `quote_from_numbers` a lookup of the register on `on`; `quote_from_numbers` is pure
(any callable from key to a row with `value` and `citation`, or None) and tested without a database.

Multi-hall proration (1414: a multi-hall license never runs beyond the base license's expiry, and its fee may be
prorated): a regular-period fee is charged for the days left on the base bingo license,

    fee = full fee * (base_expires_on - on).days / 365, rounded to the cent (ROUND_HALF_UP),

never more than the full fee. A limited-period fee covers at most 7 days and is not prorated.
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, LicenseType, Period
from licensing.register import values
from licensing.register.catalog import bond_key, entry, fee_key
from licensing.register.kinds import PERCENT, shown
from licensing.register.values import NumberNotSet

CENT = Decimal("0.01")
# Proration counts the days of a year: calendar arithmetic, not a number the Board sets (1414 says "prorated").
DAYS_IN_YEAR = 365
MULTIHALL_BOND_MARGIN = "multihall.bond_margin"  # 30 DCMR 1414.9: a percent of the highest prize, added to it
# 30 DCMR 1208.4: the renewal fee by the prior year's gross sales: (sales below this, fee), then the top fee.
VENDOR_RENEWAL_BANDS = (("vendor.renewal_band_1.sales_below", "vendor.renewal_band_1.fee"),
                        ("vendor.renewal_band_2.sales_below", "vendor.renewal_band_2.fee"),
                        ("vendor.renewal_band_3.sales_below", "vendor.renewal_band_3.fee"))
VENDOR_RENEWAL_TOP_FEE = "vendor.renewal_top.fee"

# Where the classes of each license type are defined, cited when a class does not exist.
CLASS_RULES = {
    LicenseType.BINGO: "30 DCMR 1204.1",
    LicenseType.MULTIHALL: "30 DCMR 1414",
    LicenseType.RAFFLE: "30 DCMR 1202.2(n)",
    LicenseType.MONTECARLO: "30 DCMR 1204.16",
    LicenseType.VENDOR: "30 DCMR 1207.2(k)",
}
VENDOR_RENEWAL_RULE = "30 DCMR 1208.4"


class Found(Protocol):
    """A number as the quote reads it: the register's row in force (licensing.register.values.Span)."""

    value: object
    citation: str


Lookup = Callable[[str], Found | None]


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
    """The application fee and bond for one application, as the register stands on `on` (default: the day rules
    judge by, licensing.register.values.today). A vendor's renewal is priced by its gross sales of supplies and
    equipment plus its staffing income, if any (1208.4).

    Raises ValidationError (unknown values) or RuleViolation (a combination the rules do not allow),
    naming the field."""
    on = on or values.today()
    validate_quote_request(
        license_type=license_type, license_class=license_class, period=period, senior=senior, kind=kind,
        highest_prize=highest_prize, on=on, base_expires_on=base_expires_on, gross_sales=gross_sales,
        staffing_income=staffing_income,
    )
    return quote_from_numbers(
        license_type=license_type, license_class=license_class, period=period, senior=senior, kind=kind,
        highest_prize=highest_prize, on=on, base_expires_on=base_expires_on, lookup=register_lookup(on),
        gross_sales=vendor_gross_sales(gross_sales, staffing_income),
    )


def register_lookup(on: datetime.date) -> Lookup:
    """The register as a quote reads it: each key's approved row in force on `on` (value and citation), or None."""
    return lambda key: values.span(key, on)


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
                _("The multi-hall bond is the highest prize offered plus %(margin)s: give the highest prize.")
                % {"margin": shown(PERCENT, values.value(MULTIHALL_BOND_MARGIN, on))},
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
    """A vendor's renewal is priced by 1208.4 from its gross sales (the register's bands), not by a fee key."""
    return license_type == LicenseType.VENDOR and kind == ApplicationKind.RENEWAL


def vendor_gross_sales(gross_sales: Decimal | None, staffing_income: Decimal | None) -> Decimal | None:
    """30 DCMR 1208.4: the renewal fee follows the prior year's gross sales of supplies, equipment and staffing (if
    any) to licensed organizations: the staffing income counts with the sales. None while no sales are given."""
    if gross_sales is None:
        return None
    return gross_sales + (staffing_income or Decimal("0"))


def vendor_renewal_fee(gross_sales: Decimal, *, lookup: Lookup, on: datetime.date) -> tuple[Decimal, str]:
    """30 DCMR 1208.4: the fee of the first band whose sales bound the gross sales are below, else the top fee
    (exact to the cent), with the citation of the row that set it."""
    for below_key, fee_key_ in VENDOR_RENEWAL_BANDS:
        if gross_sales < _required(lookup, below_key, on).value:
            found = _required(lookup, fee_key_, on)
            return found.value, found.citation
    found = _required(lookup, VENDOR_RENEWAL_TOP_FEE, on)
    return found.value, found.citation


def _required(lookup: Lookup, key: str, on: datetime.date) -> Found:
    """A number the text itself fixes (shipped in the jurisdiction's pack, so always held): NumberNotSet if not."""
    found = lookup(key)
    if found is None:
        raise NumberNotSet(key, on)
    return found


def _qualifiers(period: str, senior: bool) -> list[tuple[str | None, bool]]:
    """Most specific first: the period and the senior group, the period, the senior group, neither."""
    return [(p, s) for p, s in ((period, True), (period, False), (None, True), (None, False)) if senior or not s]


def fee_keys(*, license_type: str, license_class: str, kind: str, period: str, senior: bool) -> list[str]:
    """The register's keys that may set this fee, most specific first (only those the catalog holds: a raffle's
    fee has no period key)."""
    keys = [fee_key(license_type, license_class, kind, p, s) for p, s in _qualifiers(period, senior)]
    return [key for key in keys if entry(key) is not None]


def bond_keys(*, license_type: str, license_class: str, period: str, senior: bool) -> list[str]:
    """The register's keys that may set this bond, most specific first."""
    keys = [bond_key(license_type, license_class, p, s) for p, s in _qualifiers(period, senior)]
    return [key for key in keys if entry(key) is not None]


def pick_number(lookup: Lookup, keys: list[str]) -> Found | None:
    """The first of `keys` the register holds a value of (on the lookup's day): the most specific one."""
    for key in keys:
        found = lookup(key)
        if found is not None:
            return found
    return None


def quote_from_numbers(
    *, license_type: str, license_class: str, period: str, senior: bool, kind: str,
    highest_prize: Decimal | None, on: datetime.date, base_expires_on: datetime.date | None,
    lookup: Lookup, gross_sales: Decimal | None = None,
) -> FeeQuote:
    """The quote for an already validated request, from the numbers `lookup` gives (pure)."""
    if priced_by_rule(license_type=license_type, kind=kind):
        fee, cited = vendor_renewal_fee(gross_sales, lookup=lookup, on=on)
        return FeeQuote(application_fee=fee, bond=None, citations=[cited], notes=[_("A vendor posts no bond.")])
    citations: list[str] = []
    notes: list[str] = []
    can_submit = True
    type_label = LicenseType(license_type).label

    fee_found = pick_number(lookup, fee_keys(license_type=license_type, license_class=license_class, kind=kind,
                                             period=period, senior=senior))
    if fee_found is None:
        application_fee = None
        can_submit = False
        notes.append(
            _("The Board has not set the %(license_type)s Class %(license_class)s %(kind)s fee yet; "
              "an application cannot be submitted until it does.")
            % {"license_type": type_label, "license_class": license_class,
               "kind": ApplicationKind(kind).label.lower()}
        )
    else:
        application_fee = fee_found.value
        citations.append(fee_found.citation)
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
        margin = _required(lookup, MULTIHALL_BOND_MARGIN, on)
        bond = multihall_bond(highest_prize, margin=margin.value)
        citations.append(margin.citation)
    elif license_type == LicenseType.BINGO and license_class == "D" and senior:
        bond = None
        citations.append("30 DCMR 1201.3")
        notes.append(_("30 DCMR 1201.3: a senior group's Class D recreational bingo needs no bond."))
    else:
        bond_found = pick_number(lookup, bond_keys(license_type=license_type, license_class=license_class,
                                                   period=period, senior=senior))
        if bond_found is None:
            # 1205.2 requires the bond; without the Board's amount nobody can post it, so filing waits.
            bond = None
            can_submit = False
            notes.append(
                _("30 DCMR 1205.2: the Board has not set a bond amount for a %(license_type)s Class "
                  "%(license_class)s license yet; an application cannot be submitted until it does.")
                % {"license_type": type_label, "license_class": license_class}
            )
        else:
            bond = bond_found.value
            citations.append(bond_found.citation)

    return FeeQuote(
        application_fee=application_fee, bond=bond, citations=list(dict.fromkeys(citations)), notes=notes,
        can_submit=can_submit,
    )


def prorate(fee: Decimal, *, on: datetime.date, expires_on: datetime.date) -> Decimal:
    """30 DCMR 1414: fee * days left / 365, to the cent (half up), never more than the full fee."""
    days_left = (expires_on - on).days
    return min(fee, (fee * days_left / DAYS_IN_YEAR).quantize(CENT, rounding=ROUND_HALF_UP))


def multihall_bond(highest_prize: Decimal, *, margin: Decimal) -> Decimal:
    """30 DCMR 1414.9: the highest prize offered plus `margin` percent of it, to the cent (half up)."""
    # scaleb(-2): the percent as a fraction, exactly (a decimal shift, no division to round).
    return (highest_prize + (highest_prize * margin).scaleb(-2)).quantize(CENT, rounding=ROUND_HALF_UP)
