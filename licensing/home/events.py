"""Upcoming operations and events on an organization's home. Bingo operations, Monte Carlo Nights and
tournaments live in apps licensing does not import, so each app registers a provider when it starts
(AppConfig.ready), as licensing.organizations.supply_ties does for people: a function
`provider(*, user, organization, today, limit)` returning UpcomingEvent rows the user may see."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass

UPCOMING_LIMIT = 8


@dataclass(frozen=True)
class UpcomingEvent:
    date: dt.date
    starts_at: dt.time | None
    kind: str  # what it is, in words: "Bingo operation"
    title: str
    url: str
    place: str = ""


Provider = Callable[..., Iterable[UpcomingEvent]]
_providers: dict[str, Provider] = {}


def upcoming_events_register(name: str, provider: Provider) -> None:
    """Register (or replace, when an app is reloaded) the provider named `name`."""
    _providers[name] = provider


def upcoming_events(*, user, organization, today: dt.date, limit: int = UPCOMING_LIMIT) -> list[UpcomingEvent]:
    """Every provider's events from today on, soonest first, at most `limit`."""
    events = [event for provider in _providers.values()
              for event in provider(user=user, organization=organization, today=today, limit=limit)]
    return sorted(events, key=lambda event: (event.date, event.starts_at or dt.time.min, event.title))[:limit]
