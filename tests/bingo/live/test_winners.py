"""A verified winner is never lost (30 DCMR 1405.16, 1406.3): a valid claim on the number just called
holds the calls until the close pays it, or until the claim is voided with a reason (audited, in the
game's log). A system-drawn ball is never taken back (1405.14). The same face checked twice on one call
is one claim."""

import random
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from bingo.live import services
from bingo.live.state import game_state
from bingo.models import EventKind, GameEvent
from core.findings import RuleViolation
from licensing.models import AuditEvent
from tests.bingo.factories import bingo_calls, live_world, record

pytestmark = pytest.mark.django_db


def won(world, face=5):
    record(world, bingo_calls(world.face(face)))
    event = services.claim_face(actor=world.checker, game=world.game, face_number=face)
    assert event.payload["valid"]
    return event


def next_ball(world):
    return next(n for n in range(75, 0, -1) if n not in game_state(world.game).calls)


def test_a_valid_claim_refuses_the_next_draw_and_record_and_the_close_pays_it():
    world = live_world(prize=Decimal("100.00"))
    won(world)
    calls = list(game_state(world.game).calls)
    for name, action in (("Draw a ball", lambda: services.ball_draw(actor=world.caller, game=world.game)),
                         ("Record a ball", lambda: services.ball_record(actor=world.caller, game=world.game,
                                                                         number=next_ball(world)))):
        with pytest.raises(RuleViolation) as caught:
            action()
        [finding] = caught.value.findings
        assert finding.rule == "30 DCMR 1406.3" and finding.message.startswith(f"{name} in game 1: face 5 of series")
    assert game_state(world.game).calls == calls
    close = services.game_close(actor=world.caller, game=world.game).payload
    assert close["winners"] == 1 and close["paid"][0]["face_number"] == 5 and close["shares"] == ["100.00"]


def test_an_invalid_claim_does_not_hold_the_calls():
    world = live_world()
    record(world, [next_ball(world)])
    claim = services.claim_face(actor=world.checker, game=world.game, face_number=5)
    assert not claim.payload["valid"]
    services.ball_draw(actor=world.caller, game=world.game, rng=random.Random(1))
    assert len(game_state(world.game).calls) == 2


def test_a_voided_claim_releases_the_calls_and_is_not_paid():
    world = live_world()
    claim = won(world)
    with pytest.raises(ValidationError) as caught:
        services.claim_void(actor=world.checker, game=world.game, claim_seq=claim.seq, reason="  ")
    assert "reason" in caught.value.error_dict
    void = services.claim_void(actor=world.checker, game=world.game, claim_seq=claim.seq,
                               reason="the checker read face 5 for face 15")
    assert void.kind == EventKind.VOID and void.payload["claim_seq"] == claim.seq
    assert AuditEvent.objects.filter(event_type="bingo.claim_voided", payload__claim_seq=claim.seq).exists()
    state = game_state(world.game)
    assert state.claims[0]["void"] and state.claims[0]["void_reason"] == "the checker read face 5 for face 15"
    assert state.winning_claims() == []
    with pytest.raises(ValidationError):  # once is enough
        services.claim_void(actor=world.checker, game=world.game, claim_seq=claim.seq, reason="again")
    with pytest.raises(ValidationError) as caught:  # a seq that is not a claim
        services.claim_void(actor=world.checker, game=world.game, claim_seq=void.seq, reason="x")
    assert "claim" in caught.value.error_dict
    services.ball_record(actor=world.caller, game=world.game, number=next_ball(world))
    assert services.game_close(actor=world.caller, game=world.game).payload["winners"] == 0


def test_the_close_pays_every_valid_claim_and_an_override_cannot_drop_one():
    world = live_world(prize=Decimal("100.00"))
    won(world)
    with pytest.raises(RuleViolation) as caught:
        services.game_close(actor=world.caller, game=world.game, winners=0)
    assert caught.value.findings[0].rule == "30 DCMR 1406.3" and caught.value.findings[0].field == "winners"
    close = services.game_close(actor=world.caller, game=world.game, winners=2)  # one more, checked on paper
    assert close.payload["winners"] == 2 and close.payload["shares"] == ["50.00", "50.00"]
    assert [row["face_number"] for row in close.payload["paid"]] == [5]


def test_a_system_drawn_ball_stays_drawn_and_a_recorded_one_can_be_taken_back():
    world = live_world()
    drawn = services.ball_draw(actor=world.caller, game=world.game, rng=random.Random(4))
    with pytest.raises(RuleViolation) as caught:
        services.call_undo(actor=world.caller, game=world.game, reason="changed my mind")
    [finding] = caught.value.findings
    assert finding.rule == "30 DCMR 1405.14" and "was drawn by the system" in finding.message
    assert game_state(world.game).calls == [drawn.payload["number"]]
    services.ball_record(actor=world.caller, game=world.game, number=next_ball(world))
    services.call_undo(actor=world.caller, game=world.game, reason="keyed 75 for 57")
    assert game_state(world.game).calls == [drawn.payload["number"]]
    # The system ball is again the last one: still not taken back.
    with pytest.raises(RuleViolation):
        services.call_undo(actor=world.caller, game=world.game, reason="again")


