"""The tournaments' audit events: a tournament planned, and each event of its log mirrored in the trail (its type by
its kind)."""

import datetime as dt

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, License, User
from montecarlo.models import CONFIG_EVENT, Tournament, TournamentEvent


def tournament_created(*, actor: User, license: License, tournament: Tournament, date: dt.date) -> AuditEvent:
    return audit_event_record(
        event_type="montecarlo.tournament_created",
        actor=actor,
        organization=license.organization,
        target=tournament,
        payload={
            "name": tournament.name,
            "date": date.isoformat(),
            "license": license.number,
            "training": tournament.training,
        },
    )


# Each log event's audit type (licensing.audit.types lists them with their labels).
AUDIT_TYPES = {
    CONFIG_EVENT: "montecarlo.tournament_configured",
    "register": "montecarlo.player_registered",
    "seat": "montecarlo.player_seated",
    "move": "montecarlo.player_moved",
    "chip_correction": "montecarlo.chips_corrected",
    "clock_start": "montecarlo.clock_started",
    "clock_pause": "montecarlo.clock_paused",
    "clock_resume": "montecarlo.clock_resumed",
    "hand_start": "montecarlo.hand_started",
    "action": "montecarlo.action_taken",
    "showdown": "montecarlo.showdown_settled",
    "misdeal": "montecarlo.misdeal_declared",
    "stop": "montecarlo.tournament_stopped",
    "publish": "montecarlo.results_published",
}


def tournament_event_logged(
    *, actor: User, tournament: Tournament, event: TournamentEvent, audit: dict | None = None
) -> AuditEvent:
    """The one writer of the AUDIT_TYPES: the log's new row in the trail, or `audit` in place of its payload."""
    return audit_event_record(
        event_type=AUDIT_TYPES[event.kind],
        actor=actor,
        organization=tournament.license.organization,
        target=tournament,
        payload={"seq": event.seq, **(audit or event.payload)},
    )
