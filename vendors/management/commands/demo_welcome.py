"""What a newcomer needs after `make run`: the address, the demo accounts and their password, the pages
to try. The seed commands' own reports go to a log file under `make run` (they list every thing made)."""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.urls import reverse

from licensing.demo import world
from licensing.demo.helpers import refuse_in_production
from licensing.models import Role


def _holder(role: str) -> str:
    """The email of the demo world's first person in that organization role."""
    return next(email for spec in world.ORGANIZATIONS for email, _name, roles in spec["people"] if role in roles)


class Command(BaseCommand):
    help = "Print the site's address, the demo accounts and their password (after seed_demo)."

    def add_arguments(self, parser):
        parser.add_argument("--log", default="", help="Where the seed commands' full report was written.")

    def handle(self, *args, log: str, **options):
        refuse_in_production()
        base = settings.PUBLIC_BASE_URL
        accounts = [
            ("Board staff (review queue)", world.BOARD_STAFF[0][0]),
            ("Board member (votes)", world.BOARD_MEMBERS[0][0]),
            ("Board administrator", world.BOARD_ADMIN[0]),
            ("Organization officer", _holder(Role.OFFICER)),
            ("Bingo caller", _holder(Role.CALLER)),
            ("Tournament director", _holder(Role.TOURNAMENT_DIRECTOR)),
            ("Vendor", world.VENDOR["person"][0]),
            ("Django admin (superuser)", world.ADMIN[0]),
        ]
        width = max(len(label) for label, _ in accounts)
        rule = "-" * 72
        lines = [
            rule,
            self.style.SUCCESS(f"The portal is at {base}/"),
            f"Sign in at {base}{reverse('login')} with one of these demo accounts,",
            f"every one with the password {world.DEMO_PASSWORD}:",
            *(f"  {label.ljust(width)}  {email}" for label, email in accounts),
            # Everyone who works for the Board must use two-factor authentication (licensing.accounts.mfa): say how.
            "The Board's accounts and the administrator then type an authenticator code: add the secret",
            f"{world.DEMO_TOTP_SECRET} to an authenticator app, or run `.venv/bin/python manage.py demo_totp` for the",
            "code of the moment.",
            f"API documentation: {base}{reverse('api-docs')}",
        ]
        if log:
            lines.append(f"Every demo page (flashboard, consoles, nights) and account: {log}")
        lines += ["Stop the server with Ctrl+C.", rule]
        self.stdout.write("\n".join(lines))
