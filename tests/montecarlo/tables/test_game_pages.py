"""The dealer's screen of a Monte Carlo Night's table games, driven as a dealer drives it (the Django test client,
signed in): tables set up from the night page with each game's variant settings, the catalogue's refusals
(30 DCMR 1602.2, 1603.16) and the Agency's approval of an "other approved game" (1602.1) on
/montecarlo/approvals/; each game's pickers; a full round of every game through the page's commands, each
followed by the participants' ledger pages; void spins, throws, hands and rounds; a training draw; moving bets
to another table and closing one. Odd input on any command is a message on the page and writes nothing."""

import re
from html import unescape

import pytest
from django.urls import reverse

from licensing.models import Role
from montecarlo.models import (
    ApprovalStatus,
    ChipLedgerEntry,
    GameApproval,
    GameTable,
    JackpotEntry,
    Participant,
    TableEvent,
)
from montecarlo.nights.ledger import night_balance
from montecarlo.tablegames import GAMES
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = pytest.mark.django_db


# --- reading the pages ---


def text_of(page) -> str:
    """A response's (or a page's) words, tags dropped."""
    html = page if isinstance(page, str) else page.content.decode()
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def messages_of(response) -> list[tuple[str, str]]:
    """The page's messages as (level, text): ("success", "Bet taken."), ("error", "30 DCMR ...")."""
    found = re.findall(r'<li class="message ([a-z]+)">(.*?)</li>', response.content.decode(), re.S)
    return [(level, " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())) for level, text in found]


def errors_of(response) -> list[str]:
    return [text for level, text in messages_of(response) if level == "error"]


def ledger(client, night, number) -> list[tuple]:
    """A participant's ledger as its page shows it: (kind, table, bet, chips, balance) a row."""
    response = client.get(reverse("montecarlo:participant_ledger", args=[night.pk, number]))
    assert response.status_code == 200
    rows = re.findall(r'<tr data-kind="([a-z_]+)">(.*?)</tr>', response.content.decode(), re.S)
    out = []
    for kind, cells in rows:
        _seq, _time, _label, table, bet, chips, balance, _note = [
            unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td>(.*?)</td>", cells, re.S)]
        out.append((kind, int(table) if table else None, bet, int(chips), int(balance)))
    return out


def written() -> tuple[int, int, int, int]:
    return (TableEvent.objects.count(), ChipLedgerEntry.objects.count(), JackpotEntry.objects.count(),
            GameTable.objects.count())


class Dealer:
    """A signed-in client at one table: `do("bet", participant=1, ...)` posts the command and follows the
    redirect back to the table."""

    def __init__(self, client, night, table, user):
        self.client, self.night, self.number = client, night, table.number
        client.force_login(user)

    def url(self, command: str) -> str:
        return reverse("montecarlo:game_table_command", args=[self.night.pk, self.number, command])

    def do(self, command: str, **data):
        response = self.client.post(self.url(command), data, follow=True)
        assert response.status_code == 200, response.status_code
        assert response.redirect_chain[-1][0] == reverse("montecarlo:game_table", args=[self.night.pk, self.number])
        return response

    def ok(self, command: str, **data):
        response = self.do(command, **data)
        assert not errors_of(response), errors_of(response)
        return response

    def page(self):
        response = self.client.get(reverse("montecarlo:game_table", args=[self.night.pk, self.number]))
        assert response.status_code == 200
        return response.content.decode()

    def pickers(self) -> list[str]:
        """The outcome form's pickers as the screen names them, in its order: card selects, die radios, the
        wheel's symbol."""
        form = re.search(r'<form method="post" action="[^"]*/do/outcome/"[^>]*>(.*?)</form>', self.page(), re.S)
        assert form, "the screen offers no outcome form"
        names = []
        for name in re.findall(r'name="([^"]+)"', form.group(1)):
            if name != "csrfmiddlewaretoken" and name not in names:
                names.append(name)
        return names

    def settle(self, *values):
        """Post the outcome the way the dealer enters it: each value into the screen's picker at its place
        (None leaves a picker empty)."""
        names = self.pickers()
        assert len(values) == len(names), names
        return self.ok("outcome", **{name: value for name, value in zip(names, values, strict=True)
                                     if value is not None})


def a_night(count=2, **fields):
    night, director = night_for(**fields)
    participants = admit(night, director, count)
    return night, director, member(night.license.organization, Role.DEALER), participants


# --- setting up tables from the night page ---


VARIANTS = {  # each game with settings other than its defaults, as the set-up form posts them
    "punto-banca": ({"min_bet": "20", "max_bet": "1000", "setting_decks": "6", "setting_banker_pays": "half_on_six",
                     "setting_modality": "mini", "setting_standing": "on"},
                    {"decks": 6, "banker_pays": "half_on_six", "modality": "mini", "standing": True}),
    "caribbean-poker": ({"min_bet": "10", "max_bet": "200", "setting_payout_cap": "5000", "setting_straights": "001",
                         "setting_jackpot": "on", "setting_jackpot_bet": "5", "setting_jackpot_seed": "20000",
                         "setting_jackpot_flush": "250"},
                        {"payout_cap": 5000, "straights": "001", "jackpot": True, "jackpot_seed": 20000,
                         "jackpot_flush": 250}),
    "wheel": ({"min_bet": "5", "max_bet": "250"}, {}),
    "banca-francesa": ({"min_bet": "5", "max_bet": "1000"}, {}),
    "craps": ({"min_bet": "10", "max_bet": "500", "setting_odds_multiple": "3", "setting_field_12_pays": "3"},
              {"odds_multiple": 3, "field_12_pays": 3}),
}


def test_every_game_is_offered_and_set_up_through_the_night_page_with_its_variant(client):
    assert set(VARIANTS) == set(GAMES)
    night, director = night_for()
    client.force_login(director)
    page = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    for code in GAMES:
        assert f'<input type="hidden" name="game" value="{code}">' in page, code
    assert 'name="setting_banker_pays"' in page and '<option value="commission" selected>' in page
    assert 'name="setting_jackpot"' in page
    new = reverse("montecarlo:game_table_create", args=[night.pk])
    for number, (code, (data, expected)) in enumerate(VARIANTS.items(), start=1):
        response = client.post(new, {"game": code, "name": f"{code} table", **data})
        assert response.status_code == 302
        assert response["Location"] == reverse("montecarlo:game_table", args=[night.pk, number])
        table = GameTable.objects.get(night=night, number=number)
        assert table.game.code == code and table.name == f"{code} table"
        assert table.game_settings == {**GAMES[code].SETTINGS, "min_bet": int(data["min_bet"]),
                                       "max_bet": int(data["max_bet"]), **expected}
        assert table.events.get(seq=1).payload == table.terms()  # the config event records the variant
    caribbean = GameTable.objects.get(night=night, game__code="caribbean-poker")
    assert list(JackpotEntry.objects.filter(table=caribbean).values_list("kind", "meter")) == [("seed", 20000)]
    # Punto y banca and Caribbean poker are "other approved games": the Agency is asked (1602.1).
    assert sorted(GameApproval.objects.filter(night=night, status=ApprovalStatus.PENDING).values_list(
        "game__code", flat=True)) == ["caribbean-poker", "punto-banca"]
    page = text_of(client.get(reverse("montecarlo:night_detail", args=[night.pk])))
    assert page.count("Waiting for the Agency") == 2 and page.count("Allowed (30 DCMR 1602.1)") == 3


@pytest.mark.parametrize(("game", "rule", "words"), [
    ("slot-machines", "30 DCMR 1602.2", "is banned at a Monte Carlo Night"),
    ("player-poker", "30 DCMR 1602.2", "is banned at a Monte Carlo Night"),
    ("omaha", "30 DCMR 1602.2", "is banned at a Monte Carlo Night"),
    ("skill-games", "30 DCMR 1603.16", "no betting on an event or a game of personal skill"),
    ("event-bets", "30 DCMR 1603.16", "no betting on an event or a game of personal skill"),
    ("texas-holdem", "30 DCMR 1603.20", "plan a tournament for the night instead of a table"),
    ("roulette", "30 DCMR 1602.1", "has no dealer screen here yet"),
    ("no-such-game", "30 DCMR 1603.1", "a night plays only the games the rules authorize"),
])
def test_a_refused_game_is_a_message_with_its_rule_and_no_table(client, game, rule, words):
    night, director = night_for()
    client.force_login(director)
    response = client.post(reverse("montecarlo:game_table_create", args=[night.pk]),
                           {"game": game, "min_bet": "10", "max_bet": "500"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("montecarlo:night_detail", args=[night.pk])
    [error] = errors_of(response)
    assert words in error and rule in error
    assert not GameTable.objects.exists() and not GameApproval.objects.exists()


def test_a_class_1_license_sets_up_no_holdem_and_a_training_night_asks_no_approval(client):
    night, director = night_for(license_class="1", training=True)
    client.force_login(director)
    new = reverse("montecarlo:game_table_create", args=[night.pk])
    response = client.post(new, {"game": "texas-holdem", "min_bet": "10", "max_bet": "500"}, follow=True)
    assert "30 DCMR 1204.16" in errors_of(response)[0]
    response = client.post(new, {"game": "punto-banca", "min_bet": "20", "max_bet": "500"}, follow=True)
    assert not errors_of(response) and not GameApproval.objects.exists()
    assert "Not needed at a training night" in text_of(client.get(reverse("montecarlo:night_detail",
                                                                          args=[night.pk])))


@pytest.mark.parametrize("data", [
    {"game": "wheel", "min_bet": "١٠", "max_bet": "500"},
    {"game": "wheel", "min_bet": "10", "max_bet": "９９"},
    {"game": "wheel", "min_bet": "10"},
    {"game": "wheel"},
    {"game": "wheel", "min_bet": "10", "max_bet": "99999999999999999999999999"},
    {"game": "wheel", "min_bet": "-10", "max_bet": "500"},
    {"game": "wheel", "min_bet": "500", "max_bet": "10"},
    {"game": "banca-francesa", "min_bet": "1", "max_bet": "500"},  # at most 200 x the minimum (003 s. 25 V)
    {"game": "punto-banca", "min_bet": "20", "max_bet": "500", "setting_decks": "7"},
    {"game": "punto-banca", "min_bet": "20", "max_bet": "500", "setting_decks": "٨"},
    {"game": "punto-banca", "min_bet": "20", "max_bet": "500", "setting_banker_pays": "always"},
    {"game": "caribbean-poker", "min_bet": "10", "max_bet": "500", "setting_jackpot_bet": "99999999999999999999"},
    {"game": "craps", "min_bet": "10", "max_bet": "500", "setting_odds_multiple": "1000"},
    {"game": "wheel", "min_bet": "10", "max_bet": "500", "name": "Wheel\x00"},
    {"game": "wheel\x00", "min_bet": "10", "max_bet": "500"},
    {},
], ids=lambda data: repr(data)[:60])
def test_odd_input_setting_up_a_table_writes_nothing(client, data):
    night, director = night_for()
    client.force_login(director)
    response = client.post(reverse("montecarlo:game_table_create", args=[night.pk]), data, follow=True)
    if any("\x00" in key or "\x00" in value for key, value in data.items()):
        assert response.status_code == 400  # refused before any view (core/middleware/null_characters.py)
    else:
        assert response.status_code == 200 and errors_of(response), messages_of(response)
    assert not GameTable.objects.exists() and not TableEvent.objects.exists()


# --- the Agency's approval of an other approved game (30 DCMR 1602.1) ---


def test_an_other_approved_game_plays_only_once_board_staff_approve_it(client):
    night, director, dealer, _ = a_night()
    client.force_login(director)
    client.post(reverse("montecarlo:game_table_create", args=[night.pk]),
                {"game": "caribbean-poker", "min_bet": "10", "max_bet": "200"})
    table = GameTable.objects.get(night=night)
    approval = GameApproval.objects.get(night=night, game=table.game)
    assert approval.status == ApprovalStatus.PENDING and approval.house_rules == night.house_rules
    at_table = Dealer(client, night, table, dealer)
    [error] = errors_of(at_table.do("open"))
    assert "30 DCMR 1602.1" in error and "played only once the Agency approves" in error
    assert table.events.count() == 1  # the config event alone
    # The organization does not decide; board members read the queue; board staff decide.
    assert client.get(reverse("montecarlo:approval_list")).status_code == 404
    decide = reverse("montecarlo:approval_decide", args=[approval.pk])
    assert client.post(decide, {"decision": "approve"}).status_code == 404
    client.force_login(board_member())
    page = client.get(reverse("montecarlo:approval_list"))
    assert "Caribbean poker" in text_of(page) and decide not in page.content.decode()
    client.post(decide, {"decision": "approve"})
    assert GameApproval.objects.get(pk=approval.pk).status == ApprovalStatus.PENDING
    client.force_login(board_staff())
    page = client.get(reverse("montecarlo:approval_list"))
    assert decide in page.content.decode() and night.name in text_of(page)
    for odd in ({"decision": "refuse"}, {"decision": "maybe"}, {}, {"decision": "approve", "note": "x" * 3000},
                {"decision": "١"}):
        response = client.post(decide, odd, follow=True)
        assert response.status_code == 200 and errors_of(response), odd
    assert client.post(decide, {"decision": "approve", "note": "\x00"}).status_code == 400
    assert GameApproval.objects.get(pk=approval.pk).status == ApprovalStatus.PENDING
    response = client.post(decide, {"decision": "approve", "note": "House rules read."}, follow=True)
    assert ("success", "Decision recorded.") in messages_of(response)
    assert "Approved" in text_of(response)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="ante", amount="10")


def test_a_refusal_says_why_and_keeps_the_table_from_play(client):
    night, director, dealer, _ = a_night()
    table = table_for(night, director, "punto-banca", approve=False)
    approval = GameApproval.objects.get(night=night)
    client.force_login(board_staff())
    decide = reverse("montecarlo:approval_decide", args=[approval.pk])
    response = client.post(decide, {"decision": "refuse"}, follow=True)
    assert "Say why the house rules are refused (30 DCMR 1602.1)." in errors_of(response)
    client.post(decide, {"decision": "refuse", "note": "No tie bet limits posted."})
    assert GameApproval.objects.get(pk=approval.pk).status == ApprovalStatus.REFUSED
    client.force_login(director)
    assert "No tie bet limits posted." in text_of(client.get(reverse("montecarlo:night_detail", args=[night.pk])))
    assert "30 DCMR 1602.1" in errors_of(Dealer(client, night, table, dealer).do("open"))[0]


# --- the dealer's screen of each game: its pickers ---


def test_each_game_screen_has_its_pickers(client):
    night, director, dealer, _ = a_night(3)
    tables = {code: table_for(night, director, code, min_bet=10, max_bet=500, **settings) for code, settings in [
        ("punto-banca", {}), ("caribbean-poker", {"jackpot": True}), ("wheel", {}), ("banca-francesa", {}),
        ("craps", {})]}
    screens = {}
    for code, table in tables.items():
        at_table = Dealer(client, night, table, dealer)
        assert "Open a round" in at_table.page()
        at_table.ok("open")
        kind = {"punto-banca": "player", "caribbean-poker": "ante", "wheel": "1", "banca-francesa": "small",
                "craps": "pass"}[code]
        at_table.ok("bet", participant="1", kind=kind, amount="20")
        if code == "caribbean-poker":
            at_table.ok("bet", participant="1", kind="jackpot", amount="5")
            at_table.ok("bet", participant="2", kind="ante", amount="10")
            page = at_table.page()
            assert 'name="choice" value="raise"' in page and 'name="choice" value="fold"' in page
            at_table.ok("decision", participant="1", choice="raise")
            at_table.ok("decision", participant="2", choice="fold")
        screens[code] = at_table.page()
    cards = re.compile(r'<select name="([a-z0-9_]+)" id="\1"')
    card_options = '<option value="As">'
    baccarat = screens["punto-banca"]
    assert cards.findall(baccarat) == ["player0", "player1", "player2", "banker0", "banker1", "banker2"]
    assert card_options in baccarat and len(re.findall(r'<option value="[2-9TJQKA][cdhs]">', baccarat)) == 6 * 52
    caribbean = screens["caribbean-poker"]
    assert cards.findall(caribbean) == [f"dealer{i}" for i in range(5)] + [f"hand1_{i}" for i in range(5)]
    assert "hand2_0" not in caribbean  # a folded hand shows no cards (001 art. 10)
    assert "jackpot 100000 chips" in text_of(caribbean)
    wheel = screens["wheel"]
    assert re.findall(r'type="radio" name="symbol" value="([a-z0-9_]+)"', wheel) == [
        "1", "2", "5", "10", "20", "figure_a", "figure_b"]
    for code, dice in (("banca-francesa", 3), ("craps", 2)):
        page = screens[code]
        assert sorted(set(re.findall(r'type="radio" name="(die\d)" value="[1-6]"', page))) == [
            f"die{i}" for i in range(dice)], code
        assert page.count('name="die0" value=') == 6 and f'name="die{dice}"' not in page
    for code, whys in (("wheel", ["short_spin", "on_peg", "obstructed"]),
                       ("banca-francesa", ["no_side_boards", "left_table", "touched_object", "not_all_in_cup",
                                           "stuck_in_cup"]),
                       ("craps", ["no_side_boards", "left_table", "touched_object"])):
        assert re.findall(r'name="why" value="([a-z_]+)"', screens[code]) == whys, code
    for code in ("punto-banca", "caribbean-poker"):
        assert 'name="why"' not in screens[code]  # a card game has no void outcome
    assert 'name="number"' in screens["craps"] and 'name="backs"' in screens["craps"]
    assert reverse("montecarlo:game_table_command", args=[night.pk, 2, "void-hand"]) in caribbean


# --- a full round of each game through the page, then the ledgers ---


def test_punto_y_banca_by_number_and_by_scanned_receipt(client):
    night, director, dealer, (one, two) = a_night()
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=1000)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="player", amount="100")
    scanned = "http://testserver" + reverse("montecarlo:receipt_scan", args=[two.receipt_code])
    response = at_table.ok("bet", participant=scanned, kind="banker", amount="200")
    assert ("success", "Bet taken.") in messages_of(response)
    at_table.ok("bet", participant=two.receipt_code, kind="tie", amount="20")  # the code alone, as typed
    response = at_table.settle("9h", "Kd", None, "2c", "3s", None)
    assert ("success", "Settled: every payout is on the participants' ledgers.") in messages_of(response)
    assert "Round 1: the player wins." in text_of(response)
    assert ledger(client, night, 1) == [("issue", None, "", 1000, 1000), ("bet", 1, "1.1", -100, 900),
                                        ("won", 1, "1.1", 200, 1100)]
    assert ledger(client, night, 2) == [("issue", None, "", 1000, 1000), ("bet", 1, "1.2", -200, 800),
                                        ("bet", 1, "1.3", -20, 780), ("lost", 1, "1.2", 0, 780),
                                        ("lost", 1, "1.3", 0, 780)]
    # A round voided with its reason: every bet returned.
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="banker", amount="40")
    response = at_table.do("void-round")
    assert errors_of(response) and table.events.count() == 8  # no reason, nothing written
    response = at_table.ok("void-round", reason="Card exposed from the shoe")
    assert "Round 2 void: Card exposed from the shoe. Every bet returned." in text_of(response)
    assert ledger(client, night, 1)[-2:] == [("bet", 1, "2.1", -40, 1060), ("returned", 1, "2.1", 40, 1100)]
    # The ledger links back: the page offers the open tables for the participant's next bet.
    page = client.get(reverse("montecarlo:participant_ledger", args=[night.pk, 1])).content.decode()
    assert reverse("montecarlo:game_table", args=[night.pk, 1]) + "?participant=1" in page
    assert night_balance(night).balances


def test_caribbean_poker_raise_fold_and_a_jackpot_award_on_a_dealer_who_does_not_qualify(client):
    night, director, dealer, _ = a_night(3)
    table = table_for(night, director, "caribbean-poker", min_bet=10, max_bet=200, jackpot=True)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="ante", amount="20")
    at_table.ok("bet", participant="1", kind="jackpot", amount="5")
    at_table.ok("bet", participant="2", kind="ante", amount="20")
    response = at_table.do("bet", participant="3", kind="jackpot", amount="5")
    assert any("the side bet comes with an ante" in error and "(001) art. 4" in error for error in errors_of(response))
    at_table.ok("decision", participant="1", choice="raise")
    response = at_table.do("bet", participant="3", kind="ante", amount="20")
    assert any("no more bets" in error for error in errors_of(response))  # the decisions have begun (001 art. 7)
    at_table.ok("decision", participant="2", choice="fold")
    response = at_table.do("decision", participant="2", choice="raise")
    assert any("already chose to fold" in error for error in errors_of(response))
    response = at_table.settle("2c", "5d", "7s", "9c", "Jd", "2h", "5h", "8h", "Th", "Qh")  # dealer's, then #1's
    assert "the dealer does not qualify" in text_of(response)
    # The ante wins 1:1, the bet is returned, the side bet is lost and the flush's award paid all the same.
    assert ledger(client, night, 1) == [
        ("issue", None, "", 1000, 1000), ("bet", 1, "1.1", -20, 980), ("bet", 1, "1.2", -5, 975),
        ("bet", 1, "1.4", -40, 935), ("won", 1, "1.1", 40, 975), ("pushed", 1, "1.4", 40, 1015),
        ("lost", 1, "1.2", 0, 1015), ("award", 1, "1.2", 500, 1515)]
    assert ledger(client, night, 2)[1:] == [("bet", 1, "1.3", -20, 980), ("lost", 1, "1.3", 0, 980)]
    assert list(JackpotEntry.objects.filter(table=table).values_list("kind", "chips", "meter")) == [
        ("seed", 100000, 100000), ("contribution", 1, 100001)]
    # A hand dealt the wrong number of cards is void, its bets returned (001 art. 9).
    at_table.ok("open")
    at_table.ok("bet", participant="3", kind="ante", amount="10")
    response = at_table.ok("void-hand", participant="3", reason="Six cards dealt")
    assert ("success", "The hand is void; its bets returned.") in messages_of(response)
    assert ledger(client, night, 3)[-2:] == [("bet", 1, "2.1", -10, 990), ("returned", 1, "2.1", 10, 1000)]
    assert night_balance(night).balances


