"""Hall mode end to end for a Monte Carlo Night, on two servers as in test_hall_mode.py: the Board (this process's
daphne, on the test database) and the hall (a separate process, DJANGO_ENV=hall, SQLite, with no route to the Board).
The night is planned at the Board with a table of each of the catalog's five table games and one participant
registered ahead; its kit is installed at the hall, where participants are admitted at the door, a round is played
on each table (punto y banca on the dealer's screen in a browser, the others through the tables API) with a browser
on the night's leaderboard, the chips are counted and the prizes awarded. The bundle goes back to the Board, which
takes it in: every ledger and table log chained with its key and replayed, and the night's financial report
prefilled."""

import datetime as dt
import json

import pytest
import requests

from licensing.audit.verify import verify_log
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import HallBundle, Report, Role
from montecarlo.models import ChipLedgerEntry, GameTable, JackpotEntry, Night, NightStatus, Participant, TableStatus
from montecarlo.tables.verify import night_logs, night_problems
from tests.browser.conftest import off_the_event_loop, sign_in
from tests.clock import board_time, during
from tests.licensing.factories import member
from tests.licensing.hall.hall_process import (
    DEVICE,
    hall_bundle_send,
    hall_manage,
    hall_passwords,
    hall_server_start,
    no_route_to,
)
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ("caribbean-poker", "punto-banca", "wheel", "banca-francesa", "craps")


def _planned():
    """At the Board: the night, a table of each table game (Caribbean poker with its progressive jackpot), one
    participant registered ahead, the night's dealer and an officer; the kit for the hall's laptop."""
    night, director = night_for()
    dealer = member(night.license.organization, Role.DEALER)
    officer = member(night.license.organization, Role.OFFICER)
    tables = {game: table_for(night, director, game, **({"jackpot": True, "jackpot_seed": 1000, "jackpot_bet": 10,
                                                         "jackpot_contribution_pct": 50}
                                                        if game == "caribbean-poker" else {})) for game in GAMES}
    admit(night, director, 1, name="Ruth Ahead")
    kit = kit_prepare(actor=officer, event=kit_kind("night").event(user=officer, pk=night.pk),
                      device_public_key=DEVICE)
    return night, director, dealer, officer, tables, kit


class HallApi:
    """One worker's session on the hall's API (its token, made at the hall with the password `hall install` gave)."""

    def __init__(self, url: str, email: str, password: str):
        self.url, self.session = url, requests.Session()
        token = self.session.post(f"{url}/api/v1/auth/token/", json={"email": email, "password": password},
                                  timeout=10)
        assert token.status_code == 200, token.text
        self.session.headers["Authorization"] = f"Token {token.json()['token']}"

    def post(self, path: str, body=None, expect=(200, 201)):
        answer = self.session.post(f"{self.url}/api/v1/{path}", json=body or {}, timeout=10)
        assert answer.status_code in expect, (path, answer.status_code, answer.text)
        return answer.json()

    def get(self, path: str):
        answer = self.session.get(f"{self.url}/api/v1/{path}", timeout=10)
        assert answer.status_code == 200, (path, answer.status_code, answer.text)
        return answer.json()

    def play(self, table: GameTable, **event):
        return self.post(f"montecarlo/tables/{table.pk}/play/", event)


def _hall_sign_in(page, url: str, email: str, password: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda address: "/accounts/login/" not in address)


def _baccarat_on_the_dealers_screen(page, url: str, night: Night, table: GameTable) -> None:
    """Participant #2 bets 100 on the player, #3 40 on the banker; the player's 9 beats the banker's 5."""
    page.goto(f"{url}/montecarlo/nights/{night.pk}/tables/{table.number}/")
    page.get_by_role("button", name="Open a round").click()
    page.get_by_text("Round open: take the bets.").wait_for()
    for bet, (number, side, chips) in enumerate(((2, "Player", "100"), (3, "Banker", "40")), start=1):
        page.get_by_label("Participant number or scanned receipt").fill(str(number))
        page.locator("label.mc-kind", has_text=side).click()
        page.get_by_label("Chips", exact=True).fill(chips)
        page.get_by_role("button", name="Take the bet").click()
        page.locator(f'tr[data-bet="1.{bet}"]').wait_for()
    for name, card in (("player0", "9h"), ("player1", "Kd"), ("banker0", "2c"), ("banker1", "3s")):
        page.locator(f'select[name="{name}"]').select_option(card)
    page.get_by_role("button", name="Settle").click()
    page.get_by_text("Settled: every payout is on the participants' ledgers.").wait_for()


