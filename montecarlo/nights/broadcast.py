"""After a change commits, the night's public leaderboard gets its new state and the staff pages of the night
and its tables a refresh hint; a screen outage is logged, never raised (the change is committed; screens
resync on reconnect)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from montecarlo.models import Night
from montecarlo.nights.leaderboard import leaderboard_state

logger = logging.getLogger(__name__)


def leaderboard_group(night: Night) -> str:
    return f"montecarlo.leaderboard.{night.public_key}"


def night_group(night: Night) -> str:
    return f"montecarlo.night.{night.pk}"


def send_after_commit(messages) -> None:
    """`messages`: a callable returning [(group, message)], built once the transaction has committed."""

    def send():
        try:
            layer = get_channel_layer()
            if layer is None:
                return
            for group, message in messages():
                async_to_sync(layer.group_send)(group, message)
        except Exception:
            logger.exception("montecarlo broadcast failed")

    transaction.on_commit(send)


def leaderboard_changed(night: Night, *, table: int | None = None) -> None:
    """The leaderboard's new state to the public screen; a hint to the night's staff pages (`table`: which
    table changed, so a dealer's screen of another table need not reload)."""
    pk = night.pk

    def messages():
        fresh = Night.objects.get(pk=pk)
        return [(leaderboard_group(fresh), {"type": "leaderboard.state", "state": leaderboard_state(fresh)}),
                (night_group(fresh), {"type": "night.changed", "table": table})]

    send_after_commit(messages)
