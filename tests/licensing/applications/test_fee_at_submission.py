"""An application is priced by the fee in force on its submission date (30 DCMR 1204; licensing.register: a record is
judged by the number in force on its own date): a change of the Board's fee reprices the applications submitted
from its day on, never those submitted before."""

import datetime as dt

import pytest
import time_machine

from licensing.applications.checks import priced_on, quote_for
from licensing.models import Application
from tests.licensing.applications.factories import NEXT_MONTH, NOON, check, create, fill_bingo, occasion, submit
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db

CHANGE = dt.date(2027, 3, 10)  # the Board's new Class B fee takes effect (TODAY is 2027-03-01)
CHANGE_NOON = NOON + dt.timedelta(days=9)


def test_an_application_keeps_the_fee_of_its_submission_day_and_a_later_one_pays_the_new_fee(api, organization,
                                                                                             frozen):
    board_number("fee.bingo.B.original", "300.00", since=CHANGE, citation="Board decision 2027-02")
    before = create(api, organization)
    fill_bingo(api, before["id"])
    assert check(api, before["id"])["quote"]["application_fee"] == "250.00"  # a draft: as if submitted today
    response = submit(api, before["id"])
    assert response.status_code == 200, response.json()
    assert response.json()["application_fee"] == "250.00"

    with time_machine.travel(CHANGE_NOON, tick=False):
        after = create(api, organization)
        fill_bingo(api, after["id"], occasion(NEXT_MONTH + dt.timedelta(days=7)))
        assert check(api, after["id"])["quote"]["application_fee"] == "300.00"
        response = submit(api, after["id"])
        assert response.status_code == 200, response.json()
        assert response.json()["application_fee"] == "300.00"
        assert response.json()["fee_rules"] == ["Board decision 2027-02", "30 DCMR 1205.2"]

        # The first keeps its fee: as stored, and as quoted again on its submission day.
        submitted = Application.objects.get(pk=before["id"])
        assert submitted.application_fee == 250 and priced_on(submitted) == frozen
        assert quote_for(submitted).application_fee == 250
        assert check(api, before["id"])["quote"]["application_fee"] == "250.00"
