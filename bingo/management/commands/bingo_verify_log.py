"""`python manage.py bingo_verify_log <operation_id>`: check the hash chain of every game of
an operation and name the first altered or missing row (exit status 1), or print "OK: N events"."""

from django.core.management.base import BaseCommand, CommandError

from bingo.chain import verify_operation
from bingo.models import Operation


class Command(BaseCommand):
    help = "Verify the append-only, hash-chained event log of a bingo operation."

    def add_arguments(self, parser):
        parser.add_argument("operation_id", type=int)

    def handle(self, *args, operation_id: int, **options):
        try:
            operation = Operation.objects.get(pk=operation_id)
        except Operation.DoesNotExist:
            raise CommandError(f"no bingo operation {operation_id}") from None
        report = verify_operation(operation)
        if report.ok:
            self.stdout.write(f"OK: {report.events} events")
            return
        # CommandError exits with status 1 and prints to stderr.
        raise CommandError(f"FAILED after {report.events} good events: {report.problem}")
