"""The Monte Carlo Night scoping matrix in the API: every role x own / other organization, for nights,
participants and their ledgers, tables and the Board's house-rules approvals, reads and writes.

An organization's people who read its nights (officers, tournament directors, dealers, the member in charge) read
their own and get a 404 for another's, never a 403, so its existence is not disclosed; a bingo caller and a
vendor's representative read none; the Board reads every night and writes none of them; anonymous callers are
answered 401. Writes: directors and officers run a night (plan, terms, admit, tables, close, move bets, count,
award); dealers only play; the Board's staff alone decide on house rules (30 DCMR 1602.1), and anyone but the
Board is refused the approvals (403, as the review queue answers). A refused write changes nothing.

One world for the module (two organizations, each with a night in play and a training night), built once; each
test runs in its own savepoint, rolled back."""

from types import SimpleNamespace

import pytest
import time_machine
from django.db import transaction
from rest_framework.test import APIClient

from licensing.models import Role
from montecarlo.models import ChipLedgerEntry, GameApproval, GameTable, Night, Participant, TableEvent
from montecarlo.tables import services as table_services
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import DAY, LIVE_AT, admit, in_charge_of, mcn_license, night_for, table_for
from tests.vendors.factories import VendorRepresentativeFactory

pytestmark = pytest.mark.django_db
API = "/api/v1/"
ORGANIZATION_ROLES = {"officer": Role.OFFICER, "tournament_director": Role.TOURNAMENT_DIRECTOR,
                      "dealer": Role.DEALER, "member_in_charge": Role.MEMBER_IN_CHARGE, "caller": Role.CALLER}
ROLES = ["anonymous", *ORGANIZATION_ROLES, "vendor_representative", "board_staff", "board_member"]
READERS = {"officer", "tournament_director", "dealer", "member_in_charge"}
DIRECTORS = {"officer", "tournament_director"}
BOARD = {"board_staff", "board_member"}


def _organization_world(name):
    license = mcn_license()
    night, director = night_for(license=license, name=f"{name} night")
    admit(night, director, 2, name="Pat")
    baccarat = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    table_services.table_play(actor=director, table=baccarat, event={"type": "open"})
    table_services.table_play(actor=director, table=baccarat,
                              event={"type": "bet", "participant": 1, "kind": "player", "amount": 40})
    wheel = table_for(night, director, "wheel")
    second = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    table_services.table_play(actor=director, table=second, event={"type": "open"})
    table_for(night, director, "caribbean-poker", approve=False)
    practice, _ = night_for(license=license, director=director, name=f"{name} practice", training=True, prizes=[])
    return SimpleNamespace(license=license, director=director, night=night, practice=practice, baccarat=baccarat,
                           wheel=wheel, second=second,
                           pending=GameApproval.objects.get(night=night, status="pending"))


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), time_machine.travel(LIVE_AT, tick=False), transaction.atomic():
        mine, theirs = _organization_world("Mine"), _organization_world("Theirs")
        organization = mine.license.organization
        users = {role: member(organization, value) for role, value in ORGANIZATION_ROLES.items()}
        users["tournament_director"] = mine.director
        users["vendor_representative"] = VendorRepresentativeFactory().user
        users["board_staff"], users["board_member"] = board_staff(), board_member()
        users["anonymous"] = None
        yield SimpleNamespace(mine=mine, theirs=theirs, users=users)
        transaction.set_rollback(True)


def client_for(world, role):
    client = APIClient()
    if world.users[role] is not None:
        client.force_authenticate(world.users[role])
    return client


def ids(response) -> set[int]:
    return {row["id"] for row in response.json()["results"]}


def snapshot():
    """Everything a write could change."""
    return (Night.objects.count(), Participant.objects.count(), GameTable.objects.count(), TableEvent.objects.count(),
            ChipLedgerEntry.objects.count(), sorted(Night.objects.values_list("pk", "status", "house_rules")),
            sorted(GameTable.objects.values_list("pk", "status", "head_seq")),
            sorted(GameApproval.objects.values_list("pk", "status")))


def reads(side) -> list[str]:
    night, practice = f"{API}montecarlo/nights/{side.night.pk}/", f"{API}montecarlo/nights/{side.practice.pk}/"
    return [night, practice, night + "participants/", night + "participants/1/ledger/", night + "leaderboard/",
            f"{API}montecarlo/tables/{side.baccarat.pk}/", f"{API}montecarlo/tables/{side.wheel.pk}/"]


def expected_read(role, target) -> int:
    if role == "anonymous":
        return 401
    if role in BOARD or (role in READERS and target == "mine"):
        return 200
    return 404


