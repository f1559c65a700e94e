"""A whole night through the services: plan, admit, a punto y banca round, count, award, hand-over."""

import pytest

from montecarlo.models import ChipLedgerEntry, NightStatus
from montecarlo.nights import services
from montecarlo.nights.ledger import night_balance
from montecarlo.tables import services as table_services
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = pytest.mark.django_db


def test_a_night_from_plan_to_prizes():
    night, director = night_for()
    one, two = admit(night, director, 2)
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    table_services.table_play(actor=director, table=table, event={"type": "open"})
    table_services.table_play(actor=director, table=table,
                              event={"type": "bet", "participant": 1, "kind": "player", "amount": 100})
    table_services.table_play(actor=director, table=table,
                              event={"type": "bet", "participant": 2, "kind": "banker", "amount": 200})
    view = table_services.table_play(actor=director, table=table, event={
        "type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]})
    assert view["last"]["winner"] == "player"
    one.refresh_from_db()
    two.refresh_from_db()
    assert (one.chips, one.at_stake, two.chips, two.at_stake) == (1100, 0, 800, 0)
    table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    night = services.prizes_award(actor=director, night=night)
    assert night.status == NightStatus.AWARDED
    assert [award["participant"] for award in night.awards] == [1, 2]
    balance = night_balance(night)
    assert balance.balances and (balance.house_won, balance.house_paid) == (200, 100)
    assert ChipLedgerEntry.objects.filter(participant=one).count() == 4  # issue, bet, won, count
