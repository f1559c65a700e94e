"""What a newcomer needs after `make run`: the address, the demo accounts and their password, the pages to try.
`seed_demo --log PATH` prints it last, the parts' full reports (every thing made, every page) going to PATH."""

from django.urls import reverse

from demo import world
from licensing.models import Role


def _holder(role: str) -> str:
    """The email of the demo world's first person in that organization role."""
    return next(email for spec in world.ORGANIZATIONS for email, _name, roles in spec["people"] if role in roles)


def welcome(style, *, base: str, log: str) -> str:
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
    return "\n".join([
        rule,
        style.SUCCESS(f"The portal is at {base}/"),
        f"Sign in at {base}{reverse('login')} with one of these demo accounts,",
        f"every one with the password {world.DEMO_PASSWORD}:",
        *(f"  {label.ljust(width)}  {email}" for label, email in accounts),
        # Everyone who works for the Board must use two-factor authentication (licensing.accounts.mfa): say how.
        "The Board's accounts and the administrator then type an authenticator code: add the secret",
        f"{world.DEMO_TOTP_SECRET} to an authenticator app, or run `.venv/bin/python manage.py demo_totp` for the",
        "code of the moment.",
        f"API documentation: {base}{reverse('api-docs')}",
        f"Every demo page (flashboard, consoles, nights) and account: {log}",
        "Stop the server with Ctrl+C.",
        rule,
    ])
