"""The witnessed drawing of docs/formats/raffle-drawing-2.md, exactly: the module draws what the format's pseudocode
says (transcribed here independently), the document's test vectors hold, the witness value's minimum is 64 bits, each
malformed field is named (exit 2), and the command draws and verifies either format by its "format"."""

import hashlib
import hmac
import json
import math
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from licensing.reports.drawings import engine
from tests.licensing.reports.drawings.test_engine import spec_loop, spec_tickets_hash

SEED = bytes(range(32)).hex()
DICE = "d6:3152646315245316623141522"
BALLS = "b75:7-64-22-51-3-38-70-12-45-29-60"
RECORD = [{"seq": 1, "kind": "scheduled", "at": "2027-04-01T15:00:00.000000Z"},
          {"seq": 2, "kind": "sales_closed", "at": "2027-05-01T18:30:00.000000Z"},
          {"seq": 3, "kind": "witnessed", "at": "2027-05-01T18:41:07.512004Z"},
          {"seq": 4, "kind": "drawn", "at": "2027-05-01T18:42:00.106213Z"}]


def spec_draw(tickets, k, seed_hex, witness):
    """The format's pseudocode: the key derived from the seed, the tickets hash and the witness value, then /1's loop
    (transcribed in test_engine, independently of the module)."""
    seed = bytes.fromhex(seed_hex)
    tickets_hash = spec_tickets_hash(tickets)
    key = hmac.new(seed, ("raffle-drawing/2:" + tickets_hash + ":" + witness).encode("ascii"), hashlib.sha256).digest()
    return hashlib.sha256(seed).hexdigest(), tickets_hash, spec_loop(tickets, k, key)


def published(tickets=(1, 2, 5, 9), prizes=3, seed=SEED, witness=DICE):
    found = engine.draw_witnessed(tickets=list(tickets), prizes=prizes, seed=seed, witness=witness)
    return {"format": "raffle-drawing/2", "raffle": "RF-2027-00012", "prizes": prizes,
            "commitment": found.commitment, "tickets_hash": found.tickets_hash, "witness": witness,
            "witness_name": "Ana Pérez", "seed": seed, "tickets": list(tickets), "winners": found.winners,
            "record": [dict(step) for step in RECORD]}


dice = st.lists(st.integers(min_value=1, max_value=6), min_size=engine.DICE_MIN, max_size=engine.DICE_MAX).map(
    lambda rolled: engine.witness_text(engine.DICE, rolled))
balls = st.permutations(range(1, 76)).flatmap(
    lambda order: st.integers(min_value=engine.BALLS_MIN, max_value=engine.BALLS_MAX).map(
        lambda count: engine.witness_text(engine.BALLS, order[:count])))


@given(tickets=st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=60, unique=True),
       data=st.data(), seed=st.binary(min_size=32, max_size=32), witness=st.one_of(dice, balls))
def test_the_module_draws_what_the_format_says(tickets, data, seed, witness):
    k = data.draw(st.integers(min_value=1, max_value=len(tickets)))
    found = engine.draw_witnessed(tickets=tickets, prizes=k, seed=seed.hex(), witness=witness)
    assert (found.commitment, found.tickets_hash, found.winners) == spec_draw(tickets, k, seed.hex(), witness)
    assert len(set(found.winners)) == k and set(found.winners) <= set(tickets)
    assert engine.draw_witnessed(tickets=list(reversed(tickets)), prizes=k, seed=seed.hex(),
                                 witness=witness).winners == found.winners
    assert engine.verify(published(tickets, k, seed.hex(), witness)) is None


def test_the_documents_vectors():
    first = engine.draw_witnessed(tickets=[1, 2, 5, 9], prizes=3, seed="ab" * 32, witness=DICE)
    assert engine.witness_key(seed=bytes.fromhex("ab" * 32), tickets_hash=first.tickets_hash, witness=DICE).hex() == (
        "4cb5f95021d96cfa650bd19d05c70d251663bd1e4a4e2a87c8b5b60f796e9eac")
    assert first.winners == [5, 2, 9]
    second = engine.draw_witnessed(tickets=list(range(100, 200)), prizes=5, seed=SEED, witness=BALLS)
    assert engine.witness_key(seed=bytes(range(32)), tickets_hash=second.tickets_hash, witness=BALLS).hex() == (
        "b074fedb7e7672c9ffcfabf514bd1e1434230b5a65a7fac3e190aef1a54dad3e")
    assert second.winners == [117, 113, 165, 158, 137]
    # /1 is unchanged: the same inputs drawn with the seed alone, as raffle-drawing.md pins them.
    assert engine.draw(tickets=[1, 2, 5, 9], prizes=3, seed="ab" * 32).winners == [9, 5, 2]
    assert engine.draw(tickets=list(range(100, 200)), prizes=5, seed=SEED).winners == [136, 130, 161, 173, 108]


def test_the_minimum_witness_value_has_64_bits_and_one_less_die_or_ball_has_not():
    fewest_dice = engine.witness_text(engine.DICE, [1] * engine.DICE_MIN)
    fewest_balls = engine.witness_text(engine.BALLS, range(1, engine.BALLS_MIN + 1))
    assert engine.witness_bits(fewest_dice) == pytest.approx(engine.DICE_MIN * math.log2(6))
    assert engine.witness_bits(fewest_dice) >= engine.WITNESS_BITS_MIN
    assert engine.witness_bits(fewest_balls) == pytest.approx(math.log2(math.perm(75, engine.BALLS_MIN)))
    assert engine.witness_bits(fewest_balls) >= engine.WITNESS_BITS_MIN
    assert engine.witness_bits(fewest_dice[:-1]) < engine.WITNESS_BITS_MIN
    assert engine.witness_bits(fewest_balls.rsplit("-", 1)[0]) < engine.WITNESS_BITS_MIN
    for short in (fewest_dice[:-1], fewest_balls.rsplit("-", 1)[0]):
        with pytest.raises(engine.MalformedDrawing):
            engine.check_witness(short)
    assert engine.check_witness(fewest_dice) == fewest_dice and engine.check_witness(fewest_balls) == fewest_balls
    every_ball = engine.witness_text(engine.BALLS, range(75, 0, -1))
    assert engine.check_witness(every_ball) == every_ball and len(every_ball) <= 219


