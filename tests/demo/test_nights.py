"""`seed_demo --only night`: tonight's training Monte Carlo Night of the demo Post, after the demo's world (and
beside its tournaments): a table of every game, six participants, a punto y banca round played; built once, so
running the three parts again changes nothing; its pages render for the demo people and its record verifies."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from demo import nights as tonight
from licensing.models import AuditEvent, License, Membership, User
from licensing.models.choices import LicenseType
from montecarlo.models import (
    ChipLedgerEntry,
    GameApproval,
    GameTable,
    JackpotEntry,
    Night,
    Participant,
    TableEvent,
    Tournament,
    TournamentEvent,
)
from montecarlo.nights.ledger import night_balance
from montecarlo.tablegames import GAMES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("board_clock")]  # as in tests/montecarlo
DIRECTOR, DEALER = "director@post8.demo.dcgaming.org", "dealer@post8.demo.dcgaming.org"


def run(part: str) -> str:
    out = StringIO()
    call_command("seed_demo", "--only", part, stdout=out)
    return out.getvalue()


def counts() -> tuple:
    return tuple(model.objects.count() for model in (
        License, User, Membership, AuditEvent, Tournament, TournamentEvent, Night, Participant, GameTable,
        TableEvent, ChipLedgerEntry, JackpotEntry, GameApproval))


def test_the_demo_builds_tonight_s_night_once(client):
    run("world")
    run("tournaments")
    first = run("night")
    before = counts()
    again = [run(name) for name in ("world", "tournaments", "night")]
    assert counts() == before
    assert "Demo Monte Carlo Night already present; nothing changed." in again[2]
    assert "nothing changed" not in first and "+ 6 participants admitted with 1000 chips each" in first

    night = Night.objects.get()
    assert (night.name, night.date, night.training, night.prizes) == (tonight.NAME, timezone.localdate(), True, [])
    # The tournament demo's license, in force tonight: one Monte Carlo Night license more than seed_demo's.
    assert night.license_id == Tournament.objects.get(training=False).license_id
    assert License.objects.filter(license_type=LicenseType.MONTECARLO).count() == 2
    assert [(p.number, p.name, p.show_name) for p in night.participants.order_by("number")] == [
        (number, name, shown and bool(name)) for number, (name, shown) in enumerate(tonight.PARTICIPANTS, start=1)]
    tables = list(night.tables.order_by("number").select_related("game"))
    assert [table.game.code for table in tables] == [game for game, *_ in tonight.TABLES]
    assert {table.game.code for table in tables} == set(GAMES)
    assert not GameApproval.objects.exists()  # a training night asks the Agency nothing
    baccarat = tables[0]
    assert [event.kind for event in baccarat.events.order_by("seq")] == [
        "config", "open", "bet", "bet", "bet", "outcome"]
    assert JackpotEntry.objects.filter(table=tables[1]).count() == 1  # the jackpot table's seed
    balance = night_balance(night)
    assert balance.balances and balance.issued == 6000 and balance.at_stake == 0
    out = StringIO()
    call_command("verify_logs", "--night", str(night.pk), stdout=out)
    assert "the tables' logs replay to the ledgers, and the chips balance" in out.getvalue()

    for link in (reverse("montecarlo:night_detail", args=[night.pk]), reverse("montecarlo:game_table",
                                                                             args=[night.pk, 1]),
                 reverse("montecarlo:leaderboard", args=[night.public_key]),
                 reverse("montecarlo:night_public", args=[night.public_key])):
        assert link in first and link in again[2]
    client.force_login(User.objects.get(email=DIRECTOR))
    page = client.get(reverse("montecarlo:night_detail", args=[night.pk]))
    assert page.status_code == 200 and "Training night" in page.content.decode()
    client.force_login(User.objects.get(email=DEALER))
    for table in tables:
        assert client.get(reverse("montecarlo:game_table", args=[night.pk, table.number])).status_code == 200
    client.logout()
    leaderboard = client.get(reverse("montecarlo:leaderboard", args=[night.public_key])).content.decode()
    assert "Anthony Brooks" in leaderboard and "Beatriz Ramos" not in leaderboard  # names only with consent
    assert client.get(reverse("montecarlo:night_public", args=[night.public_key])).status_code == 200


def test_the_demo_night_can_be_played_at_any_hour(client, board_clock):
    run("world")
    run("night")
    night = Night.objects.get()
    board_clock.move_to(timezone.localtime().replace(hour=3, minute=0), tick=False)  # hours before 18:00
    client.force_login(User.objects.get(email=DEALER))
    command = lambda name: reverse("montecarlo:game_table_command", args=[night.pk, 3, name])  # noqa: E731
    assert client.post(command("open"), follow=True).status_code == 200
    client.post(command("bet"), {"participant": "4", "kind": "figure_b", "amount": "5"})
    response = client.post(command("draw"), follow=True)
    assert "Drawn and settled (training)." in response.content.decode()
    assert TableEvent.objects.filter(table__night=night, table__number=3, kind="outcome").exists()


def test_needs_seed_demo_first():
    with pytest.raises(CommandError, match="seed_demo"):
        run("night")
