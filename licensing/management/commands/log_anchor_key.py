"""`python manage.py log_anchor_key [--new]`: print the public key that checks the signed batches of log
anchors (licensing.audit.witness), to hand to the Board; with --new, make a new signing key for
LOG_ANCHOR_SIGNING_KEY and print it with its public key (keep the old public key in
LOG_ANCHOR_PUBLIC_KEYS, so the copies it signed still verify)."""

from django.conf import settings
from django.core.management.base import BaseCommand

from core.signing import new_private_key, public_key_of


class Command(BaseCommand):
    help = "Print the public key of the log anchors' signing key, or make a new signing key (--new)."

    def add_arguments(self, parser):
        parser.add_argument("--new", action="store_true", help="make a new private key and print both keys")

    def handle(self, *args, new: bool, **options):
        if new:
            private = new_private_key()
            self.stdout.write(f"LOG_ANCHOR_SIGNING_KEY={private}")
            self.stdout.write(f"public key: {public_key_of(private)}")
            return
        self.stdout.write(public_key_of(settings.LOG_ANCHOR_SIGNING_KEY))
