"""`python -m montecarlo.tablegames edges`: every bet of every game, one JSON object per line with the issue's
keys, every game's standard variant and the variants the texts allow; the file the public rules pages read
(montecarlo/tablegames/edges.json) is exactly what the command prints now."""

import contextlib
import io
import json
import subprocess
import sys

import pytest
from django.conf import settings

from montecarlo.catalog.edges import EDGES_FILE, GAME_NAMES
from montecarlo.tablegames.__main__ import main

KEYS = {"game", "variant", "bet", "house_edge_pct", "method"}

@pytest.fixture(scope="module")
def printed() -> list[dict]:
    """What the command prints, run in this process (`python -m` runs the same `main`: test below), where Caribbean
    poker's exact figures (about 10 s) are computed once: a worker that ran test_caribbean_edges has them."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["edges"]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_python_m_runs_the_command():
    run = subprocess.run([sys.executable, "-m", "montecarlo.tablegames", "--help"], capture_output=True, text=True,
                         cwd=settings.BASE_DIR, timeout=120, check=True)
    assert "{edges}" in run.stdout and "--write FILE" in run.stdout
    refused = subprocess.run([sys.executable, "-m", "montecarlo.tablegames", "odds"], capture_output=True, text=True,
                             cwd=settings.BASE_DIR, timeout=120)
    assert refused.returncode == 2 and "invalid choice: 'odds'" in refused.stderr


def test_one_json_object_a_line_with_the_issues_keys(printed):
    for edge in printed:
        assert KEYS <= set(edge) <= KEYS | {"ci95_pct"}
        assert edge["method"] in ("exact", "simulated")
        assert ("ci95_pct" in edge) == (edge["method"] == "simulated")
        assert round(edge["house_edge_pct"], 4) == edge["house_edge_pct"]
    assert {"game": "baccarat", "variant": "8 decks, 5% commission", "bet": "banker", "house_edge_pct": 1.0579,
            "method": "exact"} in printed


def test_every_game_and_the_variants_the_texts_allow(printed):
    assert {edge["game"] for edge in printed} == set(GAME_NAMES.values())
    variants = {(edge["game"], edge["variant"]) for edge in printed}
    baccarat = {variant for game, variant in variants if game == "baccarat"}
    assert any("6 decks" in v for v in baccarat) and any("8 decks" in v for v in baccarat)
    assert any("6" in v and "1:2" in v for v in baccarat)  # half pay on a banker six
    caribbean = [edge for edge in printed if edge["game"] == "caribbean_poker"]
    assert {edge["bet"] for edge in caribbean} == {"ante", "jackpot"}
    assert any("(000)" in e["variant"] for e in caribbean) and any("(001)" in e["variant"] for e in caribbean)
    for game in ("craps", "banca_francesa"):  # a throw can decide nothing: say per decision or per throw
        lines = [edge for edge in printed if edge["game"] == game]
        assert all("per decision" in e["variant"] or "per throw" in e["variant"] for e in lines)
        assert {e["bet"] for e in lines if "per decision" in e["variant"]} == {
            e["bet"] for e in lines if "per throw" in e["variant"]}
    wheel = {edge["bet"]: edge["house_edge_pct"] for edge in printed if edge["game"] == "wheel_of_fortune"}
    assert wheel == {"1": 11.1111, "2": 16.6667, "5": 22.2222, "10": 18.5185, "20": 22.2222, "figure_a": 14.8148,
                     "figure_b": 14.8148}


def test_the_rules_pages_read_what_the_command_prints(printed):
    assert json.loads(EDGES_FILE.read_text(encoding="utf-8")) == printed, (
        "montecarlo/tablegames/edges.json is stale: python -m montecarlo.tablegames edges --write "
        "montecarlo/tablegames/edges.json")
