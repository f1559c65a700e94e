"""The planning forms say the worker's age in force on the operation's day (worker.minimum_age, 30 DCMR 1401.5), read
from the Board's register: a changed number changes the help, an operation before the change keeps the old one."""

import datetime as dt

import pytest

from bingo.planning.forms import WorkerForm
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db

CHANGE = dt.date(2030, 1, 1)


def help_on(day: dt.date) -> str:
    return str(WorkerForm(on=day).fields["date_of_birth"].help_text)


def test_the_worker_age_help_is_the_age_in_force_on_the_operations_day():
    assert help_on(CHANGE).startswith("30 DCMR 1401.5: no worker under 18. ")
    board_number("worker.minimum_age", 21, since=CHANGE)
    assert help_on(CHANGE).startswith("30 DCMR 1401.5: no worker under 21. ")
    assert help_on(CHANGE - dt.timedelta(days=1)).startswith("30 DCMR 1401.5: no worker under 18. ")