@pytest.mark.parametrize("target", ["mine", "theirs"])
@pytest.mark.parametrize("role", ROLES)
def test_reads(world, role, target):
    side = getattr(world, target)
    client = client_for(world, role)
    expected = expected_read(role, target)
    for url in reads(side):
        response = client.get(url)
        assert response.status_code == expected, (url, response.json())
        assert "errors" in response.json() if expected != 200 else True
    if expected == 200:
        participants = client.get(f"{API}montecarlo/nights/{side.night.pk}/participants/").json()
        assert [row["number"] for row in participants] == [1, 2] and participants[0]["chips"] == 960
        # Receipts are printed by directors and scanned by dealers; other readers do not get the code.
        staff = role in DIRECTORS | {"dealer"}
        assert all((row["receipt_code"] is not None) == staff for row in participants)
        ledger = client.get(f"{API}montecarlo/nights/{side.night.pk}/participants/1/ledger/").json()
        assert [entry["kind"] for entry in ledger] == ["issue", "bet"]
    # The public leaderboard is reached by the night's key alone, whoever asks.
    public = client.get(f"{API}public/montecarlo/nights/{side.night.public_key}/leaderboard")
    assert public.status_code == 200 and [row["name"] for row in public.json()["rows"]] == ["", ""]


@pytest.mark.parametrize("role", ROLES)
def test_lists(world, role):
    client = client_for(world, role)
    nights = client.get(f"{API}montecarlo/nights/")
    tables = client.get(f"{API}montecarlo/tables/")
    approvals = client.get(f"{API}montecarlo/approvals/")
    if role == "anonymous":
        assert [nights.status_code, tables.status_code, approvals.status_code] == [401, 401, 401]
        return
    mine = {world.mine.night.pk, world.mine.practice.pk}
    theirs = {world.theirs.night.pk, world.theirs.practice.pk}
    mine_tables = set(GameTable.objects.filter(night=world.mine.night).values_list("pk", flat=True))
    theirs_tables = set(GameTable.objects.filter(night=world.theirs.night).values_list("pk", flat=True))
    expected = (mine | theirs, mine_tables | theirs_tables) if role in BOARD else \
        (mine, mine_tables) if role in READERS else (set(), set())
    assert (ids(nights), ids(tables)) == expected
    assert ids(client.get(f"{API}montecarlo/tables/", {"night": world.theirs.night.pk})) == (
        theirs_tables if role in BOARD else set())
    pending = {world.mine.pending.pk, world.theirs.pending.pk}
    if role in BOARD:
        assert approvals.status_code == 200
        assert {row["id"] for row in approvals.json()["results"] if row["status"] == "pending"} == pending
        assert client.get(f"{API}montecarlo/approvals/{world.theirs.pending.pk}/").status_code == 200
    else:
        assert approvals.status_code == 403
        assert client.get(f"{API}montecarlo/approvals/{world.mine.pending.pk}/").status_code == 403


def writes(side) -> list[tuple[str, str, dict]]:
    nights, tables = f"{API}montecarlo/nights/", f"{API}montecarlo/tables/"
    night, practice = f"{nights}{side.night.pk}/", f"{nights}{side.practice.pk}/"
    return [
        ("plan", nights, {"license": side.license.pk, "name": "Another", "date": DAY.isoformat(),
                          "starts_at": "18:30", "ends_at": "23:00", "admission_price": "10.00",
                          "starting_chips": 500, "in_charge": in_charge_of(side.license).pk}),
        ("terms", practice + "terms/", {"house_rules": "Changed"}),
        ("admit", night + "participants/", {"admission_paid": "25.00", "age_declared": True}),
        ("table", tables, {"night": side.night.pk, "game": "wheel", "min_bet": 10, "max_bet": 100}),
        ("play", f"{tables}{side.baccarat.pk}/play/", {"type": "bet", "participant": 2, "kind": "banker",
                                                       "amount": 40}),
        ("transfer", f"{tables}{side.baccarat.pk}/transfer/", {"to_table": side.second.pk, "reason": "New shoe"}),
        ("close", f"{tables}{side.wheel.pk}/close/", {"reason": "Dealer break"}),
        ("count", practice + "count/", {}),
        ("award", practice + "award/", {}),
        ("decide", f"{API}montecarlo/approvals/{side.pending.pk}/decide/", {"approve": True}),
    ]


ALLOWED = {"plan": 201, "admit": 201, "table": 201}  # the other writes answer 200


def expected_write(role, target, write) -> int:
    if role == "anonymous":
        return 401
    if write == "decide":
        return 200 if role == "board_staff" else 403
    if role in BOARD:
        return 403  # the Board reads every night and runs none
    if target == "theirs" or role == "vendor_representative":
        # Another organization's license or night in the body reads as unknown (400); in the address, 404.
        return 400 if write in ("plan", "table") else 404
    if role == "caller":  # sees the organization's license, none of its nights
        return 403 if write == "plan" else 400 if write == "table" else 404
    if role in DIRECTORS or (role == "dealer" and write == "play"):
        return ALLOWED.get(write, 200)
    return 403


@pytest.mark.parametrize("target", ["mine", "theirs"])
@pytest.mark.parametrize("role", ROLES)
def test_writes(world, role, target):
    side = getattr(world, target)
    client = client_for(world, role)
    before = snapshot()
    answers = {write: client.post(url, body, format="json") for write, url, body in writes(side)}
    statuses = {write: response.status_code for write, response in answers.items()}
    assert statuses == {write: expected_write(role, target, write) for write in statuses}, {
        write: response.json() for write, response in answers.items()}
    for write, response in answers.items():
        if response.status_code >= 400:
            assert response.json()["errors"], write
        if response.status_code == 400:
            assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
                ("license" if write == "plan" else "night", "does_not_exist")]
    if not any(status < 300 for status in statuses.values()):
        assert snapshot() == before
