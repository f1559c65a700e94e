"""`seed_demo --only bingo`: tonight's bingo of the demo parish, built once, ready to play."""

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from bingo.models import CardSale, CardSeries, Game, GameType, Hall, Operation, WorkerDuty
from bingo.planning.checks import operation_check, operation_ready
from demo import bingo as demo_bingo
from demo.world import DEMO_PASSWORD
from licensing.models import AuditEvent, License, Membership, Role, User
from licensing.models.choices import LicenseStatus, LicenseType

pytestmark = pytest.mark.django_db


def run() -> str:
    out = StringIO()
    call_command("seed_demo", "--only", "bingo", stdout=out)
    return out.getvalue()


@pytest.fixture
def world():
    call_command("seed_demo", "--only", "world", stdout=StringIO())


def test_builds_tonight_once(world):
    first = run()
    counts = (License.objects.count(), Operation.objects.count(), Game.objects.count(), WorkerDuty.objects.count(),
              CardSeries.objects.count(), CardSale.objects.count(), User.objects.count(),
              Membership.objects.count(), AuditEvent.objects.count())
    second = run()
    assert "nothing changed" in second and "nothing changed" not in first
    assert (License.objects.count(), Operation.objects.count(), Game.objects.count(), WorkerDuty.objects.count(),
            CardSeries.objects.count(), CardSale.objects.count(), User.objects.count(),
            Membership.objects.count(), AuditEvent.objects.count()) == counts

    today = timezone.localdate()
    license = License.objects.get(license_type=LicenseType.BINGO)  # the parish's queued application stays queued
    assert license.status == LicenseStatus.ACTIVE and license.organization.name == demo_bingo.ORGANIZATION
    assert {"date": today.isoformat(), "starts_at": "18:00", "ends_at": "22:00",
            "premises": license.premises_id} in license.schedule
    operation = Operation.objects.get(is_training=False)
    assert (operation.license, operation.date, operation.premises) == (license, today, license.premises)
    types = list(operation.games.order_by("number").values_list("game_type", flat=True))
    assert types == [GameType.EARLY_BIRD] * 2 + [GameType.REGULAR] * 4 + [GameType.SPECIAL]
    assert len(set(operation.games.values_list("pattern", flat=True))) == 7
    assert operation_ready(operation) == []
    assert operation_check(operation) == []  # no warning either: the program sheet is complete
    checker = User.objects.get(email="checker@staugustine.demo.dcgaming.org")
    assert operation.workers.filter(duty=WorkerDuty.Duty.CHECKER, user=checker).count() == 1
    series = CardSeries.objects.get()
    assert (series.code, series.size) == (demo_bingo.SERIES_CODE, 900)
    # One sale a player's packet of ten faces (30 DCMR 1406.2 splits per player).
    regular = CardSale.objects.filter(colour="regular").order_by("first_face")
    assert [(s.first_face, s.last_face) for s in regular] == [(n, n + 9) for n in range(1, 201, 10)]
    assert {s.sold_by for s in regular} == {checker}
    assert sorted(regular[0].games.values_list("game_type", flat=True)) == [GameType.REGULAR] * 4

    hall = Hall.objects.get(operation=operation)
    game1 = operation.games.get(number=1)
    assert reverse("bingo:operation_detail", args=[operation.pk]) in first
    assert reverse("bingo:console", args=[game1.pk]) in first
    assert f"/bingo/flashboard/{hall.key}/" in first and f"/bingo/flashboard/{hall.key}/" in second
    assert "games start only 18:00-22:00 (30 DCMR 1202.2(m))" in first

    # The training operation: the same games for no prize, nothing sold, a checker on duty.
    practice = Operation.objects.get(is_training=True)
    assert practice.license == license and not practice.card_sales.exists()
    assert list(practice.games.values_list("prize", flat=True)) == [0] * 7
    assert operation_ready(practice) == []
    assert "Training game, playable at any hour: no cards sold, no prizes, nothing reported" in first
    assert reverse("bingo:console", args=[practice.games.get(number=1).pk]) in first


def test_the_training_game_plays_at_any_hour_and_tonight_only_in_its_hours(world):
    from bingo.live import services
    from core.findings import RuleViolation
    from tests.clock import board_time, travel

    run()
    caller = User.objects.get(email="caller@staugustine.demo.dcgaming.org")
    tonight = Operation.objects.get(is_training=False).games.get(number=1)
    practice = Operation.objects.get(is_training=True).games.get(number=1)
    travel(board_time(timezone.localdate(), dt.time(3, 10)), tick=False)
    with pytest.raises(RuleViolation) as caught:
        services.game_start(actor=caller, game=tonight)
    assert {f.rule for f in caught.value.findings} == {"30 DCMR 1202.2(m)"}
    services.game_start(actor=caller, game=practice)
    for _ in range(3):
        services.ball_draw(actor=caller, game=practice)
    close = services.game_close(actor=caller, game=practice, winners=1)
    assert close.payload["training"] and close.payload["total_paid"] == "0.00" and close.payload["shares"] == []


def test_console_and_pages_render_for_the_demo_people(world, client):
    run()
    operation = Operation.objects.get(is_training=False)
    game1 = operation.games.get(number=1)
    client.force_login(User.objects.get(email="caller@staugustine.demo.dcgaming.org"))
    assert client.get(reverse("bingo:console", args=[game1.pk])).status_code == 200
    client.force_login(User.objects.get(email="officer@staugustine.demo.dcgaming.org"))
    assert client.get(reverse("bingo:operation_detail", args=[operation.pk])).status_code == 200
    client.logout()
    key = operation.halls.get().key
    assert client.get(reverse("bingo:flashboard", args=[key])).status_code == 200


def test_a_missing_caller_is_created_and_its_password_printed_once(world):
    caller = User.objects.get(email="caller@staugustine.demo.dcgaming.org")
    Membership.objects.filter(user=caller).delete()
    User.objects.filter(pk=caller.pk).delete()
    first = run()
    assert DEMO_PASSWORD in first and "caller@staugustine.demo.dcgaming.org" in first
    assert Membership.objects.filter(user__email="caller@staugustine.demo.dcgaming.org", role=Role.CALLER,
                                     is_active=True).count() == 1
    assert DEMO_PASSWORD not in run()


def test_needs_seed_demo_first():
    with pytest.raises(CommandError, match="seed_demo"):
        run()


def test_the_printed_links_name_the_sites_public_address(world, settings):
    """`make run` sets PUBLIC_BASE_URL from its HOST and PORT; the seed's links follow it (--base-url overrides)."""
    settings.PUBLIC_BASE_URL = "http://127.0.0.1:8123"
    printed = run()
    assert "http://127.0.0.1:8123/bingo/" in printed and ":8000" not in printed
    out = StringIO()
    call_command("seed_demo", "--only", "bingo", "--base-url", "https://hall.example.org/", stdout=out)
    assert "https://hall.example.org/bingo/" in out.getvalue()
