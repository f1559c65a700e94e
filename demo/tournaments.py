"""Tonight's Texas Hold'em tournaments in the demo world (`manage.py seed_demo`, after the world's
accounts): a Class 2 Monte Carlo Night license in force tonight, the Post's tournament director
and dealer, and two tournaments on the 'standard' blind structure, nine players registered and seats
drawn in each:
- tonight's licensed tournament, with prizes: it is dealt only within tonight's licensed hours
  (30 DCMR 1603.19), on the Board's clock;
- a training tournament (no prizes, nothing reported), marked as such everywhere, which may be dealt
  at any hour, so the demo can be tried whenever it is run.
Built with the same services a person would use; every object is looked up by a stable name
first, so running it again creates nothing.

No app imports this module: the demo app depends on montecarlo and licensing, never the other way."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone

from demo import world
from demo.helpers import Created, build_and_report, license_issue, person
from licensing.applications.services import premises_get_or_create
from licensing.models import License, Organization, Role, User
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.register.values import value
from montecarlo.models import Tournament, TournamentStatus
from montecarlo.nights.rules import licensed_windows
from montecarlo.tournaments import services
from montecarlo.tournaments.state import load_engine

ORGANIZATION = "American Legion Post 8"
HALL = {"name": "Post 8 Hall", "street_address": "224 D Street SE", "postal_code": "20003"}  # as in seed_demo
PURPOSE = "Veterans' emergency relief fund (tonight's Monte Carlo Night, demo)"  # marks the demo's own license
EVENT = (dt.time(17, 0), dt.time(23, 59))  # the licensed hours of tonight's Monte Carlo Night
NAME = "Tonight's Hold'em (demo)"
TRAINING_NAME = "Dealer training (demo)"
STARTS, ENDS = dt.time(18, 0), dt.time(23, 30)
# Names and dates of birth (30 DCMR 1702.1: all 18 or older).
PLAYERS = [("Anthony Brooks", dt.date(1961, 3, 14)), ("Beatriz Ramos", dt.date(1988, 7, 2)),
           ("Calvin Price", dt.date(1979, 11, 23)), ("Diane Foster", dt.date(1954, 1, 30)),
           ("Emeka Obi", dt.date(1992, 9, 8)), ("Fiona Walsh", dt.date(1970, 5, 19)),
           ("George Lin", dt.date(1983, 12, 5)), ("Hannah Kim", dt.date(2001, 4, 11)),
           ("Isaac Turner", dt.date(1966, 8, 27))]


def _covers_tonight(license: License, today: dt.date) -> bool:
    """In force today, with licensed hours that hold the whole tournament (30 DCMR 1603.19, 1204.16)."""
    if not license.effective_on <= today <= license.expires_on:
        return False
    return any(first <= STARTS and last >= ENDS for first, last in licensed_windows(license, today))


def mcn_license(*, officer: User, organization: Organization, today: dt.date, created: Created) -> License:
    """A Class 2 Monte Carlo Night license in force tonight: the Post's own when it covers tonight
    (seed_demo's is weeks ahead), else one issued for tonight."""
    licenses = License.objects.filter(organization=organization, license_type=LicenseType.MONTECARLO,
                                      license_class="2", status=LicenseStatus.ACTIVE).select_related("application")
    for license in licenses.order_by("pk"):
        if _covers_tonight(license, today):
            return license
    starts = timezone.make_aware(dt.datetime.combine(today, EVENT[0]))
    ends = timezone.make_aware(dt.datetime.combine(today, EVENT[1]))
    license = license_issue(officer=officer, organization=organization, license_type=LicenseType.MONTECARLO,
                            license_class="2", premises=premises_get_or_create(**HALL), purpose=PURPOSE,
                            event=(starts, ends))
    created.things.append(f"Monte Carlo Night license {license.number} (Class 2, tonight "
                          f"{EVENT[0]:%H:%M}-{EVENT[1]:%H:%M})")
    return license


def _tournament(*, director: User, license: License, today: dt.date, created: Created, training: bool
                ) -> Tournament:
    name = TRAINING_NAME if training else NAME
    tournament = Tournament.objects.filter(license__organization=license.organization, name=name, date=today).first()
    if tournament is None:
        # Prizes within the daily cap of 30 DCMR 1603.26; a training tournament has none. Tables as full as the
        # register allows (1603.23), so the demo plans under any jurisdiction's pack.
        tournament = services.tournament_create(
            actor=director, license=license, name=name, date=today, starts_at=STARTS, ends_at=ENDS,
            entry_fee=Decimal("0.00" if training else "40.00"), starting_chips=10000,
            max_per_table=value("holdem.players_per_table", today),
            template="standard", prizes=[] if training else ["300", "150", "50"], training=training)
        created.things.append(f"{'training ' if training else ''}tournament {name}, {today.isoformat()} "
                              f"{STARTS:%H:%M}-{ENDS:%H:%M}")
    return tournament


def _players(*, director: User, tournament: Tournament, created: Created) -> Tournament:
    if tournament.status != TournamentStatus.REGISTERING:
        return tournament  # seats drawn already: no one registers after the draw
    entered = {player.name.casefold() for player in load_engine(tournament).players.values()}
    missing = [(name, born) for name, born in PLAYERS if name.casefold() not in entered]
    for name, born in missing:
        services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=born)
    if missing:
        created.things.append(f"{len(missing)} players registered")
    services.seats_draw(actor=director, tournament=tournament)
    created.things.append("seats drawn")
    tournament.refresh_from_db()
    return tournament


