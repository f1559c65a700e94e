"""The checks an application must pass, each a Finding with its citation.

Pure functions over plain values: the caller (services.applications) gathers the facts
from the database and decides what to do with blocking findings (stop submission) and
warnings (shown to the reviewer)."""

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from licensing.findings import Finding

NO_BINGO_BEFORE = dt.time(9, 0)  # 30 DCMR 1202.2(m): no bingo between 12:00 midnight and 9:00 am
LIMITED_PERIOD_MAX_DAYS = 7  # 30 DCMR 1204.1
OPERATIONS_PER_PREMISES_PER_WEEK = 2  # 30 DCMR 1400.5
MCN_PER_CALENDAR_YEAR = 2  # 30 DCMR 1204.17
RENEWAL_LEAD_DAYS = 45  # 30 DCMR 1204.2
AMENDMENT_DAYS = 10  # 30 DCMR 1202.3


@dataclass(frozen=True)
class Occasion:
    date: dt.date
    starts_at: dt.time
    ends_at: dt.time
    premises_id: int


def bingo_hours(occasions: list[Occasion]) -> list[Finding]:
    findings = []
    for occasion in occasions:
        crosses_midnight = occasion.ends_at <= occasion.starts_at
        if occasion.starts_at < NO_BINGO_BEFORE or crosses_midnight:
            findings.append(Finding(
                "30 DCMR 1202.2(m)",
                f"no bingo between 12:00 midnight and 9:00 am; the operation on {occasion.date:%Y-%m-%d} runs "
                f"{occasion.starts_at:%H:%M}-{occasion.ends_at:%H:%M}",
                field="occasions",
            ))
    return findings


def limited_period_span(occasions: list[Occasion]) -> list[Finding]:
    if not occasions:
        return []
    dates = sorted(o.date for o in occasions)
    span = (dates[-1] - dates[0]).days + 1
    if span > LIMITED_PERIOD_MAX_DAYS:
        return [Finding("30 DCMR 1204.1", f"a limited-period license covers at most {LIMITED_PERIOD_MAX_DAYS} "
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
    for key, count in sorted(planned.items()):
        if taken[key] + count > OPERATIONS_PER_PREMISES_PER_WEEK:
            _, year, number = key
            findings.append(Finding(
                "30 DCMR 1400.5",
                f"at most {OPERATIONS_PER_PREMISES_PER_WEEK} bingo operations a week on one premises; week {number} "
                f"of {year} already has {taken[key]} there and this application adds {count}",
                field="occasions",
            ))
    return findings


def montecarlo_yearly_limit(event_year: int, other_events_that_year: int) -> list[Finding]:
    if other_events_that_year >= MCN_PER_CALENDAR_YEAR:
        return [Finding("30 DCMR 1204.17", f"at most {MCN_PER_CALENDAR_YEAR} Monte Carlo Nights per organization "
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
    days_left = (expires_on - filed_on).days
    if days_left < RENEWAL_LEAD_DAYS:
        return [Finding("30 DCMR 1204.2", f"a renewal is due at least {RENEWAL_LEAD_DAYS} days before the license "
                        f"expires; this one was filed {days_left} days before", blocking=False)]
    return []


def amendment_timing(*, filed_on: dt.date, change_date: dt.date | None) -> list[Finding]:
    if change_date is None:
        return [Finding("30 DCMR 1202.3", "an amendment must give the date of the change", field="change_date")]
    late_by = (filed_on - change_date).days - AMENDMENT_DAYS
    if late_by > 0:
        return [Finding("30 DCMR 1202.3", f"an amended application is due within {AMENDMENT_DAYS} days of the "
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
