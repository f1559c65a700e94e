"""The house edges against the published figures (the wheel of fortune, banca francesa, craps)."""

import time
from fractions import Fraction

from montecarlo.tablegames.dice_edges import craps_bet, edges

WHEEL = "54 slots (003 s. 24)"
BANCA = "three dice (003 s. 25)"
BAR = "bar 12 (a push on 12 counts as a decision)"

PUBLISHED = {
    ("wheel_of_fortune", WHEEL, "1"): 11.1111,
    ("wheel_of_fortune", WHEEL, "2"): 16.6667,
    ("wheel_of_fortune", WHEEL, "5"): 22.2222,
    ("wheel_of_fortune", WHEEL, "10"): 18.5185,
    ("wheel_of_fortune", WHEEL, "20"): 22.2222,
    ("wheel_of_fortune", WHEEL, "figure_a"): 14.8148,
    ("wheel_of_fortune", WHEEL, "figure_b"): 14.8148,
    **{("banca_francesa", f"{BANCA}, per decision (throws deciding nothing excluded)", bet): 1.5873
       for bet in ("aces", "small", "big")},
    **{("banca_francesa", f"{BANCA}, per throw", bet): 0.4630 for bet in ("aces", "small", "big")},
    ("craps", "standard, per decision", "pass"): 1.4141,
    ("craps", "standard, per throw", "pass"): 0.4189,
    ("craps", f"{BAR}, per decision", "dont_pass"): 1.3636,
    ("craps", f"{BAR}, per throw", "dont_pass"): 0.4039,
    ("craps", "standard, per decision", "come"): 1.4141,
    ("craps", "standard, per throw", "come"): 0.4189,
    ("craps", f"{BAR}, per decision", "dont_come"): 1.3636,
    ("craps", f"{BAR}, per throw", "dont_come"): 0.4039,
    **{("craps", f"{side} odds on {pair} (pays {pays}), {per}", "odds"): 0.0
       for side, pairs in (("take", (("4 or 10", "2:1"), ("5 or 9", "3:2"), ("6 or 8", "6:5"))),
                           ("lay", (("4 or 10", "1:2"), ("5 or 9", "2:3"), ("6 or 8", "5:6"))))
       for pair, pays in pairs for per in ("per decision", "per throw")},
    ("craps", "standard, 2 and 12 pay 2:1 (a one-throw bet), per decision", "field"): 5.5556,
    ("craps", "standard, 2 and 12 pay 2:1 (a one-throw bet), per throw", "field"): 5.5556,
    ("craps", "12 pays 3:1 (a one-throw bet), per decision", "field"): 2.7778,
    ("craps", "12 pays 3:1 (a one-throw bet), per throw", "field"): 2.7778,
    ("craps", "place 4 or 10 (pays 9:5), per decision", "place"): 6.6667,
    ("craps", "place 4 or 10 (pays 9:5), per throw", "place"): 1.6667,
    ("craps", "place 5 or 9 (pays 7:5), per decision", "place"): 4.0,
    ("craps", "place 5 or 9 (pays 7:5), per throw", "place"): 1.1111,
    ("craps", "place 6 or 8 (pays 7:6), per decision", "place"): 1.5152,
    ("craps", "place 6 or 8 (pays 7:6), per throw", "place"): 0.4630,
}


def test_every_line_is_the_published_figure():
    lines = edges()
    assert all(line["method"] == "exact" and set(line) == {"game", "variant", "bet", "house_edge_pct", "method"}
               for line in lines)
    found = {(line["game"], line["variant"], line["bet"]): line["house_edge_pct"] for line in lines}
    assert len(found) == len(lines)  # one line per (variant, bet)
    assert found == PUBLISHED


def test_the_exact_fractions():
    # Pass: wins 244/495, so the edge is 7/495; it stands 557/165 throws on average.
    assert craps_bet("pass", None) == (Fraction(-7, 495), Fraction(557, 165))
    assert craps_bet("dont_pass", None) == (Fraction(-3, 220), Fraction(557, 165))
    assert craps_bet("place", 6) == (Fraction(-1, 66), Fraction(36, 11))
    assert craps_bet("lay", 4) == (0, 4)
    assert craps_bet("field", None, 3) == (Fraction(-1, 36), 1)


def test_edges_are_quick():
    start = time.perf_counter()
    edges()
    assert time.perf_counter() - start < 1
