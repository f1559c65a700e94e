"""The pure rules of licensing.applications.rules: each finding carries its citation."""

import datetime as dt
from decimal import Decimal

import pytest

from licensing.applications import rules
from licensing.applications.rules import Occasion
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db  # the figures are the Board's register's

pytestmark = pytest.mark.django_db  # the hours and the weekly limit are the Board's register's: a read of its rows

MONDAY = dt.date(2027, 3, 1)


def occasion(day_offset=0, starts=dt.time(18), ends=dt.time(22), premises=1):
    return Occasion(MONDAY + dt.timedelta(days=day_offset), starts, ends, premises)


def test_bingo_between_midnight_and_nine_is_refused():
    assert rules.bingo_hours([occasion(starts=dt.time(9), ends=dt.time(23, 59))]) == []
    early = rules.bingo_hours([occasion(starts=dt.time(8, 30), ends=dt.time(12))])
    late = rules.bingo_hours([occasion(starts=dt.time(20), ends=dt.time(0, 30))])
    assert [f.rule for f in early + late] == ["30 DCMR 1202.2(m)"] * 2
    assert all(f.blocking and f.field == "occasions" for f in early + late)


def test_limited_period_spans_at_most_seven_days():
    assert rules.limited_period_span([occasion(0), occasion(6)]) == []
    [finding] = rules.limited_period_span([occasion(0), occasion(7)])
    assert finding.rule == "30 DCMR 1204.1" and "8 days" in finding.message


def test_two_operations_a_week_per_premises_across_organizations():
    existing = [occasion(0), occasion(2)]  # another organization's two operations that week
    [finding] = rules.premises_weekly_limit([occasion(4)], existing)
    assert finding.rule == "30 DCMR 1400.5"
    assert rules.premises_weekly_limit([occasion(7)], existing) == []  # next week
    assert rules.premises_weekly_limit([occasion(4, premises=2)], existing) == []  # another hall
    assert rules.premises_weekly_limit([occasion(0), occasion(1)], []) == []
    assert len(rules.premises_weekly_limit([occasion(0), occasion(1), occasion(2)], [])) == 1


def test_third_monte_carlo_night_in_a_year():
    assert rules.montecarlo_yearly_limit(2027, 1) == []
    [finding] = rules.montecarlo_yearly_limit(2027, 2)
    assert finding.rule == "30 DCMR 1204.17"


def test_rent_as_a_share_of_receipts_and_missing_lease_items():
    complete = {"lease_purpose": "Bingo", "lease_starts_on": MONDAY, "lease_ends_on": MONDAY, "lease_signed_on": MONDAY,
                "lessor_name": "Knights Hall LLC", "lessor_address": "1 Main St", "lessor_identification": "EIN 12"}
    assert rules.lease_terms(leased=True, rent_amount=Decimal("300"), rent_is_share_of_receipts=False,
                             lease_fields=complete, has_lease_document=True) == []
    share = rules.lease_terms(leased=True, rent_amount=Decimal("300"), rent_is_share_of_receipts=True,
                              lease_fields=complete, has_lease_document=True)
    assert [f.rule for f in share] == ["30 DCMR 1400.2"]
    missing = rules.lease_terms(leased=True, rent_amount=None, rent_is_share_of_receipts=False, lease_fields={},
                                has_lease_document=False)
    assert {f.rule for f in missing} == {"30 DCMR 1400.4(a)", "30 DCMR 1400.4(c)", "30 DCMR 1400.4(d)",
                                         "30 DCMR 1400.4(e)", "30 DCMR 1400.4(f)", "30 DCMR 1400.4"}
    assert rules.lease_terms(leased=False, rent_amount=None, rent_is_share_of_receipts=True, lease_fields={},
                             has_lease_document=False) == []


def test_renewal_later_than_45_days_before_expiry_is_a_warning():
    expires = dt.date(2027, 6, 30)
    assert rules.renewal_timing(filed_on=expires - dt.timedelta(days=45), expires_on=expires) == []
    [finding] = rules.renewal_timing(filed_on=expires - dt.timedelta(days=44), expires_on=expires)
    assert finding.rule == "30 DCMR 1204.2" and not finding.blocking


def test_amendment_filed_more_than_ten_days_after_the_change_is_flagged():
    change = dt.date(2027, 1, 10)
    assert rules.amendment_timing(filed_on=change + dt.timedelta(days=10), change_date=change) == []
    [late] = rules.amendment_timing(filed_on=change + dt.timedelta(days=11), change_date=change)
    assert late.rule == "30 DCMR 1202.3" and not late.blocking and "1 days late" in late.message
    [missing] = rules.amendment_timing(filed_on=change, change_date=None)
    assert missing.blocking and missing.field == "change_date"


def test_raffle_tickets_numbered_consecutively():
    assert rules.raffle_tickets(tickets_printed=1000, first=1, last=1000) == []
    [finding] = rules.raffle_tickets(tickets_printed=1000, first=1, last=999)
    assert finding.rule == "30 DCMR 1202.2(n)" and finding.field == "last_ticket_number"


def test_each_limit_is_the_one_in_force_on_the_day_judged():
    # The Board changes each figure from 1 July 2027; an application is judged by the day it is checked.
    change = dt.date(2027, 7, 1)
    before, after = change - dt.timedelta(days=1), change
    board_number("bingo.limited_period_max_days", 10, since=change)
    board_number("montecarlo.nights_per_year", 3, since=change)
    board_number("renewal.filing_lead_days", 60, since=change)
    board_number("amendment.filing_days", 5, since=change)
    schedule = [occasion(0), occasion(8)]  # nine days
    assert rules.limited_period_span(schedule, on=after) == []
    [span] = rules.limited_period_span(schedule, on=before)
    assert "at most 7 consecutive days" in span.message
    assert rules.montecarlo_yearly_limit(2027, 2, on=after) == []
    assert "at most 2 Monte Carlo Nights" in rules.montecarlo_yearly_limit(2027, 2, on=before)[0].message
    expires = dt.date(2027, 8, 20)
    assert rules.renewal_timing(filed_on=before, expires_on=expires) == []  # 51 days, 45 needed
    [late] = rules.renewal_timing(filed_on=after, expires_on=expires)  # 50 days, 60 needed
    assert "at least 60 days" in late.message
    changed = dt.date(2027, 6, 23)
    assert rules.amendment_timing(filed_on=before, change_date=changed) == []  # 7 days, 10 allowed
    [late] = rules.amendment_timing(filed_on=after, change_date=changed)  # 8 days, 5 allowed
    assert "within 5 days" in late.message and "3 days late" in late.message
