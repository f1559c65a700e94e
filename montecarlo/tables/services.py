"""Table-game services. For the director: set up a table of an allowed game with its limits and variant
(the catalog's approval state, 1602.1, 1602.2, 1603.16; an "other approved game" asks the Agency to approve
the night's house rules, 1602.1), close it, move a round's bets to another table of the game. For the dealer:
play the table through its engine (open a round, take a bet, a decision, the outcome, a void spin or throw, a
void round), every payout computed by the engine and posted to each participant's ledger in one transaction
with an audit event, then pushed to the leaderboard. Keyword-only, one transaction each."""

from __future__ import annotations

import json
import secrets

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from licensing.hall.closing import heads_sign_at_close
from montecarlo.models import (
    CONFIG_EVENT,
    Approval,
    ApprovalStatus,
    EntryKind,
    GameApproval,
    GameCatalogEntry,
    GameTable,
    JackpotEntry,
    Night,
    TableEvent,
    TableStatus,
)
from montecarlo.nights import rules
from montecarlo.nights.broadcast import leaderboard_changed
from montecarlo.nights.kit import KIT_KIND
from montecarlo.selectors import DEALER_ROLES, has_role, require_director
from montecarlo.tablegames import GAMES, GameError
from montecarlo.tables import events
from montecarlo.tables.state import (
    CLOSE_EVENT,
    append,
    apply_checked,
    game_finding,
    jackpot_seed,
    load_engine,
    lock,
    post_jackpot,
    post_ledgers,
)

# What a dealer may send; anything else is refused before the engine sees it. The event is kept as sent in the
# table's append-only log, so only the fields some engine reads, and no more than a hand of cards' worth.
DEALER_EVENTS = frozenset(events.AUDIT_TYPES)
EVENT_FIELDS = frozenset({"type", "participant", "kind", "amount", "number", "backs", "choice", "bet", "reason",
                          "why", "dealer", "hands", "player", "banker", "symbol", "slot", "dice",
                          "lifted_unannounced"})
EVENT_SIZE = 4000  # characters of JSON: far above any real event


def _require_dealer(actor, night: Night, what: str) -> None:
    if not has_role(user=actor, organization_id=night.license.organization_id, roles=DEALER_ROLES):
        raise PermissionDenied(what)


def _playable(table: GameTable, *, action: str) -> list[Finding]:
    """What stops play at a table now: the table or night closed, the live-play checks, and an "other approved
    game" whose house rules the Agency has not approved (1602.1)."""
    night = table.night
    if table.status != TableStatus.OPEN:
        raise ValidationError(_("Table %(number)s is closed.") % {"number": table.number}, code="table_closed")
    if not night.is_open:
        raise ValidationError(_("The night is counted: no more play."), code="night_closed")
    findings = rules.live_findings(night, action=action)
    if table.game.needs_house_rules_approval and not night.training:
        approved = GameApproval.objects.filter(night=night, game=table.game, status=ApprovalStatus.APPROVED).exists()
        if not approved:
            findings.append(Finding("30 DCMR 1602.1", _(
                "%(action)s: %(game)s is an \"other approved game\": it is played only once the Agency approves the "
                "night's house rules for it (30 DCMR 1602.1).") % {"action": action, "game": table.game.name_en},
                field="game"))
    return findings


