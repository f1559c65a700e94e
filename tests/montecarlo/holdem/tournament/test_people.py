"""Who a player is (one entry per person, 30 DCMR 1603.30; the per-person day cap, 1603.26): a board
player id when both records have one, else the name with the date of birth; never the name alone."""

from types import SimpleNamespace

import pytest

from montecarlo.holdem.tournament import Level, Tournament, TournamentError
from montecarlo.holdem.tournament.people import name_key, same_person


def person(name="Ana Diaz", born="1990-04-01", board_id=None):
    return SimpleNamespace(name=name, date_of_birth=born, board_player_id=board_id)


@pytest.mark.parametrize("a,b,same", [
    (person(), person(), True),
    (person(), person(name="  ana   DIAZ "), True),
    (person(), person(born="1990-04-02"), False),  # two Ana Diazes
    (person(), person(name="Ana Díaz"), False),
    (person(board_id="DC-1"), person(name="Ana D.", born="1991-01-01", board_id="DC-1"), True),
    (person(board_id="DC-1"), person(board_id="DC-2"), False),  # the ids tell them apart
    (person(board_id="DC-1"), person(), True),  # one id only: name and date of birth decide
    (person(board_id="DC-1"), person(born="1990-04-02"), False),
    (person(born=None), person(), True),  # kept before dates of birth were asked: the name decides
    (person(born=None), person(name="Ben"), False),
])
def test_same_person(a, b, same):
    assert same_person(a, b) is same and same_person(b, a) is same


def test_name_key():
    assert name_key("  ANA \t Diaz ") == "ana diaz"


def registering() -> Tournament:
    return Tournament(starting_chips=1000, levels=[Level(25, 50)])


def register(t, pid, name, born="1990-04-01", **extra):
    t.apply({"type": "register", "player": pid, "name": name, "date_of_birth": born, **extra})


def test_the_same_person_enters_once():
    t = registering()
    register(t, "p1", "Ana Diaz")
    register(t, "p2", "Ana Diaz", born="1985-07-30")  # another Ana Diaz
    with pytest.raises(TournamentError) as caught:
        register(t, "p3", "ANA DIAZ")
    assert str(caught.value) == "name: ANA DIAZ is already entered (as p1); one entry per player, no rebuys " \
                                "(30 DCMR 1603.30)"
    register(t, "p4", "Cy", board_player_id="DC-77")
    with pytest.raises(TournamentError, match=r"already entered \(as p4\)"):
        register(t, "p5", "Cyrus", born="1970-01-01", board_player_id="DC-77")
    assert [(p.name, p.date_of_birth, p.board_player_id) for p in t.players.values()] == [
        ("Ana Diaz", "1990-04-01", None), ("Ana Diaz", "1985-07-30", None), ("Cy", "1990-04-01", "DC-77")]


@pytest.mark.parametrize("born", ["1990-4-1", "01/04/1990", "1990-02-30", 19900401, ""])
def test_the_date_of_birth_is_an_iso_date(born):
    with pytest.raises(TournamentError) as caught:
        register(registering(), "p1", "Ana", born=born)
    assert caught.value.rule == "30 DCMR 1702.1" and str(caught.value).startswith("date_of_birth: ")


@pytest.mark.parametrize("board_id", ["", "  ", 12])
def test_the_board_player_id_is_text(board_id):
    with pytest.raises(TournamentError, match=r"board_player_id: .*1603.30"):
        register(registering(), "p1", "Ana", board_player_id=board_id)


def test_a_record_without_dates_of_birth_still_replays():
    t = registering()
    t.apply({"type": "register", "player": "p1", "name": "Ana"})
    t.apply({"type": "register", "player": "p2", "name": "Ben"})
    with pytest.raises(TournamentError, match="already entered"):
        t.apply({"type": "register", "player": "p3", "name": "ana"})
    assert t.players["p1"].date_of_birth is None
