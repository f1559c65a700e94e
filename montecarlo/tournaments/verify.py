"""A Hold'em tournament's record for `manage.py verify_logs --tournament ID`: its log (chain, tournament row,
anchors), registered with licensing's verify scopes when the app starts."""

from montecarlo.models import Tournament, TournamentEvent


def tournament_logs(tournament_id: int) -> list[tuple[type, str]]:
    if not Tournament.objects.filter(pk=tournament_id).exists():
        raise LookupError(f"no tournament {tournament_id}")
    return [(TournamentEvent, str(tournament_id))]
