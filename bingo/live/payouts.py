"""A bingo game's winners at the payout desk (licensing.payouts): the game's log, read as payouts.

- A player is a card sale (bingo.live.state.GameState.winning_players): one payout per player however many of its
  faces won (30 DCMR 1406.2 splits a prize per winner), source "bingo.game:<game>/sale:<sale>". A card checked by
  its numbers, which no sale names, is its own player: "bingo.game:<game>/claim:<seq>".
- A verified claim (valid on the number just called, 1406.1) opens its player's payout, pending: winners are paid
  when the game closes (1406.3). When none of the player's claims stands any more (voided with a reason, or heard
  on a call taken back), the payout is void with that reason. A voided payout stays void: should the same player
  win again afterwards, that is a new payout, ".../claim:<seq>" after the source, the seq of the claim that won.
- The close pays: each entry of the close's `paid` list (bingo.live.payout.game_payout, one per winning player, in
  the order of GameState.winning_players) settles that player's payout at its share, opened first if missing;
  every other pending payout of the game did not win at the close, and is void.
- A training game pays nothing, so it has no payout.

`game_payouts_sync` reads all of that from the game's state alone and may run any number of times: the live
services call it with each claim, void, undo and close, inside the event's transaction, and hall mode for the games
a hall's records brought (`operation_payouts_open`, through the bingo kit)."""

from __future__ import annotations

from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from bingo.live.state import GameState, game_state, player_key
from bingo.models import CardColour, CardSale, Game, GameStatus, GameType, Operation
from licensing.models import Payout, PayoutGame, PayoutMethod, PayoutStatus
from licensing.payouts.services import payout_open, payout_settle, payout_void
from licensing.reports.content.schema import TEXT_MAX

NEVER = float("inf")  # a claim never voided stands to the end


def session_of(game: Game) -> str:
    """What the IRS adds one person's winnings over: one game."""
    return f"bingo.game:{game.pk}"


def _wins(game: Game, state: GameState) -> dict[int, str]:
    """Each valid claim's payout source, by the claim's seq. One player's claims that stood together are one win;
    a claim made after every earlier one of the player was voided begins a new win (a new payout)."""
    by_player: dict[tuple, list[dict]] = {}
    for claim in state.claims:
        if claim.get("valid"):
            by_player.setdefault(player_key(claim), []).append(claim)
    sources: dict[int, str] = {}
    for claims in by_player.values():
        standing_until, source = -1, ""
        for claim in sorted(claims, key=lambda claim: claim["seq"]):
            if claim["seq"] > standing_until:  # nothing of the player stood since: a win begins
                if claim.get("sale") is None:
                    source = f"{session_of(game)}/claim:{claim['seq']}"
                elif not source:
                    source = f"{session_of(game)}/sale:{claim['sale']}"
                else:
                    source = f"{session_of(game)}/sale:{claim['sale']}/claim:{claim['seq']}"
            sources[claim["seq"]] = source
            standing_until = max(standing_until, claim.get("voided_seq") or NEVER)
    return sources


def _label(game: Game, claims: list[dict], sale: CardSale | None) -> str:
    """What Form W-2G box 5 identifies the win by: "Game 5 (Regular), card B 1234" (a regulated record, so in
    English, as the financial report's)."""
    faces = [f"{claim['series']} {claim['face_number']}" for claim in claims if claim.get("face_number") is not None]
    with translation.override("en"):
        if not faces:
            return _("Game %(number)s, a card checked by its numbers (claim %(seq)s)") % {
                "number": game.number, "seq": claims[0]["seq"]}
        cards = ngettext("card %(faces)s", "cards %(faces)s", len(faces)) % {"faces": ", ".join(faces)}
        if sale is None:
            return _("Game %(number)s, %(cards)s") % {"number": game.number, "cards": cards}
        return _("Game %(number)s (%(colour)s), %(cards)s") % {
            "number": game.number, "colour": CardColour(sale.colour).label, "cards": cards}


def _void_reason(game: Game, claims: list[dict]) -> str:
    """Why a win no longer stands: the reason its last claim was voided with, or the call taken back."""
    last = max(claims, key=lambda claim: claim.get("voided_seq") or 0)
    with translation.override("en"):
        if last.get("void_reason"):
            return _("Claim voided (30 DCMR 1406.1, 1406.3): %(reason)s") % {"reason": last["void_reason"]}
        if last.get("undo_reason") is not None:
            return _("The call the claim was heard on was taken back (30 DCMR 1406.3): %(reason)s") % {
                "reason": last["undo_reason"]}
        return _no_longer_stands(game)


def _no_longer_stands(game: Game) -> str:
    with translation.override("en"):
        return _("The claim no longer stands in game %(number)s (30 DCMR 1406.3).") % {"number": game.number}


def _did_not_win(game: Game) -> str:
    with translation.override("en"):
        return _("Did not win at the close of game %(number)s (30 DCMR 1406.3).") % {"number": game.number}


