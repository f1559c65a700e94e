"""Tonight's training Monte Carlo Night in the demo world, after `seed_demo`; running it again changes nothing."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse

from licensing.demo.helpers import refuse_in_production, report_created
from licensing.models import Organization, Role
from montecarlo.tables import demo
from montecarlo.tournaments.demo import ORGANIZATION


class Command(BaseCommand):
    help = ("Plan tonight's training Monte Carlo Night for the demo Post: a table of every game, six participants, "
            "a round played (idempotent; run seed_demo first). Prints the pages to try.")

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="",
                            help="Where the site is served, for the printed links (default: PUBLIC_BASE_URL).")

    def handle(self, *args, base_url: str, **options):
        refuse_in_production()
        if not Organization.objects.filter(name=ORGANIZATION).exists():
            raise CommandError("Run `manage.py seed_demo` first: the demo Post does not exist yet.")
        with transaction.atomic():
            night, created = demo.build()
        base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
        report_created(self, created, nothing="Demo Monte Carlo Night already present; nothing changed.")
        members = night.license.organization.memberships.filter(is_active=True).select_related("user")
        director, dealer = (members.filter(role=role).first() for role in (Role.TOURNAMENT_DIRECTOR, Role.DEALER))
        self.stdout.write(self.style.SUCCESS(f"{night.name}, {night.date.isoformat()} (TRAINING: no prizes, nothing "
                                             "reported, any hour; the engine may draw the outcomes)"))
        self.stdout.write(f"  Night page (sign in as {director.user.email}): "
                          f"{base}{reverse('montecarlo:night_detail', args=[night.pk])}")
        self.stdout.write(f"  Dealer's punto y banca table (sign in as {dealer.user.email}): "
                          f"{base}{reverse('montecarlo:game_table', args=[night.pk, 1])}")
        for label, name in (("Leaderboard", "montecarlo:leaderboard"), ("House rules", "montecarlo:night_public")):
            self.stdout.write(f"  {label} (public): {base}{reverse(name, args=[night.public_key])}")