def build(*, today: dt.date | None = None) -> tuple[list[Tournament], Created]:
    """Tonight's tournaments of the Post, the licensed one and the training one, players seated, the
    clocks not yet started; see the module doc."""
    today = today or timezone.localdate()
    created = Created()
    organization = Organization.objects.get(name=ORGANIZATION)
    admin = User.objects.get(email=world.ADMIN[0])
    officer = person(organization=organization, role=Role.OFFICER, admin=admin, created=created)
    director = person(organization=organization, role=Role.TOURNAMENT_DIRECTOR, admin=admin, created=created)
    person(organization=organization, role=Role.DEALER, admin=admin, created=created)
    license = mcn_license(officer=officer, organization=organization, today=today, created=created)
    tournaments = [_tournament(director=director, license=license, today=today, created=created, training=training)
                   for training in (False, True)]
    return [_players(director=director, tournament=t, created=created) for t in tournaments], created


def seed(command, *, base: str) -> None:
    """Build tonight's tournaments (once) and print what was made and the pages to try."""
    [tournaments] = build_and_report(command, organization=ORGANIZATION, who="Post", build=build,
                                     nothing="Demo tournaments already present; nothing changed.")
    members = tournaments[0].license.organization.memberships.filter(is_active=True).select_related("user")
    director = members.filter(role=Role.TOURNAMENT_DIRECTOR).first()
    dealer = members.filter(role=Role.DEALER).first()
    for tournament in tournaments:
        _links(command, tournament, base, director, dealer)


def _links(command, tournament: Tournament, base: str, director, dealer) -> None:
    if tournament.training:
        which = ("TRAINING tournament: no prizes, nothing reported; it may be dealt at any hour, outside the "
                 "licensed hours (30 DCMR 1603.19)")
    else:
        which = (f"LICENSED tournament with prizes: hands are dealt only within tonight's licensed hours, "
                 f"{EVENT[0]:%H:%M}-{EVENT[1]:%H:%M} Board time (30 DCMR 1603.19)")
    tables = sorted(number for number, table in load_engine(tournament).tables.items() if not table.broken)
    hours = f"{tournament.starts_at:%H:%M}-{tournament.ends_at:%H:%M}"
    command.stdout.write(command.style.SUCCESS(
        f"{tournament.name}, {tournament.date.isoformat()} {hours}, license {tournament.license.number}"))
    command.stdout.write(f"  {which}")
    command.stdout.write(f"  Director's page (sign in as {director.user.email}): "
                         f"{base}{reverse('montecarlo:tournament_detail', args=[tournament.pk])}")
    if tables:
        command.stdout.write(f"  Dealer's table {tables[0]} (sign in as {dealer.user.email}): "
                             f"{base}{reverse('montecarlo:table_dealer', args=[tournament.pk, tables[0]])}")
    command.stdout.write(f"  Clock screen (public): "
                         f"{base}{reverse('montecarlo:clock_screen', args=[tournament.public_key])}")