def test_the_wheel_a_void_spin_then_a_figure(client):
    night, director, dealer, _ = a_night()
    table = table_for(night, director, "wheel", min_bet=5, max_bet=250)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="1", amount="10")
    at_table.ok("bet", participant="2", kind="figure_a", amount="10")
    before = written()
    for odd in ({}, {"why": "bored"}, {"why": "short_spin", "reason": "\x00"}):
        response = at_table.client.post(at_table.url("void-outcome"), odd, follow=True)
        assert response.status_code == 400 if odd.get("reason") == "\x00" else errors_of(response)
    assert written() == before
    response = at_table.ok("void-outcome", why="short_spin", reason="Two turns only")
    assert "Void: Two turns only. Nothing settled; the bets stand." in text_of(response)
    assert written() == (before[0] + 1, *before[1:])  # the void spin is on the table's log, no ledger moves
    response = at_table.settle("figure_a")
    assert "The wheel stopped on figure_a." in text_of(response)
    assert ledger(client, night, 1)[1:] == [("bet", 1, "1.1", -10, 990), ("lost", 1, "1.1", 0, 990)]
    assert ledger(client, night, 2)[1:] == [("bet", 1, "1.2", -10, 990), ("won", 1, "1.2", 460, 1450)]


def test_banca_francesa_a_total_that_decides_nothing_and_a_void_throw(client):
    night, director, dealer, _ = a_night()
    table = table_for(night, director, "banca-francesa", min_bet=10, max_bet=500)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="small", amount="10")
    at_table.ok("bet", participant="2", kind="big", amount="20")
    thrown = text_of(at_table.settle("4", "4", "4"))  # 12 decides nothing: the bets stand
    response = at_table.ok("void-outcome", why="no_side_boards", reason="")
    assert "Void: no_side_boards." in text_of(response)
    at_table.settle("1", "2", "3")
    assert ledger(client, night, 1)[1:] == [("bet", 1, "1.1", -10, 990), ("won", 1, "1.1", 20, 1010)]
    assert ledger(client, night, 2)[1:] == [("bet", 1, "1.2", -20, 980), ("lost", 1, "1.2", 0, 980)]
    assert [event.kind for event in table.events.order_by("seq")] == [
        "config", "open", "bet", "bet", "outcome", "void_outcome", "outcome"]
    assert "Dice: 4 + 4 + 4 = 12 · nothing decided: throw again" in thrown  # the screen says to throw again


