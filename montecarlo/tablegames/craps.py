"""Craps: two dice, the shooter's pass line and the bets around it. Dice games are allowed at a Monte Carlo Night
(30 DCMR 1602.1) and 30 DCMR 1604.1 governs the dice; the bets follow the standard published rules, which the
house adopts as its posted house rules (30 DCMR 1603.2).

The table takes bets between any two throws: after `open` the round stays open (BETTING) and each outcome settles
what its throw decides, leaving the rest standing. A round is one come-out cycle: it starts with a come-out throw
and ends with the pass line's decision (a natural, craps, the point made or a seven-out), which closes it for the
history and starts the next at once, so bet ids "<round>.<n>" say in which cycle a bet was made. `open` is needed
again only after a `void_round`."""

from __future__ import annotations

from montecarlo.tablegames.base import (
    BETTING,
    DICE_SIZE_DEFAULT,
    LOST,
    PUSHED,
    RETURNED,
    WON,
    BetKind,
    GameError,
    Posting,
    RoundTable,
    check_dice_size,
    gettext_noop,
    read_dice,
)

RULE = "standard craps rules (posted house rules, 30 DCMR 1603.2)"
SIDE_BOARDS_RULE = "30 DCMR 1604.1(a)"

RIGHT, WRONG = ("pass", "come"), ("dont_pass", "dont_come")
LINE = RIGHT + WRONG
POINTS = (4, 5, 6, 8, 9, 10)
FIELD = (2, 3, 4, 9, 10, 11, 12)

# Winnings for a stake of the second number; a stake in multiples of it is paid in whole chips.
TAKE_ODDS = {4: (2, 1), 10: (2, 1), 5: (3, 2), 9: (3, 2), 6: (6, 5), 8: (6, 5)}  # true odds: 7 against the point
LAY_ODDS = {number: (b, a) for number, (a, b) in TAKE_ODDS.items()}
PLACE_PAYS = {4: (9, 5), 10: (9, 5), 5: (7, 5), 9: (7, 5), 6: (7, 6), 8: (7, 6)}

# A void throw: dice that miss the side boards (30 DCMR 1604.1(a)); a die off the table or on a foreign object is
# "no roll" by the standard rules.
VOID_WHYS = {"no_side_boards": SIDE_BOARDS_RULE, "left_table": RULE, "touched_object": RULE}

LABELS = {
    "pass": gettext_noop("Pass line: on the come-out 7 or 11 wins, 2, 3 or 12 loses, any other total is the point, "
                         "which wins if thrown again before a 7; pays 1:1"),
    "dont_pass": gettext_noop("Don't pass: on the come-out 2 or 3 wins, 12 pushes, 7 or 11 loses; then a 7 before "
                              "the point wins; pays 1:1"),
    "come": gettext_noop("Come: like the pass line, its own come-out the next throw after it is made; pays 1:1"),
    "dont_come": gettext_noop("Don't come: like don't pass, its own come-out the next throw; pays 1:1"),
    "odds": gettext_noop("Odds behind one's own line bet with a point: take odds pay 2:1 on 4 and 10, 3:2 on 5 and "
                         "9, 6:5 on 6 and 8; lay odds 1:2, 2:3, 5:6"),
    "field": gettext_noop("Field, one throw: 3, 4, 9, 10, 11 pay 1:1, 2 pays 2:1, 12 pays 2:1 or 3:1 as posted; "
                          "5, 6, 7, 8 lose"),
    "place": gettext_noop("Place a number before a 7: 4 and 10 pay 9:5, 5 and 9 pay 7:5, 6 and 8 pay 7:6; works on "
                          "every throw"),
}