@transaction.atomic
def table_create(*, actor, night: Night, game: str, min_bet: int, max_bet: int, settings: dict | None = None,
                 name: str = "") -> GameTable:
    """Set up a table. Its game, limits and variant are house rules, posted (1603.2, 1604.5) and recorded by
    the table's first event, so they never change under the players."""
    night = Night.objects.select_for_update(of=("self",)).select_related("license__organization").get(pk=night.pk)
    require_director(actor, night.license, _("Only the organization's tournament directors or officers may set up "
                                             "tables."))
    if not night.is_open:
        raise ValidationError(_("The night is counted: no more tables."), code="night_closed")
    entry = GameCatalogEntry.objects.filter(code=game).first() if isinstance(game, str) else None
    if entry is None:  # only the games and equipment the chapter authorizes (30 DCMR 1603.1)
        raise RuleViolation(Finding("30 DCMR 1603.1", _(
            "game: choose a game of the catalog; a night plays only the games the rules authorize (30 DCMR 1603.1)."),
            field="game"))
    findings = rules.game_findings(entry, license_class=night.license.license_class, playable=entry.code in GAMES)
    if findings:
        raise RuleViolation(findings)
    if settings is not None and not isinstance(settings, dict):
        raise ValidationError({"settings": _("The table's settings are named values, such as {\"decks\": 8}.")})
    game_settings = {**(settings or {}), "min_bet": min_bet, "max_bet": max_bet}
    try:
        engine = GAMES[entry.code](game_settings)
    except GameError as exc:
        raise game_finding(exc) from exc
    name = " ".join(name.split())[:100] if isinstance(name, str) else ""
    number = (night.tables.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    table = GameTable.objects.create(night=night, game=entry, number=number, name=name,
                                     game_settings=engine.settings, created_by=actor)
    append(actor=actor, table=table, kind=CONFIG_EVENT, payload=table.terms())
    jackpot_seed(actor=actor, table=table, engine=engine)
    if entry.approval == Approval.OTHER_APPROVED and not night.training:
        GameApproval.objects.get_or_create(night=night, game=entry, defaults={"house_rules": night.house_rules})
    events.table_created(actor=actor, night=night, table=table, number=number, game=entry.code,
                         settings=engine.settings)
    return table


def _event_action(event: dict) -> str:
    return {"open": _("opening a round"), "bet": _("taking a bet"), "outcome": _("settling")}.get(
        event.get("type"), _("play"))


@transaction.atomic
def table_play(*, actor, table: GameTable, event: dict) -> dict:
    """One engine event at the table (open, bet, decision, remove, outcome, void_outcome, void_hand,
    void_round): validated on the replayed engine, appended to the table's log, its chips posted to the
    participants' ledgers (a bet larger than a participant's chips is refused), audited. Returns the
    table's view."""
    if not isinstance(event, dict) or event.get("type") not in DEALER_EVENTS:
        raise ValidationError({"type": _("Choose one of: %(types)s.") % {"types": ", ".join(sorted(DEALER_EVENTS))}})
    unknown = sorted(set(event) - EVENT_FIELDS)
    if unknown:
        raise ValidationError({unknown[0]: _("No game reads this field.")})
    if len(json.dumps(event, default=str)) > EVENT_SIZE:
        raise ValidationError({"type": _("The event is too large to be one play at a table.")})
    table = lock(table)
    _require_dealer(actor, table.night, _("Only the organization's dealers and directors deal."))
    findings = _playable(table, action=_event_action(event))
    if findings:
        raise RuleViolation(findings)
    engine = load_engine(table)
    return _record(actor=actor, table=table, engine=engine, event=event)


def _record(*, actor, table: GameTable, engine, event: dict) -> dict:
    postings = apply_checked(engine, event)
    row = append(actor=actor, table=table, kind=event["type"], payload=event)
    post_ledgers(actor=actor, table=table, postings=postings)
    post_jackpot(actor=actor, table=table, engine=engine)
    events.table_event_logged(actor=actor, table=table, row=row, round_number=engine.round, postings=postings)
    leaderboard_changed(table.night, table=table.number)
    return engine.view()


@transaction.atomic
def outcome_draw(*, actor, table: GameTable, rng=None) -> dict:
    """Training: the engine draws the outcome (the injected RNG; secrets.SystemRandom otherwise) and settles it
    as if the dealer had entered it. Only at a training night: real play is decided by real cards and dice."""
    table = lock(table)
    _require_dealer(actor, table.night, _("Only the organization's dealers and directors deal."))
    if not table.night.training:
        raise ValidationError(_("Only a training night lets the engine draw; enter the real outcome."),
                              code="not_training")
    findings = _playable(table, action=_("settling"))
    if findings:
        raise RuleViolation(findings)
    engine = load_engine(table)
    if engine.expects() != "outcome":
        raise ValidationError(_("Nothing to draw now: take bets in an open round first."), code="no_outcome")
    event = engine.draw(rng or secrets.SystemRandom())
    return _record(actor=actor, table=table, engine=engine, event=event)


@transaction.atomic
def table_close(*, actor, table: GameTable, reason: str = "") -> GameTable:
    """Close a table; bets still at stake (a round in play, standing dice bets) are returned first, with the
    reason, as a void round."""
    table = lock(table)
    require_director(actor, table.night.license, _("Only the organization's tournament directors or officers may "
                                                   "close tables."))
    if table.status != TableStatus.OPEN:
        raise ValidationError(_("Table %(number)s is already closed.") % {"number": table.number}, code="closed")
    engine = load_engine(table)
    reason = " ".join(reason.split())[:200] if isinstance(reason, str) else ""
    returned = bool(engine.bets)
    if returned:
        _record(actor=actor, table=table, engine=engine,
                event={"type": "void_round", "reason": reason or _("table closed")})
    append(actor=actor, table=table, kind=CLOSE_EVENT, payload={"reason": reason})
    table.status = TableStatus.CLOSED
    table.save(update_fields=["status"])
    # At the hall the device signs the closed table's log and its jackpot's now; the night's count signs the rest.
    heads_sign_at_close(actor=actor, organization=table.night.license.organization, kind=KIT_KIND.name,
                        event_id=table.night_id, logs=[(TableEvent, str(table.pk)), (JackpotEntry, str(table.pk))])
    events.table_closed(actor=actor, table=table, reason=reason)
    if not returned:  # else the void round above has told the screens already
        leaderboard_changed(table.night, table=table.number)
    return table


@transaction.atomic
def bets_transfer(*, actor, table: GameTable, to_table: GameTable, reason: str) -> dict:
    """Move the bets of a round still taking bets to another table of the same game whose round is open (a
    table that must stop: a dealer or a shoe changed): each bet leaves one table's log and joins the other's,
    and the ledgers record the move as a transfer, chips still at stake."""
    reason = " ".join((reason or "").split())[:200]
    if not reason:
        raise ValidationError({"reason": _("Say why the bets move.")})
    first, second = sorted([table, to_table], key=lambda t: t.pk)
    first, second = lock(first), lock(second)
    source, target = (first, second) if first.pk == table.pk else (second, first)
    if source.pk == target.pk or source.night_id != target.night_id or source.game_id != target.game_id:
        raise ValidationError({"to_table": _("Bets move only to another table of the same game at the same night.")})
    require_director(actor, source.night.license, _("Only the organization's tournament directors or officers may "
                                                    "move bets."))
    findings = _playable(source, action=_("moving bets")) + _playable(target, action=_("moving bets"))
    if findings:
        raise RuleViolation(findings)
    engine, target_engine = load_engine(source), load_engine(target)
    bets = list(engine.bets.values())
    if not bets or any(bet.round != engine.round for bet in bets) or engine.expects() != "outcome":
        raise ValidationError(_("Only the bets of a round still taking bets can move (nothing decided yet)."),
                              code="not_movable")
    if target_engine.expects() not in ("bets", "outcome"):
        raise ValidationError({"to_table": _("Open a round at table %(number)s first.") % {"number": target.number}})
    out_event = {"type": "void_round", "reason": _("moved to table %(number)s: %(reason)s") % {
        "number": target.number, "reason": reason}}
    out_postings = apply_checked(engine, out_event)
    in_events = [{"type": "bet", "participant": bet.participant, "kind": bet.kind, "amount": bet.amount,
                  **({"number": bet.number} if bet.number is not None else {})} for bet in bets]
    in_postings = [posting for in_event in in_events for posting in apply_checked(target_engine, in_event)]
    append(actor=actor, table=source, kind="void_round", payload=out_event)
    for in_event in in_events:
        append(actor=actor, table=target, kind="bet", payload=in_event)
    post_ledgers(actor=actor, table=source, postings=out_postings, kinds={"returned": EntryKind.TRANSFER_OUT})
    post_ledgers(actor=actor, table=target, postings=in_postings, kinds={"bet": EntryKind.TRANSFER_IN})
    events.bets_moved(actor=actor, source=source, reason=reason, target=target, bets=bets)
    leaderboard_changed(source.night)
    return target_engine.view()
