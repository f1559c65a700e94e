"""The exact house edges of the wheel of fortune, banca francesa and craps, from the engines' own pay tables and
rules (`wheel.PAY_TABLE`, `banca_francesa.decide`, `craps.decide`), counted with fractions and rounded only at
the end. House edge = expected loss / stake, in percent.

Where a throw can decide nothing, each bet has two lines: "per decision" (the loss per bet settled) and "per
throw" (the expected loss divided by the stake times the expected number of throws the bet stands until it is
decided). A don't pass or don't come push on 12 counts as a decided bet, as the usual figure does."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from montecarlo.tablegames import banca_francesa, craps, wheel
from montecarlo.tablegames.base import LOST, WON


def line(game: str, variant: str, bet: str, edge: Fraction) -> dict:
    return {"game": game, "variant": variant, "bet": bet, "house_edge_pct": float(round(edge * 100, 4)),
            "method": "exact"}


def wheel_edges() -> list[dict]:
    """One spin decides every bet: a symbol on `slots` of the 54 wins `pays` to 1, any other slot loses."""
    total = len(wheel.SLOTS)
    return [line("wheel_of_fortune", "54 slots (003 s. 24)", symbol,
                 Fraction(total - slots - slots * pays, total))
            for symbol, (slots, pays) in wheel.PAY_TABLE.items()]


def banca_francesa_edges() -> list[dict]:
    """The 216 throws of three dice; those that decide nothing (every total but 3, 5-7 and 14-16) are thrown
    again, so a decision is one of the 63 deciding throws and takes 216/63 throws on average."""
    throws = [sum(dice) for dice in product(range(1, 7), repeat=3)]
    lines = []
    for kind in banca_francesa.BETS:
        decided = [banca_francesa.decide(kind, total) for total in throws]
        decided = [d for d in decided if d is not None]
        net = sum(pays if result == WON else -1 for result, pays in decided)
        lines.append(line("banca_francesa", "three dice (003 s. 25), per decision (throws deciding nothing "
                          "excluded)", kind, Fraction(-net, len(decided))))
        lines.append(line("banca_francesa", "three dice (003 s. 25), per throw", kind, Fraction(-net, len(throws))))
    return lines


TWO_DICE = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}


@cache
def craps_bet(kind: str, number: int | None, field_12_pays: int = 2) -> tuple[Fraction, Fraction]:
    """(expected net result per chip staked, expected throws until decided) of a bet standing with `number`
    (`craps.decide`'s names). A throw that leaves it standing repeats its state; one that gives a line bet its
    point moves it to that state."""
    stay, net, throws = Fraction(0), Fraction(0), Fraction(1)
    for total, chance in TWO_DICE.items():
        decision = craps.decide(kind, number, total, field_12_pays)
        if decision is None:
            stay += chance
        elif decision[0] == "point":
            moved_net, moved_throws = craps_bet(kind, total, field_12_pays)
            net += chance * moved_net
            throws += chance * moved_throws
        elif decision[0] == WON:
            net += chance * Fraction(*decision[1])
        elif decision[0] == LOST:
            net -= chance  # a push neither adds nor takes
    return net / (1 - stay), throws / (1 - stay)


def craps_edges() -> list[dict]:
    def both(variant: str, bet: str, kind: str, number=None, field_12_pays=2) -> list[dict]:
        net, throws = craps_bet(kind, number, field_12_pays)
        return [line("craps", f"{variant}, per decision", bet, -net),
                line("craps", f"{variant}, per throw", bet, -net / throws)]

    pairs = {4: "4 or 10", 5: "5 or 9", 6: "6 or 8"}
    lines = both("standard", "pass", "pass") + both("bar 12 (a push on 12 counts as a decision)", "dont_pass",
                                                    "dont_pass")
    lines += both("standard", "come", "come") + both("bar 12 (a push on 12 counts as a decision)", "dont_come",
                                                     "dont_come")
    for number, pair in pairs.items():
        a, b = craps.TAKE_ODDS[number]
        lines += both(f"take odds on {pair} (pays {a}:{b})", "odds", "take", number)
    for number, pair in pairs.items():
        a, b = craps.LAY_ODDS[number]
        lines += both(f"lay odds on {pair} (pays {a}:{b})", "odds", "lay", number)
    lines += both("standard, 2 and 12 pay 2:1 (a one-throw bet)", "field", "field")
    lines += both("12 pays 3:1 (a one-throw bet)", "field", "field", field_12_pays=3)
    for number, pair in pairs.items():
        a, b = craps.PLACE_PAYS[number]
        lines += both(f"place {pair} (pays {a}:{b})", "place", "place", number)
    return lines


def edges() -> list[dict]:
    return wheel_edges() + banca_francesa_edges() + craps_edges()
