"""The shared machinery of table-game services: lock a table, rebuild its engine from the table's log, apply
a new event to the rebuilt engine (a refusal becomes a finding with its rule and field, before anything is
written), append the event hash-chained, and post what it moved: each participant's chips on their ledger and
the jackpot's meter on the jackpot's ledger."""

from __future__ import annotations

import logging

from django.utils.translation import gettext as _

from core.chain import head_of
from core.findings import Finding, RuleViolation
from montecarlo.models import CONFIG_EVENT, EntryKind, GameTable, JackpotEntry, JackpotKind, TableEvent
from montecarlo.nights.ledger import ledger_post, participants_locked
from montecarlo.tablegames import GAMES, GameError, RoundTable
from montecarlo.tablegames.base import AWARD, BET, LIMITS_RULE, Posting

logger = logging.getLogger(__name__)

CLOSE_EVENT = "close"
NOT_ENGINE = frozenset({CONFIG_EVENT, CLOSE_EVENT})  # the log's own events; every other one is the engine's
LEDGER_KIND = {"bet": EntryKind.BET, "won": EntryKind.WON, "lost": EntryKind.LOST, "pushed": EntryKind.PUSHED,
               "returned": EntryKind.RETURNED, "award": EntryKind.AWARD}


def lock(table: GameTable) -> GameTable:
    # The row lock serializes the table's appends: seq and prev_hash are read and written under it.
    return GameTable.objects.select_for_update(of=("self",)).select_related(
        "night__license__organization", "game").get(pk=table.pk)


def engine_class(table: GameTable) -> type[RoundTable]:
    return GAMES[table.game.code]


class TableStateError(Exception):
    """The stored table does not replay: an event is refused by the engine. Nothing is shown or changed until
    the record is repaired; views answer a clear error, never a 500."""

    def __init__(self, table: GameTable, seq: int | None, problem: Exception):
        self.table_id, self.seq, self.problem = table.pk, seq, problem
        self.message = _("The record of table %(id)s cannot be replayed: its event %(seq)s is refused (%(problem)s). "
                         "Nothing can be shown or changed until it is repaired; the error is logged.") % {
            "id": table.pk, "seq": seq, "problem": problem}
        super().__init__(self.message)


def replay_postings(table: GameTable):
    """The engine rebuilt from the table's log, with each event's postings: [(seq, kind, postings)]."""
    engine = engine_class(table)(table.game_settings)
    moved = []
    for seq, kind, payload in table.events.order_by("seq").values_list("seq", "kind", "payload"):
        if kind in NOT_ENGINE:
            continue
        try:
            moved.append((seq, kind, engine.apply(payload)))
        except Exception as exc:  # any refusal of what is stored: the log does not replay
            logger.error("table %s does not replay at event %s", table.pk, seq, exc_info=True)
            raise TableStateError(table, seq, exc) from exc
    return engine, moved


SETTLED_KINDS = frozenset({"won", "lost", "pushed", "returned", "award"})


def last_settlement(table: GameTable, moved) -> list[dict]:
    """Every bet the table's last settling event (an outcome, a void round, a closing) decided, in the order the
    engine settled them: who, which bet, the stake, won/lost/pushed/returned (or a jackpot award) and the chips paid
    back to the participant (the stake and the winnings; nothing on a loss)."""
    kinds = {}
    for seq, kind, payload in table.events.order_by("seq").values_list("seq", "kind", "payload"):
        if kind in ("bet", "decision") and isinstance(payload, dict):  # a raise is Caribbean poker's "bet"
            kinds[seq] = payload.get("kind") or ("bet" if kind == "decision" else "")
    bet_kind, settled = {}, []
    for seq, _kind, postings in moved:
        for posting in postings:
            if posting.kind == "bet":
                bet_kind[posting.bet] = kinds.get(seq, "")
        decided = [p for p in postings if p.kind in SETTLED_KINDS]
        if decided:
            settled = [{"participant": p.participant, "bet": p.bet, "kind": bet_kind.get(p.bet, ""),
                        "stake": p.stake, "result": p.kind, "paid": p.chips, "winnings": max(-p.house, 0)}
                       for p in decided]
    return settled


