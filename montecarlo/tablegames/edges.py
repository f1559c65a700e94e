"""Every bet's house edge, game by game: exact by enumeration or combinatorics where feasible, else simulated
with its 95% confidence interval. One JSON object per line:

    {"game": "baccarat", "variant": "8 decks, 5% commission", "bet": "banker", "house_edge_pct": 1.0579,
     "method": "exact"}"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from montecarlo.tablegames import baccarat_edges, caribbean_edges, dice_edges

# In the order a reader meets them on the catalogue page; Caribbean poker's enumeration is the long one.
SOURCES: tuple[Callable[[], list[dict]], ...] = (dice_edges.edges, baccarat_edges.edges, caribbean_edges.edges)


def all_edges() -> Iterator[dict]:
    for source in SOURCES:
        yield from source()


def lines(edges) -> Iterator[str]:
    for edge in edges:
        yield json.dumps(edge, ensure_ascii=False)
