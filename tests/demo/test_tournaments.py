"""`seed_demo --only tournaments`: tonight's Hold'em tournaments of the demo Post, the licensed one and the
training one, built once, players seated; the training one can be dealt at any hour, the licensed one
only within tonight's licensed hours (30 DCMR 1603.19)."""

from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from demo import tournaments as tonight
from licensing.models import AuditEvent, License, Membership, User
from licensing.models.choices import LicenseStatus, LicenseType
from montecarlo.models import Tournament, TournamentEvent, TournamentStatus
from montecarlo.tournaments import services
from montecarlo.tournaments.rules import license_findings
from montecarlo.tournaments.state import load_engine
from tests.montecarlo.factories import DAY, at

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("board_clock")]  # as in tests/montecarlo


def run() -> str:
    out = StringIO()
    call_command("seed_demo", "--only", "tournaments", stdout=out)
    return out.getvalue()


@pytest.fixture
def world():
    call_command("seed_demo", "--only", "world", stdout=StringIO())


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
    tournament = Tournament.objects.get(training=False)
    training = Tournament.objects.get(training=True)
    assert (training.name, training.prizes, training.license_id) == (tonight.TRAINING_NAME, [], tournament.license_id)
    assert tournament.prizes == ["300.00", "150.00", "50.00"]
    assert "TRAINING tournament: no prizes, nothing reported; it may be dealt at any hour" in first
    assert "LICENSED tournament with prizes: hands are dealt only within tonight's licensed hours, 17:00-23:59" in first
    assert reverse("montecarlo:tournament_detail", args=[training.pk]) in first
    license = tournament.license
    assert (license.license_type, license.license_class, license.status) == (
        LicenseType.MONTECARLO, "2", LicenseStatus.ACTIVE)
    assert license_findings(license, today) == []
    # seed_demo's Monte Carlo Night is weeks ahead, so tonight's has a license of its own.
    assert License.objects.filter(license_type=LicenseType.MONTECARLO).count() == 2
    assert (tournament.name, tournament.date, tournament.status) == (tonight.NAME, today, TournamentStatus.RUNNING)
    engine = load_engine(tournament)
    assert sorted((p.name, p.date_of_birth) for p in engine.players.values()) == sorted(
        (name, born.isoformat()) for name, born in tonight.PLAYERS)
    seated = [p for p in engine.players.values() if p.table is not None and p.seat is not None]
    assert len(seated) == 9
    assert sum(len(table.seats) for table in engine.tables.values()) == 9  # nine distinct seats
    assert TournamentEvent.objects.filter(tournament=tournament, kind="seat").count() == 1
    assert reverse("montecarlo:tournament_detail", args=[tournament.pk]) in first
    assert reverse("montecarlo:clock_screen", args=[tournament.public_key]) in second


def test_the_training_tournament_is_dealt_at_any_hour_and_the_licensed_one_is_not(world, board_clock):
    run()
    tournament, training = Tournament.objects.get(training=False), Tournament.objects.get(training=True)
    director = User.objects.get(email="director@post8.demo.dcgaming.org")
    board_clock.move_to(at(DAY, 3, 0), tick=False)  # three in the morning, hours before the licensed 17:00
    with pytest.raises(ValidationError) as caught:
        services.clock_control(actor=director, tournament=tournament, op="start")
    assert [f.rule for f in caught.value.findings] == ["30 DCMR 1603.19"]
    assert "the Monte Carlo Night is licensed for" in str(caught.value)
    services.clock_control(actor=director, tournament=training, op="start")
    table = min(load_engine(training).tables)
    view = services.hand_start(actor=director, tournament=training, table=table)
    assert view["hand_no"] == 1


def test_pages_render_for_the_demo_people(world, client):
    run()
    tournament = Tournament.objects.get(training=True)
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
