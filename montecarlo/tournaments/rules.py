"""The rules of a Texas Hold'em tournament outside the engine, each finding citing its 30 DCMR section.
Planning: the license (1204.16: Texas Hold'em only under a Class 2 Monte Carlo Night license), the
licensed hours (1603.19), tables (1603.23), finishing method (1603.25), prizes (1603.26), the blind
structure (1604.3(c) and the engine's level checks), and a training tournament's lack of prizes.
Live play: every deal and clock start inside the licensed hours, on the Board's clock, under a license
in force (1603.19, 1200.1). Players: 18 or older on the tournament's date (1702.1), and at most $500
of prizes per person per day across every tournament of that day (1603.26).

The prize cap, the players a table seats and the players' age are the Board's register's (licensing.register.values):
a tournament is judged by the figures in force on its date."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.dates import day
from core.findings import Finding
from core.money import money_text, parse_money
from licensing.licenses.limits import holdem_prize_cap  # 30 DCMR 1603.26: the register's, a player a day
from licensing.models.choices import LicenseType
from licensing.organizations.services import EARLIEST_BIRTH_DATE, age_on
from licensing.register.catalog import entry
from licensing.register.values import value
from montecarlo.holdem.tournament import check_levels, level_from_dict
from montecarlo.holdem.tournament.people import Person, same_person
from montecarlo.nights.rules import event_live_findings, in_force_on_findings, licensed_windows

HOURS_RULE = "30 DCMR 1603.19"  # Texas Hold'em only within the licensed hours
AGE_RULE = "30 DCMR 1702.1"  # no player under the register's player.minimum_age
MIN_PER_TABLE = entry("holdem.players_per_table").minimum  # a table of one is no game: the least the catalog allows


def cap_text(cap: Decimal) -> str:
    """A cap as the rule writes it: whole dollars without cents ("$500"), else to the cent ("$500.50")."""
    if cap % 1:
        return money_text(cap)
    return "$" + number_format(cap, decimal_pos=0, force_grouping=True)


def license_findings(license, date: dt.date | None) -> list[Finding]:
    findings = []
    if license.license_type != LicenseType.MONTECARLO or license.license_class != "2":
        findings.append(Finding("30 DCMR 1204.16", _(
            "license: Texas Hold'em tournaments need a Class 2 Monte Carlo Night license (30 DCMR 1204.16)."),
            field="license"))
    return findings + in_force_on_findings(license, date)


def hours_findings(license, date, starts_at, ends_at, finish_method, stop_at) -> list[Finding]:
    findings = []
    if starts_at and ends_at and ends_at <= starts_at:
        findings.append(Finding("30 DCMR 1603.19", _("ends_at: the tournament must end after it starts."),
                                field="ends_at"))
        return findings
    if date and starts_at and ends_at:
        windows = licensed_windows(license, date)
        if not any(first <= starts_at and ends_at <= last for first, last in windows):
            findings.append(Finding("30 DCMR 1603.19", _(
                "starts_at: a tournament is held only within the licensed hours of the Monte Carlo Night "
                "(30 DCMR 1603.19, 1204.16); none licensed cover %(date)s %(start)s-%(end)s.") % {
                "date": day(date), "start": starts_at.strftime("%H:%M"), "end": ends_at.strftime("%H:%M")},
                field="starts_at"))
    if finish_method == "time":
        if stop_at is None:
            findings.append(Finding("30 DCMR 1603.25(b)", _(
                "stop_at: a tournament stopped at a set time needs that time (30 DCMR 1603.25(b))."),
                field="stop_at"))
        elif starts_at and ends_at and not (starts_at < stop_at <= ends_at):
            findings.append(Finding("30 DCMR 1603.19", _(
                "stop_at: the stopping time must fall within the tournament's hours (30 DCMR 1603.19)."),
                field="stop_at"))
    return findings


def prize_findings(prizes, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1603.26: each prize at most the day's cap in force on `on`, the tournament's date."""
    findings = []
    cap = holdem_prize_cap(on)
    for index, raw in enumerate(prizes or []):
        try:
            prize = parse_money(raw, field="prizes", max_digits=8)
        except ValidationError:
            findings.append(Finding("30 DCMR 1603.26", _("prizes: place %(place)s: not an amount.") % {
                "place": index + 1}, field="prizes"))
            continue
        if prize < 0 or prize > cap or prize != prize.quantize(Decimal("0.01")):
            findings.append(Finding("30 DCMR 1603.26", _(
                "prizes: place %(place)s: a prize is at most %(cap)s per player per day, in dollars and cents "
                "(30 DCMR 1603.26).") % {"place": index + 1, "cap": cap_text(cap)}, field="prizes"))
    return findings


