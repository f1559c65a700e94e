"""Issue 25, "Logs that prove their own tails": a forger with the database owner's rights (every trigger off,
tests/core/tamper.py) but neither EVENT_LOG_KEY nor the anchors' signing key tampers with a chip ledger, a
raffle drawing's record or an organization's audit trail, in each of the thirteen ways of the bingo audit
(test_tampering.py), and either leaves the anchors in the database or cuts the anchor log's tail from the
first anchor of that log. `verify_logs --witness <the witness folder>` must fail every one of the 78 cases,
naming the log.

Each case also records what caught it (the chain walk, the owner row, a database anchor, the witness);
`TAMPER_TABLE=/some/file.md pytest tests/licensing/audit/test_witnessed_tampering.py` writes the table
"case | detected by"."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from core.chain import row_hash
from licensing.audit.events import audit_event_record
from licensing.audit.logs import chained_models
from licensing.audit.tasks import log_anchors_record
from licensing.audit.verify import detections, logs_to_verify
from licensing.audit.witness import read_witnesses
from licensing.models import AuditChain, AuditEvent, LogAnchor, RaffleDrawing, RaffleDrawingEvent, Role
from licensing.models.audit import audit_chain_for
from licensing.models.choices import LicenseType
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from montecarlo.models import ChipLedgerEntry, Participant
from montecarlo.tables import services as table_services
from tests.conftest import need
from tests.core.tamper import WRONG_KEY, forge_from, triggers_off
from tests.licensing.factories import (
    DRAWING_SEED,
    OrganizationFactory,
    UserFactory,
    in_charge,
    license_for,
    member,
    raffle_ready,
)
from tests.montecarlo.factories import admit, board_clock, night_for, table_for  # noqa: F401

pytestmark = pytest.mark.django_db
TABLE: list[tuple[tuple, str, str]] = []  # (order, case, detected by), written at the end if TAMPER_TABLE is set


@dataclass
class Scene:
    """One log to tamper with (`identity`), another of the same kind (`other`), and how its owner row is
    found: the owner model and the column that names it."""

    name: str
    model: type
    identity: str
    other: str
    owner: type
    owner_column: str = "id"
    edit: Callable = None  # row -> (column, new value): an edit of the row's content
    owner_fields: tuple[Callable, Callable] = ()  # (scene, cursor) -> None: two owner fields changed
    head_back: Callable = None  # row -> extra owner columns when the head is moved back to `row`

    @property
    def table(self) -> str:
        return self.model._meta.db_table

    @property
    def log_column(self) -> str:
        return self.model.chain_attname()

    def owner_key(self, identity: str):
        return identity if self.owner_column == "chain" else int(identity)

    def log_value(self, identity: str):
        return identity if self.log_column == "chain" else int(identity)

    def row(self, seq: int):
        return self.model.chain_rows(self.identity).get(seq=seq)

    def last(self):
        return self.model.chain_rows(self.identity).last()

    def set_owner(self, cursor, identity: str, **columns) -> None:
        assignments = ", ".join(f"{column} = %s" for column in columns)
        cursor.execute(f"UPDATE {self.owner._meta.db_table} SET {assignments} WHERE {self.owner_column} = %s",
                       [*columns.values(), self.owner_key(identity)])

    def move_rows(self, cursor, identity: str, to: str, where: str = "") -> None:
        """Move rows of one log into another: every column that names the log."""
        columns = {self.log_column: self.log_value(to)}
        if self.name == "audit":
            columns["organization_id"] = int(to.split(":")[1])
        assignments = ", ".join(f"{column} = %s" for column in columns)
        cursor.execute(f"UPDATE {self.table} SET {assignments} WHERE {self.log_column} = %s {where}",
                       [*columns.values(), self.log_value(identity)])


# --- the three logs ---


def chips_scene() -> Scene:
    """Two participants at a punto y banca table: #1's ledger is issue, bet, won, bet, lost, count; the
    night counted; another night beside it."""
    night, director = night_for()
    first, second = admit(night, director, 2)
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    for event in ({"type": "open"}, {"type": "bet", "participant": 1, "kind": "player", "amount": 100},
                  {"type": "bet", "participant": 2, "kind": "banker", "amount": 200},
                  {"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]},
                  {"type": "open"}, {"type": "bet", "participant": 1, "kind": "player", "amount": 60},
                  {"type": "outcome", "player": ["4h", "3d"], "banker": ["Kc", "8s"]}):
        table_services.table_play(actor=director, table=table, event=event)
    table_services.table_close(actor=director, table=table)
    from montecarlo.nights import services as night_services

    night_services.night_count(actor=director, night=night)
    other_night, _ = night_for(name="Another night")

    def night_changed(scene, cursor):  # the participant moved to another night
        scene.set_owner(cursor, scene.identity, night_id=other_night.pk)

    def number_changed(scene, cursor):  # #1 renumbered
        scene.set_owner(cursor, scene.identity, number=99)

    return Scene("chips", ChipLedgerEntry, str(first.pk), str(second.pk), Participant,
                 edit=lambda row: ("note", "paid twice"), owner_fields=(night_changed, number_changed),
                 head_back=lambda row: {})


def raffle_scene() -> Scene:
    """Two drawn raffles (scheduled, sales closed, drawn) and a third raffle license with no drawing yet."""

    def raffle(number: str):
        return raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number=number,
                                        application__first_ticket_number=100, application__last_ticket_number=199,
                                        application__tickets_printed=100))

    drawings = []
    for number in ("RF-2027-10001", "RF-2027-10002"):
        license = raffle(number)
        officer = member(license.organization, Role.OFFICER)
        drawing = drawing_schedule(actor=officer, license=license, prizes=2, seed_source=lambda: DRAWING_SEED)
        drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(100, 120)), returned=[101],
                                      buyers_age_declared=True)
        drawings.append(drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(license)))
    third = raffle("RF-2027-10003")

    def prizes_changed(scene, cursor):
        scene.set_owner(cursor, scene.identity, prizes=5)

    def license_changed(scene, cursor):
        scene.set_owner(cursor, scene.identity, license_id=third.pk)

    def returned_changed(row):
        return "payload", json.dumps({**row.payload, "returned": [], "tickets": [*row.payload["tickets"], 101]})

    return Scene("raffle", RaffleDrawingEvent, str(drawings[0].pk), str(drawings[1].pk), RaffleDrawing,
                 edit=returned_changed, owner_fields=(prizes_changed, license_changed),
                 head_back=lambda row: {"status": row.kind})


def audit_scene() -> Scene:
    """An organization's trail of five events, another's of two, and a third organization with none. The
    owner row of a trail (AuditChain) says whose trail it is (its organization) and which log it keeps the
    head of (its chain): those are the two fields changed."""
    organization, other, third = OrganizationFactory(), OrganizationFactory(), OrganizationFactory()
    actor = UserFactory()
    for number in range(5):
        audit_event_record(event_type="licensing.profile_updated", actor=actor, organization=organization,
                           payload={"number": number})
    for number in range(2):
        audit_event_record(event_type="licensing.profile_updated", actor=actor, organization=other,
                           payload={"number": number})

    def organization_changed(scene, cursor):
        scene.set_owner(cursor, scene.identity, organization_id=third.pk)

    def chain_changed(scene, cursor):
        scene.set_owner(cursor, scene.identity, chain=audit_chain_for(third.pk))

    return Scene("audit", AuditEvent, audit_chain_for(organization.pk), audit_chain_for(other.pk), AuditChain,
                 owner_column="chain", edit=lambda row: ("payload", json.dumps({"number": 99})),
                 owner_fields=(organization_changed, chain_changed), head_back=lambda row: {})


SCENES = {"chips": chips_scene, "raffle": raffle_scene, "audit": audit_scene}


# --- the thirteen kinds of tamper (test_tampering.py's, for any log) ---


def t_edit(scene, cursor):
    row = scene.row(2)
    column, value = scene.edit(row)
    cursor.execute(f"UPDATE {scene.table} SET {column} = %s WHERE id = %s", [value, row.pk])


def t_edit_and_rehash(scene, cursor):
    t_edit(scene, cursor)
    head = forge_from(scene.model, scene.identity, 2, cursor)
    scene.set_owner(cursor, scene.identity, head_hash=head)


def t_delete_middle(scene, cursor):
    cursor.execute(f"DELETE FROM {scene.table} WHERE id = %s", [scene.row(2).pk])


def t_delete_last_head_back(scene, cursor):
    last = scene.last()
    before = scene.row(last.seq - 1)
    cursor.execute(f"DELETE FROM {scene.table} WHERE id = %s", [last.pk])
    scene.set_owner(cursor, scene.identity, head_seq=before.seq, head_hash=before.hash, **scene.head_back(before))


def t_renumber(scene, cursor):
    cursor.execute(f"DELETE FROM {scene.table} WHERE id = %s", [scene.row(2).pk])
    for row in scene.model.chain_rows(scene.identity).filter(seq__gt=2):
        cursor.execute(f"UPDATE {scene.table} SET seq = %s WHERE id = %s", [row.seq - 1, row.pk])
    head = forge_from(scene.model, scene.identity, 2, cursor)
    last = scene.last()
    scene.set_owner(cursor, scene.identity, head_seq=last.seq, head_hash=head)


def t_delete_whole_log(scene, cursor):
    cursor.execute(f"DELETE FROM {scene.table} WHERE {scene.log_column} = %s", [scene.log_value(scene.identity)])
    cursor.execute(f"DELETE FROM {scene.owner._meta.db_table} WHERE {scene.owner_column} = %s",
                   [scene.owner_key(scene.identity)])


def t_forged_append(scene, cursor):
    last = scene.last()
    forged = scene.model.objects.get(pk=last.pk)
    forged.pk, forged.seq, forged.prev_hash = None, last.seq + 1, last.hash  # the last event, once more
    forged.hash = row_hash(scene.model.chain_label(), scene.identity, forged, key=WRONG_KEY)
    scene.model.objects.bulk_create([forged])  # no save(): the row keeps the forger's hash
    scene.set_owner(cursor, scene.identity, head_seq=forged.seq, head_hash=forged.hash)


def t_moved_to_another_owner(scene, cursor):
    """The two logs swap owners, and their owner rows' heads follow."""
    mine, theirs = scene.last(), scene.model.chain_rows(scene.other).last()
    cursor.execute(f"UPDATE {scene.table} SET seq = seq + 1000 WHERE {scene.log_column} = %s",
                   [scene.log_value(scene.identity)])
    scene.move_rows(cursor, scene.identity, scene.other)
    scene.move_rows(cursor, scene.other, scene.identity, where="AND seq < 1000")
    cursor.execute(f"UPDATE {scene.table} SET seq = seq - 1000 WHERE {scene.log_column} = %s AND seq > 1000",
                   [scene.log_value(scene.other)])
    scene.set_owner(cursor, scene.identity, head_seq=theirs.seq, head_hash=theirs.hash)
    scene.set_owner(cursor, scene.other, head_seq=mine.seq, head_hash=mine.hash)


