"""Tonight's bingo in the demo world, after `seed_demo`; running it again changes nothing."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import reverse

from bingo import demo
from licensing.demo.helpers import refuse_in_production, report_created
from licensing.models import Organization


class Command(BaseCommand):
    help = ("Plan tonight's bingo for the demo parish: license, caller, checker, games, cards sold, and a "
            "training operation playable at any hour (idempotent; run seed_demo first). Prints the pages to try.")

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="",
                            help="Where the site is served, for the printed links (default: PUBLIC_BASE_URL).")

    def handle(self, *args, base_url: str, **options):
        refuse_in_production()
        if not Organization.objects.filter(name=demo.ORGANIZATION).exists():
            raise CommandError("Run `manage.py seed_demo` first: the demo parish does not exist yet.")
        with transaction.atomic():
            operation, practice, created = demo.build()
        base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
        report_created(self, created, nothing="Demo bingo already present; nothing changed.")
        first = operation.games.order_by("number").first()
        hall = operation.halls.get(is_drawing_location=True)
        caller = operation.workers.filter(duty="caller").select_related("user").first()
        self.stdout.write(self.style.SUCCESS(
            f"Tonight's bingo: {operation.license.organization.name}, {operation.date.isoformat()} "
            f"{operation.starts_at:%H:%M}-{operation.ends_at:%H:%M}, license {operation.license.number}"))
        self.stdout.write(f"  Operation (sign in as {operation.created_by.email}): "
                          f"{base}{reverse('bingo:operation_detail', args=[operation.pk])}")
        who = f" (sign in as {caller.user.email})" if caller and caller.user else ""
        self.stdout.write(f"  Console of game 1{who}, licensed play: games start only "
                          f"{operation.starts_at:%H:%M}-{operation.ends_at:%H:%M} (30 DCMR 1202.2(m)): "
                          f"{base}{reverse('bingo:console', args=[first.pk])}")
        self.stdout.write(f"  Flashboard of the hall (public): {base}{reverse('bingo:flashboard', args=[hall.key])}")
        training_first = practice.games.order_by("number").first()
        training_hall = practice.halls.get(is_drawing_location=True)
        self.stdout.write(self.style.SUCCESS(
            "Training game, playable at any hour: no cards sold, no prizes, nothing reported"))
        self.stdout.write(f"  Console of training game 1{who}: "
                          f"{base}{reverse('bingo:console', args=[training_first.pk])}")
        self.stdout.write(f"  Training flashboard (public): "
                          f"{base}{reverse('bingo:flashboard', args=[training_hall.key])}")
