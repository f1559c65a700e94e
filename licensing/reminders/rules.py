"""When each reminder is due. Every rule uses a window, not a single day, so a daily job that
missed a day (a worker down overnight) still catches up:
- renewal window open: from `renewal.window_opens_days` (90) before expiry until the renewal deadline;
- renewal deadline: `renewal.filing_lead_days` (45) before expiry (30 DCMR 1204.2), reminded in the
  `reminders.renewal_deadline_notice_days` (7) before it, unless a renewal was already filed;
- cure deadline: `reminders.cure_notice_first_days` (7) and `reminders.cure_notice_last_days` (1) before an
  open deficiency notice's cure-by date;
- amendment deadline: `amendment.filing_days` (10) after the change (30 DCMR 1202.3), within the last
  `reminders.amendment_notice_days` (3), while the amended application is still a draft;
- substantial change: the organization's name, address or responsible people changed while it
  holds a license (30 DCMR 1202.3): from the day of the change until its deadline (recorded with the change), once
  per license and batch of changes, unless an amended application for that license was filed since;
- report due: from `reminders.report_due_notice_days` (3) before a bingo report is due (30 DCMR 1413.1) until its
  due date, while its first draft is unsubmitted (licensing.reports.overdue marks it overdue the day after).

The figures (in brackets, DC's) are the Board's register's. A reminder reads the ones in force on the day it runs
(`on`): the renewal and the amended application it asks for are judged, when filed, by the figures in force on the
day they are filed (licensing.applications.rules), and a filing made on the day reminded is judged by the very
figures the reminder used. The Board changes a figure only from a future day, so each run from that day on tells
the new deadline; a deadline that has a date of its own (a notice's cure-by date, a report's due date, a
substantial change's due date) keeps that date."""

from __future__ import annotations

import datetime as dt

from licensing.register.values import value


def renewal_window_days(on: dt.date) -> int:
    """Days before expiry the renewal window opens."""
    return value("renewal.window_opens_days", on)


def renewal_lead_days(on: dt.date) -> int:
    """30 DCMR 1204.2: a renewal is filed at least this many days before the license expires."""
    return value("renewal.filing_lead_days", on)


def renewal_deadline(expires_on: dt.date, *, on: dt.date) -> dt.date:
    """The last day a renewal of a license expiring on `expires_on` is on time (30 DCMR 1204.2)."""
    return expires_on - dt.timedelta(days=renewal_lead_days(on))


def renewal_deadline_notice_days(on: dt.date) -> int:
    return value("reminders.renewal_deadline_notice_days", on)


def cure_notice_days(on: dt.date) -> tuple[int, ...]:
    """The days before a cure-by date a reminder goes out, earliest first (distinct: two equal figures are one
    reminder)."""
    return tuple(sorted({value("reminders.cure_notice_first_days", on), value("reminders.cure_notice_last_days", on)},
                        reverse=True))


def amendment_filing_days(on: dt.date) -> int:
    """30 DCMR 1202.3: an amended application is filed within this many days of the change."""
    return value("amendment.filing_days", on)


def amendment_deadline(change_date: dt.date, *, on: dt.date) -> dt.date:
    return change_date + dt.timedelta(days=amendment_filing_days(on))


def amendment_notice_days(on: dt.date) -> int:
    return value("reminders.amendment_notice_days", on)


def report_due_notice_days(on: dt.date) -> int:
    return value("reminders.report_due_notice_days", on)
