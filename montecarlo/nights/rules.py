"""The rules of a Monte Carlo Night outside the table engines, each finding citing its 30 DCMR section.

Planning: a Monte Carlo Night license in force on the date (1200.1, 1204.16), the licensed date, hours and place
(1202.2(o)), at most two nights an organization a calendar year (1204.17), the same chips for every participant
(1603.8), a posted prize list (1603.2) and a training night's lack of prizes. Live play (a round opened, a bet,
an outcome): the license in force today and the Board's clock inside the licensed hours, as for every live game.
Admission: paid in US currency (1603.4), 18 or older (1702.1). The member in charge or the alternate present
throughout, recorded on the night (1301.5): no admission and no play without. The games: the catalog's approval state
(1602.1, 1602.2, 1603.16). The nights a year and the players' age are the Board's register's
(licensing.register.values), in force on the night's date."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from core.dates import day
from core.findings import Finding
from core.money import parse_money
from licensing.licenses.live import board_now, license_in_force, live_play_findings
from licensing.licenses.rules import in_force_findings
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.register.values import value
from montecarlo.models import Approval, GameCatalogEntry

HOURS_RULE = "30 DCMR 1202.2(o)"  # a Monte Carlo Night on the licensed date, time and place
# Upon admission every participant gets the same chips (30 DCMR 1603.7), whatever they paid or donated: no direct
# correlation with the donation (1603.8). The night's one figure, starting_chips, issued to each, meets both.
SAME_CHIPS_RULE = "30 DCMR 1603.7"
AGE_RULE = "30 DCMR 1702.1"
IN_CHARGE_RULE = "30 DCMR 1301.5"
IN_CHARGE_ROLES = ("member_in_charge", "alternate")  # licensing ResponsibleRole, 1202.2(j)
ADMISSION_RULE = "30 DCMR 1603.4"
PRIZE_LIST_RULE = "30 DCMR 1603.2"
MAX_PRIZES = 100
MAX_CHIPS = 10**9


def clock_time(value) -> dt.time | None:
    if isinstance(value, dt.time):
        return value
    try:
        return dt.time.fromisoformat(str(value))
    except (TypeError, ValueError):
        return None


def licensed_windows(license, date: dt.date) -> list[tuple[dt.time, dt.time]]:
    """The licensed hours on a date: the license's schedule rows for that date, else the
    application's event window (30 DCMR 1202.2(o)) where it covers the date."""
    windows = []
    for row in license.schedule or []:
        if str(row.get("date")) == date.isoformat():
            starts, ends = clock_time(row.get("starts_at")), clock_time(row.get("ends_at"))
            if starts and ends:
                windows.append((starts, ends))
    if windows:
        return windows
    application = license.application
    starts_at, ends_at = application.event_starts_at, application.event_ends_at
    if starts_at and ends_at:
        starts_at, ends_at = timezone.localtime(starts_at), timezone.localtime(ends_at)
        if starts_at.date() <= date <= ends_at.date():
            first = starts_at.time() if date == starts_at.date() else dt.time(0, 0)
            last = ends_at.time() if date == ends_at.date() else dt.time(23, 59, 59)
            windows.append((first, last))
    return windows


def licensed_premises_id(license, date: dt.date) -> int | None:
    """The licensed place on a date: the schedule row's premises, else the license's."""
    for row in license.schedule or []:
        if str(row.get("date")) == date.isoformat() and row.get("premises"):
            return int(row["premises"])
    return license.premises_id


# --- planning ---


def license_findings(license, date: dt.date | None) -> list[Finding]:
    findings = []
    if license.license_type != LicenseType.MONTECARLO:
        findings.append(Finding("30 DCMR 1200.1", _(
            "license: a Monte Carlo Night is held under a Monte Carlo Night license (30 DCMR 1200.1)."),
            field="license"))
    return findings + in_force_on_findings(license, date)


def in_force_on_findings(license, date: dt.date | None) -> list[Finding]:
    """An active license, in its term on the date planned (30 DCMR 1200.1)."""
    findings = []
    if license.status != LicenseStatus.ACTIVE:
        findings.append(Finding("30 DCMR 1200.1", _(
            "license: the license is not active; no Monte Carlo Night without one in force (30 DCMR 1200.1)."),
            field="license"))
    if date and not (license.effective_on <= date <= license.expires_on):
        findings.append(Finding("30 DCMR 1200.1", _(
            "date: the license is not in force on that date (30 DCMR 1200.1)."), field="date"))
    return findings


