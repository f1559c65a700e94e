"""Ties to the supply trade (30 DCMR 1401.13, 1401.14) checked in every direction, whichever is recorded second.

A person with an ownership interest in a vendor may not conduct, advise or assist in bingo, serve anyone conducting
it, or prepare an organization's Board forms. The two sides are recorded in different apps, and licensing imports
none of them, so each app registers where its people are when it starts (AppConfig.ready):

- owner sources: the supply trade's people (vendors: every current owner, officer and employee of every vendor,
  each as the rule's SupplyOwner with its `ref`; those with no share count as agents, servants or employees,
  1401.13);
- person sources: the people an organization names to conduct, assist or file (licensing's own: its current
  responsible people and the portal users holding its filing roles; bingo's: the workers on duty at operations
  still to be held).

`person_tie_findings` is the check of one person where that person is recorded (a responsible person named, an
application filed, a worker put on duty, a game started); `supply_tie_pairs` is every pair of a person and an
owner with the same name, for Board staff's possible-match review (licensing.matches).

Staff's decisions (licensing.models.MatchDecision, rule "30 DCMR 1401.13") name the record decided on. A decision
also answers for another record of the same organization with the same name (a responsible person named again, a
worker on the next operation's duty list): otherwise a confirmed tie would be lost by entering the person again."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from core.findings import Finding
from core.people import Sameness, name_key, sameness
from licensing.models import LicenseeKind, MatchDecision, Membership, ResponsiblePerson, Role
from licensing.models.choices import ResponsibleRole
from licensing.organizations.rules import SUPPLY_TIE_RULE, SupplyOwner, supply_tie_findings

# Roles that file for a charitable organization (a vendor's representative files for a vendor, no bingo operator).
ORGANIZATION_FILING_ROLES = (Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS)


@dataclass(frozen=True)
class OwnerRecord:
    """One owner or officer of a vendor as its source gives it."""

    owner: SupplyOwner  # with its `ref`, "vendors.owner:7"
    organization_id: int | None  # the vendor's licensee record
    role: str = ""  # as the vendor records it: "shareholder"


@dataclass(frozen=True)
class PersonRecord:
    """One person an organization names to conduct, assist or file, as its source gives it."""

    ref: str  # "licensing.responsibleperson:12", "licensing.user:5", "bingo.workerduty:9"
    name: str
    born: dt.date | None  # None where the record holds none (a portal account)
    doing: str  # what 1401.13 would forbid, as the finding says it: "the member in charge"
    organization_id: int
    organization_name: str
    role: str  # what the record is, for staff: "Member in charge", "Officer (portal account)"


OwnerSource = Callable[[], Iterable[OwnerRecord]]
PersonSource = Callable[[], Iterable[PersonRecord]]
_OWNER_SOURCES: dict[str, OwnerSource] = {}
_PERSON_SOURCES: dict[str, PersonSource] = {}


def owner_source_register(name: str, source: OwnerSource) -> None:
    """Register (or replace, by `name`) a source of the supply trade's owners."""
    _OWNER_SOURCES[name] = source


def person_source_register(name: str, source: PersonSource) -> None:
    """Register (or replace, by `name`) a source of the people organizations name to conduct, assist or file."""
    _PERSON_SOURCES[name] = source


def supply_owners() -> list[OwnerRecord]:
    return [record for source in _OWNER_SOURCES.values() for record in source()]


def organization_people() -> list[PersonRecord]:
    return [record for source in _PERSON_SOURCES.values() for record in source()]


# --- What each side calls its people ---

def responsible_ref(pk: int) -> str:
    return f"licensing.responsibleperson:{pk}"


def user_ref(pk: int) -> str:
    return f"licensing.user:{pk}"


def responsible_doing(role: str) -> str:
    """1401.13(a): the member in charge and the alternate conduct the games; the gross-receipts member assists."""
    return _("the %(role)s") % {"role": ResponsibleRole(role).label.lower()}


def filing_doing() -> str:
    """1401.13(c): preparing the organization's Board forms."""
    return _("the one who prepares or files the organization's Board forms")


# --- Licensing's own people (registered by LicensingConfig.ready) ---

def responsible_people_source() -> list[PersonRecord]:
    rows = (ResponsiblePerson.objects.filter(is_current=True, organization__kind=LicenseeKind.ORGANIZATION)
            .select_related("organization").order_by("organization__name", "role", "pk"))
    return [PersonRecord(ref=responsible_ref(person.pk), name=person.full_name, born=person.date_of_birth,
                         doing=responsible_doing(person.role), organization_id=person.organization_id,
                         organization_name=person.organization.name, role=person.get_role_display())
            for person in rows]


def filing_users_source() -> list[PersonRecord]:
    """The portal users who file for an organization: one record per user and organization, with their roles."""
    memberships = (Membership.objects.filter(is_active=True, user__is_active=True, role__in=ORGANIZATION_FILING_ROLES,
                                             organization__kind=LicenseeKind.ORGANIZATION)
                   .select_related("user", "organization").order_by("organization__name", "user_id", "role"))
    roles: dict[tuple[int, int], list[str]] = defaultdict(list)
    first = {}
    for membership in memberships:
        key = (membership.user_id, membership.organization_id)
        roles[key].append(membership.get_role_display())
        first.setdefault(key, membership)
    return [PersonRecord(ref=user_ref(m.user_id), name=m.user.full_name, born=None, doing=filing_doing(),
                         organization_id=m.organization_id, organization_name=m.organization.name,
                         role=_("%(roles)s (portal account)") % {"roles": ", ".join(roles[key])})
            for key, m in first.items() if m.user.full_name]


# --- Staff's decisions ---

