"""The checks an application must pass, each a Finding with its citation.

Pure functions over plain values: the caller (applications.checks) gathers the facts
from the database and decides what to do with blocking findings (stop submission) and
warnings (shown to the reviewer)."""

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.licenses.limits import (  # 1202.2(m), 1400.5: the register's
    no_bingo_hours,
    no_bingo_hours_words,
    operations_per_week,
)
from licensing.register.values import value

# The figures are the Board's register's (licensing.register): an application is judged by the numbers in force on
# the day it is checked or submitted (`on`, default the register's day, today), the day a filing is judged by.


@dataclass(frozen=True)
class Occasion:
    date: dt.date
    starts_at: dt.time
    ends_at: dt.time
    premises_id: int


def runs_past_midnight(starts_at: dt.time, ends_at: dt.time) -> bool:
    """An end at or before the start that falls between midnight and 9:00 am: the operation goes on after
    midnight. An end of exactly 00:00 is midnight itself, the end of the day, and allowed."""
    midnight, no_bingo_before = no_bingo_hours()
    return ends_at != midnight and ends_at <= starts_at and ends_at <= no_bingo_before


def ends_before_it_starts(starts_at: dt.time, ends_at: dt.time) -> bool:
    """An end at or before the start that is no hour of the next morning (22:00-20:00): impossible hours,
    not a late night."""
    midnight, no_bingo_before = no_bingo_hours()
    return ends_at != midnight and ends_at <= starts_at and ends_at > no_bingo_before


def bingo_hours(occasions: list[Occasion]) -> list[Finding]:
    findings = []
    for occasion in occasions:
        if occasion.starts_at < no_bingo_hours()[1] or runs_past_midnight(occasion.starts_at, occasion.ends_at):
            findings.append(Finding(
                "30 DCMR 1202.2(m)",
                _("no bingo between %(from)s and %(until)s; the operation on %(date)s runs %(starts)s-%(ends)s") % {
                    **no_bingo_hours_words(), "date": f"{occasion.date:%Y-%m-%d}",
                    "starts": f"{occasion.starts_at:%H:%M}", "ends": f"{occasion.ends_at:%H:%M}"},
                field="occasions",
            ))
    return findings


def occasion_entry(occasion: Occasion, *, today: dt.date) -> list[Finding]:
    """Dates and hours no operation can have (30 DCMR 1202.2(m)), on the field that holds them: a date
    already past, or an end before the start. Refused where they are typed, blocking at submission."""
    findings = dated_from_today(occasion.date, today=today, rule="30 DCMR 1202.2(m)", field="date",
                                what=_("The bingo operation"))
    if ends_before_it_starts(occasion.starts_at, occasion.ends_at):
        findings.append(Finding("30 DCMR 1202.2(m)", _(
            "The operation on %(date)s ends at %(ends)s, before it starts at %(starts)s; an operation ends on "
            "the day it starts, at 00:00 (midnight) at the latest.") % {
            "date": occasion.date.isoformat(), "ends": f"{occasion.ends_at:%H:%M}",
            "starts": f"{occasion.starts_at:%H:%M}"}, field="ends_at"))
    return findings


def dated_from_today(day: dt.date | None, *, today: dt.date, rule: str, field: str, what: str) -> list[Finding]:
    """What an application schedules (an operation, an event, a drawing) happens today or later."""
    if day is not None and day < today:
        return [Finding(rule, _(
            "%(what)s is dated %(date)s, before today (%(today)s): an application licenses what is still "
            "to come.") % {"what": what, "date": day.isoformat(), "today": today.isoformat()}, field=field)]
    return []


def ends_after_start(starts_at: dt.datetime | None, ends_at: dt.datetime | None, *, rule: str, field: str,
                     what: str) -> list[Finding]:
    """An event ends after it starts (both in the Board's local time)."""
    if starts_at is not None and ends_at is not None and ends_at <= starts_at:
        return [Finding(rule, _("%(what)s ends (%(ends)s) before it starts (%(starts)s).") % {
            "what": what, "ends": f"{ends_at:%Y-%m-%d %H:%M}", "starts": f"{starts_at:%Y-%m-%d %H:%M}"},
            field=field)]
    return []