def _open(game: Game, source: str, claims: list[dict], sales: dict[int, CardSale]) -> Payout:
    sale = sales.get(claims[0].get("sale"))
    return payout_open(
        license=game.operation.license, game=PayoutGame.BINGO, source=source, session=session_of(game),
        label=_label(game, claims, sale), won_on=game.operation.date,
        # The price of the winning card (a face); bingo's form is never reduced by it (licensing.payouts.rules).
        wager=sale.price_each if sale is not None else game.card_price,
        pending=True, annuity_allowed=game.game_type == GameType.MULTI_HALL)  # 30 DCMR 1408.6


def game_payouts_sync(*, game: Game, state: GameState, actor=None) -> None:
    """Bring the game's payouts to what its state says: a pending payout per winning player, void for a win that no
    longer stands, and at the close each paid share settled and every other pending payout void. Idempotent."""
    if game.operation.is_training:
        return
    sources = _wins(game, state)
    players = state.winning_players()
    sales = CardSale.objects.in_bulk([claims[0]["sale"] for claims in players if claims[0].get("sale") is not None])
    standing = {}
    for claims in players:
        source = sources[claims[0]["seq"]]
        standing[source] = claims
        _open(game, source, claims, sales)
    if state.result is not None:
        paid = state.result.get("paid") or []
        for (source, claims), entry in zip(standing.items(), paid, strict=True):
            if entry.get("sale") != claims[0].get("sale"):
                raise ValueError(f"bingo game {game.pk}: the close paid sale {entry.get('sale')}, the claims name "
                                 f"{claims[0].get('sale')}")
            # The label names every winning face of the player's, as the close paid them.
            payout_settle(source=source, prize=Decimal(entry["amount"]),
                          label=_label(game, claims, sales.get(claims[0].get("sale"))))
    claims_of: dict[str, list[dict]] = {}
    for claim in state.claims:
        if claim["seq"] in sources:
            claims_of.setdefault(sources[claim["seq"]], []).append(claim)
    for source in (Payout.objects.filter(session=session_of(game), status=PayoutStatus.PENDING)
                   .exclude(source__in=standing).order_by("pk").values_list("source", flat=True)):
        claims = claims_of.get(source, [])
        if claims and all(claim.get("void") for claim in claims):
            reason = _void_reason(game, claims)
        elif state.result is not None:
            reason = _did_not_win(game)
        else:
            reason = _no_longer_stands(game)
        payout_void(source=source, reason=reason, actor=actor)


def operation_payouts_open(operation_id: int, actor=None) -> None:
    """The payouts of every game of an operation whose records were taken in at once (a hall's bundle): each game
    played, as its log now stands. Idempotent: a later bundle of the same operation settles what an earlier one
    left pending."""
    operation = Operation.objects.get(pk=operation_id)
    if operation.is_training:
        return
    for game in (operation.games.exclude(status=GameStatus.PLANNED).select_related("operation__license")
                 .order_by("number", "pk")):
        game_payouts_sync(game=game, state=game_state(game), actor=actor)


def games_paid(games) -> dict[int, dict]:
    """How each game's prize was paid, as the payout desk holds it, in the financial report's fields (30 DCMR 1408.5):
    by check when any winner was paid by check (their check numbers, in the winners' order), else "unpaid" while a
    winner is still to be paid, else by annuity when one was (1408.6), else in cash; whether a winner asked for a
    check. A game with no payout (no winner; or closed before the desk) is left out: the organization says."""
    by_game: dict[int, list[Payout]] = {}
    sessions = {session_of(game): game.pk for game in games}
    for payout in (Payout.objects.filter(session__in=sessions).exclude(status=PayoutStatus.VOID)
                   .order_by("pk")):
        by_game.setdefault(sessions[payout.session], []).append(payout)
    return {pk: _paid_fields(payouts) for pk, payouts in by_game.items()}


def _paid_fields(payouts: list[Payout]) -> dict:
    paid = [payout for payout in payouts if payout.status == PayoutStatus.PAID]
    checks = list(dict.fromkeys(payout.check_number for payout in paid if payout.method == PayoutMethod.CHECK))
    if checks:
        paid_by = "check"
    elif len(paid) < len(payouts):
        paid_by = "unpaid"
    elif any(payout.method == PayoutMethod.ANNUITY for payout in paid):
        paid_by = "annuity"
    else:
        paid_by = "cash"
    fields = {"paid_by": paid_by, "check_requested": any(payout.check_requested for payout in paid)}
    if checks:
        fields["check_number"] = _numbers_text(checks)
    return fields


def _numbers_text(numbers: list[str]) -> str:
    """The check numbers as the report's text field holds them (at most TEXT_MAX characters: the desk keeps them
    all)."""
    text = ", ".join(numbers)
    for shown in range(len(numbers) - 1, 0, -1):
        if len(text) <= TEXT_MAX:
            break
        text = f"{', '.join(numbers[:shown])} (+{len(numbers) - shown})"
    return text[:TEXT_MAX]
