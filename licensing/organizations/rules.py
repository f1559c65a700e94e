"""Rules about the organization itself, pure functions that return Findings:

- the senior group of 30 DCMR 1201.1 (every member 60 or older, 55 with a disability, at least 10
  members: the figures in force in the Board's register on the day judged), judged on the counts of the checked
  profile, never on a box ticked on an application;
- a US address (a real state or territory code, a ZIP code) and a phone number that parses
  (1202.2(a), (j)-(m)): django-localflavor's state table, the phonenumbers library;
- which profile changes are substantial (1202.3): the name, the address, the responsible people;
- the organization's Employer Identification Number (EIN), the payer's federal identification number its Forms
  W-2G carry: two digits the IRS assigns, then seven;
- a person tied by ownership to the supply trade, or an agent, servant or employee of a supplier whatever their
  share, may not conduct or assist bingo, serve its operator or prepare its forms (1401.13, 1401.14), matched by
  name and date of birth (core.people)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from decimal import Decimal

import phonenumbers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from localflavor.us.us_states import USPS_CHOICES

from core.findings import Finding
from core.people import Sameness, sameness
from licensing.models.changes import ChangeKind
from licensing.register.values import value

SENIOR_RULE = "30 DCMR 1201.1"  # its figures: senior.minimum_members, senior.age, senior.age_disabled
SUBSTANTIAL_CHANGE_RULE = "30 DCMR 1202.3"  # its figure: amendment.filing_days

# The Postal Service's codes: the states, DC, the territories and the armed forces' addresses.
USPS_CODES = frozenset(code for code, _name in USPS_CHOICES)
ZIP_CODE = re.compile(r"[0-9]{5}(?:-[0-9]{4})?")  # [0-9], not \d: "２０００１" is no ZIP code
PHONE_REGION = "US"  # a number written without +country is read as a US number

# Profile fields whose change is a substantial change (1202.2(a): the organization's name and address).
SUBSTANTIAL_PROFILE_FIELDS = {
    "name": ChangeKind.NAME,
    "street_address": ChangeKind.ADDRESS,
    "city": ChangeKind.ADDRESS,
    "state": ChangeKind.ADDRESS,
    "postal_code": ChangeKind.ADDRESS,
}
# What a responsible person's record holds (1202.2(j),(k)); a replacement that changes none is no change.
RESPONSIBLE_PERSON_FIELDS = ("full_name", "street_address", "city", "state", "postal_code", "phone", "date_of_birth")


# --- Senior groups (30 DCMR 1201.1) ---

def senior_ages(on: dt.date | None = None) -> tuple[int, int]:
    """The age a senior group's members reach, and the age for a member with a disability (1201.1), in force on
    `on`."""
    return value("senior.age", on), value("senior.age_disabled", on)


def senior_group_findings(*, active_members: int, too_young: int, without_birth_date: int,
                          on: dt.date | None = None) -> list[Finding]:
    """Why the profile does not show a senior group on `on` (the day judged); none when it does."""
    findings = []
    minimum = value("senior.minimum_members", on)
    if active_members < minimum:
        findings.append(Finding(SENIOR_RULE, _(
            "A senior group needs at least %(minimum)s active members; it has %(count)s.")
            % {"minimum": minimum, "count": active_members}, field="members"))
    if too_young:
        age, age_disabled = senior_ages(on)
        findings.append(Finding(SENIOR_RULE, ngettext(
            "Every member of a senior group must be %(age)s or older (%(age_disabled)s with a disability); "
            "%(count)s active member is younger.",
            "Every member of a senior group must be %(age)s or older (%(age_disabled)s with a disability); "
            "%(count)s active members are younger.", too_young,
        ) % {"count": too_young, "age": age, "age_disabled": age_disabled}, field="members"))
    if without_birth_date:
        findings.append(Finding(SENIOR_RULE, ngettext(
            "Enter the date of birth of every member of a senior group; %(count)s is missing.",
            "Enter the date of birth of every member of a senior group; %(count)s are missing.",
            without_birth_date,
        ) % {"count": without_birth_date}, field="members"))
    return findings


# --- Addresses and phone numbers ---

def us_state(value: str | None) -> str | None:
    """The Postal Service code of a state or territory ("dc" -> "DC"); None when it is none ("ZZ"). Codes only:
    a name would be guessed wrong here ("Washington" is the city of most addresses, not the state)."""
    code = (value or "").strip().upper()
    return code if code in USPS_CODES else None


def us_zip(value: str | None) -> str | None:
    text = (value or "").strip()
    return text if ZIP_CODE.fullmatch(text) else None


def phone_number(value: str | None) -> str | None:
    """The number as the Board writes it: "(202) 727-1000" for a US number, "+44 20 7946 0958" for
    another country's; None when the text is no valid phone number ("hello", "555-0100")."""
    text = (value or "").strip()
    if not text or len(text) > 40:
        return None
    try:
        number = phonenumbers.parse(text, PHONE_REGION)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    style = (phonenumbers.PhoneNumberFormat.NATIONAL if number.country_code == 1
             else phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    return phonenumbers.format_number(number, style)


def address_findings(*, state: str, postal_code: str, rule: str) -> list[Finding]:
    """A state or territory the Postal Service knows and a ZIP code; `rule` is the item of 1202.2
    that asks for this address."""
    findings = []
    if postal_code and us_zip(postal_code) is None:
        findings.append(Finding(rule, _("Enter a ZIP code such as 20001 or 20001-1234."), field="postal_code"))
    if state and us_state(state) is None:
        findings.append(Finding(rule, _(
            "Enter the two-letter state code of a US state or territory, such as DC; %(value)s is not one.")
            % {"value": state}, field="state"))
    return findings


def phone_findings(phone: str, *, rule: str, required: bool) -> list[Finding]:
    if not (phone or "").strip():
        if required:
            return [Finding(rule, _("Enter a phone number, such as (202) 727-1000."), field="phone")]
        return []
    if phone_number(phone) is None:
        return [Finding(rule, _(
            "Enter a phone number that can be dialled, such as (202) 727-1000 or +44 20 7946 0958; "
            "%(value)s is not one.") % {"value": phone[:40]}, field="phone")]
    return []


# --- The Employer Identification Number (the payer's on Form W-2G) ---

# 26 CFR 301.7701-12: an EIN is nine digits separated by a hyphen, as follows: 00-0000000.
EIN_RULE = "26 CFR 301.7701-12"
EIN_SHAPE = re.compile(r"(?P<prefix>[0-9]{2})-?(?P<serial>[0-9]{7})")  # [0-9], not \d: "１２-３４５６７８９" is no EIN
# The prefixes the IRS assigns EINs under, by campus, the Internet and the SBA (IRS, "How EINs are assigned and valid
# EIN prefixes", irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes):
# 01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95, 98-99. Any other (00, 07, 17, 49, 69, 89, 96...) was
# never assigned: a number under it is mistyped.
# Written as the IRS's page writes them (text, not figures: they are the IRS's, not the Board's register's).
EIN_PREFIX_RANGES = "01-06 10-16 20-27 30-48 50-68 71-77 80-88 90-95 98-99"
EIN_PREFIXES = frozenset(f"{prefix:02d}" for span in EIN_PREFIX_RANGES.split()
                         for prefix in range(int(span.split("-")[0]), int(span.split("-")[1]) + 1))
SSN_SHAPE = re.compile(r"[0-9]{3}-[0-9]{2}-[0-9]{4}")  # a person's number, not the organization's


def ein_normalized(value: object) -> str | None:
    """The EIN as the IRS writes it, "12-3456789", from that or from its nine digits; "" for none; None when the
    value is no EIN (another shape, a prefix the IRS does not assign, another script's digits, not text)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text:
        return ""
    match = EIN_SHAPE.fullmatch(text)
    if match is None or match["prefix"] not in EIN_PREFIXES:
        return None
    return f"{match['prefix']}-{match['serial']}"


def ein_findings(value: object) -> list[Finding]:
    """Why `value` is no EIN the organization may put on its Forms W-2G; none when it is one, or blank (an
    organization that pays no reportable prize need not give it). The message never repeats the value: it may hold
    what should not be echoed (a NUL, a Social Security number written in the wrong box)."""
    if ein_normalized(value) is not None:
        return []
    text = value.strip() if isinstance(value, str) else ""
    if SSN_SHAPE.fullmatch(text):
        return [Finding(EIN_RULE, _(
            "That is written like a person's Social Security number (123-45-6789): the organization's Employer "
            "Identification Number is written like 12-3456789 (%(rule)s).") % {"rule": EIN_RULE}, field="ein")]
    match = EIN_SHAPE.fullmatch(text)
    if match is None:
        return [Finding(EIN_RULE, _(
            "Write the Employer Identification Number as nine digits 0-9, like 12-3456789 (%(rule)s).")
            % {"rule": EIN_RULE}, field="ein")]
    return [Finding(EIN_RULE, _(
        "No Employer Identification Number starts with %(prefix)s: the IRS assigns the first two digits from its "
        "list of valid EIN prefixes (%(prefixes)s). Check the number on the IRS's letter that assigned it.")
        % {"prefix": match["prefix"], "prefixes": ", ".join(EIN_PREFIX_RANGES.split())},
        field="ein")]


# --- Substantial changes (30 DCMR 1202.3) ---

def substantial_profile_changes(changed: dict[str, list]) -> dict[str, dict[str, list]]:
    """The profile changes that are substantial, by kind: {"name": {"name": [old, new]}, "address": {...}}."""
    kinds: dict[str, dict[str, list]] = {}
    for field, values in changed.items():
        kind = SUBSTANTIAL_PROFILE_FIELDS.get(field)
        if kind is not None:
            kinds.setdefault(kind, {})[field] = values
    return kinds


def responsible_person_changed(before: dict | None, after: dict) -> bool:
    """Naming someone for a role is a change unless the person's every item is the same as before."""
    return before is None or any(before.get(field) != after.get(field) for field in RESPONSIBLE_PERSON_FIELDS)


def amendment_due(changed_on: dt.date) -> dt.date:
    """30 DCMR 1202.3: the amended application is due within the days in force on the day of the change, the
    day the duty arises (recorded then as SubstantialChange.due_on, so a later change of the figure moves no
    deadline already running)."""
    return changed_on + dt.timedelta(days=value("amendment.filing_days", changed_on))


# --- Ties to the supply trade (30 DCMR 1401.13, 1401.14) ---

SUPPLY_TIE_RULE = "30 DCMR 1401.13"


@dataclass(frozen=True)
class SupplyOwner:
    """A person of a maker, seller or distributor of bingo supplies: an owner (1401.14: any interest, directly or
    through an affiliate) or, with no share, one of its agents, servants or employees (1401.13: they count
    whatever their share). The firm's own contracts and license agreements are no tie (1401.14), but the people it
    names as its own are its agents, servants or employees."""

    name: str
    born: dt.date | None
    vendor: str
    share: Decimal  # percent; more than zero is an ownership interest, zero an agent, servant or employee
    through: str = ""  # the affiliate the interest is held through, if not direct
    ref: str = ""  # the owner's record ("vendors.owner:7"), which staff's decisions name
    role: str = ""  # as the vendor records it, lower case: "employee", "officer"


def supply_tie_findings(*, name: str, born: dt.date | None, doing: str, owners: Iterable[SupplyOwner],
                        confirmed: Collection[str] = (), dismissed: Collection[str] = (),
                        field: str | None = None) -> list[Finding]:
    """Whether the person named for `doing` (conducting or assisting bingo, serving an operator, preparing the
    organization's Board forms: 1401.13(a)-(c)) is tied by ownership to the supply trade, or is an agent, servant
    or employee of a supplier (a record with no share: 1401.13 counts them whatever their share). The same name and
    date of birth blocks; the same name with a date of birth unknown on one side is a possible match that Board staff
    confirm or dismiss (`confirmed`, `dismissed`: the owners, by their `ref`, or the vendors whose possible match
    staff decided); a confirmed one blocks like a match. A dismissal answers a possible match only: once both
    dates of birth are known and the same, it is a match whatever was decided on less."""
    findings = []
    for owner in owners:
        found = sameness(name, born, owner.name, owner.born)
        if found is None:
            continue
        is_confirmed = owner.vendor in confirmed or bool(owner.ref and owner.ref in confirmed)
        is_dismissed = owner.vendor in dismissed or bool(owner.ref and owner.ref in dismissed)
        if found == Sameness.POSSIBLE and is_dismissed and not is_confirmed:
            continue  # staff found it is another person
        if owner.share <= 0:
            findings.append(_servant_finding(name=name, doing=doing, owner=owner, field=field,
                                             match=found == Sameness.MATCH or is_confirmed))
            continue
        interest = (_("%(share)s%% of %(vendor)s through %(through)s")
                    % {"share": owner.share, "vendor": owner.vendor, "through": owner.through} if owner.through
                    else _("%(share)s%% of %(vendor)s") % {"share": owner.share, "vendor": owner.vendor})
        if found == Sameness.MATCH or is_confirmed:
            findings.append(Finding(SUPPLY_TIE_RULE, _(
                "%(name)s owns %(interest)s, a bingo supplier, and so may not be %(doing)s (30 DCMR 1401.13, "
                "1401.14).") % {"name": name, "interest": interest, "doing": doing}, field=field))
        else:
            findings.append(Finding(SUPPLY_TIE_RULE, _(
                "%(name)s has the name of an owner of %(interest)s, a bingo supplier, and a date of birth is "
                "missing: possible match, Board staff confirm or dismiss it before %(name)s may be %(doing)s "
                "(30 DCMR 1401.13, 1401.14).") % {"name": name, "interest": interest, "doing": doing},
                field=field, blocking=False))
    return findings


def _servant_finding(*, name: str, doing: str, owner: SupplyOwner, field: str | None, match: bool) -> Finding:
    """1401.13: an agent, servant or employee of a supplier, with no ownership share, is barred like an owner."""
    values = {"name": name, "role": owner.role or _("employee"), "vendor": owner.vendor, "doing": doing}
    if match:
        return Finding(SUPPLY_TIE_RULE, _(
            "%(name)s works for %(vendor)s, a bingo supplier (%(role)s), and so may not be %(doing)s: an agent, "
            "servant or employee of a supplier may not, whatever their share (30 DCMR 1401.13).") % values, field=field)
    return Finding(SUPPLY_TIE_RULE, _(
        "%(name)s has the name of someone who works for %(vendor)s, a bingo supplier (%(role)s), and a date of "
        "birth is missing: "
        "possible match, Board staff confirm or dismiss it before %(name)s may be %(doing)s (30 DCMR "
        "1401.13).") % values, field=field, blocking=False)
