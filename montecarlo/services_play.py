"""Tournament services for the table: start a hand at the clock's level, record each action,
enter the cards shown at showdown (the engine awards the pots), and record a misdeal. Dealers
of the organization and its directors may deal (30 DCMR 1603.24)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from montecarlo.holdem.tournament import level_from_dict
from montecarlo.models import Tournament
from montecarlo.rules import live_findings
from montecarlo.selectors import DEALER_ROLES, has_role
from montecarlo.services_state import append, apply_checked, broadcast, clock_position, load_engine, lock

ACTIONS = ("fold", "check", "call", "bet", "raise", "allin")


def require_dealer(actor, tournament: Tournament) -> None:
    if not has_role(user=actor, organization_id=tournament.license.organization_id, roles=DEALER_ROLES):
        raise PermissionDenied(_("Only the organization's dealers or tournament directors may deal."))


def _record(actor, tournament: Tournament, event: dict, field: str | None = None) -> dict:
    engine = load_engine(tournament)
    apply_checked(engine, event, field=field)
    append(actor=actor, tournament=tournament, kind=event["type"], payload=event, engine=engine)
    broadcast(tournament, engine)
    return engine.table_view(event["table"]) if "table" in event else {}


@transaction.atomic
def hand_start(*, actor, tournament: Tournament, table: int, now: dt.datetime | None = None) -> dict:
    """Deal a new hand at the level the clock shows now, under a license in force and within the
    licensed hours (1603.19, 1200.1; a training tournament is bound by the license only); the engine
    eliminates who cannot post (1604.3(aa)) and moves the button (1604.3(d))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    findings = live_findings(tournament, action="hand_start", now=now)
    if findings:
        raise RuleViolation(findings)
    if tournament.clock_started_at is None or not tournament.clock_running:
        raise ValidationError(_("Start or resume the clock before dealing."), code="clock_stopped")
    level, _seconds = clock_position(tournament, now)
    if level_from_dict(tournament.levels[level]).is_break:
        raise RuleViolation(Finding("30 DCMR 1604.4", _(
            "level: the clock is on a break under the posted house rules; deal after the break "
            "(30 DCMR 1604.4)."), field="level"))
    return _record(actor, tournament, {"type": "hand_start", "table": int(table), "level": level}, "table")


@transaction.atomic
def action_record(*, actor, tournament: Tournament, table: int, seat: int, action: str,
                  to: int | None = None) -> dict:
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    if action not in ACTIONS:
        raise ValidationError({"action": _("Unknown action %(action)s.") % {"action": action}})
    if action in ("bet", "raise") and to is None:
        raise ValidationError({"to": _("A bet or raise needs the amount it makes the seat's total.")})
    event = {"type": "action", "table": int(table), "seat": int(seat), "action": action,
             "to": int(to) if action in ("bet", "raise") else None}
    return _record(actor, tournament, event, "action")


def _card(text: str) -> str:
    text = (text or "").strip()
    return text[:-1].upper() + text[-1:].lower() if len(text) == 2 else text


@transaction.atomic
def showdown_record(*, actor, tournament: Tournament, table: int, board: list[str],
                    shown: dict[str, list[str]], mucked: list[int] = ()) -> dict:
    """The cards of the hands shown and the seats that mucked (1604.3(t)(2): the hand that made the
    last bet or raise shows, every hand if nobody bet; a mucked hand is not entered). The engine
    rebuilds the deal and awards every pot to the best hand shown (1604.3(u)-(z))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    event = {"type": "showdown", "table": int(table), "board": [_card(card) for card in board],
             "shown": {str(seat): [_card(card) for card in cards] for seat, cards in shown.items()},
             "mucked": sorted(int(seat) for seat in mucked)}
    return _record(actor, tournament, event, "shown")


@transaction.atomic
def misdeal_record(*, actor, tournament: Tournament, table: int) -> dict:
    """A misdeal before the first bet re-deals with the same forced bets (1604.3(bb), (cc))."""
    tournament = lock(tournament)
    require_dealer(actor, tournament)
    return _record(actor, tournament, {"type": "misdeal", "table": int(table)}, "table")
