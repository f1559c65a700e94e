"""What a vendor license application must hold (30 DCMR 1207.2 (a)-(l)): pure functions over the facts the
application gathered, each gap a finding with its paragraph and the field to fix. The disqualification of the
people named is vendors/owners/rules.py (1206.4)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from vendors.rules import DC, clearance_jurisdictions

SHARES_TOTAL = Decimal("100")


@dataclass(frozen=True)
class NamedPerson:
    """An officer, director, partner, shareholder or other owner (1207.2(d)), or an employee (listed for 1401.13),
    as the application lists them."""

    name: str
    role: str
    address: str = ""
    born: dt.date | None = None
    share: Decimal = Decimal("0")  # percent of the ownership
    police_clearance: bool = False  # the District's police clearance report is on file (1207.2(l))
    employee: bool = False  # an employee, not an officer: no share unless they own one
    residence: str = DC  # the state of residence (two letters; "" unknown)
    residence_clearance: bool = False  # the report of the jurisdiction of residence is on file
    business_clearance: bool = False  # the report of the jurisdiction of the business is on file

    @property
    def owner_or_officer(self) -> bool:
        """1207.2(d), (l) ask of owners and officers: an employee counts only with a share of the ownership."""
        return not self.employee or self.share > 0


@dataclass(frozen=True)
class Supplier:
    name: str
    address: str = ""


@dataclass(frozen=True)
class CatalogueItem:
    name: str
    unit: str = ""
    unit_price: Decimal | None = None  # from the certified price list (1207.2(j))


@dataclass(frozen=True)
class VendorApplicationFacts:
    name: str = ""
    address: str = ""
    business_type: str = ""
    established_on: dt.date | None = None
    established_at: str = ""  # the place of establishment (1207.2(c))
    people: Sequence[NamedPerson] = field(default_factory=tuple)
    prior_year_gross_receipts: Decimal | None = None
    suppliers: Sequence[Supplier] = field(default_factory=tuple)
    makes_own_supplies: bool = False  # a manufacturer buying from nobody names no supplier
    catalogue: Sequence[CatalogueItem] = field(default_factory=tuple)
    years_in_business: int | None = None
    organized_in_dc: bool | None = None
    dc_business_license: str = ""
    resident_agent_name: str = ""
    resident_agent_address: str = ""
    business_state: str = DC  # the jurisdiction of the business (1207.2(l))
    price_list_certified: bool = False
    fee_paid: bool = False


def _missing(paragraph: str, field_name: str, message: str) -> Finding:
    """The finding of one gap: the sentence, then its citation inside it."""
    rule = f"30 DCMR 1207.2({paragraph})"
    return Finding(rule, f"{message.removesuffix('.')} ({rule}).", field=field_name)


def identity_findings(facts: VendorApplicationFacts) -> list[Finding]:
    """(a) name and address, (b) business type, (c) date and place of establishment, (h) years in business."""
    findings = []
    if not facts.name.strip():
        findings.append(_missing("a", "name", _("Give the applicant's name.")))
    if not facts.address.strip():
        findings.append(_missing("a", "address", _("Give the applicant's address.")))
    if not facts.business_type.strip():
        findings.append(_missing("b", "business_type", _(
            "Say what type of business or organization the applicant is.")))
    if facts.established_on is None:
        findings.append(_missing("c", "established_on", _("Give the date the business was established.")))
    if not facts.established_at.strip():
        findings.append(_missing("c", "established_at", _("Give the place where the business was established.")))
    if facts.years_in_business is None:
        findings.append(_missing("h", "years_in_business", _("Give the number of years in the supply business.")))
    return findings


def people_findings(facts: VendorApplicationFacts) -> list[Finding]:
    """(d) every officer, director, partner, shareholder or other owner with an address (and the date of birth the
    disqualification and ties checks need); (l) for each of them the police clearance reports of the District and
    of the jurisdictions of residence and of the business. Employees are listed (1401.13) but none of this is asked
    of them: (d) and (l) name owners and officers only."""
    if not any(person.owner_or_officer for person in facts.people):
        return [_missing("d", "people", _(
            "Name every officer, director, partner, shareholder or other owner of the business."))]
    findings = []
    for person in facts.people:
        if not person.owner_or_officer:
            continue
        values = {"role": person.role, "name": person.name}
        if not person.address.strip():
            findings.append(_missing("d", "people", _("Give the address of %(role)s %(name)s.") % values))
        if person.born is None:
            findings.append(_missing("d", "people", _("Give the date of birth of %(role)s %(name)s.") % values))
        on_file = {"dc": person.police_clearance, "residence": person.residence_clearance,
                   "business": person.business_clearance}
        for which in clearance_jurisdictions(residence=person.residence, business=facts.business_state):
            if on_file[which]:
                continue
            if which == "dc":
                message = _("Upload the District's police clearance report of %(role)s %(name)s.") % values
            elif which == "residence":
                message = _("Upload the police clearance report of %(role)s %(name)s from the jurisdiction where "
                            "they live (%(state)s).") % {**values, "state": person.residence or _("state unknown")}
            else:
                message = _("Upload the police clearance report of %(role)s %(name)s from the jurisdiction of the "
                            "business (%(state)s).") % {**values, "state": facts.business_state}
            findings.append(_missing("l", "people", message))
    total = sum(person.share for person in facts.people)
    if total > SHARES_TOTAL:
        findings.append(_missing("d", "people", _(
            "The shares of ownership add up to %(total)s%%, more than 100%%.") % {"total": f"{total:.2f}"}))
    return findings


def trade_findings(facts: VendorApplicationFacts) -> list[Finding]:
    """(e) prior-year gross receipts from supplies to licensed organizations, (f) each supplier or manufacturer,
    (g) the catalogue for the license term, (j) the certified price list of that catalogue."""
    findings = []
    if facts.prior_year_gross_receipts is None:
        findings.append(_missing("e", "prior_year_gross_receipts", _(
            "Give the prior year's gross receipts from supplies sold, leased or distributed to licensed "
            "organizations (0.00 if none).")))
    if not facts.suppliers and not facts.makes_own_supplies:
        findings.append(_missing("f", "suppliers", _(
            "Name each supplier or manufacturer of your supplies, or say that you make them yourself.")))
    for supplier in facts.suppliers:
        if not supplier.address.strip():
            findings.append(_missing("f", "suppliers", _("Give the address of supplier %(name)s.")
                                     % {"name": supplier.name}))
    if not facts.catalogue:
        findings.append(_missing("g", "catalogue", _(
            "List the equipment and supplies you will sell, lease or distribute during the license.")))
    unpriced = [item.name for item in facts.catalogue if item.unit_price is None or not item.unit.strip()]
    if unpriced:
        findings.append(_missing("j", "catalogue", _(
            "Give the unit and the unit price of every catalogue item; missing for: %(items)s.")
            % {"items": ", ".join(unpriced)}))
    if facts.catalogue and not facts.price_list_certified:
        findings.append(_missing("j", "price_list_certified", _(
            "Certify the price list: it holds for the whole license term.")))
    return findings


def standing_findings(facts: VendorApplicationFacts) -> list[Finding]:
    """(i) the DC business license of a firm organized in DC, or the resident agent of one organized elsewhere;
    (k) the license fee."""
    findings = []
    if facts.organized_in_dc is None:
        findings.append(_missing("i", "organized_in_dc", _(
            "Say whether the business is organized in the District.")))
    elif facts.organized_in_dc and not facts.dc_business_license.strip():
        findings.append(_missing("i", "dc_business_license", _(
            "A business organized in the District gives its DC business license.")))
    elif not facts.organized_in_dc and not (facts.resident_agent_name.strip()
                                             and facts.resident_agent_address.strip()):
        findings.append(_missing("i", "resident_agent_name", _(
            "A business organized outside the District names a resident agent, with an address, to receive "
            "legal papers and the Board's notices.")))
    if not facts.fee_paid:
        findings.append(_missing("k", "fee_paid", _("Pay the license fee.")))
    return findings


def application_findings(facts: VendorApplicationFacts) -> list[Finding]:
    """Every gap in a vendor application, in the order of 1207.2."""
    findings = [*identity_findings(facts), *people_findings(facts), *trade_findings(facts),
                *standing_findings(facts)]
    return sorted(findings, key=lambda finding: finding.rule)  # stable: (a) before (b) ..., in place within each
