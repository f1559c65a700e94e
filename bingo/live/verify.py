"""An operation's record for `manage.py verify_logs --operation ID`: the log of every game of the operation
(chain, game rows, anchors), registered with licensing's verify scopes when the app starts."""

from bingo.models import GameEvent, Operation


def operation_logs(operation_id: int) -> list[tuple[type, str]]:
    operation = Operation.objects.filter(pk=operation_id).first()
    if operation is None:
        raise LookupError(f"no bingo operation {operation_id}")
    games = operation.games.order_by("number", "pk").values_list("pk", flat=True)
    return [(GameEvent, str(pk)) for pk in games]
