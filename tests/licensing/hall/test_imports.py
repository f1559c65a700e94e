"""The Board takes in an accepted bundle (licensing.hall.imports): the hall's rows and logs become the Board's, chained
with its key; the same bundle twice changes nothing, a longer one appends, a fork or a changed row is refused."""

import copy
import datetime as dt

import pytest

from bingo.live import services as live
from bingo.live.payout import game_payout
from bingo.live.state import game_state
from bingo.models import CardSale, EventKind, Game, GameEvent, GameStatus
from licensing.audit.verify import verify_log
from licensing.hall.heads import records_sign
from licensing.hall.services import bundle_receive
from licensing.models import HallLogImport, Payout, PayoutStatus, Report
from tests.bingo.factories import bingo_calls
from tests.clock import during
from tests.licensing.hall.conftest import DEVICE_PRIVATE, played_at_the_hall

pytestmark = pytest.mark.django_db


def board_log(world) -> list:
    return list(GameEvent.objects.filter(game=world.game).order_by("seq"))


def test_an_accepted_bundle_puts_the_halls_game_into_the_boards_log_chained_with_its_key(played):
    kit, world, bundle = played
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings
    rows = board_log(world)
    assert [row.kind for row in rows] == ["start", "call", "call", "call", "call"]
    assert [row.payload for row in rows] == [row["payload"] for row in bundle["logs"][0]["rows"]]
    assert verify_log(GameEvent, str(world.game.pk)).ok
    game = Game.objects.get(pk=world.game.pk)
    assert game.status == GameStatus.LIVE and (game.head_seq, game.head_hash) == (5, rows[-1].hash)
    [taken] = HallLogImport.objects.filter(bundle=received)
    assert (taken.from_seq, taken.to_seq, taken.hall_hash) == (1, 5, bundle["logs"][0]["rows"][-1]["hash"])
    again, new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=copy.deepcopy(bundle))
    assert (again, new) == (received, False) and len(board_log(world)) == 5


def _more_calls(world, count):
    def step():
        called = {row.payload.get("number") for row in GameEvent.objects.filter(game=world.game)}
        for number in [n for n in range(1, 76) if n not in called][:count]:
            live.ball_record(actor=world.caller, game=world.game, number=number)
    return step


def _start(world):
    def step():
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5))[:2]:
            live.ball_record(actor=world.caller, game=world.game, number=number)
    return step


def test_a_longer_bundle_of_the_same_event_appends_and_a_fork_is_refused(played):
    kit, world, _bundle = played
    first, longer = played_at_the_hall(kit, _start(world), _more_calls(world, 3))
    [forked] = played_at_the_hall(kit, _start(world))  # played again: other times, other hashes
    assert bundle_receive(actor=kit.prepared_by, kit=kit, bundle=first)[0].accepted
    appended, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=longer)
    assert appended.accepted, appended.findings
    assert len(board_log(world)) == 6 and verify_log(GameEvent, str(world.game.pk)).ok
    assert [(t.from_seq, t.to_seq) for t in HallLogImport.objects.filter(identity=str(world.game.pk))] == [(1, 3),
                                                                                                          (4, 6)]
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=forked)
    assert not refused.accepted and "seq 1: differs from what the Board received" in refused.findings[0]["message"]
    assert len(board_log(world)) == 6


def test_a_game_the_board_already_holds_is_not_overwritten_from_a_hall(played):
    kit, world, bundle = played
    live.game_start(actor=world.caller, game=world.game)  # played online, at the Board
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert not refused.accepted and "already holds seq 1 to 1 of this log" in refused.findings[0]["message"]


def test_the_hall_may_change_what_playing_changes_and_nothing_else(played):
    kit, world, _bundle = played

    def prize_changed():
        _start(world)()
        Game.objects.filter(pk=world.game.pk).update(prize="9999.00")

    [bundle] = played_at_the_hall(kit, prize_changed)
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert not refused.accepted
    assert f"changed prize of bingo.game {world.game.pk}" in refused.findings[0]["message"]
    assert board_log(world) == [] and Game.objects.get(pk=world.game.pk).status == GameStatus.PLANNED


def test_a_card_sale_made_at_the_hall_comes_back_with_its_id_and_a_stray_row_is_refused(played):
    kit, world, _bundle = played

    def sold_at_the_door():
        _start(world)()
        sale = CardSale.objects.create(pk=kit.id_base + 1, operation=world.game.operation, series=world.series,
                                       first_face=61, last_face=70, hall=world.hall)
        sale.games.add(world.game)

    [bundle] = played_at_the_hall(kit, sold_at_the_door)
    stray = copy.deepcopy(bundle)
    [record] = [r for r in stray["records"] if r["model"] == "bingo.cardsale" and r["pk"] == kit.id_base + 1]
    stray_pk = CardSale.objects.order_by("-pk").first().pk + 10**6  # below the hall's span; not the event's
    record["pk"] = stray_pk
    stray["records_signature"] = records_sign(private_key=DEVICE_PRIVATE, kit=str(kit.kit_id),
                                              records=stray["records"])  # the hall itself sends it
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings
    sale = CardSale.objects.get(pk=kit.id_base + 1)
    assert (sale.first_face, sale.last_face, list(sale.games.all())) == (61, 70, [world.game])
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=stray)
    assert not refused.accepted
    assert f"bingo.cardsale {stray_pk} is not one of the event's rows" in refused.findings[0]["message"]