def test_craps_point_odds_place_a_take_down_and_a_void_throw(client):
    night, director, dealer, _ = a_night()
    table = table_for(night, director, "craps", min_bet=10, max_bet=500)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="pass", amount="10")
    at_table.ok("bet", participant="2", kind="field", amount="10")
    at_table.ok("bet", participant="2", kind="place", number="8", amount="12")
    response = at_table.settle("3", "3")
    assert "point 6" in text_of(response)
    page = at_table.page()
    assert '<option value="1.1">#1 pass 6 (1.1)</option>' in page  # the odds picker names the line bet
    at_table.ok("bet", participant="1", kind="odds", backs="1.1", amount="10")
    response = at_table.do("remove", bet="1.1")
    assert any("a contract bet" in error for error in errors_of(response))
    response = at_table.ok("remove", bet="1.3")
    assert ("success", "Bet taken down and returned.") in messages_of(response)
    at_table.ok("void-outcome", why="no_side_boards", reason="Short of the back wall")
    at_table.settle("2", "4")
    assert ledger(client, night, 1)[1:] == [("bet", 1, "1.1", -10, 990), ("bet", 1, "1.4", -10, 980),
                                            ("won", 1, "1.1", 20, 1000), ("won", 1, "1.4", 22, 1022)]
    assert ledger(client, night, 2)[1:] == [("bet", 1, "1.2", -10, 990), ("bet", 1, "1.3", -12, 978),
                                            ("lost", 1, "1.2", 0, 978), ("returned", 1, "1.3", 12, 990)]
    assert night_balance(night).balances


