"""The deadlines of 1413.1, 1411.1, 1411.3, 1506.4 and 1608.4, business days from the `holidays` library."""

import datetime as dt

import pytest

from licensing.reports.deadlines import deadlines, is_business_day, next_business_day

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = dt.date


def test_the_issue_example_a_deposit_after_emancipation_day():
    # Thursday 15 April 2027; Friday 16 April is Emancipation Day in the District: the deposit waits to Monday.
    found = deadlines(license_type="bingo", license_class="B", period="regular", event_date=D(2027, 4, 15))
    assert (found.report_due, found.deposit_due, found.proceeds_used_by) == (D(2027, 4, 25), D(2027, 4, 19),
                                                                          D(2027, 5, 15))
    assert found.citations == ["30 DCMR 1413.1", "30 DCMR 1411.1", "30 DCMR 1411.3"]


def test_regular_and_limited_period_reports():
    assert deadlines(license_type="bingo", license_class="A", event_date=D(2027, 3, 1)).report_due == D(2027, 3, 11)
    assert deadlines(license_type="bingo", license_class="A", period="limited",
                     event_date=D(2027, 3, 1)).report_due == D(2027, 3, 31)


@pytest.mark.parametrize(("event", "deposit"), [
    (D(2022, 4, 14), D(2022, 4, 18)),  # Emancipation Day on a Saturday is observed Friday 15 April
    (D(2025, 1, 17), D(2025, 1, 21)),  # Friday; Monday 20 January 2025: Inauguration Day and MLK Day
    (D(2027, 6, 17), D(2027, 6, 21)),  # Thursday; Juneteenth observed Friday 18 June
    (D(2027, 12, 30), D(2028, 1, 3)),  # Thursday; New Year's Day observed Friday 31 December, then the weekend
    (D(2027, 4, 13), D(2027, 4, 14)),  # an ordinary Tuesday: Wednesday
])
def test_the_deposit_is_due_the_next_business_day(event, deposit):
    assert next_business_day(event) == deposit
    assert deadlines(license_type="bingo", license_class="C", event_date=event).deposit_due == deposit


def test_class_d_deposits_nothing():
    found = deadlines(license_type="bingo", license_class="D", event_date=D(2027, 4, 15))
    assert found.deposit_due is None and "30 DCMR 1411.1" not in found.citations


def test_raffles_and_monte_carlo_nights():
    raffle = deadlines(license_type="raffle", license_class="2", event_date=D(2027, 4, 15))
    assert (raffle.report_due, raffle.deposit_due, raffle.proceeds_used_by) == (None, None, D(2027, 5, 15))
    assert raffle.citations == ["30 DCMR 1506.4"]
    night = deadlines(license_type="montecarlo", license_class="1", event_date=D(2027, 4, 15))
    assert (night.report_due, night.deposit_due, night.proceeds_used_by) == (None, None, D(2027, 4, 25))
    assert night.citations == ["30 DCMR 1608.4"]


def test_weekends_and_holidays_are_no_business_days():
    assert not is_business_day(D(2027, 4, 17)) and not is_business_day(D(2027, 4, 16))
    assert is_business_day(D(2027, 4, 19))