def test_the_same_face_checked_again_on_the_same_call_is_the_same_claim():
    world = live_world()
    first = won(world)
    count = GameEvent.objects.filter(game=world.game).count()
    again = services.claim_face(actor=world.caller, game=world.game, face_number="5")
    assert again.repeated and again.seq == first.seq and not first.repeated
    assert GameEvent.objects.filter(game=world.game).count() == count
    # Voided, it may be heard afresh.
    services.claim_void(actor=world.checker, game=world.game, claim_seq=first.seq, reason="misread")
    fresh = services.claim_face(actor=world.checker, game=world.game, face_number=5)
    assert not fresh.repeated and fresh.seq > first.seq


# --- the API and the console enforce the same ---

def test_the_api_holds_the_calls_voids_with_a_reason_and_answers_a_repeat_with_the_claim(client):
    world = live_world()
    record(world, bingo_calls(world.face(5)))
    client.force_login(world.caller)
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    claim = client.post(base + "claims/", {"face_number": 5}, content_type="application/json")
    assert claim.status_code == 201 and claim.json()["repeated"] is False
    again = client.post(base + "claims/", {"face_number": 5}, content_type="application/json")
    assert again.status_code == 200 and again.json()["repeated"] is True and again.json()["seq"] == claim.json()["seq"]
    assert len(client.get(base + "claims/").json()) == 1
    drawn = client.post(base + "draw/")
    assert drawn.status_code == 400 and drawn.json()["errors"][0]["rule"] == "30 DCMR 1406.3"
    seq = claim.json()["seq"]
    no_reason = client.post(base + f"claims/{seq}/void/", {"reason": ""}, content_type="application/json")
    assert no_reason.status_code == 400 and no_reason.json()["errors"][0]["field"] == "reason"
    missing = client.post(base + "claims/99999/void/", {"reason": "x"}, content_type="application/json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "claim"
    voided = client.post(base + f"claims/{seq}/void/", {"reason": "misread face"}, content_type="application/json")
    assert voided.status_code == 201 and voided.json()["claims"][0]["void_reason"] == "misread face"
    assert client.post(base + "draw/").status_code == 201


def test_the_api_refuses_to_take_back_a_system_ball(client):
    world = live_world()
    client.force_login(world.caller)
    base = f"/api/v1/bingo/games/{world.game.pk}/"
    client.post(base + "draw/")
    refused = client.post(base + "undo/", {"reason": "oops"}, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["rule"] == "30 DCMR 1405.14"
    assert len(client.get(base).json()["calls"]) == 1


def test_the_console_holds_the_calls_shows_the_repeat_and_voids(client):
    world = live_world()
    record(world, bingo_calls(world.face(5)))
    client.force_login(world.caller)
    htmx = {"HX-Request": "true"}
    claims_url = reverse("bingo:game_claims", args=[world.game.pk])
    first = client.post(claims_url, {"face_number": 5}, headers=htmx)
    assert b"calls-held" in first.content and b"disabled" in first.content
    again = client.post(claims_url, {"face_number": 5}, headers=htmx)
    assert b'data-repeated="true"' in again.content and b"was already checked on" in again.content
    assert again.content.count(b'<article id="claim-') == 1
    refused = client.post(reverse("bingo:console_draw", args=[world.game.pk]), headers=htmx)
    assert b"30 DCMR 1406.3" in refused.content
    seq = game_state(world.game).claims[0]["seq"]
    void_url = reverse("bingo:console_void", args=[world.game.pk, seq])
    assert b"hx-confirm" in first.content and void_url.encode() in first.content
    empty = client.post(void_url, {"reason": ""}, headers=htmx)
    assert empty.status_code == 200 and not game_state(world.game).claims[0].get("void")
    voided = client.post(void_url, {"reason": "misread face"}, headers=htmx)
    assert b"Voided: misread face" in voided.content and b"calls-held" not in voided.content
    assert client.post(reverse("bingo:console_draw", args=[world.game.pk]), headers=htmx).status_code == 200
    assert len(game_state(world.game).calls) == 6


def test_the_console_asks_before_closing_and_before_taking_back(client):
    world = live_world()
    record(world, [7])
    client.force_login(world.caller)
    page = client.get(reverse("bingo:console", args=[world.game.pk])).content.decode()
    assert 'hx-confirm="Take back B 7?' in page
    assert 'hx-confirm="Close game 1 and pay 0 valid claims? A closed game cannot be reopened."' in page
