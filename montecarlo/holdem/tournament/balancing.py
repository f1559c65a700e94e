"""Table balancing and breaking between hands.

The house rule the engine proposes (the director approves each move):
- a table is broken as soon as the other tables can seat its players (at most
  `max_per_table` each, 30 DCMR 1603.23): the fewest tables of `max_per_table` seats are used;
- no table is more than one player away from another;
- only tables not in a hand give or take players;
- from a table that is too full, the player due to post the next big blind moves (he would
  otherwise pay it there), and every moved player takes the empty seat where he posts the big
  blind soonest (`seating.fair_seat`), so nobody skips blinds by moving.
"""

from math import ceil

from montecarlo.holdem.tournament.seating import blind_seats, fair_seat, next_button


def balancing_moves(tables: list[dict], max_per_table: int) -> list[dict]:
    """`tables`: [{"number", "seats": {seat: player}, "button": int|None, "busy": bool}] for the
    tables still in play. Returns the moves that, applied in order, balance the tables:
    [{"player", "from_table", "to_table", "to_seat", "reason": "balance"|"break"}]."""
    seats = {t["number"]: dict(t["seats"]) for t in tables if t["seats"]}
    button = {t["number"]: t["button"] for t in tables}
    busy = {t["number"] for t in tables if t["busy"]}
    moves: list[dict] = []
    players = sum(len(s) for s in seats.values())
    if players < 2:
        return moves

    def move(player: str, src: int, dst: int, reason: str) -> None:
        to_seat = fair_seat(sorted(seats[dst]), button[dst], max_per_table)
        moves.append({"player": player, "from_table": src, "to_table": dst, "to_seat": to_seat, "reason": reason})
        del seats[src][next(s for s, p in seats[src].items() if p == player)]
        seats[dst][to_seat] = player

    # Break tables while the others can take their players.
    while len(seats) > ceil(players / max_per_table):
        idle = [t for t in seats if t not in busy]
        if not idle:
            break
        doomed = min(idle, key=lambda t: (len(seats[t]), -t))
        for _seat, player in sorted(seats[doomed].items()):
            room = [t for t in seats if t != doomed and t not in busy and len(seats[t]) < max_per_table]
            if not room:
                break
            move(player, doomed, min(room, key=lambda t: (len(seats[t]), t)), "break")
        if seats[doomed]:
            break  # the rest must wait for a table now in a hand
        del seats[doomed]

    # Then even out: one player at a time from the fullest idle table to the emptiest.
    while True:
        sizes = [len(s) for s in seats.values()]
        if max(sizes) - min(sizes) <= 1:
            break
        idle = [t for t in seats if t not in busy]
        if len(idle) < 2:
            break
        src = max(idle, key=lambda t: (len(seats[t]), -t))
        dst = min(idle, key=lambda t: (len(seats[t]), t))
        if len(seats[src]) - len(seats[dst]) <= 1:
            break
        occupied = sorted(seats[src])
        big_blind = blind_seats(occupied, next_button(occupied, button[src]))[1]
        move(seats[src][big_blind], src, dst, "balance")
    return moves