def level_findings(levels) -> list[Finding]:
    try:
        parsed = [level_from_dict(level) for level in levels or []]
    except (KeyError, TypeError, ValueError) as exc:
        return [Finding("30 DCMR 1604.4", _("levels: a level is malformed (%(error)s).") % {"error": exc},
                        field="levels")]
    # The engine's messages already name the level ("level 3: ...").
    return [Finding(rule, _("levels: %(message)s (%(rule)s)") % {"message": message, "rule": rule},
                    field="levels") for rule, message, _index in check_levels(parsed)]


def _nonzero(prize) -> bool:
    try:
        return Decimal(str(prize).strip()) != 0
    except ArithmeticError:
        return True  # not an amount: prize_findings names it


def training_findings(training: bool, prizes) -> list[Finding]:
    """A training tournament may be dealt outside the licensed hours only because nothing is won or
    reported: it has no prizes."""
    if training and any(_nonzero(prize) for prize in prizes or []):
        return [Finding(HOURS_RULE, _(
            "prizes: a training tournament awards no prizes; it may be played outside the licensed hours only "
            "because nothing is won or reported (30 DCMR 1603.19, 1603.26)."), field="prizes")]
    return []


def night_findings(*, night, license, date, starts_at, ends_at, training: bool) -> list[Finding]:
    """A tournament played at a Monte Carlo Night is part of that event: under its license, on its date, within
    its hours, while it is open, and a training tournament only at a training night (nothing of it is reported)."""
    if night is None:
        return []
    if night.license_id != license.pk or night.date != date:
        return [Finding("30 DCMR 1204.16", _(
            "night: the tournament is played at a night of the same license and date (30 DCMR 1204.16)."),
            field="night")]
    if not (night.starts_at <= starts_at and ends_at <= night.ends_at):
        return [Finding(HOURS_RULE, _(
            "starts_at: the tournament is played within the night's hours, %(start)s-%(end)s (30 DCMR 1603.19).") % {
            "start": night.starts_at.strftime("%H:%M"), "end": night.ends_at.strftime("%H:%M")}, field="starts_at")]
    if night.status != "open":
        return [Finding("30 DCMR 1204.16", _("night: the night is counted: nothing more is played at it."),
                        field="night")]
    if night.training != training:
        return [Finding("30 DCMR 1204.16", _(
            "night: a training tournament is played only at a training night, a real one only at a real night "
            "(what a training night plays is never reported)."), field="night")]
    return []


def tournament_findings(*, license, date, starts_at, ends_at, max_per_table, finish_method, stop_at,
                        prizes, levels, starting_chips, entry_fee, training: bool = False) -> list[Finding]:
    """Every blocking finding of a tournament plan; empty when it may be created, by the figures in force on the
    tournament's date."""
    findings = license_findings(license, date) + training_findings(training, prizes)
    findings += hours_findings(license, date, starts_at, ends_at, finish_method, stop_at)
    most = value("holdem.players_per_table", date)
    if not MIN_PER_TABLE <= int(max_per_table) <= most:
        findings.append(Finding("30 DCMR 1603.23", _(
            "max_per_table: a table seats a dealer and at most %(most)s players (30 DCMR 1603.23).") % {"most": most},
            field="max_per_table"))
    if int(starting_chips) < 1:
        findings.append(Finding("30 DCMR 1603.20", _(
            "starting_chips: every player gets the same number of chips, at least one (30 DCMR 1603.20)."),
            field="starting_chips"))
    try:
        parse_money(entry_fee, field="entry_fee", max_digits=8)  # digits 0-9, whole cents, not negative
    except ValidationError as exc:
        findings.append(Finding("30 DCMR 1603.20", _("entry_fee: %(message)s (30 DCMR 1603.20)") % {
            "message": " ".join(exc.messages)}, field="entry_fee"))
    return findings + prize_findings(prizes, date) + level_findings(levels)


