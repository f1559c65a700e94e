"""The events a hall kit can be prepared for. Bingo operations and Monte Carlo Nights live in apps licensing does
not import, so each app registers its kind when it starts (AppConfig.ready), as licensing.home.events does: how to
find the events a user may prepare a kit for, one of them by id (a 404 outside the user's scope, a 403 for a
reader who may not prepare), the event's plan as the kit carries it (plain JSON), the event's rows the hall server
installs (licensing.hall.records) and its page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.http import Http404

from licensing.models import License


@dataclass(frozen=True)
class KitEvent:
    kind: str
    pk: int
    title: str
    license: License
    date: dt.date
    starts_at: dt.time
    ends_at: dt.time
    place: str
    training: bool
    url: str  # the event's own page in the portal


@dataclass(frozen=True)
class KitKind:
    name: str  # "bingo", "night"
    label: object  # what it is, in words (lazy)
    events: Callable[..., list[KitEvent]]  # events(*, user, today): the ones the user may prepare a kit for
    event: Callable[..., KitEvent]  # event(*, user, pk): 404 outside the scope, PermissionDenied for a reader
    plan: Callable[[KitEvent], dict]  # what the hall needs of the event besides the license and the numbers
    rows: Callable[[int], list]  # the event's own rows, by its id: the kit's (licensing.hall.records), the bundle's
    page: Callable[[int], str]  # the event's page at the hall, by its id: where the hall's home page leads
    received: Callable[[int, object], None]  # (event id, who sent it): the Board took the hall's records in
    # What the hall may do to the event's rows, as the Board takes them back (licensing.hall.imports): the fields of
    # the Board's own rows that playing changes ("app.model": fields; the heads of logs are the Board's to set), and
    # the rows it may create.
    state: dict[str, tuple[str, ...]]
    made: tuple[str, ...]
    log_scope: str  # the licensing.audit.scopes name whose logs(event id) are the event's logs ("operation", "night")
    # The sessions of the event's prizes at the payout desk (Payout.session: "bingo.game:12", "montecarlo.night:3"):
    # its payouts travel with its rows, and the hall's come back (licensing.hall.payouts).
    payout_sessions: Callable[[int], list[str]] = lambda pk: []
    # (event id): the event's winners to the payout desk (licensing.payouts) as the Board now holds its records, run
    # inside the import (licensing.hall.imports) so an accepted bundle always has them; idempotent, as a later bundle
    # of the same event runs it again. None: the kind's events pay no prize.
    payouts: Callable[[int], None] | None = None


_kinds: dict[str, KitKind] = {}


def kit_kind_register(kind: KitKind) -> None:
    """Register (or replace, when an app is reloaded) the kind named `kind.name`."""
    _kinds[kind.name] = kind


def kit_kinds() -> list[KitKind]:
    return list(_kinds.values())


def kit_kind(name: str) -> KitKind:
    """The kind named `name`; an unknown name is a 404, as an event outside the user's scope is."""
    try:
        return _kinds[name]
    except KeyError:
        raise Http404(name) from None