def decide(kind: str, number: int | None, total: int, field_12_pays: int = 2):
    """What a throw of `total` does to a bet: (WON, (winnings, per stake)), (LOST, None), (PUSHED, None),
    ("point", total) when a line bet's come-out sets its point, or None when the bet stands. `kind` is a bet kind,
    with an odds bet named "take" (behind pass or come) or "lay" (behind don't pass or don't come); `number` is a
    line bet's point (None before its come-out), the place bet's number or the odds bet's point."""
    if kind == "field":  # one throw decides it
        pays = 2 if total == 2 else field_12_pays if total == 12 else 1
        return (WON, (pays, 1)) if total in FIELD else (LOST, None)
    if kind in ("place", "take", "lay"):  # the number or a 7, whichever comes first
        if total not in (number, 7):
            return None
        if (total == number) == (kind == "lay"):
            return LOST, None
        return WON, {"place": PLACE_PAYS, "take": TAKE_ODDS, "lay": LAY_ODDS}[kind][number]
    dont = kind in WRONG
    if number is None:  # the bet's come-out
        if total in (7, 11):
            return (LOST, None) if dont else (WON, (1, 1))
        if total == 12 and dont:
            return PUSHED, None  # "bar 12": don't pass and don't come neither win nor lose on a 12
        if total in (2, 3, 12):
            return (WON, (1, 1)) if dont else (LOST, None)
        return "point", total
    if total not in (number, 7):
        return None
    return (WON, (1, 1)) if (total == 7) == dont else (LOST, None)


