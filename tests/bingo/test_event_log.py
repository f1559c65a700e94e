"""The hash-chained game event log: append-only, and `verify_logs --operation` finds the first
altered or missing row."""

import random
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from bingo.live import services
from bingo.live.state import game_state
from bingo.models import GameEvent, GameEventImmutableError
from core.chain import row_hash
from licensing.audit.verify import verify_log
from tests.bingo.factories import live_game, record_all
from tests.core.tamper import triggers_off

pytestmark = pytest.mark.django_db


def _played_game():
    game, caller = live_game()
    record_all(game, caller, [7, 22, 41])
    services.call_undo(actor=caller, game=game, reason="keyed 41 instead of 44")
    record_all(game, caller, [44])
    services.ball_draw(actor=caller, game=game, rng=random.Random(3))
    return game, caller


def verify_operation(operation):
    """The first bad game log of the operation (or the last good report)."""
    reports = [verify_log(GameEvent, str(pk)) for pk in operation.games.values_list("pk", flat=True)]
    return next((report for report in reports if not report.ok), reports[-1])


def _verify(operation_id):
    out = StringIO()
    call_command("verify_logs", "--operation", str(operation_id), stdout=out)
    return out.getvalue()


def test_chain_links_each_event_to_the_previous_one():
    game, _ = _played_game()
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [e.seq for e in events] == [1, 2, 3, 4, 5, 6, 7]
    assert events[0].prev_hash == "" and events[0].kind == "start"
    for before, after in zip(events, events[1:], strict=False):
        assert after.prev_hash == before.hash
    first_call = events[1]
    assert first_call.payload["number"] == 7 and first_call.payload["source"] == "recorded"
    assert first_call.hash == row_hash("bingo.gameevent", str(game.pk), first_call)
    # Keyed: the same row under another key hashes differently.
    assert first_call.hash != row_hash("bingo.gameevent", str(game.pk), first_call, key=b"another key")


def tamper():
    return triggers_off("bingo_gameevent")


def test_database_refuses_update_of_an_event():
    game, _ = _played_game()
    before = list(GameEvent.objects.filter(game=game).values_list("kind", flat=True))
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE bingo_gameevent SET kind = 'claim' WHERE game_id = %s", [game.pk])
    assert list(GameEvent.objects.filter(game=game).values_list("kind", flat=True)) == before


def test_deleted_last_event_is_detected_by_the_head():
    game, _ = _played_game()
    last = GameEvent.objects.filter(game=game).order_by("-seq").first()
    with tamper() as cursor:
        cursor.execute("DELETE FROM bingo_gameevent WHERE id = %s", [last.pk])
    game.refresh_from_db()
    report = verify_operation(game.operation)
    assert not report.ok
    assert report.problem.seq == last.seq
    assert "is not the log's last row" in report.problem.message


def test_verify_log_ok():
    game, _ = _played_game()
    assert _verify(game.operation_id).strip().splitlines() == [
        "OK: 1 log, 7 events",
        f"OK: operation {game.operation_id}: every claim and every result replays to what was recorded"]


def test_raw_sql_edit_is_detected_with_its_seq():
    game, _ = _played_game()
    event = GameEvent.objects.get(game=game, seq=3)
    with tamper() as cursor:
        # Bypass the model: a forger changes B 22 into B 12 directly in the table.
        cursor.execute("UPDATE bingo_gameevent SET payload = %s WHERE id = %s",
                       ['{"number": 12, "source": "recorded"}', event.pk])
    report = verify_operation(game.operation)
    assert not report.ok
    assert report.problem.seq == 3
    assert "altered" in report.problem.message
    with pytest.raises(CommandError, match="seq 3: altered or forged row"):
        _verify(game.operation_id)


def test_raw_sql_delete_is_detected_as_missing():
    game, _ = _played_game()
    event = GameEvent.objects.get(game=game, seq=4)
    with tamper() as cursor:
        cursor.execute("DELETE FROM bingo_gameevent WHERE id = %s", [event.pk])
    report = verify_operation(game.operation)
    assert report.problem.seq == 4
    assert "missing" in report.problem.message
    assert report.rows == 3
    with pytest.raises(CommandError, match="seq 4: missing row"):
        _verify(game.operation_id)


def test_events_refuse_update_and_delete():
    game, _ = _played_game()
    event = GameEvent.objects.get(game=game, seq=2)
    event.payload = {"number": 8}
    with pytest.raises(GameEventImmutableError):
        event.save()
    with pytest.raises(GameEventImmutableError):
        event.delete()
    with pytest.raises(GameEventImmutableError):
        GameEvent.objects.filter(game=game).update(kind="undo")
    with pytest.raises(GameEventImmutableError):
        GameEvent.objects.filter(game=game).delete()
    assert GameEvent.objects.get(pk=event.pk).payload["number"] == 7


def test_state_after_restart_gives_the_same_calls():
    game, caller = _played_game()
    before = game_state(game)
    # A "restart": nothing kept in memory, the game read afresh from the database.
    from bingo.models import Game

    fresh = Game.objects.get(pk=game.pk)
    after = game_state(fresh)
    assert after.calls == before.calls
    assert after.calls[:3] == [7, 22, 44]
    assert len(after.calls) == 4
    # The resumed game continues the same chain and refuses a ball already drawn.
    services.ball_draw(actor=caller, game=fresh, rng=random.Random(9))
    assert game_state(fresh).calls[:4] == before.calls
    assert len(set(game_state(fresh).calls)) == 5
    assert verify_operation(fresh.operation).ok


def test_admin_lists_game_events_but_cannot_change_them(admin_client):
    from django.urls import reverse

    game, _ = _played_game()
    event = GameEvent.objects.filter(game=game).first()
    assert admin_client.get(reverse("admin:bingo_gameevent_changelist")).status_code == 200
    change = reverse("admin:bingo_gameevent_change", args=[event.pk])
    delete = reverse("admin:bingo_gameevent_delete", args=[event.pk])
    assert admin_client.post(change, {"kind": "undo"}).status_code == 403
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