def t_owner_field_changed(scene, cursor):
    scene.owner_fields[0](scene, cursor)


def t_actor_changed(scene, cursor):
    cursor.execute(f"UPDATE {scene.table} SET actor_id = %s WHERE id = %s", [UserFactory().pk, scene.row(2).pk])


def t_time_changed(scene, cursor):
    row = scene.row(2)
    cursor.execute(f"UPDATE {scene.table} SET created_at = %s WHERE id = %s",
                   [row.created_at.replace(year=row.created_at.year - 1), row.pk])


def t_rows_swapped(scene, cursor):
    second, third = scene.row(2), scene.row(3)
    cursor.execute(f"UPDATE {scene.table} SET seq = 1000 WHERE id = %s", [second.pk])
    cursor.execute(f"UPDATE {scene.table} SET seq = 2 WHERE id = %s", [third.pk])
    cursor.execute(f"UPDATE {scene.table} SET seq = 3 WHERE id = %s", [second.pk])


def t_second_owner_field_changed(scene, cursor):
    scene.owner_fields[1](scene, cursor)


KINDS = [t_edit, t_edit_and_rehash, t_delete_middle, t_delete_last_head_back, t_renumber, t_delete_whole_log,
         t_forged_append, t_moved_to_another_owner, t_owner_field_changed, t_actor_changed, t_time_changed,
         t_rows_swapped, t_second_owner_field_changed]