class Craps(RoundTable):
    code = "craps"
    name = "Craps"
    # dice_size: the dice are at least 3/4 inch (30 DCMR 1604.1)
    SETTINGS = {"min_bet": 10, "max_bet": 500, "odds_multiple": 2, "field_12_pays": 2, "dice_size": DICE_SIZE_DEFAULT}
    VOID_WHYS, VOID_RULE = VOID_WHYS, SIDE_BOARDS_RULE
    MAX_ODDS_MULTIPLE = 100

    def __init__(self, settings: dict | None = None):
        super().__init__(settings)
        self.point: int | None = None  # the shooter's point; None on the come-out
        self.backing: dict[str, str] = {}  # odds bet id -> the line bet it backs
        self._backs = None  # the line bet an odds bet being placed names, while it is checked

    @classmethod
    def bet_kinds(cls) -> tuple[BetKind, ...]:
        line = tuple(BetKind(kind, LABELS[kind], (1, 1), RULE) for kind in LINE)
        return line + (BetKind("odds", LABELS["odds"], None, RULE), BetKind("field", LABELS["field"], (1, 1), RULE),
                       BetKind("place", LABELS["place"], None, RULE, numbers=POINTS))

    def check_settings(self) -> None:
        check_dice_size(self.settings["dice_size"])  # 30 DCMR 1604.1: at least 3/4 inch
        multiple = self.settings["odds_multiple"]
        if isinstance(multiple, bool) or not isinstance(multiple, int) or not 1 <= multiple <= self.MAX_ODDS_MULTIPLE:
            raise GameError(gettext_noop("settings.odds_multiple: a whole number from 1 to %(most)s, not %(value)r"),
                            rule=RULE, field="settings.odds_multiple", most=self.MAX_ODDS_MULTIPLE, value=multiple)
        twelve = self.settings["field_12_pays"]
        if isinstance(twelve, bool) or not isinstance(twelve, int) or twelve not in (2, 3):
            raise GameError(gettext_noop("settings.field_12_pays: 2 or 3 (a 12 in the field pays 2:1 or 3:1), "
                                         "not %(value)r"), rule=RULE, field="settings.field_12_pays", value=twelve)

    def limits(self, kind: BetKind) -> tuple[int, int]:
        """Odds are bounded by the multiple of the line bet they back (checked in `check_bet`), not by the table's
        minimum and maximum: that is what makes them a bet at true odds."""
        if kind.kind == "odds":
            return 1, self.settings["odds_multiple"] * self.max_bet
        return self.min_bet, self.max_bet

    # --- bets ---

    def _bet(self, event: dict) -> list[Posting]:
        """The base's bet, with the line bet an odds bet backs (`"backs": "<bet id>"`) remembered."""
        backs = event.get("backs")
        if backs is not None and event.get("kind") != "odds":
            raise GameError(gettext_noop("backs: only an odds bet backs a line bet"), rule=RULE, field="backs")
        self._backs = backs
        try:
            postings = super()._bet(event)
        finally:
            self._backs = None
        if event.get("kind") == "odds":
            self.backing[postings[0].bet] = backs
        return postings

    def check_bet(self, bet, kind: BetKind) -> None:
        if bet.kind in ("pass", "dont_pass") and self.point is not None:
            raise GameError(gettext_noop("kind: a %(kind)s bet is taken only on the come-out; the point is "
                                         "%(point)s (bet come or don't come)"), rule=RULE, field="kind",
                            kind=bet.kind, point=self.point)
        if bet.kind in ("come", "dont_come") and self.point is None:
            raise GameError(gettext_noop("kind: a %(kind)s bet is taken only while a point is on; on the come-out "
                                         "bet pass or don't pass"), rule=RULE, field="kind", kind=bet.kind)
        if bet.kind == "place":
            if not isinstance(bet.number, int):
                raise GameError(gettext_noop("number: a place bet names one of 4, 5, 6, 8, 9, 10"), rule=RULE,
                                field="number")
            self._check_unit(bet, PLACE_PAYS[bet.number], gettext_noop("place"))
        if bet.kind == "odds":
            self._check_odds(bet)

    def _check_odds(self, bet) -> None:
        backs = self._backs
        line = self.bets.get(backs) if isinstance(backs, str) else None
        if line is None or line.kind not in LINE:
            raise GameError(gettext_noop("backs: odds back a line bet standing at this table, named by its id; "
                                         "not %(value)r"), rule=RULE, field="backs", value=backs)
        if line.participant != bet.participant:
            raise GameError(gettext_noop("backs: bet %(backs)s is another participant's; odds back one's own line "
                                         "bet"), rule=RULE, field="backs", backs=backs)
        if line.number is None:
            raise GameError(gettext_noop("backs: bet %(backs)s has no point yet; odds are taken once it has one"),
                            rule=RULE, field="backs", backs=backs)
        lay = line.kind in WRONG
        bet.number = line.number  # the odds bet's number is the point it is on
        self._check_unit(bet, (LAY_ODDS if lay else TAKE_ODDS)[line.number],
                         gettext_noop("lay odds") if lay else gettext_noop("take odds"))
        already = sum(other.amount for other_id, other in self.bets.items() if self.backing.get(other_id) == backs)
        most = self.settings["odds_multiple"] * line.amount
        if already + bet.amount > most:
            raise GameError(gettext_noop("amount: odds behind bet %(backs)s are at most %(multiple)s times its "
                                         "%(line)s chips, %(most)s in all, and %(already)s are on already"),
                            rule=RULE, field="amount", backs=backs, multiple=self.settings["odds_multiple"],
                            line=line.amount, most=most, already=already)

    def _check_unit(self, bet, pays: tuple[int, int], what: str) -> None:
        if bet.amount % pays[1]:
            raise GameError(gettext_noop("amount: %(what)s on %(number)s pays %(won)s:%(per)s, so it is taken in "
                                         "multiples of %(per)s chips"), rule=RULE, field="amount", what=what,
                            number=bet.number, won=pays[0], per=pays[1])

    def handle(self, event: dict) -> list[Posting]:
        """`{"type": "remove", "bet": "<id>"}`: a place or odds bet taken down between throws, its stake returned.
        Line bets are contract bets once they have a point; field and line bets without one stay until their
        throw decides them."""
        if event.get("type") != "remove":
            return super().handle(event)
        if self.phase != BETTING:
            raise GameError(gettext_noop("type: no round is open; there is no bet to take down"), rule=RULE,
                            field="type")
        bet_id = event.get("bet")
        bet = self.bets.get(bet_id) if isinstance(bet_id, str) else None
        if bet is None:
            raise GameError(gettext_noop("bet: %(value)r is not a bet standing at this table"), rule=RULE,
                            field="bet", value=bet_id)
        if bet.kind in LINE and bet.number is not None:
            raise GameError(gettext_noop("bet: %(bet)s is a %(kind)s bet with its point, a contract bet: it stays "
                                         "until the point or a 7 decides it"), rule=RULE, field="bet",
                            bet=bet_id, kind=bet.kind)
        if bet.kind not in ("place", "odds"):
            raise GameError(gettext_noop("bet: only place and odds bets are taken down; %(bet)s, a %(kind)s bet, "
                                         "stays until a throw decides it"), rule=RULE, field="bet",
                            bet=bet_id, kind=bet.kind)
        self.backing.pop(bet_id, None)
        return [self.settle(bet, RETURNED, 0, gettext_noop("taken down between throws"))]

    # --- throws ---

    def outcome(self, event: dict) -> list[Posting]:
        dice = read_dice(event, 2, rule=RULE)
        total = sum(dice)
        point = self.point
        standing = dict(self.bets)  # the odds look up the line bet they back, which may settle first
        postings = []
        for bet in standing.values():
            kind, off = bet.kind, False
            if kind == "odds":
                line = standing[self.backing[bet.id]]
                kind = "lay" if line.kind in WRONG else "take"
                # Odds on a come bet are off on the come-out throw: returned when the come bet is decided by it.
                off = line.kind == "come" and point is None
            decision = decide(kind, bet.number, total, self.settings["field_12_pays"])
            if decision is None:
                continue
            result, pays = decision
            if result == "point":
                bet.number = total  # the line bet moves to its point
            elif off:
                postings.append(self.settle(bet, RETURNED, 0, gettext_noop("odds on a come bet are off on the "
                                                                           "come-out")))
            else:
                winnings = bet.amount * pays[0] // pays[1] if result == WON else 0
                postings.append(self.settle(bet, result, winnings, gettext_noop("the dice total %(total)s"),
                                            total=total))
        self.backing = {odds: line for odds, line in self.backing.items() if odds in self.bets}
        decision, thrown_in = self._move_point(total), self.round
        if decision not in (None, "point_set"):
            self.close_round({"round": thrown_in, "point": point, "dice": dice, "total": total, "decision": decision})
        self.last = {"round": thrown_in, "dice": dice, "total": total, "point_before": point, "point": self.point,
                     "decision": decision, "results": {p.bet: p.kind for p in postings}}
        return postings

    def _move_point(self, total: int) -> str | None:
        """The pass line's state after a throw: what the throw did to it (None: nothing, the point stays)."""
        if self.point is None:
            if total in POINTS:
                self.point = total
                return "point_set"
            return "natural" if total in (7, 11) else "craps"
        if total == self.point:
            return "point_made"
        return "seven_out" if total == 7 else None

    def close_round(self, summary: dict) -> None:
        """A pass-line decision closes the come-out cycle for the history and the next starts at once: the table
        stays open for bets. A voided round returned every bet: the next `open` starts a fresh come-out."""
        super().close_round(summary)
        self.point = None
        if summary.get("voided"):
            self.backing.clear()
            return
        self.phase = BETTING
        self.round += 1
        self.placed = 0

    def void_details(self, why: str) -> dict:
        return {"point": self.point}

    def draw(self, rng) -> dict:
        return {"type": "outcome", "dice": [rng.randrange(1, 7), rng.randrange(1, 7)]}

    # --- reading ---

    def may_bet(self) -> list[str]:
        """The bet kinds the table takes now."""
        if self.phase != BETTING:
            return []
        kinds = ["pass", "dont_pass"] if self.point is None else ["come", "dont_come"]
        if any(bet.kind in LINE and bet.number is not None for bet in self.bets.values()):
            kinds.append("odds")
        return kinds + ["field", "place"]

    def view(self) -> dict:
        view = super().view()
        view["bets"] = [{**bet.as_dict(), "backs": self.backing.get(bet.id)} for bet in self.bets.values()]
        return {
            **view,
            "point": self.point,
            "come_out": self.point is None,
            "may_bet": self.may_bet(),
            "odds_multiple": self.settings["odds_multiple"],
            "void_whys": list(VOID_WHYS),
            "pay_table": {
                "field": {"2": "2:1", "12": f"{self.settings['field_12_pays']}:1", "3 4 9 10 11": "1:1"},
                "place": {str(n): f"{a}:{b}" for n, (a, b) in sorted(PLACE_PAYS.items())},
                "take_odds": {str(n): f"{a}:{b}" for n, (a, b) in sorted(TAKE_ODDS.items())},
                "lay_odds": {str(n): f"{a}:{b}" for n, (a, b) in sorted(LAY_ODDS.items())},
            },
        }
