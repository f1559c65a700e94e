"""Reads of the register: who may change it, what is in force, its history, and what a change would do.

The register is open data (every row approved is public: /api/v1/public/rules/); proposals waiting for approval and
refused ones are the Board's own, read only by those who may propose or approve."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from licensing.models import Application, User
from licensing.models.choices import ApplicationStatus
from licensing.models.register import BoardNumber, NumberStatus
from licensing.register import values
from licensing.register.catalog import CATALOG, FEE, Entry, entry
from licensing.register.kinds import parse, shown

EDIT_PERMISSION = "licensing.edit_board_numbers"
# A draft is priced when it is submitted (30 DCMR 1202.2(r)): it will be quoted whatever fee is in force that day.
QUOTED_LATER = (ApplicationStatus.DRAFT,)


def may_propose(user: User) -> bool:
    """The Board administrator, or Board staff given the permission (in the admin, by a superuser)."""
    if not user.is_authenticated:
        return False
    return user.is_board_admin or (user.is_board_staff and user.has_perm(EDIT_PERMISSION))


def may_approve(user: User) -> bool:
    """Whoever may propose, and the board members: a second person of the Board."""
    return may_propose(user) or (user.is_authenticated and user.is_board_member)


def may_read_proposals(user: User) -> bool:
    return may_approve(user)


@dataclass(frozen=True)
class Line:
    """One key as the Rules and fees page shows it: the value in force today and what is scheduled after."""

    entry: Entry
    value: object
    since: dt.date | None
    citation: str
    scheduled: list[BoardNumber]

    @property
    def shown(self) -> str:
        return shown(self.entry.kind, self.value) if self.value is not None else _("not set")

    @property
    def later(self) -> list[tuple[dt.date, str]]:
        """The approved changes scheduled after the day, as (day, value shown)."""
        return [(number.effective_from, shown(self.entry.kind, parse(self.entry.kind, number.value)))
                for number in self.scheduled]


def lines(*, on: dt.date | None = None, group: str | None = None) -> list[Line]:
    """Every key of the catalog (of one group), with its value in force on `on` and the approved values scheduled
    after that day."""
    on = on or timezone.localdate()
    later: dict[str, list[BoardNumber]] = {}
    for number in BoardNumber.objects.filter(status=NumberStatus.APPROVED, effective_from__gt=on).order_by(
            "effective_from"):
        later.setdefault(number.key, []).append(number)
    result = []
    for key, known in CATALOG.items():
        if group and known.group != group:
            continue
        span = values.span(key, on)
        if span is None and key not in later and known.group in (FEE, "bond"):
            continue  # the many fee and bond keys nobody has set stay off the page (they are in the catalog)
        result.append(Line(known, span.value if span else None, span.start if span else None,
                           span.citation if span else known.citation, later.get(key, [])))
    return result


def history(key: str) -> QuerySet[BoardNumber]:
    """Every row of one key, newest first, whatever its status (the page shows the status)."""
    return BoardNumber.objects.filter(key=key).select_related("proposed_by", "decided_by").order_by(
        "-effective_from", "-pk")


def public_rows(*, key: str | None = None, on: dt.date | None = None) -> QuerySet[BoardNumber]:
    """The approved rows, for everyone (open data)."""
    rows = BoardNumber.objects.filter(status=NumberStatus.APPROVED).order_by("key", "effective_from")
    if key:
        rows = rows.filter(key=key)
    if on is not None:
        # In force that day: begun, not ended, and not taken over by a later row of the key begun by then.
        later = BoardNumber.objects.filter(status=NumberStatus.APPROVED, key=OuterRef("key"),
                                           effective_from__gt=OuterRef("effective_from"), effective_from__lte=on)
        rows = rows.filter(effective_from__lte=on).exclude(effective_to__lte=on).exclude(Exists(later))
    return rows


def proposals(user: User) -> QuerySet[BoardNumber]:
    """The changes waiting for a second person, for those who may decide them."""
    if not may_read_proposals(user):
        return BoardNumber.objects.none()
    return BoardNumber.objects.filter(status=NumberStatus.PROPOSED).select_related("proposed_by").order_by(
        "effective_from", "key")


def number_for(user: User, pk: int) -> BoardNumber | None:
    """One row: an approved one for anyone, the others for those who may decide them."""
    rows = BoardNumber.objects.select_related("proposed_by", "decided_by")
    if not may_read_proposals(user):
        rows = rows.filter(status=NumberStatus.APPROVED)
    return rows.filter(pk=pk).first()


@dataclass(frozen=True)
class Preview:
    sentence: str
    affected: int | None  # applications in progress a fee change reaches; None for other numbers


def preview(*, key: str, value, effective_from: dt.date) -> Preview:
    """What a change would do, in one sentence: "the Bingo Class A original fee goes from $500.00 to $600.00 on
    2027-01-01; 14 applications in progress would be quoted the new fee"."""
    from core.dates import day

    known = entry(key)
    new = parse(known.kind, value)
    old = values.value_or_none(key, effective_from)
    sentence = _("%(what)s goes from %(old)s to %(new)s on %(day)s") % {
        "what": known.describe(), "old": shown(known.kind, old) if old is not None else _("not set"),
        "new": shown(known.kind, new), "day": day(effective_from)}
    affected = None
    if known.group == FEE:
        affected = fee_drafts(key).count()
        sentence += "; " + (_("%(count)s applications in progress would be quoted the new fee") % {"count": affected}
                            if affected != 1 else _("1 application in progress would be quoted the new fee"))
    return Preview(sentence=sentence + ".", affected=affected)


