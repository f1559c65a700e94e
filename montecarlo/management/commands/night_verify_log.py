"""`python manage.py night_verify_log <night_id>`: verify a Monte Carlo Night's record: every participant's chip
ledger, every table's log and jackpot ledger (chain, owner rows, anchors), then that the tables' logs replay to
exactly the ledgers' chip movements and that the chips balance. Names the first bad row (exit status 1)."""

from django.core.management.base import BaseCommand, CommandError

from licensing.management.commands.verify_logs import report_logs
from montecarlo.models import ChipLedgerEntry, JackpotEntry, Night, TableEvent
from montecarlo.tables.verify import night_problems


class Command(BaseCommand):
    help = "Verify a Monte Carlo Night: chip ledgers, table logs, jackpots, replay against the ledgers, balance."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int)

    def handle(self, *args, night_id: int, **options):
        night = Night.objects.filter(pk=night_id).first()
        if night is None:
            raise CommandError(f"no Monte Carlo Night {night_id}")
        participants = night.participants.order_by("number").values_list("pk", flat=True)
        tables = list(night.tables.order_by("number").values_list("pk", flat=True))
        jackpots = night.tables.filter(jackpot_entries__isnull=False).distinct().values_list("pk", flat=True)
        checks = [(ChipLedgerEntry, str(pk)) for pk in participants] + [(TableEvent, str(pk)) for pk in tables]
        checks += [(JackpotEntry, str(pk)) for pk in jackpots]
        report_logs(self, checks, options["verbosity"])
        problems = night_problems(night)
        if problems:
            for problem in problems:
                self.stderr.write(f"FAILED {problem}")
            raise CommandError(f"night {night_id}: {problems[0]}")
        self.stdout.write(f"OK: night {night_id}: the tables' logs replay to the ledgers, and the chips balance")
