"""Tonight's Hold'em tournament in the demo world, after `seed_demo`; running it again changes nothing."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse

from licensing.demo.helpers import refuse_in_production, report_created
from licensing.models import Organization, Role
from montecarlo.tournaments import demo
from montecarlo.tournaments.state import load_engine


class Command(BaseCommand):
    help = ("Plan tonight's Texas Hold'em tournaments for the demo Post: license, director, dealer, a licensed "
            "tournament and a training one, nine players seated in each (idempotent; run seed_demo first). "
            "Prints the pages to try.")

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="",
                            help="Where the site is served, for the printed links (default: PUBLIC_BASE_URL).")

    def handle(self, *args, base_url: str, **options):
        refuse_in_production()
        if not Organization.objects.filter(name=demo.ORGANIZATION).exists():
            raise CommandError("Run `manage.py seed_demo` first: the demo Post does not exist yet.")
        with transaction.atomic():
            tournaments, created = demo.build()
        base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
        report_created(self, created, nothing="Demo tournaments already present; nothing changed.")
        members = tournaments[0].license.organization.memberships.filter(is_active=True).select_related("user")
        director = members.filter(role=Role.TOURNAMENT_DIRECTOR).first()
        dealer = members.filter(role=Role.DEALER).first()
        for tournament in tournaments:
            self._links(tournament, base, director, dealer)

    def _links(self, tournament, base: str, director, dealer) -> None:
        if tournament.training:
            which = ("TRAINING tournament: no prizes, nothing reported; it may be dealt at any hour, outside the "
                     "licensed hours (30 DCMR 1603.19)")
        else:
            which = (f"LICENSED tournament with prizes: hands are dealt only within tonight's licensed hours, "
                     f"{demo.EVENT[0]:%H:%M}-{demo.EVENT[1]:%H:%M} Board time (30 DCMR 1603.19)")
        tables = sorted(number for number, table in load_engine(tournament).tables.items() if not table.broken)
        hours = f"{tournament.starts_at:%H:%M}-{tournament.ends_at:%H:%M}"
        self.stdout.write(self.style.SUCCESS(
            f"{tournament.name}, {tournament.date.isoformat()} {hours}, license {tournament.license.number}"))
        self.stdout.write(f"  {which}")
        self.stdout.write(f"  Director's page (sign in as {director.user.email}): "
                          f"{base}{reverse('montecarlo:tournament_detail', args=[tournament.pk])}")
        if tables:
            self.stdout.write(f"  Dealer's table {tables[0]} (sign in as {dealer.user.email}): "
                              f"{base}{reverse('montecarlo:table_dealer', args=[tournament.pk, tables[0]])}")
        self.stdout.write(f"  Clock screen (public): "
                          f"{base}{reverse('montecarlo:clock_screen', args=[tournament.public_key])}")
