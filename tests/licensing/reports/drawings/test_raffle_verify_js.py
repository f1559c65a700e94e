"""The browser's verifier (static/licensing/raffle_verify.js) is a faithful port of engine.py: run under
Node on drawings of every shape (one prize, every ticket a prize, a pool that forces rejection sampling to
matter, unsorted and sparse ticket numbers), it gives the command's commitment, tickets hash and winners, names
the same first mismatching field, and refuses the same malformed fields."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from licensing.reports.drawings import engine

SCRIPT = Path(__file__).resolve().parents[4] / "static" / "licensing" / "raffle_verify.js"
RUNNER = """
const v = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(function (c) {
  try {
    if (c.verify) { return {mismatch: v.verify(c.verify).mismatch}; }
    return v.draw(c.tickets, c.prizes, c.seed);
  } catch (e) { return {malformed: e.field}; }
});
process.stdout.write(JSON.stringify(out));
"""

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")


def node(cases: list[dict]) -> list[dict]:
    done = subprocess.run(["node", "-e", RUNNER, str(SCRIPT)], input=json.dumps(cases), capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def cases() -> list[dict]:
    chance = random.Random(26)
    found = [{"tickets": [1, 2, 5, 9], "prizes": 3, "seed": bytes(range(32)).hex()},
             {"tickets": [7], "prizes": 1, "seed": "00" * 32},
             {"tickets": list(range(100, 199)), "prizes": 99, "seed": "ff" * 32}]
    for _ in range(25):
        tickets = chance.sample(range(0, 10**9), chance.randint(1, 400))
        found.append({"tickets": tickets, "prizes": chance.randint(1, len(tickets)),
                      "seed": chance.randbytes(32).hex()})
    return found


def test_the_javascript_draw_is_the_commands():
    given = cases()
    for case, answer in zip(given, node(given), strict=True):
        expected = engine.draw(**case)
        assert answer == {"commitment": expected.commitment, "tickets_hash": expected.tickets_hash,
                          "winners": expected.winners}


def test_verify_names_the_same_field_and_refuses_the_same_input():
    case = {"tickets": [3, 1, 4, 15, 9, 2, 6], "prizes": 3, "seed": bytes(range(32)).hex()}
    drawn = engine.draw(**case)
    published = {"format": "raffle-drawing/1", "raffle": "RF-2027-00012", **case, "commitment": drawn.commitment,
                 "tickets_hash": drawn.tickets_hash, "winners": drawn.winners}
    variants = [published, {**published, "seed": "f" * 64}, {**published, "tickets": [*case["tickets"], 100]},
                {**published, "winners": list(reversed(drawn.winners))}, {**published, "format": "x"},
                {**published, "tickets": [1, 1]}, {**published, "prizes": 8}, {**published, "seed": "AB" * 32},
                {**published, "tickets": [1, True]}]
    answers = node([{"verify": variant} for variant in variants])
    for variant, answer in zip(variants, answers, strict=True):
        try:
            expected = {"mismatch": engine.verify(variant)}
        except engine.MalformedDrawing as error:
            expected = {"malformed": error.field}
        assert answer == expected, variant
