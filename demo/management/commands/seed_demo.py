"""`python manage.py seed_demo [--only PART]... [--base-url URL] [--log PATH]`: build the demo world of `make run`,
each part once (running it again changes nothing), in order: the world (accounts, organizations, applications, the
vendor), tonight's bingo, tonight's Hold'em tournaments, tonight's training Monte Carlo Night. Each part prints what
it made and the pages to try; with --log that report goes to PATH and the command prints the welcome instead (the
address, the demo accounts and their password)."""

from contextlib import redirect_stdout

from django.conf import settings
from django.core.management.base import BaseCommand, OutputWrapper
from django.core.management.color import no_style

from demo import accounts, bingo, nights, tournaments
from demo.helpers import refuse_in_production
from demo.welcome import welcome

PARTS = {"world": accounts.seed, "bingo": bingo.seed, "tournaments": tournaments.seed, "night": nights.seed}


class Command(BaseCommand):
    help = ("Build the demo world (idempotent): accounts, organizations, applications and a vendor; tonight's bingo, "
            "Hold'em tournaments and training Monte Carlo Night. Prints the pages to try and, once, the passwords.")

    def add_arguments(self, parser):
        parser.add_argument("--only", action="append", choices=list(PARTS), default=[],
                            help="build only this part (repeatable; the world must exist before the others)")
        parser.add_argument("--base-url", default="",
                            help="Where the site is served, for the printed links (default: PUBLIC_BASE_URL).")
        parser.add_argument("--log", default="",
                            help="write the parts' report to this file and print the welcome (what `make run` does)")

    def handle(self, *args, only: list[str], base_url: str, log: str, **options):
        refuse_in_production()
        base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
        parts = [name for name in PARTS if name in only] if only else list(PARTS)
        if not log:
            for name in parts:
                PARTS[name](self, base=base)
            return
        stdout, style = self.stdout, self.style
        # The report, and what else the parts print (the console email backend's mails), go to the file.
        with open(log, "w", encoding="utf-8") as report, redirect_stdout(report):
            self.stdout, self.style = OutputWrapper(report), no_style()  # a file: no colours
            try:
                for name in parts:
                    PARTS[name](self, base=base)
            finally:
                self.stdout, self.style = stdout, style
        self.stdout.write(welcome(self.style, base=base, log=log))
