"""What else happens as the desk pays a prize, inside the payment's transaction: a game whose financial report takes
the value paid from the desk registers it here (a raffle's: the drawing knows only the winning tickets, the desk
the value), as licensing.hall.kinds registers the live games' kits. Registered by game (licensing.models.PayoutGame)
when the app starts (AppConfig.ready)."""

from __future__ import annotations

from collections.abc import Callable

from licensing.models import Payout

PaidHook = Callable[[Payout], None]
_paid_hooks: dict[str, PaidHook] = {}


def payout_paid_hook_register(game: str, hook: PaidHook) -> None:
    """Register (or replace, when an app is reloaded) `hook(payout)`, called as each payout of `game` is paid."""
    _paid_hooks[game] = hook


def payout_paid_hooks_run(payout: Payout) -> None:
    hook = _paid_hooks.get(payout.game)
    if hook is not None:
        hook(payout)
