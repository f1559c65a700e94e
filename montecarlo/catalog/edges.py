"""The house edge of every bet of every table game, as `python -m montecarlo.tablegames edges --write` computed
it (montecarlo/tablegames/edges.json; a test recomputes it and compares). The public rules pages read it: the
Caribbean poker enumeration takes minutes, too long for a page."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import montecarlo.tablegames

EDGES_FILE = Path(montecarlo.tablegames.__file__).with_name("edges.json")
# The edges' game names by catalog code.
GAME_NAMES = {"caribbean-poker": "caribbean_poker", "punto-banca": "baccarat", "wheel": "wheel_of_fortune",
              "banca-francesa": "banca_francesa", "craps": "craps"}


@cache
def all_edges() -> tuple[dict, ...]:
    if not EDGES_FILE.exists():
        return ()
    return tuple(json.loads(EDGES_FILE.read_text(encoding="utf-8")))


def edges_of(code: str) -> list[dict]:
    name = GAME_NAMES.get(code)
    return [edge for edge in all_edges() if edge["game"] == name]