def test_the_engine_draws_only_at_a_training_night(client):
    night, director, dealer, _ = a_night(training=True)
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    at_table = Dealer(client, night, table, dealer)
    at_table.ok("open")
    assert "Let the engine draw (training)" not in at_table.page()  # nothing to draw before a bet
    at_table.ok("bet", participant="1", kind="player", amount="100")
    assert "Let the engine draw (training)" in at_table.page()
    response = at_table.ok("draw")
    assert ("success", "Drawn and settled (training).") in messages_of(response)
    kinds = [row[0] for row in ledger(client, night, 1)]
    assert kinds[:2] == ["issue", "bet"] and kinds[2] in ("won", "lost", "pushed")
    real, real_director, real_dealer, _ = a_night()
    table = table_for(real, real_director, "punto-banca", min_bet=20, max_bet=500)
    at_table = Dealer(client, real, table, real_dealer)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="player", amount="100")
    assert "Let the engine draw (training)" not in at_table.page()
    response = at_table.do("draw")
    assert errors_of(response) == ["Only a training night lets the engine draw; enter the real outcome."]


# --- moving bets and closing tables (the director) ---


def test_bets_move_to_another_table_and_a_closed_table_returns_what_stands(client):
    night, director, dealer, _ = a_night()
    first = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    second = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    at_first, at_second = Dealer(client, night, first, dealer), Dealer(client, night, second, dealer)
    at_second.ok("open")
    at_first.ok("open")
    at_first.ok("bet", participant="1", kind="player", amount="100")
    assert 'name="to_table"' not in at_first.page()  # a dealer neither moves bets nor closes tables
    response = at_first.do("transfer", to_table="2", reason="Shoe change")
    assert errors_of(response) == ["Only the organization's tournament directors or officers may move bets."]
    response = at_first.do("close", reason="Dealer break")
    assert "Only the organization's tournament directors" in errors_of(response)[0]
    at_first = Dealer(client, night, first, director)
    assert '<option value="2">2</option>' in at_first.page()
    assert errors_of(at_first.do("transfer", to_table="2"))  # a move says why
    response = at_first.ok("transfer", to_table="2", reason="Shoe change")
    assert ("success", "The bets moved.") in messages_of(response)
    assert ledger(client, night, 1)[1:] == [("bet", 1, "1.1", -100, 900), ("transfer_out", 1, "1.1", 100, 1000),
                                            ("transfer_in", 2, "1.1", -100, 900)]
    response = Dealer(client, night, second, director).ok("close", reason="Last call")
    assert ("success", "Table closed.") in messages_of(response)
    assert ledger(client, night, 1)[-1] == ("returned", 2, "1.1", 100, 1000)
    page = Dealer(client, night, second, director).page()
    assert "Closed" in page and "Open a round" not in page
    response = Dealer(client, night, second, dealer).do("open")
    assert errors_of(response) == ["Table 2 is closed."]
    participant = Participant.objects.get(night=night, number=1)
    assert (participant.chips, participant.at_stake) == (1000, 0)