def cut_anchor_tail(scene, cursor) -> None:
    """The forger removes the log's anchors from the database the one way the anchor log's chain does not
    show: its tail cut from the first anchor of that log."""
    first = LogAnchor.objects.filter(log=scene.model.chain_label(), log_key=scene.identity).order_by("seq").first()
    cursor.execute("DELETE FROM licensing_loganchor WHERE seq >= %s", [first.seq])


# --- the cases ---


@pytest.fixture(scope="module", autouse=True)
def detection_table():
    yield
    path = os.environ.get("TAMPER_TABLE")
    if path and TABLE:
        lines = ["log | tamper | anchors in the database | detected by", "--- | --- | --- | ---",
                 *(f"{case} | {found}" for _order, case, found in sorted(TABLE))]
        Path(path).write_text("\n".join(lines) + "\n")


def detected_by(scene, witnesses) -> tuple[list[str], str]:
    """The checks that found the tampered log wrong, and a line naming those that found any log wrong."""
    mine, others = [], []
    for model in chained_models():
        for identity in logs_to_verify(model, witnesses):
            stages = [stage for stage, _problem in detections(model, identity, witnesses)]
            if not stages:
                continue
            if (model, identity) == (scene.model, scene.identity):
                mine = stages
            else:
                name = "the anchor log" if model is LogAnchor else \
                    f"the other {scene.name} log" if (model, identity) == (scene.model, scene.other) else \
                    f"{model.chain_alias} {identity}"
                others.append(f"{name}: {', '.join(stages)}")
    return mine, "; ".join([", ".join(mine) or "-", *others])


