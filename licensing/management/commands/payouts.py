"""`python manage.py payouts new-key | rotate-keys | purge`: the keys that seal winners' identities at the payout desk
(core.sealing, PAYOUT_IDENTITY_KEYS) and the identities' retention (docs/operations.md, "Payout identity keys").

new-key prints a new Fernet key to put first in PAYOUT_IDENTITY_KEYS. rotate-keys seals every payout's identity
again with the first key, in one transaction: when one cannot be read with the keys listed it names that payout and
changes nothing (exit code 2). purge empties the identities of payouts paid before the retention period
(`payouts.identity_retention_years` in the Board's register) and keeps the amounts; --dry-run only counts them,
--today counts the period from another day (a day after today only with --dry-run: a preview, never an early
purge)."""

from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from core.sealing import RESEAL_BATCH, SealedRowUnreadable, new_key, reseal_rows
from licensing.models import Payout
from licensing.payouts import events
from licensing.payouts.services import identity_retention_cutoff, payout_identities_purge
from licensing.register.values import citation, value

RETENTION_KEY = "payouts.identity_retention_years"


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"--today: {text!r} is not a day written YYYY-MM-DD.", returncode=2) from None


def _positive(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise CommandError(f"--batch-size: {text!r} is not a whole number from 1 to 100000.", returncode=2)
    return int(text)


class Command(BaseCommand):
    help = "The payout desk's identity keys and retention: new-key, rotate-keys, purge [--dry-run] [--today DAY]."

    def add_arguments(self, parser):
        commands = parser.add_subparsers(dest="command", required=True)
        commands.add_parser("new-key", help="print a new key for PAYOUT_IDENTITY_KEYS (put it first)")
        rotate = commands.add_parser("rotate-keys", help="seal every payout's identity again with the first key")
        rotate.add_argument("--batch-size", type=str, default=str(RESEAL_BATCH),
                            help=f"payouts read and written at a time (default {RESEAL_BATCH})")
        purge = commands.add_parser("purge", help="empty the identities past the retention period, keep the amounts")
        purge.add_argument("--dry-run", action="store_true", help="count them, change nothing")
        purge.add_argument("--today", type=str, default=None,
                           help="count the retention period from this day (YYYY-MM-DD) instead of today")

    def handle(self, *args, command: str, **options):
        if command == "new-key":
            self.stdout.write(new_key())
        elif command == "rotate-keys":
            self.rotate(_positive(options["batch_size"]))
        else:
            self.purge(dry_run=options["dry_run"], today=_day(options["today"]) if options["today"] else None)

    def rotate(self, batch_size: int) -> None:
        try:
            with transaction.atomic():
                count = reseal_rows(Payout.objects.all(), "identity", batch_size=batch_size)
                events.payout_identities_resealed(count=count)
        except SealedRowUnreadable as error:
            payout = error.row
            what = payout.form_number or payout.label
            raise CommandError(
                f"Payout {payout.pk} ({what}, paid {payout.paid_on}) cannot be read with the keys in "
                "PAYOUT_IDENTITY_KEYS: nothing was changed. List the key it was sealed with again (after the new "
                "one) and run rotate-keys again.", returncode=2) from None
        self.stdout.write(f"{count} payout identities sealed again with the first key of PAYOUT_IDENTITY_KEYS; "
                          "the other keys can now be dropped.")

    def purge(self, *, dry_run: bool, today: dt.date | None) -> None:
        real_today = timezone.localdate()
        if today is not None and today > real_today and not dry_run:
            raise CommandError(f"--today {today} is after today: a purge counts the retention period from the real "
                               "day (use --dry-run to preview a later day).", returncode=2)
        today = today or real_today
        before = identity_retention_cutoff(today)
        years = value(RETENTION_KEY, today)
        count = payout_identities_purge(today=today, dry_run=dry_run)
        verb = "would be purged (dry run: nothing changed)" if dry_run else "purged"
        self.stdout.write(f"{count} payout identities {verb}: paid before {before.isoformat()} (kept {years} years, "
                          f"{citation(RETENTION_KEY, today)}); the amounts, form numbers and withholding stay.")