@pytest.mark.parametrize(("witness", "reason"), [
    ("d6:" + "1" * 24, "dice"), ("d6:" + "1" * 101, "dice"), ("d6:" + "7" * 25, "dice"), ("d6:" + "0" * 25, "dice"),
    ("d6:" + "1" * 24 + "١", "dice"), ("d6:" + "1" * 24 + "６", "dice"), ("d6:" + "1" * 25 + "\n", "dice"),
    ("d6: " + "1" * 25, "dice"), ("D6:" + "1" * 25, "source"), ("d8:" + "1" * 25, "source"), ("1" * 25, "source"),
    ("b75:1-2-3-4-5-6-7-8-9-10", "balls"), ("b75:01-2-3-4-5-6-7-8-9-10-11", "balls"),
    ("b75:0-2-3-4-5-6-7-8-9-10-11", "balls"), ("b75:1,2,3,4,5,6,7,8,9,10,11", "balls"),
    ("b75:1-2-3-4-5-6-7-8-9-10-100", "balls"), ("b75:1-2-3-4-5-6-7-8-9-10-76", "ball_range"),
    ("b75:1-2-3-4-5-6-7-8-9-10-1", "ball_twice"), ("b75:1-2-3-4-5-6-7-8-9-10-١١", "balls"),
    ("b75:" + "-".join(str(b) for b in [*range(1, 76), 1]), "balls"),
    (None, "source"), (12345, "source"), (["d6:1"], "source"), ("", "source"),
])
def test_a_malformed_witness_value_is_named(witness, reason):
    with pytest.raises(engine.MalformedDrawing) as error:
        engine.verify({**published(), "witness": witness})
    assert (error.value.field, error.value.reason) == ("witness", reason)


@pytest.mark.parametrize(("change", "field"), [
    ({"witness_name": ""}, "witness_name"), ({"witness_name": "   "}, "witness_name"),
    ({"witness_name": "Ana\x00"}, "witness_name"), ({"witness_name": "Ana\nPérez"}, "witness_name"),
    ({"witness_name": "Ana\x85"}, "witness_name"), ({"witness_name": "a" * 201}, "witness_name"),
    ({"witness_name": None}, "witness_name"), ({"record": None}, "record"), ({"record": [1, 2]}, "record"),
    ({"record": [{**RECORD[0], "extra": 1}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "seq": "1"}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "seq": True}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "at": "2027-04-01T15:00:00Z"}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "at": "2027-04-01T15:00:00.000000+00:00"}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "at": "٢٠٢٧-04-01T15:00:00.000000Z"}, *RECORD[1:]]}, "record"),
    ({"record": [{**RECORD[0], "kind": 1}, *RECORD[1:]]}, "record"),
    ({"format": "raffle-drawing/3"}, "format"), ({"format": None}, "format"),
    ({"seed": "AB" * 32}, "seed"), ({"tickets": [1, 1, 2]}, "tickets"), ({"prizes": 9}, "prizes"),
])
def test_malformed_fields_are_named(change, field):
    with pytest.raises(engine.MalformedDrawing) as error:
        engine.verify({**published(), **change})
    assert error.value.field == field


def test_a_name_at_the_limit_and_in_any_script_is_a_name():
    for name in ("a" * 200, "José Ñúñez", "李小龙", "Ана", "  Ana  "):
        assert engine.verify({**published(), "witness_name": name}) is None


def run(*args, stdin: str):
    return subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_command_draws_and_verifies_either_format(tmp_path):
    drawing = published()
    asked = {"format": "raffle-drawing/2", "tickets": [1, 2, 5, 9], "prizes": 3, "seed": SEED, "witness": DICE}
    result = run("draw", stdin=json.dumps(asked))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {k: drawing[k] for k in ("commitment", "tickets_hash", "winners")}
    without_format = {k: v for k, v in asked.items() if k != "format"}  # /1's draw, unchanged
    assert json.loads(run("draw", stdin=json.dumps(without_format)).stdout)["winners"] == engine.draw(
        tickets=[1, 2, 5, 9], prizes=3, seed=SEED).winners

    path = tmp_path / "drawing.json"
    path.write_text(json.dumps(drawing))
    assert (run("verify", str(path), stdin="").returncode, run("verify", str(path), stdin="").stdout.strip()) == (
        0, "verified")
    twice = {**drawing, "record": [*RECORD[:3], {**RECORD[2], "seq": 4}, {**RECORD[3], "seq": 5}]}
    refused = run("verify", "-", stdin=json.dumps(twice))
    assert (refused.returncode, refused.stdout.strip()) == (1, "mismatch: record")
    for bad in ({**asked, "witness": "d6:123"}, {**asked, "format": "raffle-drawing/9"}):
        malformed = run("draw", stdin=json.dumps(bad))
        assert malformed.returncode == 2 and ("witness" in malformed.stderr or "format" in malformed.stderr)
    assert run("verify", "-", stdin=json.dumps({**drawing, "witness_name": ""})).returncode == 2
