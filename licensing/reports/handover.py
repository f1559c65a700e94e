"""The hand-overs of a Monte Carlo Night report: the live modules call these (licensing imports no module).

One report covers one night (a license and a date), and two modules record parts of it: each Texas Hold'em
tournament of the night its prizes (montecarlo.tournaments), and the night's chip ledger the attendance, the
chips issued per participant and the prizes of the table games (the Monte Carlo Night module). Each hand-over
replaces only what its module owns and keeps the rest of the record: the prizes won at Hold'em belong to the
tournaments, every other prize to the night."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from django.db import transaction

from licensing.models import License, Report
from licensing.reports.services import report_current, report_recorded_handover

HOLDEM = "holdem"


def _previous_record(license: License, event_date: dt.date) -> dict:
    # Under the license's row lock, which the hand-over takes as well: two hand-overs of one night wait for
    # each other, so neither drops the other's part.
    License.objects.select_for_update().filter(pk=license.pk).first()
    report = report_current(license, event_date)
    return dict(report.recorded) if report is not None else {}


def _rows(rows: Iterable[Mapping], *, what: str) -> list[dict]:
    found = []
    for row in rows:
        if not isinstance(row, Mapping):
            raise ValueError(f"each {what} is a mapping of the report's fields")
        found.append(dict(row))
    return found


def _holdem(row: dict) -> bool:
    return row.get("game") == HOLDEM


@transaction.atomic
def montecarlo_tournament_prizes_recorded(*, license: License, event_date: dt.date, prizes: Iterable[Mapping],
                                          source: str) -> Report:
    """The prizes of every Hold'em tournament of the night, as published (30 DCMR 1603.25, 1603.26): the
    caller gives all of them each time (a night may hold several tournaments), each row a prize of the
    report (participant, description, value, date; `game` is Hold'em). They replace the Hold'em prizes of
    the record; the night's other prizes and parts stay."""
    rows = [{**row, "game": HOLDEM} for row in _rows(prizes, what="prize")]
    previous = _previous_record(license, event_date)
    kept = [row for row in previous.get("prizes", []) if not _holdem(row)]
    return report_recorded_handover(license=license, event_date=event_date, source=source,
                                    recorded={**previous, "prizes": rows + kept})


@transaction.atomic
def montecarlo_night_recorded(*, license: License, event_date: dt.date, participants: int,
                              chips: Iterable[Mapping], prizes: Iterable[Mapping], source: str,
                              ends_at: dt.datetime | None = None) -> Report:
    """The hook of the Monte Carlo Night module (its chip ledger), called once the night is over and again
    whenever its record changes (each call replaces what the last one gave):

    - `participants`: how many took part (30 DCMR 1603.3), the report's attendance;
    - `chips`: one row per participant, {"participant": name, "chips": chips issued} (1603.6, 1603.8);
    - `prizes`: the prizes won at the table games, {"participant", "description", "value", "date"} and
      `game` other than Hold'em (1603.26); the tournaments' prizes come from the tournaments and are kept;
    - `source`: "montecarlo.night:<pk>";
    - `ends_at`: when the night ended (its prizes awarded): its report is not submitted before then.

    The figures are cleaned as any report's (a ValidationError keyed by path, "chips.3.chips", otherwise)."""
    prize_rows = _rows(prizes, what="prize")
    if any(_holdem(row) for row in prize_rows):
        raise ValueError("the Hold'em tournaments hand over their own prizes (montecarlo_tournament_prizes_recorded)")
    prize_rows = [{"game": "other", **row} for row in prize_rows]
    previous = _previous_record(license, event_date)
    kept = [row for row in previous.get("prizes", []) if _holdem(row)]
    recorded = {**previous, "attendance": {"participants": participants},
                "chips": _rows(chips, what="chip row"), "prizes": kept + prize_rows}
    return report_recorded_handover(license=license, event_date=event_date, source=source, recorded=recorded,
                                    ends_at=ends_at)

