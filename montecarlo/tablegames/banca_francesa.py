"""Banca francesa, or Portuguese dice (003 s. 25): the dealer throws three dice; "aces" (a total of 3), "small"
(5, 6 or 7) and "big" (14, 15 or 16) are the bets. A throw of any other total decides nothing: every bet stands
and the dice are thrown again, so a round lasts until a deciding throw."""

from __future__ import annotations

from montecarlo.tablegames.base import (
    DICE_SIZE_DEFAULT,
    LOST,
    PUSHED,
    WON,
    BetKind,
    GameError,
    Posting,
    RoundTable,
    check_dice_size,
    cite,
    gettext_noop,
    read_dice,
)

RULE = cite("003", "s. 25 V")
LIMITS_RULE = cite("003", "s. 25 V (minimums and maximums)")
VOID_RULE = cite("003", "s. 25 V (void throws)")
SIDE_BOARDS_RULE = "30 DCMR 1604.1(a)"
BIG_MAX, ACES_MAX = 200, 6  # 003 s. 25 V: the maximum is 200 x the minimum on small and big, 6 x on aces

# Each bet: the totals that win it and what it pays (x:1). 003 s. 25 V.
BETS = {"aces": ((3,), 61), "small": ((5, 6, 7), 1), "big": ((14, 15, 16), 1)}
DECIDING = frozenset(total for totals, _ in BETS.values() for total in totals)

# 003 s. 25 V lists the void throws: a die touching an object foreign to the table, a die falling to the floor or
# off the table, not every die put in the cup, a die held back in the cup; 30 DCMR 1604.1(a) adds the dice that
# miss the side boards.
VOID_WHYS = {"touched_object": VOID_RULE, "left_table": VOID_RULE, "not_all_in_cup": VOID_RULE,
             "stuck_in_cup": VOID_RULE, "no_side_boards": SIDE_BOARDS_RULE}

LABELS = {
    "aces": gettext_noop("Aces: a total of 3, pays 61:1"),
    "small": gettext_noop("Small: a total of 5, 6 or 7, pays 1:1"),
    "big": gettext_noop("Big: a total of 14, 15 or 16, pays 1:1"),
}


def decide(kind: str, total: int) -> tuple[str, int] | None:
    """What a throw of `total` does to a bet of `kind`: (WON, pays x:1), (LOST, 0), or None when the total decides
    nothing and the bet stands. Every deciding total decides every bet: the one it names wins, the others lose."""
    if total not in DECIDING:
        return None
    totals, pays = BETS[kind]
    return (WON, pays) if total in totals else (LOST, 0)


class BancaFrancesa(RoundTable):
    code = "banca-francesa"
    name = "Banca francesa (three dice)"
    SETTINGS = {"min_bet": 10, "max_bet": 500, "dice_size": DICE_SIZE_DEFAULT}  # dice_size: 30 DCMR 1604.1
    VOID_WHYS, VOID_RULE = VOID_WHYS, VOID_RULE

    @classmethod
    def bet_kinds(cls) -> tuple[BetKind, ...]:
        return tuple(BetKind(kind, LABELS[kind], (pays, 1), RULE) for kind, (_, pays) in BETS.items())

    def check_settings(self) -> None:
        check_dice_size(self.settings["dice_size"])  # 30 DCMR 1604.1: at least 3/4 inch
        if self.max_bet > BIG_MAX * self.min_bet:
            raise GameError(gettext_noop("settings.max_bet: at most %(times)s times the minimum bet, %(most)s, "
                                         "not %(value)s"), rule=LIMITS_RULE, field="settings.max_bet",
                            times=BIG_MAX, most=BIG_MAX * self.min_bet, value=self.max_bet)

    def limits(self, kind: BetKind) -> tuple[int, int]:
        """003 s. 25 V: aces up to 6 x the minimum (never above the table's maximum); small and big up to the
        table's maximum, itself at most 200 x the minimum."""
        if kind.kind == "aces":
            return self.min_bet, min(ACES_MAX * self.min_bet, self.max_bet)
        return self.min_bet, self.max_bet

    def outcome(self, event: dict) -> list[Posting]:
        dice = read_dice(event, 3, rule=RULE)
        lifted = event.get("lifted_unannounced", False)
        if not isinstance(lifted, bool):
            raise GameError(gettext_noop("lifted_unannounced: true or false, not %(value)r"), rule=RULE,
                            field="lifted_unannounced", value=lifted)
        total = sum(dice)
        decides = next((kind for kind, (totals, _) in BETS.items() if total in totals), None)
        self.last = {"round": self.round, "dice": dice, "total": total, "decides": decides,
                     "lifted_unannounced": lifted}
        if decides is None:
            return []  # 003 s. 25 V: only 3, 5-7 and 14-16 decide; the bets stand for the next throw
        postings = [self._settle(bet, total, lifted) for bet in list(self.bets.values())]
        self.last["winners"] = [p.bet for p in postings if p.kind == WON]
        self.close_round({"round": self.round, "dice": dice, "total": total, "decides": decides})
        return postings

    def _settle(self, bet, total: int, lifted: bool) -> Posting:
        result, pays = decide(bet.kind, total)
        note, params = gettext_noop("the dice total %(total)s"), {"total": total}
        if result == WON:
            return self.settle(bet, WON, bet.amount * pays, note, **params)
        if lifted:
            # 003 s. 25 V: the dealer lifted or touched the dice before announcing the result: the throw stands,
            # its winners are paid and no other bet loses.
            return self.settle(bet, PUSHED, 0, gettext_noop("the dice total %(total)s, lifted before it was "
                                                            "announced: this bet does not lose"), **params)
        return self.settle(bet, LOST, 0, note, **params)

    def void_details(self, why: str) -> dict:
        """A die off the table means a new set of dice (003 s. 25 V), which the screen says."""
        return {"replace_dice": why == "left_table"}

    def draw(self, rng) -> dict:
        return {"type": "outcome", "dice": [rng.randrange(1, 7) for _ in range(3)]}

    def view(self) -> dict:
        return {
            **super().view(),
            "pay_table": [{"kind": kind, "totals": list(totals), "pays": f"{pays}:1",
                           "limits": list(self.limits(self.kind(kind)))} for kind, (totals, pays) in BETS.items()],
            "void_whys": list(VOID_WHYS),
        }