def lease_dates(*, starts_on: dt.date | None, ends_on: dt.date | None, signed_on: dt.date | None,
                today: dt.date) -> list[Finding]:
    """30 DCMR 1400.4(d),(e): a term that ends on or after its first day, and a lease already signed."""
    findings = []
    if starts_on is not None and ends_on is not None and ends_on < starts_on:
        findings.append(Finding("30 DCMR 1400.4(d)", _(
            "The lease ends on %(ends)s, before its term starts on %(starts)s.") % {
            "ends": ends_on.isoformat(), "starts": starts_on.isoformat()}, field="lease_ends_on"))
    if signed_on is not None and signed_on > today:
        findings.append(Finding("30 DCMR 1400.4(e)", _(
            "The lease is dated as signed on %(signed)s, after today (%(today)s): give the date it was signed.")
            % {"signed": signed_on.isoformat(), "today": today.isoformat()}, field="lease_signed_on"))
    return findings


def amounts_not_negative(amounts: dict[str, Decimal | None], rules: dict[str, str]) -> list[Finding]:
    """Rent, ticket price and prizes are never below zero; `rules` maps each field to its section."""
    return [Finding(rules[field], _("The amount cannot be negative; %(amount)s was given.") % {"amount": amount},
                    field=field)
            for field, amount in amounts.items() if amount is not None and amount < 0]


def limited_period_span(occasions: list[Occasion], *, on: dt.date | None = None) -> list[Finding]:
    if not occasions:
        return []
    dates = sorted(o.date for o in occasions)
    span = (dates[-1] - dates[0]).days + 1
    most = value("bingo.limited_period_max_days", on)  # 30 DCMR 1204.1
    if span > most:
        return [Finding("30 DCMR 1204.1", f"a limited-period license covers at most {most} "
                        f"consecutive days; this schedule spans {span} days", field="occasions")]
    return []


def premises_weekly_limit(occasions: list[Occasion], existing: list[Occasion]) -> list[Finding]:
    """At most two bingo operations a week on one premises, counting every organization's licensed
    and pending operations (`existing`) together with this application's."""
    def week(o: Occasion) -> tuple:
        year, number, _ = o.date.isocalendar()
        return (o.premises_id, year, number)

    taken = Counter(week(o) for o in existing)
    planned = Counter(week(o) for o in occasions)
    findings = []
    limit = operations_per_week()
    for key, count in sorted(planned.items()):
        if taken[key] + count > limit:
            _, year, number = key
            findings.append(Finding(
                "30 DCMR 1400.5",
                f"at most {limit} bingo operations a week on one premises; week {number} "
                f"of {year} already has {taken[key]} there and this application adds {count}",
                field="occasions",
            ))
    return findings


def montecarlo_yearly_limit(event_year: int, other_events_that_year: int, *,
                            on: dt.date | None = None) -> list[Finding]:
    most = value("montecarlo.nights_per_year", on)  # 30 DCMR 1204.17
    if other_events_that_year >= most:
        return [Finding("30 DCMR 1204.17", f"at most {most} Monte Carlo Nights per organization "
                        f"per calendar year; {event_year} already has {other_events_that_year}",
                        field="event_starts_at")]
    return []


def lease_terms(*, leased: bool, rent_amount: Decimal | None, rent_is_share_of_receipts: bool, lease_fields: dict,
                has_lease_document: bool) -> list[Finding]:
    if not leased:
        return []
    findings = []
    if rent_is_share_of_receipts:
        findings.append(Finding("30 DCMR 1400.2", "premises may be leased only at a fixed fair rent, never a share "
                                "of the receipts", field="rent_is_share_of_receipts"))
    if rent_amount is None:
        findings.append(Finding("30 DCMR 1400.4(a)", "the lease must state the rent", field="rent_amount"))
    labels = {
        "lease_purpose": ("30 DCMR 1400.4(c)", "the purpose of the lease"),
        "lease_starts_on": ("30 DCMR 1400.4(d)", "the term of the lease"),
        "lease_ends_on": ("30 DCMR 1400.4(d)", "the end of the lease term"),
        "lease_signed_on": ("30 DCMR 1400.4(e)", "the date the lease was signed"),
        "lessor_name": ("30 DCMR 1400.4(f)", "the lessor's name"),
        "lessor_address": ("30 DCMR 1400.4(f)", "the lessor's address"),
        "lessor_identification": ("30 DCMR 1400.4(f)", "the lessor's identification"),
    }
    for field, (rule, label) in labels.items():
        if not lease_fields.get(field):
            findings.append(Finding(rule, f"the lease must state {label}", field=field))
    if not has_lease_document:
        findings.append(Finding("30 DCMR 1400.4", "a copy of the written lease must be filed with the application",
                                field="documents"))
    return findings


