"""The browser's verifier (static/licensing/raffle_verify.js) is a faithful port of engine.py: run under
Node on drawings of every shape (one prize, every ticket a prize, a pool that forces rejection sampling to
matter, unsorted and sparse ticket numbers), in either format (raffle-drawing/2: dice and balls), it gives the
command's commitment, tickets hash and winners, names the same first mismatching field, and refuses the same
malformed fields."""

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
    if (c.witness) { return v.drawWitnessed(c.tickets, c.prizes, c.seed, c.witness); }
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


def assert_same_verdicts(variants: list[dict]) -> None:
    """The browser's verify says what the command's does of each published drawing: verified, the first mismatching
    field, or the malformed field."""
    answers = node([{"verify": variant} for variant in variants])
    for variant, answer in zip(variants, answers, strict=True):
        try:
            expected = {"mismatch": engine.verify(variant)}
        except engine.MalformedDrawing as error:
            expected = {"malformed": error.field}
        assert answer == expected, variant


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


def witnessed_cases() -> list[dict]:
    chance = random.Random(29)
    found = []
    for case in cases():
        if chance.random() < 0.5:
            witness = engine.witness_text(engine.DICE, [chance.randint(1, 6) for _ in range(chance.randint(25, 100))])
        else:
            witness = engine.witness_text(engine.BALLS, chance.sample(range(1, 76), chance.randint(11, 75)))
        found.append({**case, "witness": witness})
    return found


def test_the_javascript_draw_is_the_commands():
    given = cases() + witnessed_cases()
    for case, answer in zip(given, node(given), strict=True):
        expected = engine.draw_witnessed(**case) if "witness" in case else engine.draw(**case)
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
    assert_same_verdicts(variants)


RECORD = [{"seq": 1, "kind": "scheduled", "at": "2027-04-01T15:00:00.000000Z"},
          {"seq": 2, "kind": "sales_closed", "at": "2027-05-01T18:30:00.000000Z"},
          {"seq": 3, "kind": "witnessed", "at": "2027-05-01T18:41:07.512004Z"},
          {"seq": 4, "kind": "drawn", "at": "2027-05-01T18:42:00.106213Z"}]


def test_verify_of_a_witnessed_drawing_names_the_same_field_and_refuses_the_same_input():
    case = {"tickets": [3, 1, 4, 15, 9, 2, 6], "prizes": 3, "seed": bytes(range(32)).hex(),
            "witness": "b75:7-64-22-51-3-38-70-12-45-29-60"}
    drawn = engine.draw_witnessed(**case)
    published = {"format": "raffle-drawing/2", "raffle": "RF-2027-00012", **case, "witness_name": "Ana Pérez",
                 "commitment": drawn.commitment, "tickets_hash": drawn.tickets_hash, "winners": drawn.winners,
                 "record": RECORD}
    swapped = [RECORD[0], {**RECORD[2], "seq": 2}, {**RECORD[1], "seq": 3}, RECORD[3]]
    variants = [
        published, {**published, "seed": "f" * 64}, {**published, "tickets": [*case["tickets"], 100]},
        {**published, "record": swapped}, {**published, "record": [*RECORD[:3], {**RECORD[2], "seq": 4}]},
        {**published, "record": [RECORD[0], RECORD[1], {**RECORD[2], "at": "2027-05-01T18:29:00.000000Z"}, RECORD[3]]},
        {**published, "witness": "d6:" + "3" * 25}, {**published, "winners": list(reversed(drawn.winners))},
        {**published, "format": "raffle-drawing/1"}, {**published, "format": "raffle-drawing/3"},
        {**published, "witness": "d6:" + "3" * 24}, {**published, "witness": "d6:" + "٣" * 25},
        {**published, "witness": "b75:7-64-22-51-3-38-70-12-45-29-7"},
        {**published, "witness": "b75:7-64-22-51-3-38-70-12-45-29-76"},
        {**published, "witness": "b75:07-64-22-51-3-38-70-12-45-29-60"}, {**published, "witness": None},
        {**published, "witness_name": ""}, {**published, "witness_name": " "}, {**published, "witness_name": "A\x00"},
        {**published, "witness_name": "A\x9f"}, {**published, "witness_name": "é" * 200},
        {**published, "witness_name": "😀" * 200}, {**published, "witness_name": "😀" * 201},
        {**published, "record": None}, {**published, "record": [{**RECORD[0], "extra": 1}, *RECORD[1:]]},
        {**published, "record": [{**RECORD[0], "at": "2027-04-01T15:00:00Z"}, *RECORD[1:]]},
        {**published, "record": [{**RECORD[0], "seq": "1"}, *RECORD[1:]]},
    ]
    assert_same_verdicts(variants)
