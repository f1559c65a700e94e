"""A forger with the database owner's rights (the append-only trigger switched off) but without
EVENT_LOG_KEY tampers with a log; verification must name the first bad row every time.

The thirteen bingo tampers are the audit's (seven of them passed the unkeyed chain); the
tournament and audit-trail logs share the base, and face the same kinds of tamper."""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from bingo.live import services as bingo
from bingo.models import Game, GameEvent, Pattern
from core.chain import row_hash
from licensing.audit.events import audit_event_record
from licensing.audit.services import log_anchors_record
from licensing.audit.verify import verify_all
from licensing.models import AuditEvent
from montecarlo.models import Tournament, TournamentEvent
from tests.bingo.factories import live_game, record_all
from tests.core.tamper import WRONG_KEY, forge_from, triggers_off
from tests.licensing.factories import OrganizationFactory, UserFactory
from tests.montecarlo.factories import board_clock, running  # noqa: F401

pytestmark = pytest.mark.django_db


def failures():
    return [report for report in verify_all() if not report.ok]


# --- bingo: a closed game, anchored at its close, and a planned game beside it ---


@pytest.fixture
def closed_game(django_capture_on_commit_callbacks):
    game, caller = live_game(prize=Decimal("100.00"))
    record_all(game, caller, [7, 22, 41, 44])
    with django_capture_on_commit_callbacks(execute=True):
        bingo.game_close(actor=caller, game=game)  # the close anchors every log that grew
    planned = Game.objects.create(operation=game.operation, number=2, pattern=game.pattern, prize=Decimal("50.00"),
                                  license_class=game.license_class)
    game.refresh_from_db()
    return game, planned, caller


def _row(game, seq):
    return GameEvent.objects.get(game=game, seq=seq)


def t_edit(game, planned, caller, cursor):
    cursor.execute("UPDATE bingo_gameevent SET payload = %s WHERE id = %s",
                   [json.dumps({"number": 12, "source": "recorded"}), _row(game, 3).pk])


def t_edit_and_rehash(game, planned, caller, cursor):
    event = _row(game, 3)
    cursor.execute("UPDATE bingo_gameevent SET payload = %s WHERE id = %s",
                   [json.dumps({**event.payload, "number": 12}), event.pk])
    head = forge_from(GameEvent, str(game.pk), 3, cursor)
    cursor.execute("UPDATE bingo_game SET head_hash = %s WHERE id = %s", [head, game.pk])


def t_delete_middle(game, planned, caller, cursor):
    cursor.execute("DELETE FROM bingo_gameevent WHERE id = %s", [_row(game, 3).pk])


def t_delete_last_head_back(game, planned, caller, cursor):
    last = _row(game, game.head_seq)
    before = _row(game, game.head_seq - 1)
    cursor.execute("DELETE FROM bingo_gameevent WHERE id = %s", [last.pk])
    cursor.execute("UPDATE bingo_game SET head_seq = %s, head_hash = %s, status = 'live' WHERE id = %s",
                   [before.seq, before.hash, game.pk])


def t_renumber(game, planned, caller, cursor):
    cursor.execute("DELETE FROM bingo_gameevent WHERE id = %s", [_row(game, 3).pk])
    for event in GameEvent.objects.filter(game=game, seq__gt=3).order_by("seq"):
        cursor.execute("UPDATE bingo_gameevent SET seq = %s WHERE id = %s", [event.seq - 1, event.pk])
    head = forge_from(GameEvent, str(game.pk), 3, cursor)
    cursor.execute("UPDATE bingo_game SET head_seq = head_seq - 1, head_hash = %s WHERE id = %s", [head, game.pk])


def t_delete_whole_log(game, planned, caller, cursor):
    cursor.execute("DELETE FROM bingo_gameevent WHERE game_id = %s", [game.pk])
    cursor.execute("UPDATE bingo_game SET head_seq = 0, head_hash = '', status = 'planned' WHERE id = %s", [game.pk])