# --- scope ---


def test_the_tables_are_the_organization_s_and_the_board_s_to_read(client):
    night, director, dealer, _ = a_night()
    table = table_for(night, director, "wheel")
    page = reverse("montecarlo:game_table", args=[night.pk, table.number])
    command = reverse("montecarlo:game_table_command", args=[night.pk, table.number, "open"])
    new = reverse("montecarlo:game_table_create", args=[night.pk])
    stranger, _ = night_for()
    client.force_login(member(stranger.license.organization, Role.DEALER))
    assert client.get(page).status_code == 404
    assert client.post(command).status_code == 404 and client.post(new, {"game": "wheel"}).status_code == 404
    client.force_login(board_staff())
    response = client.get(page)
    assert response.status_code == 200 and "Open a round" not in response.content.decode()
    response = client.post(command, follow=True)
    assert errors_of(response) == ["Only the organization's dealers and directors deal."]
    client.logout()
    assert client.get(page).status_code == 302 and client.post(command).status_code == 302
    client.force_login(dealer)
    assert client.get(reverse("montecarlo:game_table", args=[night.pk, 9])).status_code == 404
    assert client.post(reverse("montecarlo:game_table_command", args=[night.pk, 1, "shuffle"])).status_code == 404
    assert client.get(command).status_code == 405
    assert table.events.count() == 1


