"""One no-limit Texas Hold'em hand as a deterministic state machine (30 DCMR 1604.3).

The state is the replay of the hand history: forced bets and the deal happen when a `Hand`
is built, then every `act` applies one recorded action or raises `HandError` and changes
nothing. `replay` turns a hand history (docs: shared/formats/hand-history.md) into its
result. Seats are indexes into the clockwise seat list; cards are ints from `cards`.
"""

from montecarlo.holdem.cards import format_card, parse_card
from montecarlo.holdem.evaluator import CATEGORIES, hand_rank

ACTIONS = ("fold", "check", "call", "bet", "raise", "allin")
STREETS = ("preflop", "flop", "turn", "river")
# The subsection that governs betting on each street: 1604.3(m) preflop, (o) flop, and the
# turn and river proceed "as in 1604.3(o)" under (q) and (s).
_STREET_RULE = ("30 DCMR 1604.3(m)", "30 DCMR 1604.3(o)", "30 DCMR 1604.3(q)", "30 DCMR 1604.3(s)")
# Burn and deal under 1604.3(n) flop, (p) turn, (r) river: (cards dealt, rule).
_BOARD_DEAL = ((3, "30 DCMR 1604.3(n)"), (1, "30 DCMR 1604.3(p)"), (1, "30 DCMR 1604.3(r)"))
# 30 DCMR 1603.23, DC's players a table: the default of a hand replayed alone (the hand-history format does not say
# the table's limit); a tournament passes the Board's figure in force on its date (its seats_limit).
MAX_SEATS = 7
NO_LIMIT_RULE = "30 DCMR 1604.4 posted house rules, no-limit"
HIGH_HAND_RULE = "30 DCMR 1603.29"  # no hi/lo: the best-ranked Texas Hold'em hand wins
SHOW_RULE = "30 DCMR 1604.3(t)(2)(A)"  # the player who made the last bet or raise shows
ALL_SHOW_RULE = "30 DCMR 1604.3(t)(2)(B)"  # nobody bet or raised: every player left shows


class HandError(ValueError):
    """An illegal hand or action. `str()` is the one line the replay prints: the action's
    index (when an action is at fault), the seat, what is wrong and the rule it breaks."""

    def __init__(self, what: str, rule: str, *, seat: int | None = None, index: int | None = None):
        self.what, self.rule, self.seat, self.index = what, rule, seat, index
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.index is not None:
            where.append(f"action {self.index}")
        if self.seat is not None:
            where.append(f"seat {self.seat}")
        prefix = ", ".join(where)
        return f"{prefix + ': ' if prefix else ''}{self.what} ({self.rule})"


