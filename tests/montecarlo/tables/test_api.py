"""The tables API: set up a table (the catalogue's refusals with their citations), play it through the engine's
events, a training night's draw, bets moved between tables, a table whose log does not replay (409), and bad
input for every field of an event: a 400 naming the field, never a 500, nothing written to the table's log or
the ledgers."""

import json
from types import SimpleNamespace

import pytest
import time_machine
from django.db import transaction
from rest_framework.test import APIClient

from licensing.models import Role
from montecarlo.models import ChipLedgerEntry, GameTable, TableEvent
from montecarlo.tables import services as table_services
from montecarlo.tables import state
from tests.licensing.factories import member
from tests.montecarlo.factories import LIVE_AT, admit, night_for, table_for

pytestmark = pytest.mark.django_db
TABLES = "/api/v1/montecarlo/tables/"


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One night for the module: two participants, a punto y banca table with a round open, a wheel table with
    high limits and a closed craps table. Built once; each test runs in its own savepoint, rolled back."""
    with django_db_blocker.unblock(), time_machine.travel(LIVE_AT, tick=False), transaction.atomic():
        night, director = night_for()
        admit(night, director, 2)
        baccarat = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
        table_services.table_play(actor=director, table=baccarat, event={"type": "open"})
        wheel = table_for(night, director, "wheel", min_bet=10, max_bet=5000)
        table_services.table_play(actor=director, table=wheel, event={"type": "open"})
        dealer = member(night.license.organization, Role.DEALER)
        other, other_director = night_for(name="Their night")
        theirs = table_for(other, other_director, "wheel")
        yield SimpleNamespace(night=night, director=director, dealer=dealer, baccarat=baccarat, wheel=wheel,
                              theirs=theirs)
        transaction.set_rollback(True)


def written(night) -> tuple[int, int]:
    return (TableEvent.objects.filter(table__night=night).count(),
            ChipLedgerEntry.objects.filter(participant__night=night).count())


# --- setting a table up ---

TABLE_REFUSALS = [
    ({"game": "draw-poker"}, "game", "30 DCMR 1602.2"),
    ({"game": "skill-games"}, "game", "30 DCMR 1603.16"),
    ({"game": "texas-holdem"}, "game", "30 DCMR 1603.20"),
    ({"game": "roulette-royale"}, "game", "30 DCMR 1603.1"),
    ({"game": ["wheel"]}, "game", None),
    ({"game": "whe\x00el"}, "game", None),
    ({"min_bet": "١٠"}, "min_bet", None),
    ({"min_bet": True}, "min_bet", None),
    ({"min_bet": 0}, "min_bet", None),
    ({"max_bet": 10**30}, "max_bet", None),
    ({"max_bet": "lots"}, "max_bet", None),
    ({"min_bet": 600, "max_bet": 500}, "settings.max_bet", "30 DCMR 1603.2"),
    ({"settings": {"colour": "red"}}, "settings.colour", "any"),
    ({"settings": "decks=8"}, "settings", None),
    ({"game": "punto-banca", "min_bet": 20, "settings": {"decks": 7}}, "settings.decks", "any"),
    ({"game": "punto-banca", "min_bet": 20, "settings": {"decks": [8]}}, "settings.decks", "any"),
    ({"game": "punto-banca", "min_bet": 20, "settings": {"standing": "yes"}}, "settings.standing", "any"),
    ({"game": "craps", "settings": {"odds_multiple": 10**30}}, "settings.odds_multiple", "any"),
    ({"game": "craps", "settings": {"dice_size": "0.74"}}, "settings.dice_size", "30 DCMR 1604.1"),
    ({"game": "banca-francesa", "settings": {"dice_size": "5/8"}}, "settings.dice_size", "30 DCMR 1604.1"),
    ({"night": "١"}, "night", None),
    ({"night": 10**30}, "night", None),
    ({"name": "x" * 101}, "name", None),
]


@pytest.mark.parametrize(("change", "field", "rule"), TABLE_REFUSALS,
                         ids=[repr(c)[:50] for c, _f, _r in TABLE_REFUSALS])
def test_a_table_is_refused_naming_the_field(world, change, field, rule):
    before = GameTable.objects.count()
    body = {"night": world.night.pk, "game": "wheel", "min_bet": 10, "max_bet": 500, **change}
    response = client_for(world.director).post(TABLES, body, format="json")
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert {error["field"] for error in errors} == {field}, errors
    if rule != "any":
        assert errors[0]["rule"] == rule
    else:
        assert errors[0]["rule"]
    assert GameTable.objects.count() == before


def test_another_organizations_night_reads_as_an_unknown_one(world):
    body = {"game": "wheel", "min_bet": 10, "max_bet": 500}
    api = client_for(world.director)
    answers = [api.post(TABLES, {**body, "night": night}, format="json") for night in (world.theirs.night_id, 10**9)]
    assert [a.status_code for a in answers] == [400, 400]
    errors = [[(e["field"], e["code"]) for e in a.json()["errors"]] for a in answers]
    assert errors == [[("night", "does_not_exist")]] * 2


def test_tables_are_listed_by_night(world):
    api = client_for(world.dealer)
    listed = api.get(TABLES, {"night": world.night.pk}).json()["results"]
    assert [(row["number"], row["game"], row["view"]) for row in listed] == [(1, "punto-banca", None),
                                                                             (2, "wheel", None)]
    assert api.get(TABLES, {"night": world.theirs.night_id}).json()["results"] == []
    assert api.get(TABLES, {"night": "x"}).status_code == 400
    for night in (10**30, "١", -1):
        refused = api.get(TABLES, {"night": night})
        assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "night"
    assert api.get(TABLES, {"night": 2**63 - 1}).json()["results"] == []
    detail = api.get(f"{TABLES}{world.baccarat.pk}/").json()
    assert detail["view"]["expects"] == "bets" and detail["approval"] == "approved"
    assert detail["settings"]["decks"] == 8 and detail["view"]["limits"] == {"min_bet": 20, "max_bet": 500}
    assert api.get(f"{TABLES}{world.wheel.pk}/").json()["approval"] is None  # an allowed game needs none


# --- playing: odd events are refused, nothing is written ---

PLAY_REFUSALS = [
    ({}, "type"),
    ({"type": "shuffle"}, "type"),
    ({"type": ["bet"]}, "type"),
    ({"type": None}, "type"),
    ({"type": "open"}, "type"),  # the round is open already (the engine refuses)
    ({"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]}, "type"),  # no bets at stake yet
    ({"type": "bet", "participant": 1, "kind": "player", "amount": "١٠٠"}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": "１００"}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": True}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": 10**30}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": 1.5}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": [100]}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": {"chips": 100}}, "amount"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": 5000}, "amount"),  # over the table's limit
    ({"type": "bet", "participant": 1, "kind": "player"}, "amount"),
    ({"type": "bet", "participant": 99, "kind": "player", "amount": 100}, "participant"),  # never admitted
    ({"type": "bet", "participant": 0, "kind": "player", "amount": 100}, "participant"),
    ({"type": "bet", "participant": "one", "kind": "player", "amount": 100}, "participant"),
    ({"type": "bet", "participant": {"a": {"b": [1, [2, [3]]]}}, "kind": "player", "amount": 100}, "participant"),
    ({"type": "bet", "participant": 1, "kind": "roulette", "amount": 100}, "kind"),
    ({"type": "bet", "participant": 1, "kind": {"name": "player"}, "amount": 100}, "kind"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": 100, "number": 6}, "number"),
    ({"type": "bet", "participant": 1, "kind": "player", "amount": 100, "number": "٦"}, "number"),
    ({"type": "void_round"}, "reason"),
    ({"type": "void_round", "reason": "   "}, "reason"),
    ({"type": "void_round", "reason": "bad\x00shoe"}, "reason"),
    ({"type": "void_round", "reason": ["bad shoe"]}, "reason"),
    ({"type": "decision", "participant": 1, "choice": "raise"}, "type"),  # not a punto y banca event
    ({"type": "remove", "bet": "1.1"}, "type"),
    ({"type": "outcome", "player": "9h Kd", "banker": ["2c", "3s"]}, "player"),
    ({"type": "outcome", "player": [["9h"], "Kd"], "banker": ["2c", "3s"]}, "player.0"),
    ({"type": "outcome", "player": ["9h", "Kd", "Qs", "2c"], "banker": ["2c", "3s"]}, "player"),
    ({"type": "outcome", "dice": list(range(10**4))}, "dice"),
    ({"type": "outcome", "dice": [1, "x"]}, "dice.1"),
    ({"type": "outcome", "hands": {str(n): ["Ah"] for n in range(1, 9)}}, "hands"),
    ({"type": "outcome", "hands": {"1": "AhKhQhJhTh"}}, "hands.1"),
    ({"type": "outcome", "hands": {"١": ["Ah", "Kh", "Qh", "Jh", "Th"]}}, "hands"),
    ({"type": "outcome", "hands": {"0": []}}, "hands"),
    ({"type": "outcome", "lifted_unannounced": "maybe"}, "lifted_unannounced"),
    ({"type": "outcome", "slot": -1}, "slot"),
]


@pytest.mark.parametrize(("event", "field"), PLAY_REFUSALS, ids=[json.dumps(e)[:60] for e, _f in PLAY_REFUSALS])
def test_an_odd_event_is_refused_and_nothing_written(world, event, field):
    before = written(world.night)
    response = client_for(world.dealer).post(f"{TABLES}{world.baccarat.pk}/play/", event, format="json")
    assert response.status_code == 400, response.json()
    fields = {error["field"] for error in response.json()["errors"]}
    assert fields == {field} or {f.split(".")[0].split("[")[0] for f in fields if f} == {field.split(".")[0]}, fields
    assert written(world.night) == before


@pytest.mark.parametrize("body", ['"open"', '[{"type": "open"}]', "null", "{", '{"type": "open"',
                                  r'{"type": "void_round", "reason": "\ud800"}',
                                  r'{"type": "bet", "hands": {"\ud800": []}}',
                                  pytest.param("[" * 10000 + "]" * 10000, id="deep-list"),
                                  pytest.param('{"type": "open", "reason": ' + "[" * 5000 + "]" * 5000 + "}",
                                               id="deep-field")])
def test_a_body_that_is_no_event_is_refused(world, body):
    before = written(world.night)
    response = client_for(world.dealer).post(f"{TABLES}{world.baccarat.pk}/play/", body,
                                             content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"]
    assert written(world.night) == before


def test_a_bet_larger_than_the_chips_in_hand_is_refused(world):
    before = written(world.night)
    response = client_for(world.dealer).post(f"{TABLES}{world.wheel.pk}/play/", {
        "type": "bet", "participant": 1, "kind": "1", "amount": 2000}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    # The code is "invalid": montecarlo.nights.ledger.ledger_post passes code= beside a dict, which Django drops.
    assert error["field"] == "amount" and "has 1000 chips in hand" in error["message"]
    assert written(world.night) == before


def test_whole_numbers_as_text_are_read_and_only_the_events_fields_are_kept(world):
    response = client_for(world.dealer).post(f"{TABLES}{world.baccarat.pk}/play/", {
        "type": "bet", "participant": "1", "kind": "tie", "amount": "40", "note": "junk", "extra": {"a": [1]}},
        format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["view"]["bets"][0]["amount"] == 40
    stored = TableEvent.objects.filter(table=world.baccarat).order_by("-seq").first()
    assert stored.payload == {"type": "bet", "participant": 1, "kind": "tie", "amount": 40}


def test_a_form_encoded_event_keeps_only_what_was_sent(world):
    response = client_for(world.dealer).post(f"{TABLES}{world.baccarat.pk}/play/",
                                             {"type": "bet", "participant": "2", "kind": "banker", "amount": "40"})
    assert response.status_code == 200, response.json()
    stored = TableEvent.objects.filter(table=world.baccarat).order_by("-seq").first()
    assert stored.payload == {"type": "bet", "participant": 2, "kind": "banker", "amount": 40}


# --- the training draw, moving bets, closing ---


def test_a_training_night_lets_the_engine_draw():
    night, director = night_for(training=True, prizes=[])
    admit(night, director, 2)
    table = table_for(night, director, "wheel")
    api = client_for(member(night.license.organization, Role.DEALER))
    play, draw = f"{TABLES}{table.pk}/play/", f"{TABLES}{table.pk}/draw/"
    refused = api.post(draw)
    assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "no_outcome"
    api.post(play, {"type": "open"}, format="json")
    api.post(play, {"type": "bet", "participant": 1, "kind": "1", "amount": 50}, format="json")
    api.post(play, {"type": "bet", "participant": 2, "kind": "figure_a", "amount": 10}, format="json")
    drawn = api.post(draw)
    assert drawn.status_code == 200, drawn.json()
    view = drawn.json()["view"]
    assert view["phase"] == "settled" and view["last"]["symbol"] and view["bets"] == []
    kinds = {e.participant.number: e.kind for e in ChipLedgerEntry.objects.filter(participant__night=night)
             .select_related("participant").order_by("seq")}
    assert set(kinds.values()) <= {"won", "lost"}


def test_a_real_night_refuses_the_draw(world):
    response = client_for(world.dealer).post(f"{TABLES}{world.baccarat.pk}/draw/")
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "not_training"


def test_bets_move_to_another_table_of_the_game(world):
    director = client_for(world.director)
    second = director.post(TABLES, {"night": world.night.pk, "game": "punto-banca", "min_bet": 20, "max_bet": 500},
                           format="json").json()
    assert second["approval"] == "approved"  # the night's house rules are approved for the game already
    dealer = client_for(world.dealer)
    dealer.post(f"{TABLES}{second['id']}/play/", {"type": "open"}, format="json")
    dealer.post(f"{TABLES}{world.baccarat.pk}/play/", {"type": "bet", "participant": 1, "kind": "player",
                                                       "amount": 100}, format="json")
    url = f"{TABLES}{world.baccarat.pk}/transfer/"
    assert dealer.post(url, {"to_table": second["id"], "reason": "Shoe changed"}, format="json").status_code == 403
    for body, field in [({"to_table": second["id"]}, "reason"),
                        ({"to_table": world.wheel.pk, "reason": "x"}, "to_table"),
                        ({"to_table": world.theirs.pk, "reason": "x"}, "to_table"),
                        ({"to_table": world.baccarat.pk, "reason": "x"}, "to_table"),
                        ({"to_table": "٣", "reason": "x"}, "to_table")]:
        refused = director.post(url, body, format="json")
        assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == field, body
    moved = director.post(url, {"to_table": second["id"], "reason": "Shoe changed"}, format="json")
    assert moved.status_code == 200, moved.json()
    assert moved.json()["number"] == 3 and [b["participant"] for b in moved.json()["view"]["bets"]] == [1]
    ledger = client_for(world.director).get(
        f"/api/v1/montecarlo/nights/{world.night.pk}/participants/1/ledger/").json()
    assert [(e["kind"], e["table"]) for e in ledger[-2:]] == [("transfer_out", 1), ("transfer_in", 3)]
    assert dealer.get(f"{TABLES}{world.baccarat.pk}/").json()["view"]["bets"] == []


def test_closing_returns_the_bets_at_stake(world):
    dealer, director = client_for(world.dealer), client_for(world.director)
    dealer.post(f"{TABLES}{world.baccarat.pk}/play/", {"type": "bet", "participant": 2, "kind": "banker",
                                                       "amount": 100}, format="json")
    assert dealer.post(f"{TABLES}{world.baccarat.pk}/close/", {}, format="json").status_code == 403
    closed = director.post(f"{TABLES}{world.baccarat.pk}/close/", {"reason": "Dealer break"}, format="json")
    assert closed.status_code == 200 and closed.json()["status"] == "closed" and closed.json()["view"]["bets"] == []
    again = director.post(f"{TABLES}{world.baccarat.pk}/close/", {}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["code"] == "closed"
    refused = dealer.post(f"{TABLES}{world.baccarat.pk}/play/", {"type": "open"}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "table_closed"


# --- a table whose log does not replay ---


def test_a_broken_log_answers_409_and_writes_nothing(world, caplog):
    broken = state.append(actor=world.director, table=GameTable.objects.get(pk=world.wheel.pk), kind="bet",
                          payload={"type": "no-such-event"})
    before = written(world.night)
    api = client_for(world.director)
    url = f"{TABLES}{world.wheel.pk}/"
    for method, path, body in [("get", "", None), ("post", "play/", {"type": "void_round", "reason": "x"}),
                               ("post", "close/", {"reason": "x"})]:
        response = getattr(api, method)(url + path, body, format="json")
        assert response.status_code == 409, (path, response.json())
        [error] = response.json()["errors"]
        assert error["code"] == "table_state_invalid" and "cannot be replayed" in error["message"]
        assert f"event {broken.seq}" in error["message"]
    assert written(world.night) == before
    assert api.get(TABLES, {"night": world.night.pk}).status_code == 200  # the list replays nothing
