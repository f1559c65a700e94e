"""Lift a sign-in lock from the command line, audited like the Board staff's page (/portal/lockouts/)."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from licensing.accounts.lockout.services import lockout_clear
from licensing.models import User


class Command(BaseCommand):
    help = "Unlock an account (--email) or a network address (--ip), in the name of a board staff user (--by)."

    def add_arguments(self, parser):
        parser.add_argument("--email", default="", help="The locked account's email address.")
        parser.add_argument("--ip", default="", help="The locked network address.")
        parser.add_argument("--by", required=True, help="Email of the board staff user or superuser acting.")

    def handle(self, *args, email: str, ip: str, by: str, **options):
        actor = User.objects.filter(email=by.strip().lower()).first()
        try:
            removed = lockout_clear(actor=actor, email=email, ip_address=ip)
        except (PermissionDenied, ValidationError) as exc:
            raise CommandError(" ".join(getattr(exc, "messages", [str(exc)])))
        self.stdout.write(self.style.SUCCESS(f"Unlocked: {removed} failure records removed."))