def load_engine(table: GameTable) -> RoundTable:
    return replay_postings(table)[0]


def translated(exc: GameError) -> str:
    """The engine's English template in the reader's language, filled in."""
    template = _(exc.template)
    try:
        return template % exc.params if exc.params else template
    except (KeyError, TypeError, ValueError):
        return exc.message


def game_finding(exc: GameError) -> RuleViolation:
    rule = exc.rule or LIMITS_RULE
    message = translated(exc)
    return RuleViolation(Finding(rule, message if rule in message else f"{message} ({rule})",
                                 field=exc.field or None))


def apply_checked(engine: RoundTable, event: dict) -> list[Posting]:
    try:
        return engine.apply(event)
    except GameError as exc:
        raise game_finding(exc) from exc


def append(*, actor, table: GameTable, kind: str, payload: dict) -> TableEvent:
    event = TableEvent(table=table, kind=kind, payload=payload, actor=actor)
    event.link(head_of(table.events))
    event.save()
    table.head_seq, table.head_hash = event.seq, event.hash
    table.save(update_fields=["head_seq", "head_hash"])
    return event


def round_of(bet: str) -> int | None:
    head = bet.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def post_ledgers(*, actor, table: GameTable, postings: list[Posting], kinds: dict | None = None) -> list:
    """Every posting on its participant's ledger (participants locked in number order). `kinds` maps a
    posting kind to another ledger kind (a bet moved between tables is TRANSFER_OUT and TRANSFER_IN)."""
    if not postings:
        return []
    found = participants_locked(table.night, [posting.participant for posting in postings])
    entries = []
    for posting in postings:
        participant = found.get(posting.participant)
        if participant is None:
            raise RuleViolation(Finding("30 DCMR 1603.8", _(
                "participant: no participant #%(number)s was admitted to this night; only admitted participants "
                "hold chips (30 DCMR 1603.8).") % {"number": posting.participant}, field="participant"))
        stake = posting.stake if posting.kind == BET else (0 if posting.kind == AWARD else -posting.stake)
        kind = (kinds or {}).get(posting.kind, LEDGER_KIND[posting.kind])
        # The note in English for the record; its template kept beside it so a page shows it in the reader's language.
        note = posting.note % posting.params if posting.note and posting.params else posting.note
        payload = {**posting.params, "note_template": posting.note} if posting.note else dict(posting.params)
        entries.append(ledger_post(participant=participant, kind=kind, chips=posting.chips, stake=stake,
                                   house=posting.house, actor=actor, table=table, bet=posting.bet,
                                   round=round_of(posting.bet), note=note, payload=payload))
    return entries


def post_jackpot(*, actor, table: GameTable, engine: RoundTable) -> None:
    """The meter's movements of the last event on the jackpot's own ledger (Caribbean poker, 001 art. 17)."""
    moves = getattr(engine, "jackpot_moves", None) or []
    if not moves:
        return
    numbers = {move.get("participant") for move in moves if move.get("participant")}
    participants = {p.number: p for p in table.night.participants.filter(number__in=numbers)}
    for move in moves:
        entry = JackpotEntry(table=table, kind=move["kind"], chips=move["chips"], meter=move["meter"],
                             bet=move.get("bet") or "", participant=participants.get(move.get("participant")),
                             actor=actor if getattr(actor, "is_authenticated", False) else None)
        entry.link(head_of(table.jackpot_entries))
        entry.save()


def jackpot_seed(*, actor, table: GameTable, engine: RoundTable) -> None:
    """A jackpot table's ledger opens with the meter's seed."""
    meter = getattr(engine, "meter", None)
    if meter is None or not engine.settings.get("jackpot"):
        return
    entry = JackpotEntry(table=table, kind=JackpotKind.SEED, chips=meter, meter=meter,
                         actor=actor if getattr(actor, "is_authenticated", False) else None)
    entry.link(head_of(table.jackpot_entries))
    entry.save()
