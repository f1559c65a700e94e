"""Who may not hold a vendor license (30 DCMR 1206.4), decided from the application's people and their
declarations: pure functions returning findings with their citation, no database beyond the Board's register,
whose figures in force on the application date (`applied_on`) they read (vendor.owner_clean_years,
vendor.relative_share_limit; DC's in brackets below).

- (a) a felony without a pardon, unless release from parole or probation (or the end of the sentence)
  came at least [5] years before the application: exactly that many years to the day passes;
- (b) a professional gambler or gambling promoter, now or ever;
- (c) a firm where a person disqualified under (a) or (b) is employed or active, or where that person's
  spouse or first-degree relative holds more than [10]% ([10.00]% passes, [10.01]% does not);
- (d) a DC official or employee, when the Board finds a conflict of interest (a staff decision, with its
  reason: until it is made the finding is a warning that asks for it);
- (e) Board members and Board employees, found by name among the Board's own accounts (which hold no
  date of birth, so a name alone is a possible match: staff confirm it, and a confirmed one blocks)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from core.people import name_key
from licensing.register.values import value

CLEAN_YEARS_KEY = "vendor.owner_clean_years"  # 1206.4(a): released at least this many years before applying
RELATIVE_SHARE_KEY = "vendor.relative_share_limit"  # 1206.4(c): a relative holding more than this percent
FIELD = "people"


@dataclass(frozen=True)
class Person:
    """One officer, director, partner, shareholder, other owner or employee named on the application
    (1207.2(d)), with what they declared."""

    name: str
    role: str  # as the application names it: "officer", "director", "partner", "shareholder", "owner", "employee"
    share: Decimal = Decimal("0")  # ownership, in percent
    born: dt.date | None = None
    felony_convicted: bool = False
    felony_pardoned: bool = False
    supervision_ended_on: dt.date | None = None  # released from parole or probation (or the sentence ended)
    gambler: bool = False  # a professional gambler or gambling promoter, now or in the past
    dc_official: bool = False  # a DC public official or employee
    # A spouse or first-degree relative (parent, child) disqualified under (a) or (b), named here.
    relative_disqualified: str = ""


def felony_clean_from(person: Person, *, on: dt.date | None = None) -> dt.date | None:
    """The first application date on which the felony no longer disqualifies (None: never, as things stand), by
    the years in force on `on` (the application date; the register's day when not given)."""
    if person.supervision_ended_on is None:
        return None
    ended = person.supervision_ended_on
    years = value(CLEAN_YEARS_KEY, on)
    try:
        return ended.replace(year=ended.year + years)
    except ValueError:  # released on 29 February: the years later fall on 1 March, the day after the 28th
        return ended.replace(year=ended.year + years, month=3, day=1)


def felony_disqualifies(person: Person, *, applied_on: dt.date) -> bool:
    if not person.felony_convicted or person.felony_pardoned:
        return False
    clean_from = felony_clean_from(person, on=applied_on)
    return clean_from is None or applied_on < clean_from


def person_findings(person: Person, *, applied_on: dt.date, firm: bool) -> list[Finding]:
    """(a) and (b) for one person. When the applicant is a firm, such a person bars it under (c) too, and
    the finding cites both."""
    findings = []
    who = f"{person.role} {person.name}"  # the role as the application labels it
    also_firm = " " + _("A firm where such a person is employed or active gets no vendor license "
                        "(30 DCMR 1206.4(c)).") if firm else ""
    if felony_disqualifies(person, applied_on=applied_on):
        clean_from = felony_clean_from(person, on=applied_on)
        if clean_from is None:
            why = _("%(who)s was convicted of a felony, has no pardon and has not been released from parole or "
                    "probation (30 DCMR 1206.4(a)).") % {"who": who}
        else:
            why = _("%(who)s was convicted of a felony, has no pardon and was released on %(ended)s, less than "
                    "%(years)s years before applying on %(applied)s; an application from %(clean)s on is not barred "
                    "by it (30 DCMR 1206.4(a)).") % {
                "who": who, "ended": person.supervision_ended_on.isoformat(),
                "years": value(CLEAN_YEARS_KEY, applied_on), "applied": applied_on.isoformat(),
                "clean": clean_from.isoformat()}
        findings.append(Finding(_rule("(a)", firm), why + also_firm, field=FIELD))
    if person.gambler:
        findings.append(Finding(_rule("(b)", firm), _(
            "%(who)s is or has been a professional gambler or gambling promoter (30 DCMR 1206.4(b)).")
            % {"who": who} + also_firm, field=FIELD))
    return findings


def relative_findings(person: Person, *, on: dt.date | None = None) -> list[Finding]:
    """(c), the family clause: a spouse or first-degree relative of a disqualified person holding more than the
    share in force on `on` (the application date)."""
    if not person.relative_disqualified:
        return []
    limit = value(RELATIVE_SHARE_KEY, on)
    if person.share <= limit:
        return []
    return [Finding("30 DCMR 1206.4(c)", _(
        "%(role)s %(name)s holds %(share)s%% of the firm and is the spouse or a first-degree relative of "
        "%(relative)s, who is disqualified under 1206.4(a) or (b); more than %(limit)s%% bars the firm "
        "(30 DCMR 1206.4(c)).") % {"role": person.role, "name": person.name, "share": _percent(person.share),
                                   "relative": person.relative_disqualified,
                                   "limit": format(limit, "f")}, field=FIELD)]


def official_findings(person: Person, *, conflict: bool | None, reason: str) -> list[Finding]:
    """(d): a DC official or employee is barred only if the Board finds a conflict of interest. Until staff
    decide, a warning asks for the decision; a finding of conflict blocks, citing its reason."""
    if not person.dc_official or conflict is False:
        return []
    if conflict is None:
        return [Finding("30 DCMR 1206.4(d)", _(
            "%(role)s %(name)s is a DC official or employee: Board staff must decide whether there is a "
            "conflict of interest (30 DCMR 1206.4(d)).") % {"role": person.role, "name": person.name},
            field=FIELD, blocking=False)]
    return [Finding("30 DCMR 1206.4(d)", _(
        "%(role)s %(name)s is a DC official or employee and the Board found a conflict of interest: %(reason)s "
        "(30 DCMR 1206.4(d)).") % {"role": person.role, "name": person.name, "reason": reason}, field=FIELD)]


def board_findings(person: Person, *, board_names: Iterable[str], confirmed: Collection[str] = ()) -> list[Finding]:
    """(e): a Board member or employee. Matched by name against the Board's accounts; staff confirm a match
    (`confirmed`: the name keys they confirmed) and a confirmed match blocks; an unconfirmed one warns."""
    key = name_key(person.name)
    if not key or key not in {name_key(name) for name in board_names}:
        return []
    if key in {name_key(name) for name in confirmed}:
        return [Finding("30 DCMR 1206.4(e)", _(
            "%(role)s %(name)s is a Board member or Board employee (30 DCMR 1206.4(e)).")
            % {"role": person.role, "name": person.name}, field=FIELD)]
    return [Finding("30 DCMR 1206.4(e)", _(
        "%(role)s %(name)s has the name of a Board member or Board employee: possible match, Board staff confirm "
        "or dismiss it (30 DCMR 1206.4(e)).") % {"role": person.role, "name": person.name},
        field=FIELD, blocking=False)]


def disqualification_findings(people: Iterable[Person], *, applied_on: dt.date, firm: bool = True,
                              conflicts: dict[str, tuple[bool, str]] | None = None,
                              board_names: Iterable[str] = (), board_confirmed: Collection[str] = ()) -> list[Finding]:
    """Every 1206.4 finding for an application's people. `conflicts` holds staff's (d) decisions by name
    key: (conflict found, reason)."""
    conflicts = conflicts or {}
    board_names = list(board_names)
    findings = []
    for person in people:
        findings += person_findings(person, applied_on=applied_on, firm=firm)
        findings += relative_findings(person, on=applied_on)
        conflict, reason = conflicts.get(name_key(person.name), (None, ""))
        findings += official_findings(person, conflict=conflict, reason=reason)
        findings += board_findings(person, board_names=board_names, confirmed=board_confirmed)
    return findings


def _rule(paragraph: str, firm: bool) -> str:
    return f"30 DCMR 1206.4{paragraph}" + (", (c)" if firm else "")


def _percent(share: Decimal) -> str:
    return f"{share:.2f}"