class Hand:
    """A hand in progress. Read `to_act` (seat to move, None when the hand is over) and
    `legal_actions()`; feed `act(seat, action, to)`; read `result()` once `over`."""

    def __init__(
        self,
        *,
        stacks: list[int],
        button: int,
        small_blind: int,
        big_blind: int,
        deck: list[int],
        ante: int = 0,
        max_seats: int = MAX_SEATS,
    ):
        n = len(stacks)
        if not 2 <= n <= max_seats:
            raise HandError(f"a table deals to 2 to {max_seats} players, not {n}", "30 DCMR 1603.23")
        if not 0 <= button < n:
            raise HandError(f"button {button} is not one of the {n} seats", "30 DCMR 1604.3(d)")
        if len(deck) < 2 * n:
            raise HandError(
                f"the deck has {len(deck)} cards, too few to deal two to each of {n} seats", "30 DCMR 1604.3(i)"
            )
        self.n = n
        self.max_seats = max_seats  # a re-deal of this hand (a misdeal, the showdown's real deck) keeps it
        self.button = button
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.deck = deck
        self.start = list(stacks)
        self.stack = list(stacks)
        self.committed = [0] * n  # this street, blinds included, antes not (they are dead money)
        self.total = [0] * n  # the whole hand, antes included: what the pots are built from
        self.folded = [False] * n
        self.acted = [False] * n
        # Re-opening the betting (TDA Rule 47A, followed as the 1604.4 house rules): `reopened`
        # is True until the seat acts and again after any full bet or raise by another seat;
        # `faced` is the bet the seat last acted on, so short all-ins that add up since then to a
        # full raise reopen it too.
        self.reopened = [True] * n
        self.faced = [0] * n
        self.board: list[int] = []
        self.street = 0
        self.current_bet = 0
        self.last_raise = big_blind
        # The last seat to bet or raise in the hand (blinds are not bets): it shows at the
        # showdown (1604.3(t)(2)(A)); None while nobody has (1604.3(t)(2)(B)).
        self.last_aggressor: int | None = None
        self.over = False
        self._settled: list[int] = []  # the stacks once the uncalled chips are back, before any pot
        self.to_act: int | None = None
        self._result: dict | None = None

        # Heads-up the button posts the small blind (1604.3(g)); otherwise the small blind is
        # left of the button and the big blind left of it (1604.3(e), (f)).
        if n == 2:
            self.sb_seat, self.bb_seat = button, (button + 1) % n
        else:
            self.sb_seat, self.bb_seat = (button + 1) % n, (button + 2) % n
        for seat in range(n):
            owed = ante + (small_blind if seat == self.sb_seat else big_blind if seat == self.bb_seat else 0)
            # 1604.3(aa): a player who cannot post the ante or blind in full, or has no chips,
            # is out of the tournament before this hand and may not be dealt in.
            if stacks[seat] <= 0 or stacks[seat] < owed:
                raise HandError(
                    f"has {stacks[seat]} chips and cannot post {owed} in full; the tournament eliminates it "
                    "before the hand",
                    "30 DCMR 1604.3(aa)",
                    seat=seat,
                )
        if ante:  # 1604.3(c): antes first, by every seat
            for seat in range(n):
                self.stack[seat] -= ante
                self.total[seat] += ante
        for seat, amount in ((self.sb_seat, small_blind), (self.bb_seat, big_blind)):
            self.stack[seat] -= amount
            self.committed[seat] += amount
            self.total[seat] += amount
        self.current_bet = big_blind

        # 1604.3(h), (i): one card at a time clockwise from left of the button, two rounds.
        order = [(button + 1 + k) % n for k in range(n)]
        self.hole = [[0, 0] for _ in range(n)]
        for round_ in range(2):
            for k, seat in enumerate(order):
                self.hole[seat][round_] = deck[round_ * n + k]
        self.deck_pos = 2 * n

        # 1604.3(m)(1), (2): first to act is left of the big blind (heads-up, that is the button);
        # the big blind is reached last and may check if nobody raised (1604.3(m)(3)).
        self.to_act = self._next_actor(self.bb_seat)
        if self.to_act is None:
            self._close_street(index=None, seat=None)

    # --- queries -------------------------------------------------------------------------

    def live(self, seat: int) -> bool:
        return not self.folded[seat]

    def _needs_action(self, seat: int) -> bool:
        return (
            not self.folded[seat]
            and self.stack[seat] > 0
            and (not self.acted[seat] or self.committed[seat] < self.current_bet)
        )

    def _next_actor(self, after: int) -> int | None:
        n = self.n
        with_chips = [s for s in range(n) if not self.folded[s] and self.stack[s] > 0]
        if len(with_chips) == 1 and self.committed[with_chips[0]] >= self.current_bet:
            return None  # nobody left to bet against: 1604.3(y), the hand runs out
        if not with_chips:
            return None
        for k in range(1, n + 1):
            seat = (after + k) % n
            if self._needs_action(seat):
                return seat
        return None

    def _others_can_call_more(self, seat: int) -> bool:
        """A raise needs someone who could put in more than the current bet."""
        return any(
            s != seat and not self.folded[s] and self.stack[s] + self.committed[s] > self.current_bet
            for s in range(self.n)
        )

    def may_raise(self, seat: int) -> bool:
        """TDA Rule 47A (1604.4 house rules): a seat that has acted may raise again only after a
        full bet or raise, or when the short all-ins since it acted add up to a full raise."""
        return self.reopened[seat] or self.current_bet - self.faced[seat] >= self.last_raise

    def legal_actions(self) -> dict:
        """For the seat to act: {"fold", "check", "call": amount|None, "bet": (min_to, max_to)|None,
        "raise": (min_to, max_to)|None, "allin": bool}. Empty when the hand is over."""
        seat = self.to_act
        if seat is None:
            return {}
        committed, stack, bet = self.committed[seat], self.stack[seat], self.current_bet
        most = committed + stack
        legal = {"fold": True, "check": committed == bet, "call": None, "bet": None, "raise": None, "allin": True}
        if bet > committed:
            legal["call"] = min(bet - committed, stack)
        opening = bet == 0
        if opening or (self.may_raise(seat) and most > bet and self._others_can_call_more(seat)):
            least = max(self.big_blind, 1) if opening else bet + self.last_raise
            legal["bet" if opening else "raise"] = (min(least, most), most)
        elif most > bet:
            legal["allin"] = False  # it would be a raise this seat may not make
        return legal

    # --- actions -------------------------------------------------------------------------

    def act(self, seat: int, action: str, to: int | None = None, *, index: int | None = None) -> None:
        """Apply one action or raise HandError (the hand is then unchanged)."""
        rule = _STREET_RULE[self.street] if self.street < 4 else _STREET_RULE[3]

        def fail(what: str, why: str = rule):
            raise HandError(what, why, seat=seat, index=index)

        if self.over:
            fail("acts after the hand is over", "30 DCMR 1604.3(t)")
        if seat != self.to_act:
            fail(f"acts out of turn: seat {self.to_act} is to act on the {STREETS[self.street]}")
        if action not in ACTIONS:
            fail(f"{action!r} is not an action: fold, check, call, bet, raise or allin")
        committed, stack, bet = self.committed[seat], self.stack[seat], self.current_bet
        most = committed + stack

        if action == "fold":
            self.folded[seat] = True
        elif action == "check":
            if committed < bet:
                fail(f"cannot check facing a bet of {bet}: call, raise or fold")
        elif action == "call":
            if committed >= bet:
                fail("has nothing to call: check, bet or fold")
            self._put(seat, min(bet, most))
        else:
            if action == "allin":
                to = most
            elif isinstance(to, bool) or not isinstance(to, int):
                fail(f"{action} needs `to`, a whole number of chips: the seat's total on this street")
            if action == "bet" and bet > 0:
                fail(f"cannot bet: there is already a bet of {bet} on the {STREETS[self.street]}; raise instead")
            if action == "raise" and bet == 0:
                fail(f"has no bet to raise on the {STREETS[self.street]}; bet instead")
            if to > most:
                fail(
                    f"{action} to {to} needs {to - committed} chips but the seat has {stack}; "
                    "a seat bets only the chips it has, or goes all-in",
                    "30 DCMR 1604.3(z)",
                )
            if to <= bet:
                if action != "allin":
                    fail(f"{action} to {to} is not above the bet of {bet}")
                self._put(seat, to)  # an all-in call, for the bet or less (1604.3(y), (z))
            elif bet == 0:
                # 1604.4 house rules, no-limit: the smallest bet is the big blind, unless all-in.
                if to < self.big_blind and to != most:
                    fail(f"bet to {to} is below the big blind of {self.big_blind}", NO_LIMIT_RULE)
                self._raise(seat, to, full=True)
            else:
                if not self.may_raise(seat):
                    fail(
                        f"may not raise: since this seat acted the bet went up by {bet - self.faced[seat]}, "
                        f"short of a full raise of {self.last_raise}, so the betting is not reopened to it "
                        f"(TDA Rule 47A); call {min(bet, most) - committed} or fold",
                        NO_LIMIT_RULE,
                    )
                if not self._others_can_call_more(seat):
                    fail("may not raise: every other seat has folded or is all-in; call or fold", NO_LIMIT_RULE)
                least = bet + self.last_raise
                if to < least and to != most:
                    fail(
                        f"raise to {to} is below the minimum raise to {least} (the last bet or raise was "
                        f"{self.last_raise})",
                        NO_LIMIT_RULE,
                    )
                self._raise(seat, to, full=to - bet >= self.last_raise)
        self.acted[seat] = True
        self.reopened[seat] = False
        self.faced[seat] = self.current_bet

        if sum(1 for s in range(self.n) if not self.folded[s]) == 1:
            self._finish()
            return
        self.to_act = self._next_actor(seat)
        if self.to_act is None:
            self._close_street(index=index, seat=seat)

    def _put(self, seat: int, to: int) -> None:
        delta = to - self.committed[seat]
        self.stack[seat] -= delta
        self.committed[seat] = to
        self.total[seat] += delta

    def _raise(self, seat: int, to: int, *, full: bool) -> None:
        if self.current_bet == 0:
            # An opening bet, even an all-in below the big blind, opens the betting to every
            # seat; a raise over it must still add at least the big blind.
            self.last_raise = max(to, self.big_blind)
            full = True
        elif full:
            self.last_raise = to - self.current_bet
        self._put(seat, to)
        self.current_bet = to
        self.last_aggressor = seat
        if full:
            # A full bet or raise reopens the betting for everyone else; a short all-in only
            # obliges them to respond, until short all-ins add up to a full raise (`may_raise`).
            for s in range(self.n):
                if s != seat:
                    self.reopened[s] = True

    # --- streets, showdown, pots -------------------------------------------------------

    def _deal_board(self, index: int | None, seat: int | None) -> None:
        count, rule = _BOARD_DEAL[self.street - 1]
        need = self.deck_pos + 1 + count
        if len(self.deck) < need:
            raise HandError(
                f"the deck has {len(self.deck)} cards; burning and dealing the {STREETS[self.street]} needs {need}",
                rule,
                seat=seat,
                index=index,
            )
        self.board.extend(self.deck[self.deck_pos + 1 : need])  # the card at deck_pos is burnt
        self.deck_pos = need

    def _close_street(self, *, index: int | None, seat: int | None) -> None:
        while True:
            self.street += 1
            if self.street == 4:
                self._finish()
                return
            for s in range(self.n):
                self.committed[s] = 0
                self.acted[s] = False
                self.reopened[s] = True
                self.faced[s] = 0
            self.current_bet = 0
            self.last_raise = self.big_blind
            # last_aggressor is kept: a bet on an earlier street is still the hand's last one
            # until someone bets again (1604.3(t)(2)(A)).
            self._deal_board(index, seat)
            # 1604.3(o)(1): the first active seat left of the button acts first. With fewer
            # than two seats holding chips betting is closed and the board is run out.
            self.to_act = self._next_actor(self.button)
            if self.to_act is not None:
                return

    def _finish(self) -> None:
        self.over = True
        self.to_act = None
        n = self.n
        # 1604.3(y): the uncalled part of the largest commitment goes back to its owner.
        top = max(self.total)
        owners = [s for s in range(n) if self.total[s] == top]
        if len(owners) == 1:
            second = max(self.total[s] for s in range(n) if s != owners[0])
            self.stack[owners[0]] += top - second
            self.total[owners[0]] = second
        self._settled = list(self.stack)
        # A hand history holds every card dealt, so its replay shows every hand left in.
        self._result = self._award(mucked=frozenset())

    def must_show(self) -> list[int]:
        """The seats that must show once the betting is over with two or more left (1604.3(t)(2)):
        the last to bet or raise in the hand, in the last betting round that had a bet, (A); if
        nobody bet or raised after the blinds, every seat left (B). The others may muck."""
        live = [s for s in range(self.n) if not self.folded[s]]
        if len(live) < 2:
            return []  # 1604.3(t)(1): the last player left need not show
        return [self.last_aggressor] if self.last_aggressor is not None else live

    def showdown(self, *, mucked=()) -> dict:
        """Award the pots again with the hands in `mucked` thrown away unseen (they are not
        entered and win nothing); the seats of `must_show` cannot muck. Raises HandError and
        changes nothing when a muck is not allowed."""
        if not self.over or sum(1 for s in range(self.n) if not self.folded[s]) < 2:
            raise HandError("there is no showdown: the betting is not over with two or more players left",
                            "30 DCMR 1604.3(t)")
        mucked = frozenset(mucked)
        required = self.must_show()
        for seat in sorted(mucked):
            if not 0 <= seat < self.n or self.folded[seat]:
                raise HandError("only a player left in the hand can muck at the showdown", "30 DCMR 1604.3(t)(2)",
                                seat=seat)
            if seat in required:
                why = ("made the last bet or raise of the hand and must show", SHOW_RULE) if len(required) == 1 \
                    else ("must show: nobody bet or raised after the blinds, so every player left shows", ALL_SHOW_RULE)
                raise HandError(why[0], why[1], seat=seat)
        self._result = self._award(mucked=mucked)
        return self._result

    def _award(self, *, mucked: frozenset) -> dict:
        """Push every pot from the settled stacks to its best hand shown (1604.3(u)-(z))."""
        n = self.n
        stack = list(self._settled)
        live = [s for s in range(n) if not self.folded[s]]
        ranks: dict[int, int] = {}
        shown: dict[str, dict] = {}
        if len(live) > 1:
            # The last to bet or raise shows first (1604.3(t)(2)(A)), else everyone from the first
            # seat left of the button; folded and mucked hands are not shown (1604.3(l)).
            start = self.last_aggressor if self.last_aggressor is not None else (self.button + 1) % n
            for k in range(n):
                s = (start + k) % n
                if not self.folded[s] and s not in mucked:
                    rank = hand_rank(self.hole[s] + self.board)
                    ranks[s] = rank
                    shown[str(s)] = {"cards": [format_card(c) for c in self.hole[s]], "rank": CATEGORIES[rank >> 20]}

        # 1604.3(z): the main pot first, then a side pot per all-in level, each contested only
        # by the live seats that put in that much; it goes to the best hand shown among them
        # (one left alone takes it unseen). The seat that must show is in every pot. Only the best high hand wins:
        # no hi/lo, so no pot is ever split with a low hand (30 DCMR 1603.29).
        pots = []
        levels = sorted({self.total[s] for s in live})
        below = 0
        for level in levels:
            amount = sum(min(t, level) - min(t, below) for t in self.total)
            eligible = [s for s in live if self.total[s] >= level]
            below = level
            if amount == 0:
                continue
            if len(live) == 1:
                winners = eligible
            else:
                best = max(ranks[s] for s in eligible if s in ranks)
                winners = [s for s in eligible if ranks.get(s) == best]
            # 1604.3(v)(2)(B) split; odd chips one at a time clockwise from left of the button.
            share, odd = divmod(amount, len(winners))
            for k, s in enumerate(sorted(winners, key=lambda s: (s - self.button - 1) % n)):
                stack[s] += share + (1 if k < odd else 0)
            pots.append({"amount": amount, "eligible": eligible, "winners": winners})

        assert sum(stack) == sum(self.start), "chips are conserved"
        self.stack = stack
        return {
            "board": [format_card(c) for c in self.board],
            "pots": pots,
            "stacks": list(stack),
            "net": [stack[s] - self.start[s] for s in range(n)],
            "shown": shown,
            # 1604.3(aa)(2): a player who has lost all chips is out of the tournament.
            "eliminated": [s for s in range(n) if stack[s] == 0],
        }

    def result(self) -> dict:
        if self._result is None:
            raise HandError(f"the hand is not over: seat {self.to_act} is to act", _STREET_RULE[self.street])
        return self._result