def test_a_monte_carlo_night_runs_offline_at_the_hall_and_the_board_takes_it_in(asgi_url, browser_page, hall_dir,
                                                                                 hall_static, tmp_path):
    from playwright.sync_api import expect

    night, director, dealer, officer, tables, kit = off_the_event_loop(_planned)
    kit_file = tmp_path / "kit.json"
    kit_file.write_text(json.dumps(kit.document), encoding="utf-8")
    evening = board_time(night.date, dt.time(19, 0))
    installed = hall_manage(hall_dir, "hall", "install", str(kit_file), at=evening)
    assert installed.returncode == 0, installed.stderr
    passwords = hall_passwords(installed.stdout)

    hall = hall_server_start(hall_dir, at=evening, static_root=hall_static)
    screen = browser_page.context.browser.new_context(locale="en-US")
    try:
        assert no_route_to(hall, asgi_url)
        leaderboard = screen.new_page()
        leaderboard.goto(f"{hall.url}/montecarlo/night/{night.public_key}/leaderboard/")
        expect(leaderboard.locator("#leaderboard")).to_have_attribute("data-live", "1")
        expect(leaderboard.locator('tr[data-number="1"] .mc-chips')).to_have_text("1000")

        # At the door: three more participants.
        door = HallApi(hall.url, director.email, passwords[director.email])
        for name in ("Ana Door", "Ben Door", "Cy Door"):
            admitted = door.post(f"montecarlo/nights/{night.pk}/participants/",
                                 {"name": name, "show_name": True, "admission_paid": "25.00", "age_declared": True})
            assert admitted["chips"] == 1000, admitted
        expect(leaderboard.locator('tr[data-number="4"]')).to_contain_text("Cy Door")

        # A round on each table: punto y banca on the dealer's screen, the others through the tables API.
        page = browser_page
        _hall_sign_in(page, hall.url, dealer.email, passwords[dealer.email])
        _baccarat_on_the_dealers_screen(page, hall.url, night, tables["punto-banca"])
        expect(leaderboard.locator('tr[data-number="2"] .mc-chips')).to_have_text("1100")
        expect(leaderboard.locator('tr[data-number="3"] .mc-chips')).to_have_text("960")
        expect(leaderboard.locator("tbody tr").first).to_have_attribute("data-number", "2")

        deal = HallApi(hall.url, dealer.email, passwords[dealer.email])
        caribbean = tables["caribbean-poker"]
        deal.play(caribbean, type="open")
        deal.play(caribbean, type="bet", participant=1, kind="ante", amount=20)
        deal.play(caribbean, type="bet", participant=1, kind="jackpot", amount=10)
        deal.play(caribbean, type="decision", participant=1, choice="raise")
        settled = deal.play(caribbean, type="outcome", dealer=["Ac", "Kd", "7h", "5s", "2c"],
                            hands={"1": ["Qh", "Qs", "9d", "4c", "3h"]})
        assert settled["view"]["jackpot"]["meter"] == 1005, settled
        deal.play(tables["wheel"], type="open")
        deal.play(tables["wheel"], type="bet", participant=4, kind="2", amount=50)
        deal.play(tables["wheel"], type="outcome", symbol="2", slot=3)
        deal.play(tables["banca-francesa"], type="open")
        deal.play(tables["banca-francesa"], type="bet", participant=3, kind="big", amount=60)
        deal.play(tables["banca-francesa"], type="outcome", dice=[6, 5, 4])
        deal.play(tables["craps"], type="open")
        deal.play(tables["craps"], type="bet", participant=2, kind="pass", amount=30)
        deal.play(tables["craps"], type="outcome", dice=[3, 4])  # a natural on the come-out: the pass line wins
        expect(leaderboard.locator('tr[data-number="4"] .mc-chips')).to_have_text("1100")
        expect(leaderboard.locator('tr[data-number="3"] .mc-chips')).to_have_text("1020")
        expect(leaderboard.locator('tr[data-number="2"] .mc-chips')).to_have_text("1130")
        leaderboard.screenshot(path=str(tmp_path / "hall-leaderboard.png"), full_page=True)

        # The end of the night: every table closed, the chips counted, the prizes awarded by ranking.
        for table in tables.values():
            door.post(f"montecarlo/tables/{table.pk}/close/", {"reason": "end of the night"})
        door.post(f"montecarlo/nights/{night.pk}/count/")
        awarded = door.post(f"montecarlo/nights/{night.pk}/award/")
        assert awarded["status"] == NightStatus.AWARDED, awarded
        at_the_hall = {row["number"]: (row["chips"], row["counted"])
                       for row in door.get(f"montecarlo/nights/{night.pk}/participants/")}
        entries = {number: len(door.get(f"montecarlo/nights/{night.pk}/participants/{number}/ledger/"))
                   for number in at_the_hall}
    finally:
        screen.close()
        hall.stop()

    # The network is back: the hall's bundle goes to the Board once the night is over.
    during(night, dt.time(23, 45))
    answer = hall_bundle_send(hall_dir, tmp_path / "bundle.json", at=board_time(night.date, dt.time(23, 15)),
                              board_url=asgi_url, email=officer.email, kit_id=kit.kit_id)
    assert answer.status_code == 201, answer.text
    received = HallBundle.objects.get(kit=kit)
    assert received.accepted, received.findings

    # The Board holds the night as the hall played it: each participant's chips and ledger, every log verified, the
    # tables replayed against the ledgers and the chips balanced.
    night.refresh_from_db()
    assert night.status == NightStatus.AWARDED and [award["participant"] for award in night.awards] == [2, 4]
    held = {p.number: (p.chips, p.counted) for p in Participant.objects.filter(night=night)}
    assert held == at_the_hall and held[2] == (1130, 1130)
    door_ids = Participant.objects.filter(night=night, number__gt=1).values_list("pk", flat=True)
    assert all(pk >= kit.id_base for pk in door_ids)  # admitted at the hall: ids from the kit's span
    assert {number: ChipLedgerEntry.objects.filter(participant__night=night, participant__number=number).count()
            for number in held} == entries
    assert set(GameTable.objects.filter(night=night).values_list("status", flat=True)) == {TableStatus.CLOSED}
    assert JackpotEntry.objects.filter(table=tables["caribbean-poker"]).count() == 2
    for model, identity in night_logs(night.pk):
        assert verify_log(model, identity).ok, (model, identity, verify_log(model, identity).problem)
    assert night_problems(night) == []
    report = Report.objects.get(license=kit.license, event_date=kit.event_date)
    assert report.recorded["attendance"] == {"participants": 4}
    assert [row["participant"] for row in report.recorded["chips"]] == ["Ruth Ahead", "Ana Door", "Ben Door",
                                                                        "Cy Door"]
    assert [(row["participant"], row["value"]) for row in report.recorded["prizes"]] == [("Ana Door", "80.00"),
                                                                                         ("Cy Door", "40.00")]

    page = browser_page
    sign_in(page, asgi_url, officer)
    page.goto(f"{asgi_url}/montecarlo/nights/{night.pk}/")
    expect(page.locator('tr[data-participant="2"]')).to_contain_text("1130")
    page.get_by_text("Dinner for two").first.wait_for()
    page.goto(f"{asgi_url}/montecarlo/nights/{night.pk}/participants/2/")
    expect(page.locator('[data-field="chips"]')).to_have_text("1130")
    expect(page.locator('tr[data-kind="won"]')).to_have_count(2)
    page.screenshot(path=str(tmp_path / "board-ledger.png"), full_page=True)