# --- odd input on every command ---


ODD = [
    ("bet", {"participant": "١", "kind": "player", "amount": "100"}),
    ("bet", {"participant": "1", "kind": "player", "amount": "١٠٠"}),
    ("bet", {"participant": "1", "kind": "player", "amount": "１００"}),
    ("bet", {"participant": "1", "kind": "player", "amount": "99999999999999999999999999"}),
    ("bet", {"participant": "99999999999999999999999999", "kind": "player", "amount": "100"}),
    ("bet", {"participant": "7", "kind": "player", "amount": "100"}),  # nobody admitted with that number
    ("bet", {"participant": "1", "kind": "player", "amount": "5000"}),  # above the table's maximum
    ("bet", {"participant": "1", "kind": "player", "amount": "1000", "number": "6"}),
    ("bet", {"participant": "1", "kind": "dragon", "amount": "100"}),
    ("bet", {"participant": "1", "kind": "player"}),
    ("bet", {"participant": "https://example.org/montecarlo/r/not-a-receipt-code-at-all/", "kind": "player",
             "amount": "100"}),
    ("bet", {}),
    ("bet", {"participant": "1\x00", "kind": "player", "amount": "100"}),
    ("outcome", {"player0": "Zz", "player1": "9h", "banker0": "2c", "banker1": "3s"}),
    ("outcome", {"player0": "9h", "player1": "Kd", "banker0": "2c"}),
    ("outcome", {"player0": "9h", "player1": "Kd", "banker0": "2c", "banker1": "3s", "banker2": "4d"}),
    ("outcome", {}),
    ("outcome", {"player0": "\x00"}),
    ("void-outcome", {"why": "short_spin", "reason": "x"}),
    ("void-round", {}),
    ("void-round", {"reason": "   "}),
    ("void-hand", {"participant": "1", "reason": "x"}),
    ("decision", {"participant": "1", "choice": "raise"}),
    ("remove", {"bet": "1.1"}),
    ("draw", {}),
    ("open", {}),  # the round is open already
    ("transfer", {"to_table": "2", "reason": "x"}),  # table 2 has no round open
    ("transfer", {"to_table": "9", "reason": "x"}),
    ("transfer", {"to_table": "abc", "reason": "x"}),
    ("transfer", {"to_table": "٢", "reason": "x"}),
    ("transfer", {"to_table": "99999999999999999999999999", "reason": "x"}),
    ("transfer", {"to_table": "", "reason": "x"}),
]


