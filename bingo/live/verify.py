"""An operation's record for `manage.py verify_logs --operation ID`: the log of every game of the operation
(chain, game rows, anchors), then every game replayed through the engine (`operation_problems`): each claim's face
is the face its series deals, each claim's verdict is what the engine decides on the calls heard before it (30 DCMR
1405.16, 1406.1), and each close's result is what the payout gives those claims (1406.2, 1408). Both are registered
with licensing's verify scopes when the app starts; the Board runs the replay on what a hall sends back too
(licensing.hall.imports)."""

from bingo.cards.sales import series_faces
from bingo.engine import Card, check_claim
from bingo.live.payout import game_payout, paid_before
from bingo.live.state import state_from_events
from bingo.live.winner_search import engine_pattern
from bingo.models import CardSeries, EventKind, GameEvent, GameStatus, Operation

# What a close records that the replay recomputes (the rest: the rule's citation, the cap's text, the training flag).
RESULT_KEYS = ("winners", "winning_call", "shares", "total_paid", "paid")


def operation_logs(operation_id: int) -> list[tuple[type, str]]:
    operation = Operation.objects.filter(pk=operation_id).first()
    if operation is None:
        raise LookupError(f"no bingo operation {operation_id}")
    games = operation.games.order_by("number", "pk").values_list("pk", flat=True)
    return [(GameEvent, str(pk)) for pk in games]


def _claim_problem(game, event, calls: list[int], pattern) -> str | None:
    claim = event.payload
    face = claim.get("face")
    if not isinstance(face, list) or len(face) != 25:
        return "the claim records no face"
    series = CardSeries.objects.filter(pk=claim.get("series_id")).first() if claim.get("series_id") else None
    number = claim.get("face_number")
    if series is not None and (not isinstance(number, int) or not 1 <= number <= series.size
                               or list(series_faces(series)[number - 1].squares) != face):
        return f"face {number} of series {series.code} is not the face the claim records"
    try:
        card = Card.from_squares(face)
    except (TypeError, ValueError):
        return "the claim's face is no bingo face"
    result = check_claim(card, calls, pattern)
    if (result.valid, result.complete) != (claim.get("valid"), claim.get("complete")):
        return (f"the claim was recorded {'valid' if claim.get('valid') else 'not valid'}, but on the calls before "
                f"it the engine finds it {'valid' if result.valid else 'not valid'} ({result.reason})")
    return None


def game_problems(game) -> list[str]:
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    pattern = engine_pattern(game)
    for index, event in enumerate(events):
        if event.kind not in (EventKind.CLAIM, EventKind.CLOSE):
            continue  # the state is folded again only where a verdict was recorded: claims and closes are few
        before = state_from_events(events[:index], GameStatus.LIVE)
        where = f"game {game.number} (id {game.pk}), seq {event.seq}"
        if event.kind == EventKind.CLAIM:
            problem = _claim_problem(game, event, before.calls, pattern)
            if problem:
                return [f"{where}: {problem}"]
        elif event.kind == EventKind.CLOSE:
            recorded = event.payload
            overridden = recorded.get("winners") != len(before.winning_players())
            replayed = game_payout(game, before, winners=recorded.get("winners") if overridden else None,
                                   paid=paid_before(game, until=event.created_at))
            changed = [key for key in RESULT_KEYS if replayed.get(key) != recorded.get(key)]
            if changed:
                return [f"{where}: the result recorded is not what the claims give ({', '.join(changed)}: recorded "
                        f"{[recorded.get(key) for key in changed]}, replayed {[replayed.get(key) for key in changed]})"]
    return []


def operation_problems(operation_id: int) -> list[str]:
    """Every game of the operation replayed through the engine, in order (a game's payout cap reads the games paid
    before it): the first problem of each game that has one."""
    operation = Operation.objects.get(pk=operation_id)
    problems = []
    for game in operation.games.select_related("pattern", "operation__license").order_by("number", "pk"):
        problems += game_problems(game)
    return problems
