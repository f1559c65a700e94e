"""Who a player is: one entry per person in a tournament (30 DCMR 1603.30, no rebuys) and prizes of
at most $500 per person per day across tournaments (1603.26). A name alone does not tell two people
apart: a person is the same when both records carry a board player id and the ids agree, else when
the name and the date of birth agree. Records kept before dates of birth were asked match by name.
"""

from __future__ import annotations

from typing import Protocol


class Person(Protocol):
    name: str
    date_of_birth: str | None  # ISO date
    board_player_id: str | None


def name_key(name: str) -> str:
    """Names compare without case or repeated spaces: "ANA  Diaz" is "ana diaz"."""
    return " ".join(name.split()).casefold()


def same_person(a: Person, b: Person) -> bool:
    if a.board_player_id and b.board_player_id:
        return a.board_player_id == b.board_player_id
    if name_key(a.name) != name_key(b.name):
        return False
    return a.date_of_birth is None or b.date_of_birth is None or a.date_of_birth == b.date_of_birth