def hours_findings(license, date, starts_at, ends_at) -> list[Finding]:
    if starts_at and ends_at and ends_at <= starts_at:
        return [Finding(HOURS_RULE, _("ends_at: the night must end after it starts (30 DCMR 1202.2(o))."),
                        field="ends_at")]
    if date and starts_at and ends_at:
        windows = licensed_windows(license, date)
        if not any(first <= starts_at and ends_at <= last for first, last in windows):
            return [Finding(HOURS_RULE, _(
                "starts_at: a Monte Carlo Night is held on the licensed date and within the licensed hours "
                "(30 DCMR 1202.2(o)); none licensed cover %(date)s %(start)s-%(end)s.") % {
                "date": day(date), "start": starts_at.strftime("%H:%M"), "end": ends_at.strftime("%H:%M")},
                field="starts_at")]
    return []


def nights_a_year_findings(*, nights_that_year: int, year: int, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1204.17: at most two Monte Carlo Nights an organization a calendar year (training nights are
    not events and do not count); the limit in force on `on`, the new night's date."""
    limit = value("montecarlo.nights_per_year", on)
    if nights_that_year >= limit:
        return [Finding("30 DCMR 1204.17", _(
            "date: the organization already holds %(count)s Monte Carlo Nights in %(year)s; at most %(limit)s a "
            "calendar year (30 DCMR 1204.17).") % {"count": nights_that_year, "year": year, "limit": limit},
            field="date")]
    return []


def chips_findings(starting_chips) -> list[Finding]:
    if isinstance(starting_chips, bool) or not isinstance(starting_chips, int) or \
            not 1 <= starting_chips <= MAX_CHIPS:
        return [Finding(SAME_CHIPS_RULE, _(
            "starting_chips: every participant gets the same chips, a whole number from 1 to %(max)s, whatever they "
            "paid or donated (30 DCMR 1603.7, 1603.8).") % {"max": MAX_CHIPS}, field="starting_chips")]
    return []


def clean_prizes(prizes) -> tuple[list[dict], list[Finding]]:
    """The prize list as posted (30 DCMR 1603.2): [{"description", "value"}], values in dollars and cents."""
    if prizes is None:
        return [], []
    if not isinstance(prizes, list) or len(prizes) > MAX_PRIZES:
        return [], [Finding(PRIZE_LIST_RULE, _("prizes: a list of at most %(max)s prizes, each a description and "
                                               "a value (30 DCMR 1603.2).") % {"max": MAX_PRIZES}, field="prizes")]
    cleaned, findings = [], []
    for index, prize in enumerate(prizes, start=1):
        description = prize.get("description") if isinstance(prize, dict) else None
        description = " ".join(description.split()) if isinstance(description, str) else ""
        if not description or len(description) > 200:
            findings.append(Finding(PRIZE_LIST_RULE, _(
                "prizes: place %(place)s: describe the prize (at most 200 characters) (30 DCMR 1603.2).") % {
                "place": index}, field="prizes"))
            continue
        try:
            value = parse_money(prize.get("value"), field="prizes", max_digits=8)
        except ValidationError as exc:
            findings.append(Finding(PRIZE_LIST_RULE, _("prizes: place %(place)s: %(message)s (30 DCMR 1603.2)") % {
                "place": index, "message": " ".join(exc.messages)}, field="prizes"))
            continue
        cleaned.append({"description": description, "value": str(value)})
    return cleaned, findings


def training_findings(training: bool, prizes: list[dict]) -> list[Finding]:
    """A training night may be played outside the licensed hours only because nothing is won or reported."""
    if training and any(Decimal(prize["value"]) != 0 for prize in prizes):
        return [Finding(HOURS_RULE, _(
            "prizes: a training night awards no prizes; it may be played outside the licensed hours only because "
            "nothing is won or reported (30 DCMR 1202.2(o)).") , field="prizes")]
    return []


# --- the member in charge (30 DCMR 1301.5) ---


def in_charge_findings(person, *, organization_id: int, training: bool) -> list[Finding]:
    """30 DCMR 1301.5: the member in charge or the alternate (the license's, 1202.2(j)) is present throughout a
    Monte Carlo Night, recorded on the night. A training night wins and reports nothing: it may go without."""
    if person is None:
        if training:
            return []
        return [Finding(IN_CHARGE_RULE, _(
            "Record who is in charge: the member in charge or the alternate must be present throughout the night "
            "(30 DCMR 1301.5)."), field="in_charge")]
    if (person.organization_id != organization_id or person.role not in IN_CHARGE_ROLES
            or not person.is_current):
        return [Finding(IN_CHARGE_RULE, _(
            "%(name)s is not the organization's current member in charge or alternate: one of them must be present "
            "throughout the night (30 DCMR 1301.5).") % {"name": person.full_name}, field="in_charge")]
    return []


# --- admission ---


def admission_findings(*, age_declared, admission_paid: Decimal, admission_price: Decimal,
                       on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1702.1 (the age in force on `on`, default today: the participant is admitted now), 1603.4."""
    findings = []
    if age_declared is not True:
        findings.append(Finding(AGE_RULE, _(
            "age_declared: the participant must declare being %(age)s or older; no one under %(age)s plays "
            "(30 DCMR 1702.1).") % {"age": value("player.minimum_age", on)}, field="age_declared"))
    if admission_paid < admission_price:
        findings.append(Finding(ADMISSION_RULE, _(
            "admission_paid: the admission is %(price)s in US currency (30 DCMR 1603.4); %(paid)s was entered.") % {
            "price": admission_price, "paid": admission_paid}, field="admission_paid"))
    return findings


# --- the games ---


def game_findings(game: GameCatalogEntry, *, license_class: str, playable: bool) -> list[Finding]:
    """Whether a table of `game` may be set up at a night: the catalog's approval state with its citation,
    Texas Hold'em only as a tournament, and only a game with a dealer screen (`playable`)."""
    if game.approval == Approval.BANNED:
        return [Finding("30 DCMR 1602.2", _(
            "game: %(game)s is banned at a Monte Carlo Night: slot machines and similar devices, bingo and poker or "
            "other player-against-player card games other than Texas Hold'em are not allowed (30 DCMR 1602.2).") % {
            "game": game.name_en}, field="game")]
    if game.approval == Approval.SKILL:
        return [Finding("30 DCMR 1603.16", _(
            "game: %(game)s: no betting on an event or a game of personal skill; Texas Hold'em is the one exception "
            "(30 DCMR 1603.16).") % {"game": game.name_en}, field="game")]
    if game.requires_class_2 and license_class != "2":
        return [Finding("30 DCMR 1204.16", _(
            "game: %(game)s needs a Class 2 Monte Carlo Night license (30 DCMR 1204.16).") % {"game": game.name_en},
            field="game")]
    if game.code == "texas-holdem":
        return [Finding("30 DCMR 1603.20", _(
            "game: Texas Hold'em is played as a tournament, every player paying the same entry for the same chips "
            "(30 DCMR 1603.20): plan a tournament for the night instead of a table."), field="game")]
    if not playable:
        return [Finding("30 DCMR 1602.1", _(
            "game: %(game)s is allowed (30 DCMR 1602.1) but has no dealer screen here yet; run it without one.") % {
            "game": game.name_en}, field="game")]
    return []


# --- live play ---


def event_live_findings(*, license, day: dt.date, starts_at: dt.time, ends_at: dt.time, training: bool, action: str,
                        rule: str, no_hours: str, now: dt.datetime | None = None) -> list[Finding]:
    """What refuses a live action of an event held under a Monte Carlo Night license (a night's table, a Hold'em
    tournament) now: the license in force today, active and not suspended or revoked (1200.1), and the Board's
    clock inside the licensed hours that hold the event (`rule`; `no_hours` says there are none). A training event
    wins and reports nothing, so the hours do not bind it; the license does."""
    if training:
        today = board_now(now).date()
        return in_force_findings(license_in_force(license, today), today, action=action)
    hours = next(((first, last) for first, last in licensed_windows(license, day)
                  if first <= starts_at and ends_at <= last), None)
    if hours is None:
        return [Finding(rule, no_hours, field="time")]
    return live_play_findings(license=license, day=day, starts_at=hours[0], ends_at=hours[1], action=action,
                              rule=rule, what=_("the Monte Carlo Night"), now=now)


def live_findings(night, *, action: str, now: dt.datetime | None = None) -> list[Finding]:
    """A night's live play: its table rounds, bets and outcomes (1202.2(o), 1200.1), with the member in charge or
    the alternate recorded as present (1301.5)."""
    return in_charge_findings(night.in_charge, organization_id=night.license.organization_id,
                              training=night.training) + event_live_findings(
        license=night.license, day=night.date, starts_at=night.starts_at, ends_at=night.ends_at,
        training=night.training, action=action, rule=HOURS_RULE, now=now, no_hours=_(
            "%(action)s: license %(number)s has no licensed hours on %(date)s that hold this night "
            "(30 DCMR 1202.2(o)).") % {"action": action, "number": night.license.number,
                                       "date": day(night.date)})


def admission_live_findings(night, *, now: dt.datetime | None = None) -> list[Finding]:
    """Admitting a participant needs the license in force today (1200.1); doors may open before play starts."""
    today = board_now(now).date()
    return in_charge_findings(night.in_charge, organization_id=night.license.organization_id,
                              training=night.training) + in_force_findings(license_in_force(night.license, today),
                                                                           today, action=_("admission"))
