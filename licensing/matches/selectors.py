"""What Board staff review about possible matches: two records with the same name where a date of birth is missing on
one side, for staff to confirm (the same person) or dismiss (another person), with a reason.

- 30 DCMR 1401.13: a person an organization names (a responsible person, a user filing for it, a worker on duty)
  against every person of a vendor, owner or employee (licensing.organizations.supply_ties: both sides come from
  the sources the apps register);
- 30 DCMR 1206.4(e): every current owner or officer of a vendor against the Board's own accounts (members, staff,
  administrators), which hold no date of birth.

The open possible matches are computed, not stored: a pair is open while no decision answers for it. The ties found
(the same name and date of birth, or a confirmed match) are listed for staff too, since they may have arisen after an
application was checked. Board staff only: anyone else reads nothing here (the page and the API refuse them)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from core.people import Sameness, name_key, sameness
from licensing.models import BoardGroup, MatchDecision, User
from licensing.organizations.rules import SUPPLY_TIE_RULE
from licensing.organizations.supply_ties import (
    OwnerRecord,
    PersonRecord,
    supply_owners,
    supply_tie_pairs,
    user_ref,
)

BOARD_RULE = "30 DCMR 1206.4(e)"
RULES = (SUPPLY_TIE_RULE, BOARD_RULE)
OPEN, TIES = "open", "ties"


@dataclass(frozen=True)
class Match:
    """A pair of records that may name the same person, each described for staff."""

    rule: str
    person: str  # the record decided on: "licensing.responsibleperson:12" (1401.13), "vendors.owner:7" (1206.4(e))
    person_name: str
    person_record: str
    other: str  # "vendors.owner:7" (1401.13), "licensing.user:3" (1206.4(e))
    other_name: str
    other_record: str
    organization_id: int | None  # whose record the person is (the vendor's for 1206.4(e))
    organization_name: str
    sameness: str  # "possible", or "match" (the same name and date of birth)
    decided: bool | None  # staff's decision that answers for the pair: True same, False another, None none yet

    @property
    def key(self) -> str:
        return f"{self.rule}|{self.person}|{self.other}"

    @property
    def is_open(self) -> bool:
        return self.sameness == Sameness.POSSIBLE and self.decided is None

    @property
    def is_tie(self) -> bool:
        return self.sameness == Sameness.MATCH or self.decided is True


def _born(born) -> str:
    return (_("born %(date)s") % {"date": born.isoformat()} if born is not None
            else _("no date of birth on record"))


def _person_record(person: PersonRecord) -> str:
    return _("%(role)s of %(organization)s; %(born)s") % {
        "role": person.role, "organization": person.organization_name, "born": _born(person.born)}


def _owner_record(record: OwnerRecord) -> str:
    owner = record.owner
    values = {"role": record.role or _("Owner"), "vendor": owner.vendor, "share": owner.share,
              "through": owner.through, "born": _born(owner.born)}
    if owner.through:
        return _("%(role)s of %(vendor)s, %(share)s%% through %(through)s; %(born)s") % values
    return _("%(role)s of %(vendor)s, %(share)s%%; %(born)s") % values


def supply_tie_matches(*, owners: list[OwnerRecord] | None = None) -> list[Match]:
    """30 DCMR 1401.13: an organization's people against the vendors' people (owners, and with no share their
    agents, servants and employees)."""
    return [Match(rule=SUPPLY_TIE_RULE, person=pair.person.ref, person_name=pair.person.name,
                  person_record=_person_record(pair.person), other=pair.owner.owner.ref,
                  other_name=pair.owner.owner.name, other_record=_owner_record(pair.owner),
                  organization_id=pair.person.organization_id, organization_name=pair.person.organization_name,
                  sameness=str(pair.sameness), decided=pair.decided)
            for pair in supply_tie_pairs(owners=owners)]


def board_accounts() -> list[User]:
    """Every active Board account: members, staff, administrators (1206.4(e): Board members and employees)."""
    groups = [BoardGroup.STAFF, BoardGroup.MEMBER, BoardGroup.ADMIN]
    return list(User.objects.filter(is_active=True, groups__name__in=groups).distinct().prefetch_related("groups")
                .order_by("full_name", "pk"))


def board_matches(*, owners: list[OwnerRecord] | None = None) -> list[Match]:
    """30 DCMR 1206.4(e): every vendor's owners and officers against the Board's accounts, by name (an account has
    no date of birth, so a pair is always a possible match). Decided on the exact pair, as the vendor's application
    checks read it (vendors.applications.checks)."""
    owners = supply_owners() if owners is None else owners
    by_name: dict[str, list[User]] = {}
    for account in board_accounts():
        if name_key(account.full_name):
            by_name.setdefault(name_key(account.full_name), []).append(account)
    if not by_name:
        return []
    decided = {(d.person, d.other): d.same for d in MatchDecision.objects.filter(rule=BOARD_RULE)}
    matches = []
    for record in owners:
        owner = record.owner
        for account in by_name.get(name_key(owner.name), ()):
            found = sameness(owner.name, owner.born, account.full_name, None)
            if found is None:
                continue
            groups = [str(BoardGroup(name).label) for name in sorted(group.name for group in account.groups.all())
                      if name in BoardGroup.values]
            matches.append(Match(
                rule=BOARD_RULE, person=owner.ref, person_name=owner.name, person_record=_owner_record(record),
                other=user_ref(account.pk), other_name=account.full_name,
                other_record=_("%(groups)s (Board account %(email)s)") % {"groups": ", ".join(groups),
                                                                          "email": account.email},
                organization_id=record.organization_id, organization_name=owner.vendor, sameness=str(found),
                decided=decided.get((owner.ref, user_ref(account.pk)))))
    return matches


def all_matches() -> list[Match]:
    owners = supply_owners()
    matches = supply_tie_matches(owners=owners) + board_matches(owners=owners)
    return sorted(matches, key=lambda m: (m.organization_name.casefold(), name_key(m.person_name), m.rule, m.key))


def match_list(*, user: User, status: str = OPEN) -> list[Match]:
    """The open possible matches (`status` "open") or the ties found ("ties"), for Board staff; nothing for others."""
    if not (user.is_authenticated and user.is_board_staff):
        return []
    if status == TIES:
        return [match for match in all_matches() if match.is_tie]
    return [match for match in all_matches() if match.is_open]


def match_find(*, rule: str, person: str, other: str) -> Match | None:
    """The pair as it stands now, whether open or not; None when the two records are no pair of that rule."""
    if rule == BOARD_RULE:
        matches = board_matches()
    elif rule == SUPPLY_TIE_RULE:
        matches = supply_tie_matches()
    else:
        return None
    return next((m for m in matches if m.person == person and m.other == other), None)


def match_decision_list(*, user: User) -> QuerySet[MatchDecision]:
    """Staff's decisions, newest first: Board staff see all, anyone else none."""
    if not (user.is_authenticated and user.is_board_staff):
        return MatchDecision.objects.none()
    return MatchDecision.objects.select_related("organization", "decided_by").order_by("-decided_at", "-pk")