class Decisions:
    """Staff's decisions of one rule as they answer for a person: those on the person's own record, and those on
    another record of the same organization with the same name."""

    def __init__(self, rows: Iterable[MatchDecision]):
        self._by_ref: dict[str, list[MatchDecision]] = defaultdict(list)
        self._by_name: dict[tuple[int, str], list[MatchDecision]] = defaultdict(list)
        for decision in rows:
            self._by_ref[decision.person].append(decision)
            if decision.organization_id is not None:
                self._by_name[(decision.organization_id, name_key(decision.person_name))].append(decision)

    @classmethod
    def load(cls, *, rule: str = SUPPLY_TIE_RULE, person_ref: str | None = None,
             organization_id: int | None = None, everyone: bool = False) -> Decisions:
        rows = MatchDecision.objects.filter(rule=rule)
        if not everyone:
            scope = Q(pk__in=[])
            if person_ref:
                scope |= Q(person=person_ref)
            if organization_id is not None:
                scope |= Q(organization_id=organization_id)
            rows = rows.filter(scope)
        return cls(rows)

    def about(self, *, person_ref: str | None, organization_id: int | None, name: str) -> dict[str, bool]:
        """{other ref: same person?}; where decisions differ a confirmation wins (the safe answer)."""
        found = list(self._by_ref.get(person_ref, ())) if person_ref else []
        if organization_id is not None:
            found += self._by_name.get((organization_id, name_key(name)), ())
        answer: dict[str, bool] = {}
        for decision in found:
            answer[decision.other] = answer.get(decision.other, False) or decision.same
        return answer


# --- The check of one person (30 DCMR 1401.13, 1401.14) ---

def person_tie_findings(*, name: str, born: dt.date | None, doing: str, field: str | None = None,
                        person_ref: str | None = None, organization_id: int | None = None,
                        owners: list[OwnerRecord] | None = None) -> list[Finding]:
    """The 1401.13 findings for a person about to be (or already) named for `doing`: a match or a match staff
    confirmed blocks, a possible match warns. `person_ref` is the person's record once it exists; `organization_id`
    the organization naming them (its decisions on the same name count)."""
    owners = supply_owners() if owners is None else owners
    key = name_key(name)
    candidates = [record.owner for record in owners if key and name_key(record.owner.name) == key]
    if not candidates:
        return []  # nobody of that name in the supply trade: no need to read the decisions
    decided = Decisions.load(person_ref=person_ref, organization_id=organization_id).about(
        person_ref=person_ref, organization_id=organization_id, name=name)
    return supply_tie_findings(
        name=name, born=born, doing=doing, owners=candidates, field=field,
        confirmed={other for other, same in decided.items() if same},
        dismissed={other for other, same in decided.items() if not same})


def blocking(findings: Iterable[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.blocking]


def organization_tie_findings(organization, *, users: Iterable = (),
                              owners: list[OwnerRecord] | None = None) -> list[Finding]:
    """1401.13 for an organization's filing: its current responsible people (field "responsible_people") and the
    users who file (`users`: the filer, the one submitting; no date of birth, so a name is only a possible match)."""
    if organization.kind != LicenseeKind.ORGANIZATION:
        return []
    owners = supply_owners() if owners is None else owners
    if not owners:
        return []
    findings: list[Finding] = []
    for person in organization.responsible_people.filter(is_current=True).order_by("role", "pk"):
        findings += person_tie_findings(
            name=person.full_name, born=person.date_of_birth, doing=responsible_doing(person.role),
            field="responsible_people", person_ref=responsible_ref(person.pk), organization_id=organization.pk,
            owners=owners)
    seen = set()
    for user in users:
        if user is None or user.pk in seen:
            continue
        seen.add(user.pk)
        findings += person_tie_findings(name=user.full_name, born=None, doing=filing_doing(),
                                        person_ref=user_ref(user.pk), organization_id=organization.pk,
                                        owners=owners)
    return findings


# --- Every pair, for staff's review ---

@dataclass(frozen=True)
class TiePair:
    person: PersonRecord
    owner: OwnerRecord
    sameness: Sameness
    decided: bool | None  # staff's decision: True same person, False another, None not decided

    @property
    def is_tie(self) -> bool:
        """Blocks: the same name and date of birth, or a possible match staff confirmed."""
        return self.sameness == Sameness.MATCH or self.decided is True

    @property
    def is_open(self) -> bool:
        return self.sameness == Sameness.POSSIBLE and self.decided is None


def supply_tie_pairs(*, people: list[PersonRecord] | None = None,
                     owners: list[OwnerRecord] | None = None) -> list[TiePair]:
    """Every organization-side person against every person of a vendor (an owner, or with no share an agent, servant
    or employee: 30 DCMR 1401.13), where the two may be the same person (the same name), with staff's decision on
    the pair if any."""
    people = organization_people() if people is None else people
    owners = supply_owners() if owners is None else owners
    by_name: dict[str, list[OwnerRecord]] = defaultdict(list)
    for record in owners:
        if name_key(record.owner.name):
            by_name[name_key(record.owner.name)].append(record)
    if not by_name:
        return []
    decisions = Decisions.load(everyone=True)
    pairs = []
    for person in people:
        candidates = by_name.get(name_key(person.name), ())
        if not candidates:
            continue
        decided = decisions.about(person_ref=person.ref, organization_id=person.organization_id, name=person.name)
        for record in candidates:
            found = sameness(person.name, person.born, record.owner.name, record.owner.born)
            if found is not None:
                pairs.append(TiePair(person=person, owner=record, sameness=found,
                                     decided=decided.get(record.owner.ref)))
    return pairs