def t_forged_append(game, planned, caller, cursor):
    forged = GameEvent(game=game, seq=game.head_seq + 1, kind="call", payload={"number": 60, "source": "recorded"},
                       actor=caller, prev_hash=game.head_hash)
    forged.hash = row_hash("bingo.gameevent", str(game.pk), forged, key=WRONG_KEY)
    cursor.execute("INSERT INTO bingo_gameevent (game_id, seq, kind, payload, actor_id, created_at, prev_hash, hash) "
                   "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                   [game.pk, forged.seq, forged.kind, json.dumps(forged.payload), caller.pk, forged.created_at,
                    forged.prev_hash, forged.hash])
    cursor.execute("UPDATE bingo_game SET head_seq = %s, head_hash = %s WHERE id = %s",
                   [forged.seq, forged.hash, game.pk])


def t_moved_to_another_game(game, planned, caller, cursor):
    cursor.execute("UPDATE bingo_gameevent SET game_id = %s WHERE game_id = %s", [planned.pk, game.pk])
    cursor.execute("UPDATE bingo_game SET head_seq = %s, head_hash = %s, status = 'closed' WHERE id = %s",
                   [game.head_seq, game.head_hash, planned.pk])
    cursor.execute("UPDATE bingo_game SET head_seq = 0, head_hash = '', status = 'planned' WHERE id = %s", [game.pk])


def t_prize_changed(game, planned, caller, cursor):
    cursor.execute("UPDATE bingo_game SET prize = %s WHERE id = %s", [Decimal("5000.00"), game.pk])


def t_actor_changed(game, planned, caller, cursor):
    cursor.execute("UPDATE bingo_gameevent SET actor_id = %s WHERE id = %s", [UserFactory().pk, _row(game, 2).pk])


def t_time_changed(game, planned, caller, cursor):
    event = _row(game, 2)
    cursor.execute("UPDATE bingo_gameevent SET created_at = %s WHERE id = %s",
                   [event.created_at.replace(year=event.created_at.year - 1), event.pk])


def t_rows_swapped(game, planned, caller, cursor):
    second, third = _row(game, 2), _row(game, 3)
    cursor.execute("UPDATE bingo_gameevent SET seq = 1000 WHERE id = %s", [second.pk])
    cursor.execute("UPDATE bingo_gameevent SET seq = 2 WHERE id = %s", [third.pk])
    cursor.execute("UPDATE bingo_gameevent SET seq = 3 WHERE id = %s", [second.pk])


def t_pattern_changed(game, planned, caller, cursor):
    other = Pattern.objects.exclude(pk=game.pattern_id).filter(is_standard=True).first()
    cursor.execute("UPDATE bingo_game SET pattern_id = %s WHERE id = %s", [other.pk, game.pk])


BINGO_TAMPERS = [t_edit, t_edit_and_rehash, t_delete_middle, t_delete_last_head_back, t_renumber, t_delete_whole_log,
                 t_forged_append, t_moved_to_another_game, t_prize_changed, t_actor_changed, t_time_changed,
                 t_rows_swapped, t_pattern_changed]


def test_the_untampered_logs_verify(closed_game):
    game, _, _ = closed_game
    assert failures() == []
    out = StringIO()
    call_command("verify_logs", "--operation", str(game.operation_id), stdout=out)
    assert out.getvalue().strip().splitlines() == [
        "OK: 2 logs, 6 events",
        f"OK: operation {game.operation_id}: every claim and every result replays to what was recorded"]


@pytest.mark.parametrize("tamper", BINGO_TAMPERS, ids=lambda tamper: tamper.__name__[2:])
def test_each_bingo_tamper_is_detected(closed_game, tamper):
    game, planned, caller = closed_game
    with triggers_off("bingo_gameevent", "bingo_game") as cursor:
        tamper(game, planned, caller, cursor)
    bad = failures()
    assert bad, f"{tamper.__name__} was not detected"
    assert {report.identity for report in bad} & {str(game.pk), str(planned.pk)}
    problem = bad[0].problem
    assert problem.log == "bingo.gameevent" and f"(id {bad[0].identity})" in str(problem)
    with pytest.raises(CommandError, match="failed verification; first: bingo game"):
        call_command("verify_logs", "--operation", str(game.operation_id))
    with pytest.raises(CommandError):
        call_command("verify_logs", "--log", "bingo")


