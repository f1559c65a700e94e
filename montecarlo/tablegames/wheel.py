"""The wheel of fortune (003 s. 24): a wheel of 54 slots, each bet on a symbol, paid by the pay table when the
wheel stops on it. One spin is one round: every bet is decided by it."""

from __future__ import annotations

from montecarlo.tablegames.base import LOST, WON, BetKind, GameError, Posting, RoundTable, cite, gettext_noop

RULE = cite("003", "s. 24 V")
FIGURES = ("figure_a", "figure_b")

# Each symbol: (slots, pays x:1). 003 s. 24 V: 24 positions pay 1 to 1, 15 pay 2, 7 pay 5, 4 pay 10, 2 pay 20,
# and each of the two figures pays 45.
PAY_TABLE = {"1": (24, 1), "2": (15, 2), "5": (7, 5), "10": (4, 10), "20": (2, 20), "figure_a": (1, 45),
             "figure_b": (1, 45)}

# The 54 slots in wheel order, clockwise from the first figure. 003 s. 24 II says the wheel holds the symbols "in
# the order, number and frequency" of the pay table but gives no order, so they are spread as real wheels spread
# them: the two figures opposite each other (slots 0 and 27), every other symbol as evenly as its count allows,
# a "1" between most pairs of higher symbols and no two equal symbols side by side.
SLOTS = (
    "figure_a", "10", "1", "2", "1", "5", "1", "2", "1", "20", "2", "1", "5", "1", "2", "1", "10", "1",
    "2", "5", "1", "2", "1", "2", "1", "5", "1", "figure_b", "2", "1", "10", "1", "2", "1", "5", "1",
    "20", "2", "1", "2", "1", "5", "1", "2", "1", "10", "2", "1", "5", "1", "2", "1", "2", "1",
)

# 003 s. 24 V: a spin is void when the marker stops on a peg, the wheel's turn is obstructed by a person or an
# object, or the wheel did not make its four full turns.
VOID_WHYS = {"short_spin": RULE, "on_peg": RULE, "obstructed": RULE}

LABELS = {
    "1": gettext_noop("1: the 24 slots marked 1, pays 1:1"),
    "2": gettext_noop("2: the 15 slots marked 2, pays 2:1"),
    "5": gettext_noop("5: the 7 slots marked 5, pays 5:1"),
    "10": gettext_noop("10: the 4 slots marked 10, pays 10:1"),
    "20": gettext_noop("20: the 2 slots marked 20, pays 20:1"),
    "figure_a": gettext_noop("Figure A: the first of the two picture slots, pays 45:1"),
    "figure_b": gettext_noop("Figure B: the second picture slot, opposite the first, pays 45:1"),
}


class WheelOfFortune(RoundTable):
    code = "wheel"
    name = "Wheel of fortune"
    SETTINGS = {"min_bet": 10, "max_bet": 500}  # 003 s. 24 V: the limits are the house's, within the authorized band
    VOID_WHYS, VOID_RULE = VOID_WHYS, RULE

    @classmethod
    def bet_kinds(cls) -> tuple[BetKind, ...]:
        return tuple(BetKind(symbol, LABELS[symbol], (pays, 1), RULE) for symbol, (_, pays) in PAY_TABLE.items())

    def outcome(self, event: dict) -> list[Posting]:
        symbol, slot = self._stop(event)
        pays = PAY_TABLE[symbol][1]
        postings = [
            self.settle(bet, WON, bet.amount * pays, gettext_noop("the wheel stopped on %(symbol)s"), symbol=symbol)
            if bet.kind == symbol else
            self.settle(bet, LOST, 0, gettext_noop("the wheel stopped on %(symbol)s"), symbol=symbol)
            for bet in list(self.bets.values())
        ]
        self.last = {"round": self.round, "symbol": symbol, "slot": slot, "pays": f"{pays}:1",
                     "winners": [p.bet for p in postings if p.kind == WON]}
        self.close_round({"round": self.round, "symbol": symbol, "slot": slot})
        return postings

    def _stop(self, event: dict) -> tuple[str, int | None]:
        """The symbol the marker shows and, if the dealer gave it, the slot (which must carry that symbol)."""
        symbol = event.get("symbol")
        if not isinstance(symbol, str) or symbol not in PAY_TABLE:
            raise GameError(gettext_noop("symbol: one of %(symbols)s, not %(value)r"), rule=RULE, field="symbol",
                            symbols=", ".join(PAY_TABLE), value=symbol)
        slot = event.get("slot")
        if slot is None:
            return symbol, None
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(SLOTS):
            raise GameError(gettext_noop("slot: a slot of the wheel, 0 to %(last)s, not %(value)r"), rule=RULE,
                            field="slot", last=len(SLOTS) - 1, value=slot)
        if SLOTS[slot] != symbol:
            raise GameError(gettext_noop("slot: slot %(slot)s carries %(carries)s, not %(symbol)s"), rule=RULE,
                            field="slot", slot=slot, carries=SLOTS[slot], symbol=symbol)
        return symbol, slot


    def draw(self, rng) -> dict:
        slot = rng.randrange(len(SLOTS))
        return {"type": "outcome", "symbol": SLOTS[slot], "slot": slot}

    def view(self) -> dict:
        return {
            **super().view(),
            "pay_table": [{"kind": symbol, "slots": slots, "pays": f"{pays}:1"}
                          for symbol, (slots, pays) in PAY_TABLE.items()],
            "slots": list(SLOTS),
            "void_whys": list(VOID_WHYS),
        }
