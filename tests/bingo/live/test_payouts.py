"""A bingo game's winners at the payout desk (bingo.live.payouts): a verified claim opens its player's payout,
pending (30 DCMR 1406.3); a voided claim voids it unless another claim of the player stands (1406.1); the close
makes each share due (1406.2: a split prize is one payout per winner); a training game has none; and reading the
log again changes nothing."""

import datetime as dt
from decimal import Decimal

import pytest

from bingo.cards.sales import series_faces
from bingo.engine import check_claim
from bingo.live import services, training
from bingo.live.payouts import _numbers_text, game_payouts_sync, games_paid, operation_payouts_open
from bingo.live.state import game_state
from bingo.models import CardSale, CardSeries, Game, GameType
from licensing.models import AuditEvent, Payout, PayoutStatus, Role
from licensing.payouts.services import payout_open, payout_pay
from tests.bingo.factories import bingo_calls, bingo_license, live_world, record, staff_on_duty, standard_pattern
from tests.clock import board_time, travel
from tests.licensing.factories import member

pytestmark = pytest.mark.django_db


def payouts(world):
    return list(Payout.objects.filter(session=f"bingo.game:{world.game.pk}").order_by("pk"))


def sale_of(world, face):
    return CardSale.objects.get(operation=world.game.operation, first_face__lte=face, last_face__gte=face)


def together(world, faces):
    """Two faces whose top rows share a number: called last, it completes both at once (and the calls)."""
    for a in faces:
        for b in faces:
            if a >= b:
                continue
            shared = set(bingo_calls(world.face(a))) & set(bingo_calls(world.face(b)))
            for last in sorted(shared):
                before = sorted((set(bingo_calls(world.face(a))) | set(bingo_calls(world.face(b)))) - {last})
                if not any(check_claim(world.face(f), before, "any-line").complete for f in (a, b)):
                    return a, b, [*before, last]
    raise AssertionError("no two faces share a number in their top row")


def claim(world, face):
    event = services.claim_face(actor=world.checker, game=world.game, face_number=face)
    assert event.payload["valid"]
    return event


def test_a_verified_claim_opens_its_players_payout_pending_and_the_close_makes_it_due():
    world = live_world(prize=Decimal("100.00"))
    CardSale.objects.filter(operation=world.game.operation).update(price_each=Decimal("0.50"))
    record(world, bingo_calls(world.face(5)))
    claim(world, 5)
    [payout] = payouts(world)
    sale = sale_of(world, 5)
    assert payout.source == f"bingo.game:{world.game.pk}/sale:{sale.pk}"
    assert payout.status == PayoutStatus.PENDING and payout.prize is None and payout.game == "bingo"
    assert payout.label == f"Game 1 (Regular), card {world.series.code} 5"
    assert payout.wager == Decimal("0.50") and payout.won_on == world.game.operation.date
    assert payout.license == world.game.operation.license and not payout.annuity_allowed
    services.game_close(actor=world.caller, game=world.game)
    payout.refresh_from_db()
    assert payout.status == PayoutStatus.DUE and payout.prize == Decimal("100.00")


def test_a_card_checked_by_its_numbers_is_its_own_player():
    world = live_world(prize=Decimal("100.00"))
    Game.objects.filter(pk=world.game.pk).update(card_price=Decimal("2.00"))
    record(world, bingo_calls(world.face(5)))
    event = services.claim_verify(actor=world.checker, game=world.game, card=world.face(5))
    assert event.payload["valid"]
    [payout] = payouts(world)
    assert payout.source == f"bingo.game:{world.game.pk}/claim:{event.seq}"
    assert payout.label == f"Game 1, a card checked by its numbers (claim {event.seq})"
    assert payout.wager == Decimal("2.00") and payout.status == PayoutStatus.PENDING
    services.game_close(actor=world.caller, game=world.game)
    payout.refresh_from_db()
    assert (payout.status, payout.prize) == (PayoutStatus.DUE, Decimal("100.00"))


