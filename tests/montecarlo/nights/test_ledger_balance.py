"""The chip ledgers always balance: under random play at every kind of table (bets of any size, refused ones
included, outcomes drawn by the engines, void rounds, moves between tables, closing), after every step

    chips issued = chips held (in hand and at stake) + chips the house won - chips the house paid,

no participant's chips in hand go below zero, a refused step writes nothing, and at the end every ledger's chain
verifies and the tables' logs replay to exactly the ledgers' movements (montecarlo.tables.verify)."""

import random

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from licensing.audit.verify import verify_log
from montecarlo.models import ChipLedgerEntry, Participant, TableEvent
from montecarlo.nights import services
from montecarlo.nights.ledger import night_balance
from montecarlo.tables import services as table_services
from montecarlo.tables.state import load_engine
from montecarlo.tables.verify import night_problems
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = pytest.mark.django_db

GAMES = ["punto-banca", "wheel", "banca-francesa", "craps", "caribbean-poker"]
PLAYERS = 4

step = st.one_of(
    st.tuples(st.just("bet"), st.integers(0, len(GAMES) - 1), st.integers(1, PLAYERS + 1), st.integers(0, 9),
              st.sampled_from([1, 5, 10, 20, 40, 60, 100, 300, 1200])),
    st.tuples(st.just("settle"), st.integers(0, len(GAMES) - 1), st.integers(0, 2**16)),
    st.tuples(st.just("decide"), st.integers(0, len(GAMES) - 1), st.integers(1, PLAYERS), st.booleans()),
    st.tuples(st.just("void"), st.integers(0, len(GAMES) - 1)),
    st.tuples(st.just("move"), st.integers(0, len(GAMES) - 1)),
)


def snapshot(night):
    return (ChipLedgerEntry.objects.filter(participant__night=night).count(),
            TableEvent.objects.filter(table__night=night).count(),
            tuple(Participant.objects.filter(night=night).order_by("number").values_list("chips", "at_stake")))


def play(director, tables, twins, operation):
    kind, index, *rest = operation
    table = tables[index]
    engine = load_engine(table)
    if kind == "bet":
        participant, which, amount = rest
        kinds = [k for k in engine.bet_kinds() if not k.numbers and k.kind not in ("odds", "bet")]
        bet = {"type": "bet", "participant": participant, "kind": kinds[which % len(kinds)].kind, "amount": amount}
        table_services.table_play(actor=director, table=table, event=bet)
    elif kind == "settle":
        table_services.outcome_draw(actor=director, table=table, rng=random.Random(rest[0]))
    elif kind == "decide":
        participant, raise_ = rest
        table_services.table_play(actor=director, table=table, event={
            "type": "decision", "participant": participant, "choice": "raise" if raise_ else "fold"})
    elif kind == "void":
        table_services.table_play(actor=director, table=table, event={"type": "void_round", "reason": "misdeal"})
    else:
        table_services.bets_transfer(actor=director, table=table, to_table=twins[index], reason="dealer change")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(program=st.lists(step, min_size=5, max_size=40))
def test_the_chips_always_balance(program):
    night, director = night_for(training=True, chips=500)
    admit(night, director, PLAYERS)
    tables = [table_for(night, director, game, min_bet=10 if game != "punto-banca" else 20, max_bet=600)
              for game in GAMES]
    twins = [table_for(night, director, game, min_bet=10 if game != "punto-banca" else 20, max_bet=600)
             for game in GAMES]
    for twin in twins:
        table_services.table_play(actor=director, table=twin, event={"type": "open"})
    for operation in program:
        if operation[0] == "bet" and load_engine(tables[operation[1]]).expects() == "open":
            table_services.table_play(actor=director, table=tables[operation[1]], event={"type": "open"})
        before = snapshot(night)
        try:
            play(director, tables, twins, operation)
        except ValidationError:
            assert snapshot(night) == before  # a refused step writes nothing
        balance = night_balance(night)
        assert balance.balances, (operation, balance)
        assert not Participant.objects.filter(night=night, chips__lt=0).exists()
    for table in tables + twins:
        table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    balance = night_balance(night)
    assert balance.balances and balance.at_stake == 0
    assert balance.issued == PLAYERS * 500
    assert night_problems(night) == []
    for participant in night.participants.all():
        assert verify_log(ChipLedgerEntry, str(participant.pk)).ok
    for table in tables:
        assert verify_log(TableEvent, str(table.pk)).ok


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_long_random_night_balances_and_replays(seed):
    """The same checks over a long night of random play (a seeded RNG): bets are mostly followed by an outcome,
    so rounds settle at every table, wins and losses both happen."""
    rng = random.Random(seed)
    night, director = night_for(training=True, chips=2000)
    admit(night, director, PLAYERS)
    tables = [table_for(night, director, game, min_bet=10 if game != "punto-banca" else 20, max_bet=600)
              for game in GAMES]
    twins = [table_for(night, director, game, min_bet=10 if game != "punto-banca" else 20, max_bet=600)
             for game in GAMES]
    for twin in twins:
        table_services.table_play(actor=director, table=twin, event={"type": "open"})
    for _ in range(150):
        index = rng.randrange(len(GAMES))
        kind = rng.choices(["bet", "settle", "decide", "void", "move"], weights=[6, 4, 2, 1, 1])[0]
        if kind == "bet":
            operation = ("bet", index, rng.randint(1, PLAYERS), rng.randrange(10), rng.choice([10, 20, 40, 100, 200]))
        elif kind == "settle":
            operation = ("settle", index, rng.randrange(2**16))
        elif kind == "decide":
            operation = ("decide", index, rng.randint(1, PLAYERS), rng.random() < 0.7)
        else:
            operation = (kind, index)
        if kind == "bet" and load_engine(tables[index]).expects() == "open":
            table_services.table_play(actor=director, table=tables[index], event={"type": "open"})
        before = snapshot(night)
        try:
            play(director, tables, twins, operation)
        except ValidationError:
            assert snapshot(night) == before
        assert night_balance(night).balances
    kinds = set(ChipLedgerEntry.objects.filter(participant__night=night).values_list("kind", flat=True))
    assert {"won", "lost", "bet"} <= kinds
    for table in tables + twins:
        table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    assert night_balance(night).balances and night_problems(night) == []