def fee_drafts(key: str) -> QuerySet[Application]:
    """The applications not yet submitted that a fee key prices (they are quoted on the day they are submitted)."""
    _fee, license_type, *rest = key.split(".")
    qualifiers = {"senior", "regular", "limited"}
    kind_and_class = [part for part in rest if part not in qualifiers]
    kind = kind_and_class[-1]
    license_class = kind_and_class[0] if len(kind_and_class) == 2 else ""
    drafts = Application.objects.filter(status__in=QUOTED_LATER, license_type=license_type, kind=kind)
    if license_class:
        drafts = drafts.filter(license_class=license_class)
    for period in ("regular", "limited"):
        if period in rest:
            drafts = drafts.filter(period=period)
    return drafts


# --- The Rules and fees page: its sections, the key chooser, and a proposal checked before it is sent ---

# The page's sections, each gathering the catalog's groups (a key's first part) a reader looks for together.
SECTIONS = (
    ("fees", _lazy("Fees"), ("fee",)),
    ("bonds", _lazy("Bonds"), ("bond",)),
    ("bingo", _lazy("Bingo"), ("bingo", "multihall")),
    ("montecarlo", _lazy("Monte Carlo Nights and Texas Hold'em"), ("montecarlo", "holdem")),
    ("licensing", _lazy("Licensing deadlines"),
     ("license", "renewal", "amendment", "review", "reports", "proceeds", "reminders", "enforcement")),
    ("people", _lazy("Who may take part"), ("organization", "senior", "worker", "player", "responsible_person")),
    ("vendors", _lazy("Vendors"), ("vendor",)),
    ("federal", _lazy("Federal reporting of winnings"), ("federal",)),
)
_OTHER = ("other", _lazy("Other numbers"))


def section_of(group: str) -> tuple[str, str]:
    """The page section (slug, title) a catalog group is shown in."""
    for slug, title, groups in SECTIONS:
        if group in groups:
            return slug, title
    return _OTHER


@dataclass(frozen=True)
class Section:
    slug: str
    title: str
    lines: list[Line]


def sections(*, on: dt.date | None = None) -> list[Section]:
    """The lines of `lines(on)` gathered into the page's sections, in the page's order."""
    found: dict[str, list[Line]] = {}
    for line in lines(on=on):
        found.setdefault(section_of(line.entry.group)[0], []).append(line)
    titles = [(slug, title) for slug, title, _groups in SECTIONS] + [_OTHER]
    return [Section(slug, title, found[slug]) for slug, title in titles if slug in found]


def groups() -> list[str]:
    """The catalog's groups (a key's first part), as the API's `group` filter takes them."""
    return sorted({known.group for known in CATALOG.values()})


def key_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every key of the catalog for a select, grouped by the page's sections, each with what it means."""
    grouped: dict[str, list[tuple[str, str]]] = {}
    for key, known in CATALOG.items():
        grouped.setdefault(section_of(known.group)[0], []).append((key, f"{known.describe()} ({key})"))
    titles = [(slug, title) for slug, title, _groups in SECTIONS] + [_OTHER]
    return [(str(title), grouped[slug]) for slug, title in titles if slug in grouped]


def in_force_row(key: str, on: dt.date | None = None) -> BoardNumber | None:
    """The approved row of `key` in force on `on` (default today): a proposal starts from its citation."""
    found = values.span(key, on or timezone.localdate())
    return None if found is None else BoardNumber.objects.filter(pk=found.pk).first()


def existing_rows(key: str, *, exclude: int | None = None, approved_only: bool = False) -> list:
    """The rows of `key` a new one must not overlap (licensing.register.rules.Existing): approved and waiting ones."""
    from licensing.register.rules import Existing

    statuses = (NumberStatus.APPROVED,) if approved_only else (NumberStatus.APPROVED, NumberStatus.PROPOSED)
    rows = BoardNumber.objects.filter(key=key, status__in=statuses)
    if exclude is not None:
        rows = rows.exclude(pk=exclude)
    return [Existing(pk, start, end, status == NumberStatus.APPROVED)
            for pk, start, end, status in rows.values_list("pk", "effective_from", "effective_to", "status")]


def proposal_problems(*, key: str, value, effective_from: dt.date | None, effective_to: dt.date | None,
                      citation: str, reason: str, today: dt.date | None = None) -> dict[str, list[str]]:
    """What number_propose would refuse in this proposal, by field (empty: it may be sent). The page's confirm step
    and its live preview ask before anything is written; the service checks again when it is sent."""
    from licensing.register.rules import by_field, check_row

    _value, problems = check_row(key=key, raw_value=value, effective_from=effective_from, effective_to=effective_to,
                                 citation=citation, reason=reason, today=today or timezone.localdate(),
                                 existing=existing_rows(key) if entry(key) is not None else [])
    return by_field(problems)


def preview_or_none(*, key: str, value, effective_from: dt.date | None) -> Preview | None:
    """The preview of a change, or None while the key, the value or the day do not make one yet."""
    known = entry(key) if isinstance(key, str) else None
    if known is None or effective_from is None:
        return None
    try:
        return preview(key=key, value=value, effective_from=effective_from)
    except ValueError:
        return None
