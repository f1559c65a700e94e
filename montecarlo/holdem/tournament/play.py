"""The events of play at a table: hand start, action, showdown, misdeal.

Functions of the Tournament (`t`) so tournament.py keeps registration, seating and results.
Each raises TournamentError before it changes anything it cannot undo; `Tournament.apply`
restores the state if anything fails part-way.
"""

from montecarlo.holdem.hand import Hand, HandError
from montecarlo.holdem.tournament.errors import TournamentError
from montecarlo.holdem.tournament.seating import blind_seats, next_button
from montecarlo.holdem.tournament.table import new_hand, real_deck, restart, showdown_choice

HOUSE_RULES = "30 DCMR 1604.4"
VOLUNTARY = ("call", "bet", "raise", "allin")


def _int(event: dict, field: str, rule: str) -> int:
    value = event.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(f"{field}: a whole number is required, not {value!r}", rule)
    return value


def table_of(t, event: dict, *, in_hand: bool):
    number = _int(event, "table", "30 DCMR 1603.23")
    table = t.tables.get(number)
    if table is None or table.broken:
        raise TournamentError(f"table: there is no table {number} in play", "30 DCMR 1603.23")
    if in_hand and table.hand is None:
        raise TournamentError(f"table: no hand is in progress at table {number}", "30 DCMR 1604.3(h)")
    if not in_hand and table.hand is not None:
        raise TournamentError(
            f"table: hand {table.hand.hand_no} is still in progress at table {number}", "30 DCMR 1603.27"
        )
    return table


def hand_start(t, event: dict) -> None:
    t.require_running()
    table = table_of(t, event, in_hand=False)
    level_no = _int(event, "level", HOUSE_RULES)
    if not 0 <= level_no < len(t.levels) or t.levels[level_no].is_break:
        raise TournamentError(f"level: {level_no} is not a playing level of the blind structure", HOUSE_RULES)
    lv = t.levels[level_no]
    chips = {s: t.players[p].chips for s, p in table.seats.items()}
    occupied = sorted(table.seats)
    out: list[int] = []
    # 1604.3(aa): out before the deal is whoever has no chips or cannot post the ante and the
    # blind his seat owes. Taking a player out can make another seat the big blind, so repeat.
    while len(occupied) >= 2:
        button = next_button(occupied, table.button_seat)
        sb, bb = blind_seats(occupied, button)
        owed = {s: lv.ante + (lv.small_blind if s == sb else lv.big_blind if s == bb else 0) for s in occupied}
        broke = [s for s in occupied if chips[s] <= 0 or chips[s] < owed[s]]
        if not broke:
            break
        out += broke
        occupied = [s for s in occupied if s not in broke]
    if len(occupied) == 1 and chips[occupied[0]] <= 0:
        out.append(occupied.pop())
    if not out and len(occupied) < 2:
        raise TournamentError(
            f"table: table {table.number} has fewer than two players; move players to it or break it first",
            "30 DCMR 1603.23",
        )
    hand_no = table.hands_played + 1
    if out:
        # Chips of a player out before the deal leave play; the log keeps them accounted for.
        t.forfeits += [{"player": table.seats[s], "chips": chips[s], "table": table.number, "hand_no": hand_no}
                       for s in sorted(out) if chips[s]]  # fmt: skip
        t.eliminate([(table.seats[s], chips[s]) for s in sorted(out)], table=table.number, hand_no=hand_no)
    if len(occupied) < 2 or t.status != "running":
        return  # no hand here: the balancing moves bring players, or the tournament is over
    button = next_button(occupied, table.button_seat)
    table.button_seat = button
    table.hand = new_hand(table, t.players, hand_no=hand_no, level=level_no, lv=lv, button=button,
                          max_seats=t.seats_limit)
    after_action(t, table)


def action(t, event: dict) -> None:
    t.require_running()
    table = table_of(t, event, in_hand=True)
    th = table.hand
    if th.needs_showdown:
        raise TournamentError("the betting is over: enter the cards shown and the hands mucked", "30 DCMR 1604.3(t)")
    seat_no = _int(event, "seat", "30 DCMR 1604.3(h)")
    index = th.index_of(seat_no)
    name, to = event.get("action"), event.get("to")
    try:
        th.hand.act(index, name, to if name in ("bet", "raise") else None)
    except HandError as err:
        raise TournamentError(f"seat {seat_no}: {err.what}", err.rule) from None
    entry = {"seat": index, "action": name}
    if name in ("bet", "raise"):
        entry["to"] = to
    th.actions.append(entry)
    after_action(t, table)


def after_action(t, table) -> None:
    th = table.hand
    if th.hand.over and not th.needs_showdown:  # won by a fold: nobody shows (1604.3(t)(1))
        t.complete_hand(table, th.hand.result(), th.hand.deck, mucked=[])


def showdown(t, event: dict) -> None:
    t.require_running()
    table = table_of(t, event, in_hand=True)
    th = table.hand
    if not th.needs_showdown:
        raise TournamentError("no showdown yet: the betting is not over", "30 DCMR 1604.3(t)")
    # 1604.3(t)(2): the hand that made the last bet or raise shows (every hand, if nobody bet);
    # the others show or muck, and a mucked hand is not entered.
    shown, mucked = showdown_choice(th, event.get("shown"), event.get("mucked"))
    deck = real_deck(th, event.get("board"), shown, mucked)
    hand = Hand(
        stacks=list(th.start_stacks),
        button=th.button_index,
        small_blind=th.small_blind,
        big_blind=th.big_blind,
        ante=th.ante,
        deck=deck,
        max_seats=th.hand.max_seats,
    )
    for a in th.actions:
        hand.act(a["seat"], a["action"], a.get("to"))
    indexes = [th.index_of(seat) for seat in mucked]
    t.complete_hand(table, hand.showdown(mucked=indexes), deck, mucked=indexes)


def misdeal(t, event: dict) -> None:
    t.require_running()
    table = table_of(t, event, in_hand=True)
    th = table.hand
    if any(a["action"] in VOLUNTARY for a in th.actions):
        raise TournamentError("no misdeal once a player has bet, raised or called", "30 DCMR 1604.3(bb)")
    # 1604.3(cc): no new antes or blinds: the hand is dealt again with the same stacks, button
    # and forced bets, as if the first deal had never happened.
    restart(th)
    after_action(t, table)