def test_the_first_bad_row_is_named(closed_game):
    game, planned, caller = closed_game
    with triggers_off("bingo_gameevent") as cursor:
        t_edit(game, planned, caller, cursor)
    [report] = failures()
    assert report.problem.seq == 3 and report.rows == 2
    assert "altered or forged row" in report.problem.message


# --- tournaments ---


@pytest.fixture
def tournament(django_capture_on_commit_callbacks, board_clock):  # noqa: F811  (dealt in licensed hours)
    tournament, director = running(["Ana", "Ben", "Cy"])
    log_anchors_record(reason="daily")
    tournament.refresh_from_db()
    return tournament


def _t_edit(tournament, cursor):
    event = TournamentEvent.objects.get(tournament=tournament, kind="register", payload__name="Ben")
    cursor.execute("UPDATE montecarlo_tournamentevent SET payload = %s WHERE id = %s",
                   [json.dumps({**event.payload, "name": "Bob"}), event.pk])


def _t_delete_last(tournament, cursor):
    last = TournamentEvent.objects.get(tournament=tournament, seq=tournament.head_seq)
    before = TournamentEvent.objects.get(tournament=tournament, seq=tournament.head_seq - 1)
    cursor.execute("DELETE FROM montecarlo_tournamentevent WHERE id = %s", [last.pk])
    cursor.execute("UPDATE montecarlo_tournament SET head_seq = %s, head_hash = %s WHERE id = %s",
                   [before.seq, before.hash, tournament.pk])


def _t_chips_changed(tournament, cursor):
    cursor.execute("UPDATE montecarlo_tournament SET starting_chips = 50000 WHERE id = %s", [tournament.pk])


def _t_prizes_changed(tournament, cursor):
    cursor.execute("UPDATE montecarlo_tournament SET prizes = %s WHERE id = %s",
                   [json.dumps(["500.00", "150.00", "50.00"]), tournament.pk])


def _t_forged_append(tournament, cursor):
    forged = TournamentEvent(tournament=tournament, seq=tournament.head_seq + 1, kind="chip_correction",
                             payload={"type": "chip_correction", "player": "p1", "chips": 99999},
                             prev_hash=tournament.head_hash)
    forged.hash = row_hash("montecarlo.tournamentevent", str(tournament.pk), forged, key=WRONG_KEY)
    cursor.execute("INSERT INTO montecarlo_tournamentevent (tournament_id, seq, kind, payload, created_at, prev_hash,"
                   " hash) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                   [tournament.pk, forged.seq, forged.kind, json.dumps(forged.payload), forged.created_at,
                    forged.prev_hash, forged.hash])
    cursor.execute("UPDATE montecarlo_tournament SET head_seq = %s, head_hash = %s WHERE id = %s",
                   [forged.seq, forged.hash, tournament.pk])


def _t_delete_whole_log(tournament, cursor):
    cursor.execute("DELETE FROM montecarlo_tournamentevent WHERE tournament_id = %s", [tournament.pk])
    cursor.execute("UPDATE montecarlo_tournament SET head_seq = 0, head_hash = '' WHERE id = %s", [tournament.pk])


@pytest.mark.parametrize("tamper", [_t_edit, _t_delete_last, _t_chips_changed, _t_prizes_changed, _t_forged_append,
                                    _t_delete_whole_log], ids=lambda tamper: tamper.__name__[3:])
def test_each_tournament_tamper_is_detected(tournament, tamper):
    call_command("verify_logs", "--tournament", str(tournament.pk))
    with triggers_off("montecarlo_tournamentevent", "montecarlo_tournament") as cursor:
        tamper(tournament, cursor)
    bad = [report for report in failures() if report.log == "montecarlo.tournamentevent"]
    assert [report.identity for report in bad] == [str(tournament.pk)]
    with pytest.raises(CommandError, match="tournament"):
        call_command("verify_logs", "--tournament", str(tournament.pk))


# --- the audit trail ---


