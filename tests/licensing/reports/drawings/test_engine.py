"""The raffle drawing of ../shared/formats/raffle-drawing.md, exactly: re-verified from its published data, a
tampered seed, ticket list or winner list refused naming the field, malformed input exit 2."""

import hashlib
import hmac
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from licensing.reports.drawings import engine

SEED = "00112233445566778899aabbccddeeff" * 2


def spec_tickets_hash(tickets) -> str:
    return hashlib.sha256(",".join(str(t) for t in sorted(tickets)).encode("ascii")).hexdigest()


def spec_loop(tickets, k, key: bytes) -> list[int]:
    """The format's draw loop, transcribed line by line, independently of the module (raffle-drawing/2 runs it with its
    derived key in place of the seed)."""
    tickets_hash = spec_tickets_hash(tickets)
    pool, counter, winners = sorted(tickets), 0, []
    for _ in range(k):
        n = len(pool)
        limit = (2**256 // n) * n
        while True:
            r = int.from_bytes(hmac.new(key, f"{tickets_hash}:{counter}".encode("ascii"), hashlib.sha256).digest(),
                               "big")
            counter += 1
            if r < limit:
                break
        winners.append(pool.pop(r % n))
    return winners


def spec_draw(tickets, k, seed_hex):
    """The format's pseudocode: the seed is the key."""
    seed = bytes.fromhex(seed_hex)
    return hashlib.sha256(seed).hexdigest(), spec_tickets_hash(tickets), spec_loop(tickets, k, seed)


def published(tickets=(1, 2, 5, 9), prizes=3, seed=SEED):
    found = engine.draw(tickets=list(tickets), prizes=prizes, seed=seed)
    return {"format": "raffle-drawing/1", "raffle": "RF-2027-00012", "prizes": prizes,
            "commitment": found.commitment, "tickets_hash": found.tickets_hash, "seed": seed,
            "tickets": list(tickets), "winners": found.winners}


@given(tickets=st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=60, unique=True),
       data=st.data(), seed=st.binary(min_size=32, max_size=32))
def test_the_module_draws_what_the_format_says(tickets, data, seed):
    k = data.draw(st.integers(min_value=1, max_value=len(tickets)))
    found = engine.draw(tickets=tickets, prizes=k, seed=seed.hex())
    assert (found.commitment, found.tickets_hash, found.winners) == spec_draw(tickets, k, seed.hex())
    assert len(set(found.winners)) == k and set(found.winners) <= set(tickets)
    # the order the tickets are listed in changes nothing
    assert engine.draw(tickets=list(reversed(tickets)), prizes=k, seed=seed.hex()).winners == found.winners


def test_known_values_pinned():
    found = engine.draw(tickets=[1, 2, 5, 9], prizes=3, seed="ab" * 32)
    assert found.commitment == hashlib.sha256(bytes.fromhex("ab" * 32)).hexdigest()
    assert found.tickets_hash == hashlib.sha256(b"1,2,5,9").hexdigest()
    assert found.winners == [9, 5, 2]


def test_a_published_drawing_verifies_and_tampering_is_named():
    drawing = published()
    assert engine.verify(drawing) is None
    other_seed = "ff" + SEED[2:]
    assert engine.verify({**drawing, "seed": other_seed}) == "commitment"
    assert engine.verify({**drawing, "tickets": [1, 2, 5, 9, 11]}) == "tickets_hash"
    assert engine.verify({**drawing, "winners": list(reversed(drawing["winners"]))}) == "winners"


@pytest.mark.parametrize(("change", "field"), [
    ({"tickets": [1, 1, 2]}, "tickets"), ({"tickets": []}, "tickets"), ({"tickets": [1, "2"]}, "tickets"),
    ({"prizes": 0}, "prizes"), ({"prizes": 5}, "prizes"), ({"prizes": True}, "prizes"),
    ({"seed": "AB" * 32}, "seed"), ({"seed": "ab" * 31}, "seed"), ({"format": "raffle-drawing/3"}, "format"),
])
def test_malformed_input_names_the_field(change, field):
    with pytest.raises(engine.MalformedDrawing) as error:
        engine.verify({**published(), **change})
    assert error.value.field == field


def run(*args, stdin: str):
    return subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_command_line_draws_and_verifies(tmp_path):
    result = run("draw", stdin=json.dumps({"tickets": [1, 2, 5, 9], "prizes": 3, "seed": SEED}))
    assert result.returncode == 0
    printed = json.loads(result.stdout)
    assert printed == {k: published()[k] for k in ("commitment", "tickets_hash", "winners")}
    path = tmp_path / "drawing.json"
    path.write_text(json.dumps(published()))
    verified = run("verify", str(path), stdin="")
    assert (verified.returncode, verified.stdout.strip()) == (0, "verified")
    tampered = run("verify", "-", stdin=json.dumps({**published(), "tickets": [1, 2, 5]}))
    assert (tampered.returncode, tampered.stdout.strip()) == (1, "mismatch: tickets_hash")
    malformed = run("draw", stdin=json.dumps({"tickets": [1, 2], "prizes": 3, "seed": SEED}))
    assert malformed.returncode == 2 and "prizes" in malformed.stderr
    assert run("verify", str(tmp_path / "missing.json"), stdin="").returncode == 2
    assert run("draw", stdin="not json").returncode == 2
