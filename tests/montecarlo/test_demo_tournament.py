"""`seed_demo_tournament`: tonight's Hold'em tournament of the demo Post, built once, players seated."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from licensing.models import AuditEvent, License, Membership, User
from licensing.models.choices import LicenseStatus, LicenseType
from montecarlo import demo
from montecarlo.models import Tournament, TournamentEvent, TournamentStatus
from montecarlo.rules import license_findings
from montecarlo.services_state import load_engine

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    call_command("seed_demo_tournament", stdout=out)
    return out.getvalue()


@pytest.fixture
def world():
    call_command("seed_demo", stdout=StringIO())


def counts():
    return (License.objects.count(), Tournament.objects.count(), TournamentEvent.objects.count(),
            User.objects.count(), Membership.objects.count(), AuditEvent.objects.count())


def test_builds_tonight_once(world):
    first = run()
    before = counts()
    second = run()
    assert "nothing changed" in second and "nothing changed" not in first
    assert counts() == before

    today = timezone.localdate()
    tournament = Tournament.objects.get()
    license = tournament.license
    assert (license.license_type, license.license_class, license.status) == (
        LicenseType.MONTECARLO, "2", LicenseStatus.ACTIVE)
    assert license_findings(license, today) == []
    # seed_demo's Monte Carlo Night is weeks ahead, so tonight's has a license of its own.
    assert License.objects.filter(license_type=LicenseType.MONTECARLO).count() == 2
    assert (tournament.name, tournament.date, tournament.status) == (demo.NAME, today, TournamentStatus.RUNNING)
    engine = load_engine(tournament)
    assert sorted(p.name for p in engine.players.values()) == sorted(demo.PLAYERS)
    seated = [p for p in engine.players.values() if p.table is not None and p.seat is not None]
    assert len(seated) == 9
    assert sum(len(table.seats) for table in engine.tables.values()) == 9  # nine distinct seats
    assert TournamentEvent.objects.filter(tournament=tournament, kind="seat").count() == 1
    assert reverse("montecarlo:tournament_detail", args=[tournament.pk]) in first
    assert reverse("montecarlo:clock_screen", args=[tournament.public_key]) in second


def test_pages_render_for_the_demo_people(world, client):
    run()
    tournament = Tournament.objects.get()
    table = min(load_engine(tournament).tables)
    client.force_login(User.objects.get(email="director@post8.demo.dcgaming.org"))
    assert client.get(reverse("montecarlo:tournament_detail", args=[tournament.pk])).status_code == 200
    client.force_login(User.objects.get(email="dealer@post8.demo.dcgaming.org"))
    assert client.get(reverse("montecarlo:table_dealer", args=[tournament.pk, table])).status_code == 200
    client.logout()
    assert client.get(reverse("montecarlo:clock_screen", args=[tournament.public_key])).status_code == 200


def test_needs_seed_demo_first():
    with pytest.raises(CommandError, match="seed_demo"):
        run()