@pytest.fixture
def witnessed(settings, tmp_path, board_clock):  # noqa: F811  (the night's tables play in its licensed hours)
    need(connection.vendor == "postgresql", "the forger's tampers are PostgreSQL's (triggers switched off, TRUNCATE)")
    settings.LOG_ANCHOR_DIR = str(tmp_path / "witness")
    return tmp_path / "witness"


@pytest.mark.parametrize("anchors", ["kept", "removed"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__[2:])
@pytest.mark.parametrize("log", list(SCENES))
def test_every_tamper_is_detected_given_the_witness(witnessed, log, kind, anchors):
    scene = SCENES[log]()
    log_anchors_record.delay(reason="daily")  # anchored in the database, witnessed in the file and by mail
    call_command("verify_logs", "--witness", str(witnessed), stdout=StringIO())  # untampered: all good

    tables = [scene.table, scene.owner._meta.db_table, "licensing_loganchor"]
    with triggers_off(*tables) as cursor:
        kind(scene, cursor)
        if anchors == "removed":
            cut_anchor_tail(scene, cursor)

    err = StringIO()
    with pytest.raises(CommandError, match="failed verification"):
        call_command("verify_logs", "--witness", str(witnessed), stdout=StringIO(), stderr=err)
    assert f"FAILED {scene.model.describe_log(scene.identity)}" in err.getvalue()
    mine, line = detected_by(scene, read_witnesses([witnessed]))
    assert mine, f"{log} {kind.__name__} (anchors {anchors}) was not detected on its own log: {line}"
    if anchors == "removed":
        assert not LogAnchor.objects.filter(log=scene.model.chain_label(), log_key=scene.identity).exists()
    TABLE.append(((list(SCENES).index(log), KINDS.index(kind), anchors), f"{log} | {kind.__name__[2:]} | {anchors}",
                  line))


# --- the misses the issue names ---


def failed(*options) -> str:
    """What `verify_logs` prints of every failed log, when it fails."""
    err = StringIO()
    with pytest.raises(CommandError, match="failed verification"):
        call_command("verify_logs", *options, stdout=StringIO(), stderr=err)
    return err.getvalue()


def test_a_truncated_audit_trail_without_anchors_is_caught_by_its_owner_rows(witnessed):
    scene = audit_scene()
    assert not LogAnchor.objects.exists()
    call_command("verify_logs", "--log", "audit", stdout=StringIO())
    with triggers_off("licensing_auditevent") as cursor:
        cursor.execute("TRUNCATE licensing_auditevent")
    assert (f"FAILED the audit trail of {scene.identity}, seq 1: the audit trail's head (seq 5) is not the log's "
            "last row (seq 0)") in failed("--log", "audit")


def test_the_anchor_logs_own_tail_cut_is_caught_by_the_witness(witnessed):
    audit_scene()
    log_anchors_record.delay(reason="daily")
    kept = LogAnchor.objects.count()
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=None, payload={})
    log_anchors_record.delay(reason="periodic")
    with triggers_off("licensing_loganchor") as cursor:
        cursor.execute("DELETE FROM licensing_loganchor WHERE seq > %s", [kept])
    call_command("verify_logs", stdout=StringIO())  # the database alone cannot tell
    assert (f"FAILED the log anchors, seq {kept + 1}: missing rows: the log ends at seq {kept}, behind the head "
            f"seq {kept + 1} witnessed in {witnessed / 'log-anchors.jsonl'} line 2"
            ) in failed("--witness", str(witnessed))


def test_a_whole_log_deleted_with_its_owner_row_is_caught_by_the_witness(witnessed):
    scene = raffle_scene()
    log_anchors_record.delay(reason="daily")
    with triggers_off(scene.table, "licensing_raffledrawing", "licensing_loganchor") as cursor:
        t_delete_whole_log(scene, cursor)
        cut_anchor_tail(scene, cursor)
    call_command("verify_logs", stdout=StringIO())  # nothing in the database says the drawing existed
    assert (f"FAILED raffle drawing id {scene.identity} (the drawing row is gone), seq 1: missing rows: the log ends "
            f"at seq 0, behind the head seq 3 witnessed in {witnessed / 'log-anchors.jsonl'} line 1"
            ) in failed("--witness", str(witnessed))


def test_the_untampered_scenes_verify_with_their_witness(witnessed):
    for build in SCENES.values():
        build()
    log_anchors_record.delay(reason="daily")
    out = StringIO()
    call_command("verify_logs", "--witness", str(witnessed), stdout=out)
    witnesses = read_witnesses([witnessed])
    assert witnesses.batches == 1 and not witnesses.problems
    anchors = LogAnchor.objects.count()
    assert witnesses.heads == 2 * anchors  # each anchored head, and each anchor as a row of the anchor log
    assert f"; {2 * anchors} witnessed heads from 1 signed batch and 0 pages" in out.getvalue()