def renewal_timing(*, filed_on: dt.date, expires_on: dt.date) -> list[Finding]:
    """30 DCMR 1204.2, by the lead time in force on the day the renewal is filed."""
    days_left = (expires_on - filed_on).days
    lead = value("renewal.filing_lead_days", filed_on)
    if days_left < lead:
        return [Finding("30 DCMR 1204.2", f"a renewal is due at least {lead} days before the license "
                        f"expires; this one was filed {days_left} days before", blocking=False)]
    return []


def amendment_timing(*, filed_on: dt.date, change_date: dt.date | None) -> list[Finding]:
    """30 DCMR 1202.3, by the time allowed in force on the day the amended application is filed."""
    if change_date is None:
        return [Finding("30 DCMR 1202.3", "an amendment must give the date of the change", field="change_date")]
    allowed = value("amendment.filing_days", filed_on)
    late_by = (filed_on - change_date).days - allowed
    if late_by > 0:
        return [Finding("30 DCMR 1202.3", f"an amended application is due within {allowed} days of the "
                        f"change; this one was filed {late_by} days late", field="change_date", blocking=False)]
    return []


def raffle_tickets(*, tickets_printed: int | None, first: int | None, last: int | None) -> list[Finding]:
    if tickets_printed is None or first is None or last is None:
        return []
    if last < first or last - first + 1 != tickets_printed:
        return [Finding("30 DCMR 1202.2(n)", f"tickets must be numbered consecutively: {first} to {last} is "
                        f"{max(last - first + 1, 0)} tickets, not {tickets_printed}", field="last_ticket_number")]
    return []


def required(values: dict[str, object], rules: dict[str, tuple[str, str]]) -> list[Finding]:
    """A finding for each empty item; `rules` maps a field to (citation, what it is)."""
    return [Finding(rule, f"the application must give {label}", field=field)
            for field, (rule, label) in rules.items() if values.get(field) in (None, "", [])]


MULTIHALL_BASE_CLASSES = ("A", "B", "C")  # 30 DCMR 1414.1: held with a Class A, B or C bingo license


def multihall_base(*, license_class: str, base_number: str | None, base_type: str | None,
                   base_class: str | None, base_in_force: bool) -> list[Finding]:
    """30 DCMR 1414.1: a multi-hall license goes to the holder of a Class A, B or C bingo license (regular or
    limited period) in force; 1414.3: its fee, and so its class, is that of the bingo license."""
    if base_number is None:
        return [Finding("30 DCMR 1414.1", _(
            "A multi-hall license is an add-on to a bingo license: choose the Class A, B or C bingo license "
            "it goes with."), field="base_license")]
    if base_type != "bingo" or base_class not in MULTIHALL_BASE_CLASSES:
        return [Finding("30 DCMR 1414.1", _(
            "Only the holder of a Class A, B or C bingo license may hold a multi-hall license; license "
            "%(number)s is not one.") % {"number": base_number}, field="base_license")]
    if not base_in_force:
        return [Finding("30 DCMR 1414.1", _(
            "The bingo license %(number)s is not in force, so no multi-hall license can go with it.")
            % {"number": base_number}, field="base_license")]
    if license_class != base_class:
        return [Finding("30 DCMR 1414.3", _(
            "A multi-hall license has the class of the bingo license it goes with: Class %(base)s, not Class "
            "%(chosen)s.") % {"base": base_class, "chosen": license_class}, field="license_class")]
    return []


def certificate_of_occupancy(premises: list[tuple[str, str, bool]]) -> list[Finding]:
    """30 DCMR 1400.8: bingo only in a building with a valid certificate of occupancy.
    `premises`: (name, certificate number on record, a correction giving one awaits board staff)."""
    findings = []
    for name, certificate, correction_pending in premises:
        if certificate:
            continue
        if correction_pending:
            findings.append(Finding("30 DCMR 1400.8", _(
                "The certificate of occupancy of %(premises)s is in a correction that board staff have not "
                "accepted yet.") % {"premises": name}, field="certificate_of_occupancy", blocking=False))
        else:
            findings.append(Finding("30 DCMR 1400.8", _(
                "Bingo is played only in a building with a certificate of occupancy: give the number for "
                "%(premises)s.") % {"premises": name}, field="certificate_of_occupancy"))
    return findings