def test_one_players_two_faces_are_one_payout_and_voiding_one_face_keeps_it():
    world = live_world(prize=Decimal("100.00"))  # faces 1-60 are one sale: one player
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    first, second = claim(world, a), claim(world, b)
    [payout] = payouts(world)
    services.claim_void(actor=world.checker, game=world.game, claim_seq=first.seq, reason="face read twice")
    [payout] = payouts(world)
    assert payout.status == PayoutStatus.PENDING  # the other face still wins
    services.claim_void(actor=world.checker, game=world.game, claim_seq=second.seq,
                        reason="the checker read face 5 for face 15")
    [payout] = payouts(world)
    assert payout.status == PayoutStatus.VOID
    assert payout.void_reason == "Claim voided (30 DCMR 1406.1, 1406.3): the checker read face 5 for face 15"
    assert AuditEvent.objects.filter(event_type="licensing.payout_voided", actor=world.checker,
                                     payload__payout=payout.pk).exists()


def test_the_close_names_every_winning_face_of_the_player():
    world = live_world(prize=Decimal("100.00"))  # faces 1-60 are one sale: one player
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    claim(world, a)
    claim(world, b)
    services.game_close(actor=world.caller, game=world.game)
    [payout] = payouts(world)
    assert payout.label == f"Game 1 (Regular), cards {world.series.code} {a}, {world.series.code} {b}"
    assert (payout.status, payout.prize) == (PayoutStatus.DUE, Decimal("100.00"))


def test_a_split_prize_is_two_payouts_at_the_split_amounts():
    world = live_world(prize=Decimal("100.00"), sale_per_face=True)
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    claim(world, a)
    claim(world, b)
    assert [p.status for p in payouts(world)] == [PayoutStatus.PENDING] * 2
    close = services.game_close(actor=world.caller, game=world.game).payload
    assert close["shares"] == ["50.00", "50.00"]
    due = payouts(world)
    assert [(p.source, p.status, p.prize) for p in due] == [
        (f"bingo.game:{world.game.pk}/sale:{sale_of(world, face).pk}", PayoutStatus.DUE, Decimal("50.00"))
        for face in (a, b)]
    # Read again from the log: nothing changes, nothing is added.
    game_payouts_sync(game=world.game, state=game_state(world.game))
    operation_payouts_open(world.game.operation_id)
    assert [(p.pk, p.status, p.prize) for p in payouts(world)] == [(p.pk, p.status, p.prize) for p in due]


def test_each_payout_is_the_closes_share_rounded_up_to_the_dollar():
    world = live_world(prize=Decimal("99.00"), sale_per_face=True)
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    claim(world, a)
    claim(world, b)
    assert services.game_close(actor=world.caller, game=world.game).payload["shares"] == ["50.00", "50.00"]
    assert [p.prize for p in payouts(world)] == [Decimal("50.00")] * 2  # 30 DCMR 1406.2, not $49.50


def test_a_claim_voided_and_the_player_winning_again_is_a_new_payout():
    world = live_world(prize=Decimal("100.00"))
    record(world, bingo_calls(world.face(5)))
    first = claim(world, 5)
    services.claim_void(actor=world.checker, game=world.game, claim_seq=first.seq, reason="misread")
    again = claim(world, 5)  # heard again, on the same call, and verified
    voided, fresh = payouts(world)
    assert voided.status == PayoutStatus.VOID and fresh.status == PayoutStatus.PENDING
    assert fresh.source == f"{voided.source}/claim:{again.seq}"
    services.game_close(actor=world.caller, game=world.game)
    voided.refresh_from_db()
    fresh.refresh_from_db()
    assert voided.status == PayoutStatus.VOID and (fresh.status, fresh.prize) == (PayoutStatus.DUE, Decimal("100.00"))


def test_a_call_taken_back_voids_the_payout_of_the_claim_heard_on_it():
    world = live_world()
    record(world, bingo_calls(world.face(5)))
    claim(world, 5)
    services.call_undo(actor=world.caller, game=world.game, reason="the blower showed 17, not 71")
    [payout] = payouts(world)
    assert payout.status == PayoutStatus.VOID
    assert payout.void_reason == ("The call the claim was heard on was taken back (30 DCMR 1406.3): the blower "
                                  "showed 17, not 71")