@pytest.mark.parametrize(("command", "data"), ODD, ids=lambda value: repr(value)[:50])
def test_odd_input_on_a_command_is_a_message_and_writes_nothing(client, command, data):
    night, director, _dealer, _ = a_night()
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=1000)
    table_for(night, director, "punto-banca", min_bet=20, max_bet=1000)
    at_table = Dealer(client, night, table, director)
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind="player", amount="100")
    before = written(), list(Participant.objects.values_list("chips", "at_stake"))
    response = at_table.client.post(at_table.url(command), data, follow=True)
    if any("\x00" in value for value in data.values()):
        assert response.status_code == 400
    elif command == "transfer" and data["to_table"] in ("9", "99999999999999999999999999"):
        assert response.status_code == 404  # no such table at the night
    elif command == "transfer" and data["to_table"] == "":
        assert response.status_code == 404 or errors_of(response)
    else:
        assert response.status_code == 200 and errors_of(response), messages_of(response)
    assert (written(), list(Participant.objects.values_list("chips", "at_stake"))) == before


GAME_ODD = {  # each game's own fields, at a round with #1's bet on the table
    "wheel": ("1", [
        ("outcome", {"symbol": "figure_z"}), ("outcome", {"symbol": ""}), ("outcome", {}),
        ("void-outcome", {"why": "١"}), ("void-outcome", {"why": "no_side_boards"}),
        ("bet", {"participant": "2", "kind": "figure_a", "amount": "251"}),
    ]),
    "banca-francesa": ("small", [
        ("outcome", {"die0": "٣", "die1": "1", "die2": "1"}), ("outcome", {"die0": "7", "die1": "1", "die2": "1"}),
        ("outcome", {"die0": "1", "die1": "1"}), ("outcome", {"die0": "0", "die1": "1", "die2": "1"}),
        ("outcome", {"die0": "99999999999999999999", "die1": "1", "die2": "1"}),
        ("outcome", {"die0": "-1", "die1": "1", "die2": "1"}),
        ("bet", {"participant": "2", "kind": "aces", "amount": "61"}),  # aces at most 6 x the minimum (003 s. 25)
        ("void-outcome", {"why": "on_peg"}),
    ]),
    "craps": ("pass", [
        ("outcome", {"die0": "٣", "die1": "3"}), ("outcome", {"die0": "3"}), ("outcome", {"die0": "3", "die1": "9"}),
        ("bet", {"participant": "2", "kind": "place", "number": "7", "amount": "12"}),
        ("bet", {"participant": "2", "kind": "place", "number": "٦", "amount": "12"}),
        ("bet", {"participant": "2", "kind": "place", "number": "6", "amount": "10"}),  # 7:6 takes multiples of 6
        ("bet", {"participant": "1", "kind": "odds", "backs": "9.9", "amount": "10"}),
        ("bet", {"participant": "1", "kind": "odds", "backs": "1.1", "amount": "10"}),  # no point yet
        ("bet", {"participant": "2", "kind": "come", "amount": "10"}),  # on the come-out
        ("bet", {"participant": "2", "kind": "field", "amount": "10", "backs": "1.1"}),
        ("remove", {"bet": "1.1"}), ("remove", {"bet": ""}), ("remove", {}),
    ]),
    "caribbean-poker": ("ante", [
        ("decision", {"participant": "1", "choice": "maybe"}), ("decision", {"participant": "1"}),
        ("decision", {"participant": "١", "choice": "raise"}), ("decision", {"participant": "2", "choice": "raise"}),
        ("outcome", {f"dealer{i}": card for i, card in enumerate(["2c", "5d", "7s", "9c", "Jd"])}),
        ("bet", {"participant": "1", "kind": "bet", "amount": "40"}),
        ("bet", {"participant": "1", "kind": "jackpot", "amount": "6"}),
        ("bet", {"participant": "1", "kind": "ante", "amount": "10"}),  # one hand each
        ("void-hand", {"participant": "1"}), ("void-hand", {"participant": "x", "reason": "six cards"}),
        ("void-outcome", {"why": "short_spin", "reason": "x"}),
    ]),
}


