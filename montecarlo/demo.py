"""Tonight's Texas Hold'em tournament in the demo world (`manage.py seed_demo_tournament`, after
`seed_demo`): a Class 2 Monte Carlo Night license in force tonight, the Post's tournament director
and dealer, a tournament on the 'standard' blind structure, nine players registered and seats drawn.
Built with the same services a person would use; every object is looked up by a stable name
first, so running it again creates nothing.

The licensing app never imports this module: the dependency points from montecarlo to licensing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from licensing import demo_world as world
from licensing.demo_helpers import Created, license_issue, person
from licensing.models import License, Organization, Role, User
from licensing.models.choices import LicenseStatus, LicenseType
from licensing.services.applications import premises_get_or_create
from montecarlo import services_tournament as services
from montecarlo.models import Tournament, TournamentStatus
from montecarlo.rules import licensed_windows
from montecarlo.services_state import load_engine

ORGANIZATION = "American Legion Post 8"
HALL = {"name": "Post 8 Hall", "street_address": "224 D Street SE", "postal_code": "20003"}  # as in seed_demo
PURPOSE = "Veterans' emergency relief fund (tonight's Monte Carlo Night, demo)"  # marks the demo's own license
EVENT = (dt.time(17, 0), dt.time(23, 59))  # the licensed hours of tonight's Monte Carlo Night
NAME = "Tonight's Hold'em (demo)"
STARTS, ENDS = dt.time(18, 0), dt.time(23, 30)
PLAYERS = ["Anthony Brooks", "Beatriz Ramos", "Calvin Price", "Diane Foster", "Emeka Obi", "Fiona Walsh",
           "George Lin", "Hannah Kim", "Isaac Turner"]


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


def _tournament(*, director: User, license: License, today: dt.date, created: Created) -> Tournament:
    tournament = Tournament.objects.filter(license__organization=license.organization, name=NAME, date=today).first()
    if tournament is None:
        tournament = services.tournament_create(
            actor=director, license=license, name=NAME, date=today, starts_at=STARTS, ends_at=ENDS,
            entry_fee=Decimal("40.00"), starting_chips=10000, max_per_table=7, template="standard",
            prizes=["300", "150", "50"])  # each within $500 a player a day (30 DCMR 1603.26)
        created.things.append(f"tournament {NAME}, {today.isoformat()} {STARTS:%H:%M}-{ENDS:%H:%M}")
    return tournament


def _players(*, director: User, tournament: Tournament, created: Created) -> Tournament:
    if tournament.status != TournamentStatus.REGISTERING:
        return tournament  # seats drawn already: no one registers after the draw
    entered = {player.name.casefold() for player in load_engine(tournament).players.values()}
    missing = [name for name in PLAYERS if name.casefold() not in entered]
    for name in missing:
        services.player_register(actor=director, tournament=tournament, name=name)
    if missing:
        created.things.append(f"{len(missing)} players registered")
    services.seats_draw(actor=director, tournament=tournament)
    created.things.append("seats drawn")
    tournament.refresh_from_db()
    return tournament


def build(*, today: dt.date | None = None) -> tuple[Tournament, Created]:
    """Tonight's tournament of the Post, players seated, the clock not yet started; see the module doc."""
    today = today or timezone.localdate()
    created = Created()
    organization = Organization.objects.get(name=ORGANIZATION)
    admin = User.objects.get(email=world.ADMIN[0])
    officer = person(organization=organization, role=Role.OFFICER, admin=admin, created=created)
    director = person(organization=organization, role=Role.TOURNAMENT_DIRECTOR, admin=admin, created=created)
    person(organization=organization, role=Role.DEALER, admin=admin, created=created)
    license = mcn_license(officer=officer, organization=organization, today=today, created=created)
    tournament = _tournament(director=director, license=license, today=today, created=created)
    return _players(director=director, tournament=tournament, created=created), created
