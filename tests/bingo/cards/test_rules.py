"""The pure rules of a card sale (bingo.cards.rules): the price caps of 30 DCMR 1402.1-1402.6 by class at
their boundaries, nothing free (1408.10), the games each colour plays (1405.2-1405.4), no worker on duty
sold cards (1401.2)."""

from decimal import Decimal

import pytest

from bingo.cards import rules as rules_cards
from bingo.cards.rules import SaleGame
from bingo.planning import rules

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = Decimal


def price(colour, amount, license_class="B", game_types=()):
    return rules_cards.sale_price(colour=colour, price_each=D(amount), license_class=license_class,
                                  game_types=list(game_types))


@pytest.mark.parametrize("colour, ok, over, rule", [
    ("regular", "4.00", "4.01", "30 DCMR 1402.1"),
    ("extra_regular", "2.00", "2.01", "30 DCMR 1402.3"),
])
@pytest.mark.parametrize("license_class", ["A", "B", "C"])
def test_regular_and_extra_regular_caps_for_classes_a_b_c(colour, ok, over, rule, license_class):
    assert price(colour, ok, license_class) == []
    [finding] = price(colour, over, license_class)
    assert (finding.rule, finding.field, finding.blocking) == (rule, "price_each", True)
    assert rule in finding.message and f"${D(ok)}" in finding.message and f"${D(over)}" in finding.message


@pytest.mark.parametrize("colour, ok, over, rule", [
    ("regular", "0.25", "0.26", "30 DCMR 1402.2"),
    ("extra_regular", "0.15", "0.16", "30 DCMR 1402.4"),
])
def test_regular_and_extra_regular_caps_for_class_d(colour, ok, over, rule):
    assert price(colour, ok, "D") == []
    assert [f.rule for f in price(colour, over, "D")] == [rule]


def test_the_issues_prices_are_refused():
    """An extra regular card at $9 and a regular card at $25 were accepted (Class B)."""
    assert [f.rule for f in price("extra_regular", "9.00")] == ["30 DCMR 1402.3"]
    assert [f.rule for f in price("regular", "25.00")] == ["30 DCMR 1402.1"]


@pytest.mark.parametrize("colour", ["regular", "extra_regular", "special"])
def test_nothing_is_free(colour):
    [finding] = price(colour, "0.00", game_types=["special"])
    assert (finding.rule, finding.field) == ("30 DCMR 1408.10", "price_each")
    assert price(colour, "0.01", game_types=["special"]) == []


@pytest.mark.parametrize("game_types, ok, over", [
    (["special"], "1.00", "1.01"),
    (["early_bird"], "1.00", "1.01"),
    (["multi_hall"], "15.00", "15.01"),
    (["early_bird", "early_bird", "special"], "3.00", "3.01"),  # $1 for each special game it plays
    (["special", "multi_hall"], "16.00", "16.01"),
])
def test_a_special_card_pays_the_cap_of_each_game_it_plays(game_types, ok, over):
    assert price("special", ok, "A", game_types) == []
    [finding] = price("special", over, "A", game_types)
    assert finding.rule == "30 DCMR 1402.5" and finding.field == "price_each"


def test_special_cards_in_class_d():
    assert price("special", "0.30", "D", ["special", "early_bird"]) == []
    assert [f.rule for f in price("special", "0.31", "D", ["special", "early_bird"])] == ["30 DCMR 1402.6"]


def test_the_sale_caps_are_the_planning_caps():
    """One source of caps, the Board's register: the planning check of a game's card price reads the same keys."""
    from licensing.register.values import value

    for kind in rules.GAME_TYPES:
        assert rules.card_price_cap(kind, "B")[0] == value(f"bingo.card_price_cap.class_abc.{kind}")
        if kind != rules.MULTI_HALL:  # Class D has no multi-hall games (1414), so no price for them
            assert rules.card_price_cap(kind, "D")[0] == value(f"bingo.card_price_cap.class_d.{kind}")
    assert rules.card_price_cap(rules.MULTI_HALL, "D") == (None, "30 DCMR 1414")


def games(*specs):
    return [SaleGame(number=n, game_type=t, status=s) for n, t, s in specs]


OPERATION = games((1, "early_bird", "closed"), (2, "regular", "closed"), (3, "regular", "live"),
                  (4, "regular", "planned"), (5, "regular", "planned"), (6, "special", "planned"))


def numbers(colour):
    return [g.number for g in OPERATION if rules_cards.plays(colour, g)]


def test_the_games_each_colour_plays():
    assert numbers("regular") == [3, 4, 5]  # every regular game not closed (1405.2)
    assert numbers("extra_regular") == [4, 5]  # the regular games after its purchase (1405.4)
    assert numbers("special") == [6]  # its own games


def test_a_regular_card_for_one_of_two_regular_games_is_refused():
    two = games((1, "regular", "planned"), (2, "regular", "planned"))
    [finding] = rules_cards.sale_games("regular", two[:1], two)
    assert (finding.rule, finding.field) == ("30 DCMR 1405.2", "games") and "game 2 is missing" in finding.message
    assert rules_cards.sale_games("regular", two, two) == []  # the whole list agrees
    assert rules_cards.sale_games("regular", None, two) == []  # none named: the rule decides


def test_an_extra_regular_list_that_disagrees_is_refused():
    chosen = [g for g in OPERATION if g.number == 4]
    [finding] = rules_cards.sale_games("extra_regular", chosen, OPERATION)
    assert finding.rule == "30 DCMR 1405.4" and "game 5 is missing" in finding.message
    started = [g for g in OPERATION if g.number in (3, 4, 5)]
    assert [f.rule for f in rules_cards.sale_games("extra_regular", started, OPERATION)] == ["30 DCMR 1405.4"]


def test_special_cards_play_their_own_games_only():
    special = [g for g in OPERATION if g.number == 6]
    assert rules_cards.sale_games("special", special, OPERATION) == []
    regular = [g for g in OPERATION if g.number == 4]
    [finding] = rules_cards.sale_games("special", regular, OPERATION)
    assert finding.rule == "30 DCMR 1405.2" and finding.field == "games"
    closed = [g for g in OPERATION if g.number == 1]
    assert [f.rule for f in rules_cards.sale_games("special", closed, OPERATION)] == ["30 DCMR 1406.3"]


def test_a_worker_on_duty_is_not_sold_cards():
    on_duty = ["Luis Ortega", "Ana Gómez"]
    [finding] = rules_cards.buyer_not_on_duty("  luis   ORTEGA ", on_duty)
    assert (finding.rule, finding.field) == ("30 DCMR 1401.2", "buyer")
    assert rules_cards.buyer_not_on_duty("Luisa Ortega", on_duty) == []
    assert rules_cards.buyer_not_on_duty("", on_duty) == []