# --- live play ---


def live_findings(tournament, *, action: str, now: dt.datetime | None = None) -> list[Finding]:
    """What refuses a live action (`action`: dealing a hand, starting or resuming the clock) now: the
    license must be in force today, active and not suspended or revoked (1200.1), and the Board's
    clock (America/New_York) inside the licensed hours of the tournament's day that hold it (1603.19).
    A training tournament wins and reports nothing, so the hours do not bind it; the license does."""
    return event_live_findings(
        license=tournament.license, day=tournament.date, starts_at=tournament.starts_at, ends_at=tournament.ends_at,
        training=tournament.training, action=action, rule=HOURS_RULE, now=now, no_hours=_(
            "%(action)s: license %(number)s has no licensed hours on %(date)s that hold this tournament "
            "(30 DCMR 1603.19).") % {"action": action, "number": tournament.license.number,
                                     "date": day(tournament.date)})


# --- players ---


def eighteenth_birthday(born: dt.date, age: int | None = None) -> dt.date:
    """The first day on which `age_on` gives `age` (default: the register's player.minimum_age in force today; born
    on 29 February: 1 March in a common year)."""
    age = value("player.minimum_age") if age is None else age
    try:
        return born.replace(year=born.year + age)
    except ValueError:
        return born.replace(year=born.year + age, day=28) + dt.timedelta(days=1)


def player_findings(*, date_of_birth: dt.date, on: dt.date) -> list[Finding]:
    """30 DCMR 1702.1: nobody under 18 plays (the age in force on `on`); the age counts on the tournament's date,
    to the day."""
    if date_of_birth < EARLIEST_BIRTH_DATE or date_of_birth > on:
        return [Finding(AGE_RULE, _(
            "date_of_birth: enter the player's date of birth, between %(earliest)s and the tournament's date "
            "(30 DCMR 1702.1).") % {"earliest": day(EARLIEST_BIRTH_DATE)}, field="date_of_birth")]
    age = value("player.minimum_age", on)
    if age_on(date_of_birth, on) < age:
        return [Finding(AGE_RULE, _(
            "date_of_birth: no one under %(age)s may play; this player turns %(age)s on %(birthday)s, after the "
            "tournament on %(date)s (30 DCMR 1702.1).") % {"age": age,
                                                            "birthday": day(eighteenth_birthday(date_of_birth, age)),
                                                            "date": day(on)}, field="date_of_birth")]
    return []


def day_prize_findings(*, prizes: list[tuple[Person, Decimal]], earlier: list[tuple[Person, Decimal]],
                       on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1603.26: at most $500 per player per day (the cap in force on `on`, the day played). `prizes`: this
    tournament's (player, prize); `earlier`: every prize already published that day, under any organization. The
    same player is the same person (montecarlo.holdem.tournament.people), never merely the same name."""
    findings = []
    cap = holdem_prize_cap(on)
    for person, prize in prizes:
        total = prize + sum((amount for other, amount in earlier if same_person(person, other)), Decimal("0"))
        if prize > 0 and total > cap:
            findings.append(Finding("30 DCMR 1603.26", _(
                "prizes: %(name)s would win %(total)s today across the day's tournaments (of any organization); "
                "a player may win at most %(cap)s per day (30 DCMR 1603.26).") % {
                "name": person.name, "total": money_text(total), "cap": cap_text(cap)},
                field="prizes"))
    return findings