@pytest.mark.parametrize("game", sorted(GAME_ODD))
def test_odd_input_on_each_game_s_own_fields_writes_nothing(client, game):
    night, director, _dealer, _ = a_night()
    table = table_for(night, director, game, min_bet=10, max_bet=250, **({"jackpot": True} if game == "caribbean-poker"
                                                                          else {}))
    at_table = Dealer(client, night, table, director)
    kind, cases = GAME_ODD[game]
    at_table.ok("open")
    at_table.ok("bet", participant="1", kind=kind, amount="20")
    before = written(), list(Participant.objects.values_list("chips", "at_stake"))
    for command, data in cases:
        response = at_table.do(command, **data)
        assert errors_of(response), (command, data, messages_of(response))
        assert (written(), list(Participant.objects.values_list("chips", "at_stake"))) == before, (command, data)


# --- journey 6: the dealer sees the outcome, and the irreversible steps ask first ---


def test_after_a_round_the_screen_lists_every_bet_won_lost_or_pushed_and_what_it_paid(client):
    night, director, dealer, _ = a_night(3)
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    screen = Dealer(client, night, table, dealer)
    screen.ok("open")
    screen.ok("bet", participant="1", kind="player", amount="100")
    screen.ok("bet", participant="2", kind="banker", amount="100")
    screen.ok("bet", participant="3", kind="tie", amount="20")
    from montecarlo.tables import services as table_services

    table_services.table_play(actor=dealer, table=table, event={"type": "outcome", "player": ["9h", "Kd"],
                                                                 "banker": ["2c", "3d"]})
    page = screen.page()
    rows = re.findall(r'<tr data-result="(\w+)"><td>#(\d+)</td><td>(.*?)</td><td>(\d+)</td><td>(.*?)</td>'
                      r'<td>(.*?)</td></tr>', page)
    assert [(result, number, stake, paid) for result, number, _bet, stake, _word, paid in rows] == [
        ("won", "1", "100", "200 (100 won)"), ("lost", "2", "100", "0"), ("lost", "3", "20", "0")]
    assert "Bets settled" in page
    # A tie: the player and banker bets push (stake back), the tie pays 8:1.
    screen.ok("open")
    screen.ok("bet", participant="1", kind="player", amount="100")
    screen.ok("bet", participant="3", kind="tie", amount="20")
    table_services.table_play(actor=dealer, table=table, event={"type": "outcome", "player": ["9h", "Kd"],
                                                                 "banker": ["9c", "Qd"]})
    rows = re.findall(r'<tr data-result="(\w+)"><td>#(\d+)</td>.*?<td>(\d+)</td><td>.*?</td><td>(.*?)</td></tr>',
                      screen.page())
    assert rows == [("pushed", "1", "100", "100"), ("won", "3", "20", "180 (160 won)")]


def test_closing_counting_and_a_training_nights_end_ask_first_and_say_nothing_is_awarded(client):
    night, director, dealer, _ = a_night(1, training=True, prizes=[])
    table = table_for(night, director, "wheel")
    client.force_login(director)
    page = client.get(reverse("montecarlo:game_table", args=[night.pk, table.number])).content.decode()
    assert re.search(r'action="[^"]*/do/close/"[^>]*hx-confirm="Close table 1\? A closed table cannot be opened '
                     r'again', page)
    detail = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    assert re.search(r'action="[^"]*/do/count/" hx-confirm="Count the chips now\?', detail)
    client.post(reverse("montecarlo:game_table_command", args=[night.pk, table.number, "close"]), {"reason": ""})
    client.post(reverse("montecarlo:night_command", args=[night.pk, "count"]))
    detail = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    assert "Close the training night (no prizes)" in detail and "Award the prizes" not in detail
    assert re.search(r'action="[^"]*/do/award/" hx-confirm="Close the training night\?', detail)
    done = client.post(reverse("montecarlo:night_command", args=[night.pk, "award"]), follow=True)
    assert messages_of(done) == [("success", "Training night closed: it awards nothing and reports nothing.")]
    words = text_of(done.content.decode())
    assert "The prizes are awarded" not in words and "Closed: a training night awards nothing" in words
