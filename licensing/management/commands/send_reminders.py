"""Run the daily reminder job by hand (the same job Celery beat runs every morning)."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from licensing.reminders.services import reminders_send


class Command(BaseCommand):
    help = "Send the renewal, cure and amendment reminders due today; each reminder is sent once."

    def add_arguments(self, parser):
        parser.add_argument("--date", help="Act as if today were this date (YYYY-MM-DD), to catch up or rehearse.")

    def handle(self, *args, **options):
        today = None
        if options["date"]:
            try:
                today = dt.date.fromisoformat(options["date"])
            except ValueError:
                raise CommandError(f"--date must be YYYY-MM-DD, not {options['date']!r}")
        counts = reminders_send(today=today)
        total = sum(counts.values())
        detail = ", ".join(f"{kind}: {n}" for kind, n in sorted(counts.items())) or "nothing due"
        self.stdout.write(self.style.SUCCESS(f"{total} reminder(s) sent ({detail})."))