def test_rows_the_device_did_not_sign_are_refused(played):
    kit, _world, bundle = played
    forged = copy.deepcopy(bundle)
    game = next(r for r in forged["records"] if r["model"] == "bingo.game")
    game["fields"]["status"] = "closed"
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=forged)
    assert not refused.accepted and refused.findings[0]["field"] == "records"


def test_a_session_closed_at_the_hall_prefills_its_financial_report_once_it_is_over(played):
    kit, world, _bundle = played

    def won_and_closed():
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5)):
            live.ball_record(actor=world.caller, game=world.game, number=number)
        live.claim_face(actor=world.checker, game=world.game, face_number=5, series_code=world.series.code)
        live.game_close(actor=world.caller, game=world.game)

    [bundle] = played_at_the_hall(kit, won_and_closed)
    during(world.game.operation, dt.time(23, 0))  # the operation's hours are over
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings
    assert Game.objects.get(pk=world.game.pk).status == GameStatus.CLOSED
    report = Report.objects.get(license=kit.license, event_date=kit.event_date)
    recorded = report.recorded
    assert [game["number"] for game in recorded["games"]] == [1]
    assert recorded["card_sales"], recorded


def test_the_winners_of_a_hall_come_to_the_payout_desk_as_each_bundle_is_taken_in(played):
    """The hall's rows and logs go in with no game's service run: the import opens the payouts the records hold, a
    claim verified pending, the close due, and a bundle taken in again changes nothing."""
    kit, world, _bundle = played

    def won():
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5)):
            live.ball_record(actor=world.caller, game=world.game, number=number)
        live.claim_face(actor=world.checker, game=world.game, face_number=5, series_code=world.series.code)

    def closed():
        live.game_close(actor=world.caller, game=world.game)

    claimed, paid = played_at_the_hall(kit, won, closed)
    assert not Payout.objects.exists()  # what the 'hall' opened was rolled back with the rest
    sale = CardSale.objects.get(operation=world.game.operation)
    source = f"bingo.game:{world.game.pk}/sale:{sale.pk}"
    assert bundle_receive(actor=kit.prepared_by, kit=kit, bundle=claimed)[0].accepted
    [payout] = Payout.objects.all()
    assert (payout.source, payout.status, payout.prize) == (source, PayoutStatus.PENDING, None)
    assert bundle_receive(actor=kit.prepared_by, kit=kit, bundle=paid)[0].accepted
    [payout] = Payout.objects.all()
    assert (payout.source, payout.status, payout.prize) == (source, PayoutStatus.DUE, world.game.prize)
    again, new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=copy.deepcopy(paid))
    assert not new and list(Payout.objects.values_list("pk", "status")) == [(payout.pk, PayoutStatus.DUE)]


def test_a_refused_bundle_opens_no_payout(played):
    kit, world, _bundle = played

    def won_and_forged():
        live.game_start(actor=world.caller, game=world.game)
        for number in bingo_calls(world.face(5)):
            live.ball_record(actor=world.caller, game=world.game, number=number)
        live.claim_face(actor=world.checker, game=world.game, face_number=5, series_code=world.series.code)
        live.game_close(actor=world.caller, game=world.game)
        Game.objects.filter(pk=world.game.pk).update(prize=world.game.prize * 2)  # a row playing does not change

    [bundle] = played_at_the_hall(kit, won_and_forged)
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert not refused.accepted and not Payout.objects.exists()


def test_a_hall_that_forges_a_winning_claim_or_a_payout_is_refused_by_the_replay(played):
    """The hall holds the chain key and the device: it can write any row and sign it. What it cannot do is make the
    engine agree: the Board replays each claim on the calls before it and each close's payout."""
    kit, world, _bundle = played
    calls = bingo_calls(world.face(5))

    def forged_claim():
        live.game_start(actor=world.caller, game=world.game)
        for number in calls[:3]:  # three of the five: face 5 has no line yet
            live.ball_record(actor=world.caller, game=world.game, number=number)
        state = game_state(world.game)
        live._append(actor=world.checker, game=world.game, state=state, kind=EventKind.CLAIM, payload={
            "face_number": 5, "series": world.series.code, "series_id": world.series.pk,
            "face": list(world.face(5).squares), "pattern": "any-line", "last_call": calls[2], "call_count": 3,
            "valid": True, "complete": True, "missed": False, "reason": "", "rule": "30 DCMR 1406.1"})

    def richer_payout():
        live.game_start(actor=world.caller, game=world.game)
        for number in calls:
            live.ball_record(actor=world.caller, game=world.game, number=number)
        live.claim_face(actor=world.checker, game=world.game, face_number=5, series_code=world.series.code)
        state = game_state(world.game)
        payout = game_payout(Game.objects.get(pk=world.game.pk), state)
        live._append(actor=world.caller, game=world.game, state=state, kind=EventKind.CLOSE,
                     payload={**payout, "shares": ["500.00"], "total_paid": "500.00"})
        Game.objects.filter(pk=world.game.pk).update(status=GameStatus.CLOSED)

    for step, found in ((forged_claim, "the claim was recorded valid, but on the calls before it the engine finds "
                                       "it not valid"),
                        (richer_payout, "the result recorded is not what the claims give (shares, total_paid")):
        [bundle] = played_at_the_hall(kit, step)
        refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
        assert not refused.accepted and refused.findings[0]["message"].startswith("Replayed at the Board:")
        assert found in refused.findings[0]["message"], refused.findings
        assert board_log(world) == []