def test_a_pending_payout_the_close_does_not_pay_is_void():
    world = live_world()
    record(world, bingo_calls(world.face(5)))
    claim(world, 5)
    stray = payout_open(license=world.game.operation.license, game="bingo", source=f"bingo.game:{world.game.pk}/sale:0",
                        session=f"bingo.game:{world.game.pk}", label="Game 1", won_on=world.game.operation.date,
                        pending=True)
    services.game_close(actor=world.caller, game=world.game)
    stray.refresh_from_db()
    assert stray.status == PayoutStatus.VOID
    assert stray.void_reason == "Did not win at the close of game 1 (30 DCMR 1406.3)."


def test_an_invalid_claim_and_a_game_without_a_winner_open_nothing():
    world = live_world()
    record(world, [bingo_calls(world.face(5))[0]])
    assert not services.claim_face(actor=world.checker, game=world.game, face_number=5).payload["valid"]
    services.game_close(actor=world.caller, game=world.game)
    assert payouts(world) == []


def test_a_multi_hall_prize_may_be_paid_by_annuity():
    world = live_world(prize=Decimal("100.00"), game_type=GameType.MULTI_HALL)
    record(world, bingo_calls(world.face(5)))
    claim(world, 5)
    [payout] = payouts(world)
    assert payout.annuity_allowed


def test_a_game_closed_without_its_payouts_gets_them_when_read_again():
    """A hall's records, or a game closed before the desk: the close's paid list opens and settles them."""
    world = live_world(prize=Decimal("100.00"), sale_per_face=True)
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    claim(world, a)
    claim(world, b)
    services.game_close(actor=world.caller, game=world.game)
    Payout.objects.filter(session=f"bingo.game:{world.game.pk}").delete()  # the queryset's: as if never opened
    operation_payouts_open(world.game.operation_id)
    assert [(p.status, p.prize) for p in payouts(world)] == [(PayoutStatus.DUE, Decimal("50.00"))] * 2


def test_a_training_game_has_no_payout():
    day = dt.date(2026, 12, 5)
    travel(board_time(day, dt.time(12, 0)), tick=False)
    license = bingo_license()
    operation = training.training_operation_create(actor=member(license.organization, Role.OFFICER), license=license)
    caller, checker = member(license.organization, Role.CALLER), member(license.organization, Role.CHECKER)
    staff_on_duty(operation, checker=checker)
    game = Game.objects.create(operation=operation, number=1, pattern=standard_pattern("any-line"),
                               prize=Decimal("0.00"), license_class=license.license_class)
    series = CardSeries.objects.create(organization=license.organization, code="TR", seed=42, size=50)
    services.game_start(actor=caller, game=game)
    for number in bingo_calls(series_faces(series)[3]):
        services.ball_record(actor=caller, game=game, number=number)
    assert services.claim_face(actor=checker, game=game, face_number=4).payload["valid"]
    services.game_close(actor=caller, game=game)
    operation_payouts_open(operation.pk)
    assert not Payout.objects.filter(session=f"bingo.game:{game.pk}").exists()


def test_how_a_game_was_paid_comes_from_its_payouts():
    world = live_world(prize=Decimal("100.00"), sale_per_face=True)
    a, b, calls = together(world, range(1, 61))
    record(world, calls)
    claim(world, a)
    claim(world, b)
    services.game_close(actor=world.caller, game=world.game)
    assert games_paid([world.game]) == {world.game.pk: {"paid_by": "unpaid", "check_requested": False}}
    desk = member(world.organization, Role.OFFICER)
    first, second = payouts(world)
    payout_pay(actor=desk, payout=first, method="cash", amount="50.00", winner={"name": "Bo"})
    assert games_paid([world.game])[world.game.pk]["paid_by"] == "unpaid"  # one winner is still to be paid
    payout_pay(actor=desk, payout=second, method="check", check_number="1001", check_requested=True,
               amount="50.00", winner={"name": "Cy"})
    assert games_paid([world.game]) == {world.game.pk: {"paid_by": "check", "check_requested": True,
                                                        "check_number": "1001"}}


def test_many_check_numbers_fit_the_reports_field_and_say_how_many_are_left_out():
    numbers = [f"CHK-{n:016d}" for n in range(30)]  # 20 characters each: 30 of them pass the field's 200
    text = _numbers_text(numbers)
    shown = text.split(" (+")[0].split(", ")
    assert len(text) <= 200 and shown == numbers[:len(shown)] and text.endswith(f"(+{30 - len(shown)})")
    assert _numbers_text(["1001", "1002"]) == "1001, 1002"
