"""Tonight's Monte Carlo Night in the demo world (`manage.py seed_demo`, after its world): the Post's
license in force tonight (the Hold'em demo's), and a training night (no prizes, nothing reported, so it can be
tried at any hour) with a table of every game that has a dealer screen, six participants admitted and a round
already played at the punto y banca table, so the ledgers and the leaderboard have something to show. Built with
the services a person would use; looked up by name first, so running it again creates nothing."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from demo import world
from demo.helpers import Created, build_and_report, person
from demo.tournaments import ORGANIZATION, mcn_license
from licensing.models import Organization, Role, User
from montecarlo.models import Night
from montecarlo.nights import services as night_services
from montecarlo.tables import services as table_services

NAME = "Casino training night (demo)"
STARTS, ENDS = dt.time(18, 0), dt.time(23, 30)
PARTICIPANTS = [("Anthony Brooks", True), ("Beatriz Ramos", False), ("Calvin Price", True), ("", False),
                ("Emeka Obi", True), ("", False)]
TABLES = [  # game, limits, variant
    ("punto-banca", 20, 1000, {"decks": 8, "banker_pays": "commission"}),
    ("caribbean-poker", 10, 200, {"jackpot": True}),
    ("wheel", 5, 250, {}),
    ("banca-francesa", 5, 1000, {}),
    ("craps", 10, 500, {}),
]


def build(*, today: dt.date | None = None) -> tuple[Night, Created]:
    today = today or timezone.localdate()
    created = Created()
    organization = Organization.objects.get(name=ORGANIZATION)
    admin = User.objects.get(email=world.ADMIN[0])
    officer = person(organization=organization, role=Role.OFFICER, admin=admin, created=created)
    director = person(organization=organization, role=Role.TOURNAMENT_DIRECTOR, admin=admin, created=created)
    dealer = person(organization=organization, role=Role.DEALER, admin=admin, created=created)
    license = mcn_license(officer=officer, organization=organization, today=today, created=created)
    night = Night.objects.filter(license__organization=organization, name=NAME, date=today).first()
    if night is not None:
        return night, created
    night = night_services.night_create(
        actor=director, license=license, name=NAME, date=today, starts_at=STARTS, ends_at=ENDS,
        admission_price=Decimal("20.00"), starting_chips=1000, prize_method="ranking", prizes=[],
        house_rules="Chips have no cash value. One hand per participant per round. The dealer's call is final; "
                    "disputes go to the member in charge.", training=True)
    created.things.append(f"training Monte Carlo Night {NAME}, {today.isoformat()} {STARTS:%H:%M}-{ENDS:%H:%M}")
    for name, shown in PARTICIPANTS:
        night_services.participant_register(actor=director, night=night, admission_paid=Decimal("20.00"),
                                            age_declared=True, name=name, show_name=shown)
    created.things.append(f"{len(PARTICIPANTS)} participants admitted with 1000 chips each")
    tables = [table_services.table_create(actor=director, night=night, game=game, min_bet=low, max_bet=high,
                                          settings=settings) for game, low, high, settings in TABLES]
    created.things.append(f"{len(tables)} tables: " + ", ".join(table.game.name_en for table in tables))
    baccarat = tables[0]
    for event in ({"type": "open"}, {"type": "bet", "participant": 1, "kind": "player", "amount": 100},
                  {"type": "bet", "participant": 2, "kind": "banker", "amount": 200},
                  {"type": "bet", "participant": 3, "kind": "tie", "amount": 20}):
        table_services.table_play(actor=dealer, table=baccarat, event=event)
    table_services.outcome_draw(actor=dealer, table=baccarat, rng=random.Random(8))
    created.things.append("one punto y banca round played (training draw)")
    return night, created


def seed(command, *, base: str) -> None:
    """Build tonight's training night (once) and print what was made and the pages to try."""
    [night] = build_and_report(command, organization=ORGANIZATION, who="Post", build=build,
                               nothing="Demo Monte Carlo Night already present; nothing changed.")
    members = night.license.organization.memberships.filter(is_active=True).select_related("user")
    director, dealer = (members.filter(role=role).first() for role in (Role.TOURNAMENT_DIRECTOR, Role.DEALER))
    command.stdout.write(command.style.SUCCESS(f"{night.name}, {night.date.isoformat()} (TRAINING: no prizes, "
                                               "nothing reported, any hour; the engine may draw the outcomes)"))
    command.stdout.write(f"  Night page (sign in as {director.user.email}): "
                         f"{base}{reverse('montecarlo:night_detail', args=[night.pk])}")
    command.stdout.write(f"  Dealer's punto y banca table (sign in as {dealer.user.email}): "
                         f"{base}{reverse('montecarlo:game_table', args=[night.pk, 1])}")
    for label, name in (("Leaderboard", "montecarlo:leaderboard"), ("House rules", "montecarlo:night_public")):
        command.stdout.write(f"  {label} (public): {base}{reverse(name, args=[night.public_key])}")
