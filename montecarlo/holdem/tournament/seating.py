"""Seat draw and the clockwise arithmetic of seats, the button and the blinds.

Seats are numbered 1..max_per_table around the table clockwise; an empty seat is skipped
when the button moves (30 DCMR 1604.3(d)) and when blinds are posted (1604.3(e)-(g)).
"""

from math import ceil

from montecarlo.holdem.tournament.errors import TournamentError

TABLE_RULE = "30 DCMR 1603.23"


def draw_seats(
    player_ids: list[str], *, tables: int | None = None, max_per_table: int = 7, seats_limit: int = 7, rng
) -> dict[str, tuple[int, int]]:
    """Random seat draw: player -> (table_no from 1, seat_no from 1). The fewest tables of at
    most `max_per_table` players (1603.23; at most `seats_limit`, the Board's figure the caller
    passes) unless `tables` is given; table sizes differ by at most one. `rng` is injected
    (random.Random-like) so a draw can be reproduced."""
    n = len(player_ids)
    if len(set(player_ids)) != n:
        raise TournamentError("a player is listed twice for the seat draw", "30 DCMR 1603.30")
    if not 2 <= max_per_table <= seats_limit:
        raise TournamentError(f"a table seats 2 to {seats_limit} players, not {max_per_table}", TABLE_RULE)
    if n < 2:
        raise TournamentError("a tournament needs at least two players", "30 DCMR 1603.25")
    least = ceil(n / max_per_table)
    if tables is None:
        tables = least
    if not least <= tables <= n // 2:
        raise TournamentError(
            f"{n} players need {least} to {n // 2} tables of 2 to {max_per_table} players, not {tables}", TABLE_RULE
        )
    players = list(player_ids)
    rng.shuffle(players)
    base, extra = divmod(n, tables)
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for table in range(1, tables + 1):
        size = base + (1 if table <= extra else 0)
        for seat in sorted(rng.sample(range(1, max_per_table + 1), size)):
            out[players[at]] = (table, seat)
            at += 1
    return out


def next_occupied(occupied: list[int], seat: int) -> int:
    """The first occupied seat clockwise after `seat` (which may itself be empty)."""
    ordered = sorted(occupied)
    for s in ordered:
        if s > seat:
            return s
    return ordered[0]


def blind_seats(occupied: list[int], button: int) -> tuple[int, int]:
    """(small blind, big blind) seats: heads-up the button posts the small blind (1604.3(g)),
    otherwise the two seats left of the button (1604.3(e), (f))."""
    if len(occupied) == 2:
        return button, next_occupied(occupied, button)
    sb = next_occupied(occupied, button)
    return sb, next_occupied(occupied, sb)


def next_button(occupied: list[int], button: int | None) -> int:
    """The next hand's button: clockwise to the next occupied seat (1604.3(d)); the first hand
    at a table puts it on the lowest occupied seat."""
    return min(occupied) if button is None else next_occupied(occupied, button)


def hands_until_big_blind(occupied: list[int], button: int | None, seat: int) -> int:
    """How many hands from now until `seat` posts the big blind (0 = the next hand)."""
    b = next_button(occupied, button)
    for k in range(len(occupied) + 1):
        if blind_seats(occupied, b)[1] == seat:
            return k
        b = next_occupied(occupied, b)
    return len(occupied) + 1


def fair_seat(occupied: list[int], button: int | None, max_per_table: int) -> int | None:
    """The empty seat a moved player takes: the one where he posts the big blind soonest, so a
    move never lets a player skip the blinds (the choice that "keeps the blinds fair"); ties go to
    the lowest seat. None when the table is full."""
    empty = [s for s in range(1, max_per_table + 1) if s not in occupied]
    if not empty:
        return None
    return min(empty, key=lambda s: (hands_until_big_blind(sorted([*occupied, s]), button, s), s))
