"""Punto y banca's house edges, exact by enumerating the shoe, against the published figures."""

import time
from fractions import Fraction

from montecarlo.tablegames import baccarat_edges
from montecarlo.tablegames.baccarat_edges import bet_edges, coup_weights, edges

PINNED = [
    ("8 decks, 5% commission", "banker", 1.0579),
    ("8 decks, 5% commission", "player", 1.2351),
    ("8 decks, 5% commission", "tie", 14.3596),
    ("8 decks, no commission, banker 6 pays 1:2", "banker", 1.4581),
    ("8 decks, no commission, banker 6 pays 1:2", "player", 1.2351),
    ("8 decks, no commission, banker 6 pays 1:2", "tie", 14.3596),
    ("6 decks, 5% commission", "banker", 1.0558),
    ("6 decks, 5% commission", "player", 1.2374),
    ("6 decks, 5% commission", "tie", 14.4382),
    ("6 decks, no commission, banker 6 pays 1:2", "banker", 1.4548),
    ("6 decks, no commission, banker 6 pays 1:2", "player", 1.2374),
    ("6 decks, no commission, banker 6 pays 1:2", "tie", 14.4382),
]


def test_edge_lines_pinned_to_four_decimals():
    coup_weights.cache_clear()
    started = time.monotonic()
    lines = edges()
    assert time.monotonic() - started < 20
    assert lines[0] == {"game": "baccarat", "variant": "8 decks, 5% commission", "bet": "banker",
                        "house_edge_pct": 1.0579, "method": "exact"}
    assert [(line["variant"], line["bet"], line["house_edge_pct"]) for line in lines] == PINNED
    assert {line["game"] for line in lines} == {"baccarat"} and {line["method"] for line in lines} == {"exact"}


def test_counts_match_the_published_eight_deck_combinations():
    """The number of ways each result comes out of 416 cards dealt six deep (the published combinatorial table;
    the banker's win on 6 as tabled for no-commission baccarat)."""
    tally, total = coup_weights(8)
    assert total == 416 * 415 * 414 * 413 * 412 * 411 == 4_998_398_275_503_360
    assert tally == {"player": 2_230_518_282_592_256, "banker": 2_292_252_566_437_888,
                     "banker_six": 269_232_304_455_680, "tie": 475_627_426_473_216}


def test_six_deck_combinations():
    tally, total = coup_weights(6)
    assert tally["player"] + tally["banker"] + tally["tie"] == total
    assert (tally["player"], tally["banker"], tally["tie"]) == (392_220_492_728_832, 403_095_751_234_560,
                                                                83_552_962_932_288)


def test_edges_are_exact_fractions():
    eight = bet_edges(8, "commission")
    assert eight["tie"] == 1 - 9 * Fraction(475_627_426_473_216, 4_998_398_275_503_360)
    half = bet_edges(8, "half_on_six")
    assert half["banker"] - eight["banker"] == Fraction(269_232_304_455_680, 2 * 4_998_398_275_503_360) - (
        Fraction(2_292_252_566_437_888, 20 * 4_998_398_275_503_360))
    assert baccarat_edges.GAME == "baccarat"