@pytest.fixture
def audit_logs():
    organization, other = OrganizationFactory(), OrganizationFactory()
    actor = UserFactory()
    for number in range(4):
        audit_event_record(event_type="licensing.profile_updated", actor=actor, organization=organization,
                           payload={"number": number})
    audit_event_record(event_type="licensing.profile_updated", actor=actor, organization=other, payload={})
    log_anchors_record(reason="daily")
    return organization, other


def _rows(organization):
    return list(AuditEvent.chain_rows(f"organization:{organization.pk}"))


def _a_edit(organization, other, cursor):
    cursor.execute("UPDATE licensing_auditevent SET payload = %s WHERE id = %s",
                   [json.dumps({"number": 99}), _rows(organization)[1].pk])


def _a_delete_middle(organization, other, cursor):
    cursor.execute("DELETE FROM licensing_auditevent WHERE id = %s", [_rows(organization)[1].pk])


def _a_delete_last(organization, other, cursor):
    cursor.execute("DELETE FROM licensing_auditevent WHERE id = %s", [_rows(organization)[-1].pk])


def _a_moved_to_another_organization(organization, other, cursor):
    row = _rows(organization)[-1]
    cursor.execute("UPDATE licensing_auditevent SET organization_id = %s, chain = %s, seq = 2, prev_hash = %s "
                   "WHERE id = %s", [other.pk, f"organization:{other.pk}", _rows(other)[0].hash, row.pk])


def _a_forged_append(organization, other, cursor):
    last = _rows(organization)[-1]
    forged = AuditEvent(event_type="licensing.license_issued", organization=organization, payload={},
                        chain=last.chain, seq=last.seq + 1, prev_hash=last.hash)
    forged.hash = row_hash("licensing.auditevent", last.chain, forged, key=WRONG_KEY)
    cursor.execute("INSERT INTO licensing_auditevent (event_type, organization_id, object_type, object_id, payload, "
                   "created_at, request_id, chain, seq, prev_hash, hash) VALUES (%s, %s, '', '', %s, %s, '', %s, %s, "
                   "%s, %s)", [forged.event_type, organization.pk, "{}", forged.created_at, forged.chain, forged.seq,
                               forged.prev_hash, forged.hash])


def _a_delete_whole_log(organization, other, cursor):
    cursor.execute("DELETE FROM licensing_auditevent WHERE organization_id = %s", [organization.pk])


@pytest.mark.parametrize("tamper", [_a_edit, _a_delete_middle, _a_delete_last, _a_moved_to_another_organization,
                                    _a_forged_append, _a_delete_whole_log], ids=lambda tamper: tamper.__name__[3:])
def test_each_audit_trail_tamper_is_detected(audit_logs, tamper):
    organization, other = audit_logs
    call_command("verify_logs", "--log", "audit")
    with triggers_off("licensing_auditevent") as cursor:
        tamper(organization, other, cursor)
    bad = [report for report in failures() if report.log == "licensing.auditevent"]
    assert bad and {report.identity for report in bad} <= {f"organization:{organization.pk}",
                                                          f"organization:{other.pk}"}
    with pytest.raises(CommandError, match="audit trail"):
        call_command("verify_logs", "--log", "audit")


def test_a_deleted_anchor_breaks_the_anchor_log(audit_logs):
    organization, other = audit_logs
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})
    log_anchors_record(reason="daily")
    with triggers_off("licensing_loganchor") as cursor:
        cursor.execute("DELETE FROM licensing_loganchor WHERE seq = 1")
    with pytest.raises(CommandError, match="the log anchors, seq 1: missing row"):
        call_command("verify_logs", "--log", "anchors")


@pytest.mark.parametrize("table", ["licensing_auditevent", "licensing_loganchor", "bingo_gameevent",
                                   "montecarlo_tournamentevent"])
def test_truncate_update_and_delete_are_refused(table, closed_game, tournament):
    statements = [f"UPDATE {table} SET seq = seq"]
    if connection.vendor == "postgresql":  # SQLite has no TRUNCATE and keeps DELETE open for the test flush
        statements += [f"TRUNCATE {table} CASCADE", f"DELETE FROM {table}"]
    for statement in statements:
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # TRUNCATE waits for no deferred check
            cursor.execute(statement)
    assert Tournament.objects.filter(pk=tournament.pk).exists()
