"""Players, tables and the hand in progress at a table.

The dealer deals real cards the engine never sees until the showdown, so the betting is
driven by a `Hand` on a placeholder deck (betting does not depend on the cards). When the
betting ends with two or more players left, the cards shown (the hand that made the last bet
or raise, or every hand when nobody bet, 1604.3(t)(2); the others may muck) and the board
rebuild the real deck, the hand's actions are replayed on it, and that replay awards the pots
to the best hands shown.
"""

from dataclasses import dataclass, field
from decimal import Decimal
from itertools import combinations

from montecarlo.holdem.cards import format_cards, full_deck, parse_card
from montecarlo.holdem.evaluator import hand_rank
from montecarlo.holdem.hand import ALL_SHOW_RULE, SHOW_RULE, STREETS, Hand
from montecarlo.holdem.tournament.errors import TournamentError

DECK_RULE = "30 DCMR 1603.22"
SHOWDOWN_RULE = "30 DCMR 1604.3(t)(2)"


@dataclass
class Player:
    id: str
    name: str
    chips: int  # between hands; during a hand, the stack it started the hand with
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    eliminated_in_hand: int | None = None  # the table's hand number it went out in (or before, 1604.3(aa))
    eliminated_at_table: int | None = None
    out_order: int | None = None  # elimination batch: players out together share a number
    prize: Decimal | None = None  # set with the place
    date_of_birth: str | None = None  # ISO date, as registered (none in logs kept before it was asked)
    board_player_id: str | None = None  # the Board's id of the player, when the player has one


@dataclass
class TableHand:
    hand_no: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    button_seat: int
    seat_nos: list[int]  # clockwise; Hand seat index i is seat_nos[i]
    players: list[str]
    names: list[str]
    start_stacks: list[int]
    hand: Hand
    actions: list[dict] = field(default_factory=list)  # in Hand seat indexes, as in a hand history
    misdeals: int = 0

    @property
    def must_show(self) -> list[int]:
        """Seat numbers that must show at the showdown (1604.3(t)(2)); the others may muck."""
        return [self.seat_nos[i] for i in self.hand.must_show()]

    @property
    def button_index(self) -> int:
        return self.seat_nos.index(self.button_seat)

    def index_of(self, seat_no) -> int:
        if seat_no not in self.seat_nos:
            raise TournamentError(f"seat {seat_no} is not in this hand", "30 DCMR 1604.3(h)")
        return self.seat_nos.index(seat_no)

    @property
    def live(self) -> list[int]:
        return [i for i in range(len(self.seat_nos)) if not self.hand.folded[i]]

    @property
    def needs_showdown(self) -> bool:
        return self.hand.over and len(self.live) > 1

    def history(self, deck: list[int]) -> dict:
        """This hand as a hand history (shared/formats/hand-history.md) on `deck`."""
        return {
            "betting": "no-limit",
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "button": self.button_index,
            "seats": [{"name": n, "stack": s} for n, s in zip(self.names, self.start_stacks, strict=True)],
            "deck": format_cards(deck),
            "actions": [dict(a) for a in self.actions],
        }


@dataclass
class Table:
    number: int
    seats: dict[int, str] = field(default_factory=dict)  # seat_no -> player id
    button_seat: int | None = None
    hand: TableHand | None = None
    hands_played: int = 0
    broken: bool = False
    last_result: dict | None = None


def new_hand(table: Table, players: dict, *, hand_no: int, level: int, lv, button: int,
             max_seats: int) -> TableHand:
    """`max_seats`: the tournament's seats_limit, the players a table may seat (1603.23)."""
    seat_nos = sorted(table.seats)
    ids = [table.seats[s] for s in seat_nos]
    stacks = [players[p].chips for p in ids]
    hand = Hand(
        stacks=stacks,
        button=seat_nos.index(button),
        small_blind=lv.small_blind,
        big_blind=lv.big_blind,
        ante=lv.ante,
        deck=full_deck(),
        max_seats=max_seats,
    )
    return TableHand(
        hand_no=hand_no,
        level=level,
        small_blind=lv.small_blind,
        big_blind=lv.big_blind,
        ante=lv.ante,
        button_seat=button,
        seat_nos=seat_nos,
        players=ids,
        names=[players[p].name for p in ids],
        start_stacks=stacks,
        hand=hand,
    )


