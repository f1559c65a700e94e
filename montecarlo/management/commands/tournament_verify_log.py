"""`python manage.py tournament_verify_log <tournament_id>`: verify a Hold'em tournament's log
(chain, tournament row, anchors) and name the first bad row (exit status 1)."""

from django.core.management.base import BaseCommand, CommandError

from licensing.management.commands.verify_logs import report_logs
from montecarlo.models import Tournament, TournamentEvent


class Command(BaseCommand):
    help = "Verify the append-only, hash-chained event log of a Hold'em tournament."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id", type=int)

    def handle(self, *args, tournament_id: int, **options):
        if not Tournament.objects.filter(pk=tournament_id).exists():
            raise CommandError(f"no tournament {tournament_id}")
        report_logs(self, [(TournamentEvent, str(tournament_id))], options["verbosity"])
