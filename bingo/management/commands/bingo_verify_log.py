"""`python manage.py bingo_verify_log <operation_id>`: verify the log of every game of an
operation (chain, game rows, anchors) and name the first altered, missing or forged row (exit
status 1), or print "OK: N events"."""

from django.core.management.base import BaseCommand, CommandError

from bingo.models import GameEvent, Operation
from licensing.management.commands.verify_logs import report_logs


class Command(BaseCommand):
    help = "Verify the append-only, hash-chained event log of a bingo operation."

    def add_arguments(self, parser):
        parser.add_argument("operation_id", type=int)

    def handle(self, *args, operation_id: int, **options):
        operation = Operation.objects.filter(pk=operation_id).first()
        if operation is None:
            raise CommandError(f"no bingo operation {operation_id}")
        games = operation.games.order_by("number", "pk").values_list("pk", flat=True)
        report_logs(self, [(GameEvent, str(pk)) for pk in games], options["verbosity"])