def restart(th: TableHand) -> None:
    """A misdeal: the same stacks, button and forced bets, dealt again (1604.3(bb), (cc))."""
    th.hand = Hand(
        stacks=list(th.start_stacks),
        button=th.button_index,
        small_blind=th.small_blind,
        big_blind=th.big_blind,
        ante=th.ante,
        deck=full_deck(),
        max_seats=th.hand.max_seats,
    )
    th.actions = []
    th.misdeals += 1


def _card(text, where: str) -> int:
    try:
        return parse_card(text)
    except ValueError as err:
        raise TournamentError(f"{where}: {err}", DECK_RULE) from None


def showdown_choice(th: TableHand, shown, mucked) -> tuple[dict, list[int]]:
    """Check who shows and who mucks: every player left does one or the other, and the hands that
    must show (1604.3(t)(2)(A), (B)) do. Returns (shown by seat number, mucked seat numbers)."""
    live = [th.seat_nos[i] for i in th.live]
    if not isinstance(shown, dict):
        raise TournamentError("shown: the cards shown, by seat", SHOWDOWN_RULE)
    if mucked is None:
        mucked = []
    if not isinstance(mucked, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in mucked):
        raise TournamentError("mucked: a list of the seats that muck", SHOWDOWN_RULE)
    showing = {}
    for key, cards in shown.items():
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else None
        if seat not in live:
            raise TournamentError(f"shown: seat {key} is not a player left in the hand", SHOWDOWN_RULE)
        showing[seat] = cards
    for seat in mucked:
        if seat not in live:
            raise TournamentError(f"mucked: seat {seat} is not a player left in the hand", SHOWDOWN_RULE)
        if seat in showing:
            raise TournamentError(f"mucked: seat {seat} cannot both show and muck", SHOWDOWN_RULE)
    if len(set(mucked)) != len(mucked):
        raise TournamentError("mucked: a seat is listed twice", SHOWDOWN_RULE)
    missing = [s for s in live if s not in showing and s not in mucked]
    if missing:
        raise TournamentError(f"shown: seat {missing[0]}: enter the cards shown, or mark the hand mucked",
                              SHOWDOWN_RULE)
    required = th.must_show
    for seat in required:
        if seat in mucked:
            if len(required) == 1:
                raise TournamentError(f"mucked: seat {seat} made the last bet or raise of the hand and must show",
                                      SHOW_RULE)
            raise TournamentError(f"mucked: seat {seat} must show: nobody bet or raised after the blinds, so "
                                  "every player left shows", ALL_SHOW_RULE)
    return showing, sorted(mucked)


def real_deck(th: TableHand, board, shown: dict, mucked: list[int]) -> list[int]:
    """The deck the dealer really dealt, as far as it matters: the shown hole cards where the
    deal put them (1604.3(h), (i)), the board after each burn (1604.3(n), (p), (r)). Cards never
    seen (folded hands, burns) are filled with unused cards, which change no result; a mucked
    hand gets the weakest unused cards with this board, so that the hand history, which has no
    way to say "mucked", replays to the same pots whenever a mucked hand could lose."""
    n = len(th.seat_nos)
    if not isinstance(board, list) or len(board) != 5:
        raise TournamentError("board: five cards, flop, turn and river, are dealt out", "30 DCMR 1604.3(n)")
    deck: list[int | None] = [None] * (2 * n + 8)
    button = th.button_index
    for k in range(n):
        seat_no = th.seat_nos[(button + 1 + k) % n]
        cards = shown.get(seat_no)
        if cards is None:
            continue
        if not isinstance(cards, list) or len(cards) != 2:
            raise TournamentError(f"shown[{seat_no}]: two hole cards", "30 DCMR 1604.3(i)")
        deck[k] = _card(cards[0], f"shown[{seat_no}]")
        deck[n + k] = _card(cards[1], f"shown[{seat_no}]")
    for pos, text in zip((1, 2, 3, 5, 7), board, strict=True):
        deck[2 * n + pos] = _card(text, "board")
    known = [c for c in deck if c is not None]
    if len(set(known)) != len(known):
        raise TournamentError("a card is entered twice; a standard deck holds each card once", DECK_RULE)
    cards_on_board = [deck[2 * n + pos] for pos in (1, 2, 3, 5, 7)]
    for k in range(n):
        if th.seat_nos[(button + 1 + k) % n] in mucked:
            free = [c for c in full_deck() if c not in deck]
            deck[k], deck[n + k] = min(combinations(free, 2), key=lambda pair: hand_rank([*pair, *cards_on_board]))
    unused = iter(c for c in full_deck() if c not in deck)
    return [c if c is not None else next(unused) for c in deck]


