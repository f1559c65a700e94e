"""When an event's paperwork and money are due: one module for reports, reminders and the API.

- Report due (30 DCMR 1413.1): 10 calendar days after a regular bingo operation, 30 after a limited-period one.
- Deposit due (1411.1): gross receipts less cash prizes, by the end of the next business day after the
  operation; business days skip weekends and District of Columbia legal holidays (the maintained `holidays`
  library, United States, subdivision DC, observed days included: Emancipation Day, Inauguration Day...).
  Class D deposits nothing: all its receipts go to prizes and expenses.
- Proceeds used by: 30 days after a bingo operation (1411.3), 30 days after a raffle drawing (1506.4), 10 days
  after a Monte Carlo Night (1608.4).
Where no rule sets a date (a raffle's or a Monte Carlo Night's report and deposit), it is None.

The numbers of days are the Board's register's (reports.due_days.*, proceeds.deposit_days.*), each the one in force
on the event date: an event keeps the deadline of its day when the Board changes the number later.
Pure functions over plain values and the register."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import lru_cache

import holidays
from django.utils.translation import gettext as _

from licensing.register.values import value

REPORT_RULE = "30 DCMR 1413.1"
DEPOSIT_RULE = "30 DCMR 1411.1"
BINGO_PROCEEDS_RULE = "30 DCMR 1411.3"
RAFFLE_PROCEEDS_RULE = "30 DCMR 1506.4"
MONTECARLO_PROCEEDS_RULE = "30 DCMR 1608.4"
BINGO_TYPES = frozenset({"bingo", "multihall"})
NO_DEPOSIT_CLASSES = frozenset({"D"})  # 1411.1: Class D's receipts all go to prizes and expenses


@dataclass(frozen=True)
class Deadlines:
    report_due: dt.date | None
    deposit_due: dt.date | None
    proceeds_used_by: dt.date | None
    citations: list[str] = field(default_factory=list)


@lru_cache(maxsize=64)
def _dc_holidays(year: int) -> frozenset[dt.date]:
    return frozenset(holidays.country_holidays("US", subdiv="DC", years=year))


def is_business_day(day: dt.date) -> bool:
    return day.weekday() < 5 and day not in _dc_holidays(day.year)


def next_business_day(day: dt.date) -> dt.date:
    """The first business day after `day` (never `day` itself)."""
    following = day + dt.timedelta(days=1)
    while not is_business_day(following):
        following += dt.timedelta(days=1)
    return following


def report_days(period: str, event_date: dt.date | None = None) -> int:
    """30 DCMR 1413.1: the days after an operation of the period ("regular", "limited") its report is due, as in
    force on the event date."""
    return value(f"reports.due_days.{period}", event_date)


def _after(event_date: dt.date, key: str) -> dt.date:
    return event_date + dt.timedelta(days=value(key, event_date))


def deadlines(*, license_type: str, event_date: dt.date, license_class: str = "", period: str = "regular") -> Deadlines:
    """The dates for one event: a bingo operation, a raffle drawing or a Monte Carlo Night (`event_date`)."""
    if license_type in BINGO_TYPES:
        no_deposit = license_class in NO_DEPOSIT_CLASSES
        return Deadlines(
            report_due=event_date + dt.timedelta(days=report_days(period, event_date)),
            deposit_due=None if no_deposit else next_business_day(event_date),
            proceeds_used_by=_after(event_date, "proceeds.deposit_days.bingo"),
            citations=[REPORT_RULE, *([] if no_deposit else [DEPOSIT_RULE]), BINGO_PROCEEDS_RULE],
        )
    if license_type == "raffle":
        return Deadlines(report_due=None, deposit_due=None,
                         proceeds_used_by=_after(event_date, "proceeds.deposit_days.raffle"),
                         citations=[RAFFLE_PROCEEDS_RULE])
    if license_type == "montecarlo":
        return Deadlines(report_due=None, deposit_due=None,
                         proceeds_used_by=_after(event_date, "proceeds.deposit_days.montecarlo"),
                         citations=[MONTECARLO_PROCEEDS_RULE])
    raise ValueError(f"no deadlines for license type {license_type!r}")


# --- What a deadlines question may ask (the API and the public helper page) ---

EARLIEST, LATEST = dt.date(2000, 1, 1), dt.date(2999, 12, 31)  # every deadline of such a date is a real date


def query_errors(*, license_type: str, license_class: str, period: str, event_date: dt.date | None,
                 classes: tuple[str, ...]) -> dict[str, str]:
    """What is wrong with a question, by field: `classes` are the license type's classes (1204.1, 1204.16)."""
    errors = {}
    if event_date is not None and not EARLIEST <= event_date <= LATEST:
        errors["event_date"] = _("Give a date from %(earliest)s to %(latest)s.") % {
            "earliest": EARLIEST.isoformat(), "latest": LATEST.isoformat()}
    if license_type in BINGO_TYPES and not license_class:
        errors["license_class"] = _("Give the bingo license class: Class D deposits nothing (30 DCMR 1411.1).")
    elif license_class and license_class not in classes:
        errors["license_class"] = _("Class %(cls)s does not exist for this license type; choose one of "
                                    "%(allowed)s (30 DCMR 1204.1, 1204.16).") % {
            "cls": license_class, "allowed": ", ".join(classes)}
    if period == "limited" and license_type not in BINGO_TYPES:
        errors["period"] = _("Only a bingo license has a limited period (30 DCMR 1204.1).")
    return errors
