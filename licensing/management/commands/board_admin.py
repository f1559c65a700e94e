"""Make someone a Board administrator, or stop them being one, from the server's console:
`manage.py board_admin grant person@example.org` / `manage.py board_admin revoke person@example.org`.
Whoever runs it holds the server, so it acts as a superuser would (a superuser may also do it in the
admin, by adding or removing the board_admin group). Audited like every other change."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from licensing.accounts.services import board_admin_grant, board_admin_revoke
from licensing.models import User


class Command(BaseCommand):
    help = "Grant or revoke the Board administrator role (invites and deactivates Board staff and members)."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["grant", "revoke"])
        parser.add_argument("email", help="the account's email address")

    def handle(self, *args, action: str, email: str, **options):
        user = User.objects.filter(email=email.strip().lower()).first()
        if user is None:
            raise CommandError(f"No account has the email address {email}.")
        service = board_admin_grant if action == "grant" else board_admin_revoke
        try:
            service(actor=None, user=user)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages))
        verb = "is now" if action == "grant" else "is no longer"
        self.stdout.write(self.style.SUCCESS(f"{user.email} {verb} a Board administrator."))