def last_hand(th: TableHand, result: dict, mucked: list[int]) -> dict:
    """What the dealer's screen shows of the hand just completed: who won which pot with which hand
    (seat numbers as the table has them), and who mucked."""
    def who(index: int) -> dict:
        shown = result["shown"].get(str(index))
        return {"seat": th.seat_nos[index], "name": th.names[index],
                "cards": shown["cards"] if shown else None, "rank": shown["rank"] if shown else None}

    return {
        "hand_no": th.hand_no,
        "board": list(result["board"]),
        "showdown": bool(result["shown"]),
        "pots": [{"amount": pot["amount"], "winners": [who(i) for i in pot["winners"]]} for pot in result["pots"]],
        "shown": [who(int(i)) for i in result["shown"]],
        "mucked": [{"seat": th.seat_nos[i], "name": th.names[i]} for i in mucked],
    }


def legal_view(hand: Hand) -> dict | None:
    legal = hand.legal_actions()
    if not legal:
        return None
    seat = hand.to_act
    opening = legal["bet"] or legal["raise"]
    return {
        "fold": legal["fold"],
        "check": legal["check"],
        "call": legal["call"],
        "raise_action": "bet" if legal["bet"] else "raise" if legal["raise"] else None,
        "min_raise_to": opening[0] if opening else None,
        "max_raise_to": opening[1] if opening else None,
        "allin": hand.committed[seat] + hand.stack[seat] if legal["allin"] else None,
    }


def table_view(table: Table, players: dict) -> dict:
    th = table.hand
    view = {
        "table": table.number,
        "broken": table.broken,
        "hands_played": table.hands_played,
        "button_seat": table.button_seat,
        "hand_no": None,
        "level": None,
        "small_blind": None,
        "big_blind": None,
        "ante": None,
        "sb_seat": None,
        "bb_seat": None,
        "street": None,
        "pot": 0,
        "board": [],
        "to_act": None,
        "legal": None,
        "needs_showdown": False,
        "showdown_seats": [],
        "must_show": [],
        "last_result": table.last_result,
        "seats": [],
    }
    if th is None:
        for seat_no, pid in sorted(table.seats.items()):
            p = players[pid]
            view["seats"].append(
                {"seat": seat_no, "player": pid, "name": p.name, "chips": p.chips, "in_hand": False,
                 "committed": 0, "folded": False, "all_in": False}
            )  # fmt: skip
        return view
    h = th.hand
    view.update(
        hand_no=th.hand_no,
        level=th.level,
        small_blind=th.small_blind,
        big_blind=th.big_blind,
        ante=th.ante,
        button_seat=th.button_seat,
        sb_seat=th.seat_nos[h.sb_seat],
        bb_seat=th.seat_nos[h.bb_seat],
        street=("showdown" if th.needs_showdown else STREETS[h.street]) if not h.over or th.needs_showdown else None,
        pot=sum(h.total),
        to_act=th.seat_nos[h.to_act] if h.to_act is not None else None,
        legal=legal_view(h),
        needs_showdown=th.needs_showdown,
        showdown_seats=[th.seat_nos[i] for i in th.live] if th.needs_showdown else [],
        must_show=th.must_show if th.needs_showdown else [],
    )
    for i, seat_no in enumerate(th.seat_nos):
        # Waiting for the showdown, the placeholder deck has "awarded" the pots: show the
        # stacks as they stand before the real cards decide.
        chips = th.start_stacks[i] - h.total[i] if th.needs_showdown else h.stack[i]
        view["seats"].append(
            {"seat": seat_no, "player": th.players[i], "name": th.names[i], "chips": chips, "in_hand": True,
             "committed": h.committed[i], "folded": h.folded[i], "all_in": not h.folded[i] and chips == 0}
        )  # fmt: skip
    return view