# --- hand histories -------------------------------------------------------------------------


def _chips(history: dict, field: str, *, least: int) -> int:
    value = history.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise HandError(f"{field} must be a whole number of chips, at least {least}", "30 DCMR 1603.20")
    return value


def _parse_deck(deck) -> list[int]:
    if not isinstance(deck, list):
        raise HandError("deck must be a list of cards from the top", "30 DCMR 1603.22")
    cards, seen = [], set()
    for i, text in enumerate(deck):
        try:
            card = parse_card(text)
        except ValueError as err:
            raise HandError(f"deck[{i}]: {err}", "30 DCMR 1603.22") from None
        if card in seen:
            raise HandError(
                f"deck[{i}]: {text} is repeated; a standard 52-card deck holds each card once", "30 DCMR 1603.22"
            )
        seen.add(card)
        cards.append(card)
    return cards


def start_hand(history: dict, *, max_seats: int = MAX_SEATS) -> Hand:
    """Build the hand a history describes (forced bets posted, hole cards dealt), at a table of at most
    `max_seats` players."""
    if not isinstance(history, dict):
        raise HandError("a hand history is a JSON object", "hand-history format")
    if history.get("betting") != "no-limit":
        raise HandError(f"betting {history.get('betting')!r} is not offered: only no-limit", NO_LIMIT_RULE)
    small_blind = _chips(history, "small_blind", least=1)
    big_blind = _chips(history, "big_blind", least=1)
    if small_blind > big_blind:
        raise HandError(f"small blind {small_blind} is above the big blind {big_blind}", "30 DCMR 1604.3(f)")
    ante = _chips(history, "ante", least=0) if "ante" in history else 0
    seats = history.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise HandError("seats must be a list of {name, stack}, clockwise", "30 DCMR 1604.3(h)")
    stacks = []
    for i, seat in enumerate(seats):
        stack = seat.get("stack")
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            raise HandError(f"stack must be a whole number of chips, not {stack!r}", "30 DCMR 1603.20", seat=i)
        stacks.append(stack)
    button = history.get("button")
    if isinstance(button, bool) or not isinstance(button, int):
        raise HandError(f"button must be a seat index, not {button!r}", "30 DCMR 1604.3(d)")
    deck = _parse_deck(history.get("deck"))
    return Hand(stacks=stacks, button=button, small_blind=small_blind, big_blind=big_blind, deck=deck, ante=ante,
                max_seats=max_seats)


def replay(history: dict, *, max_seats: int = MAX_SEATS) -> dict:
    """The result of a hand history, or HandError with the one-line message the CLI prints."""
    hand = start_hand(history, max_seats=max_seats)
    actions = history.get("actions")
    if not isinstance(actions, list):
        raise HandError("actions must be a list, in acting order", "hand-history format")
    for index, entry in enumerate(actions):
        if not isinstance(entry, dict):
            raise HandError("an action is an object {seat, action, to}", "hand-history format", index=index)
        seat = entry.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise HandError(f"seat must be a seat index, not {seat!r}", "hand-history format", index=index)
        hand.act(seat, entry.get("action"), entry.get("to"), index=index)
    if not hand.over:
        raise HandError(
            f"the hand is not over: seat {hand.to_act} is still to act on the {STREETS[hand.street]}",
            _STREET_RULE[hand.street],
            seat=hand.to_act,
            index=len(actions),
        )
    return hand.result()
