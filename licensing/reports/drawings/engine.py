"""Provably fair raffle drawings: docs/formats/raffle-drawing.md (format "raffle-drawing/1") and
docs/formats/raffle-drawing-2.md ("raffle-drawing/2", the witnessed drawing), exactly.

Before the drawing the Board publishes `commitment = sha256(seed)`; when sales close, `tickets_hash` of the sorted
eligible (sold, not returned) ticket numbers; at the drawing, the seed and the winners, drawn by HMAC-SHA256 of a key
over "<tickets_hash>:<counter>" with rejection sampling (no modulo bias). In /1 the key is the seed; in /2 it is
derived from the seed, the tickets hash and a witness value produced in the room after sales close (dice or bingo
balls, entered once), so whoever holds the seed still cannot steer the draw. Anyone re-runs it:

    python -m licensing.reports.drawings.engine draw < {"tickets": [...], "prizes": k, "seed": "<64 hex>"}
    python -m licensing.reports.drawings.engine draw < {"format": "raffle-drawing/2", ..., "witness": "d6:..."}
    python -m licensing.reports.drawings.engine verify FILE   (or - for stdin; either format, by its "format")

`verify` prints "verified" and exits 0, or names the first field that does not match and exits 1; malformed input
exits 2 naming the field. Pure Python: no Django, so the command runs anywhere the file is."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

FORMAT = "raffle-drawing/1"
FORMAT_WITNESSED = "raffle-drawing/2"
FORMATS = (FORMAT, FORMAT_WITNESSED)
SEED_BYTES = 32
SPACE = 2**256  # an HMAC-SHA256 output read as a big-endian integer

# raffle-drawing/2, "The witness value": six-sided dice read in the order rolled, or balls of a 75-ball blower in the
# order drawn; enough of them for 64 bits (25 dice: 64.6; 11 balls: 67.4), so the value cannot be enumerated.
WITNESS_BITS_MIN = 64
DICE, BALLS = "d6", "b75"
DICE_MIN, DICE_MAX = 25, 100
BALLS_MIN, BALLS_MAX, BALL_TOP = 11, 75, 75
WITNESS_NAME_MAX = 200
_DICE = re.compile(rf"d6:[1-6]{{{DICE_MIN},{DICE_MAX}}}", re.ASCII)
_BALLS = re.compile(rf"b75:[1-9][0-9]?(?:-[1-9][0-9]?){{{BALLS_MIN - 1},{BALLS_MAX - 1}}}", re.ASCII)
# raffle-drawing/2, "Files and commands": the drawing's record, one entry per step in this order, times in UTC.
RECORD_KINDS = ("scheduled", "sales_closed", "witnessed", "drawn")
_RECORD_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z", re.ASCII)


class MalformedDrawing(ValueError):
    """Input that is no drawing: names the field (exit status 2)."""

    def __init__(self, field: str, message: str, *, reason: str = "", **params):
        super().__init__(f"{field}: {message}")
        self.field = field
        # Which rule of the field was broken, and its numbers: what a translated message is chosen and filled by.
        self.reason, self.params = reason or field, params


@dataclass(frozen=True)
class Drawing:
    commitment: str
    tickets_hash: str
    winners: list[int]


def seed_bytes(seed) -> bytes:
    if not isinstance(seed, str) or len(seed) != 2 * SEED_BYTES or any(c not in "0123456789abcdef" for c in seed):
        raise MalformedDrawing("seed", "the seed is 64 lowercase hex characters (32 bytes)")
    return bytes.fromhex(seed)


def check_tickets(tickets) -> list[int]:
    if not isinstance(tickets, list) or not tickets:
        raise MalformedDrawing("tickets", "give the eligible ticket numbers as a non-empty list of integers")
    if any(isinstance(t, bool) or not isinstance(t, int) for t in tickets):
        raise MalformedDrawing("tickets", "every ticket number is an integer")
    if len(set(tickets)) != len(tickets):
        duplicate = next(t for t in tickets if tickets.count(t) > 1)
        raise MalformedDrawing("tickets", f"ticket {duplicate} is listed twice")
    return tickets


def check_prizes(prizes, tickets: Sequence[int]) -> int:
    if isinstance(prizes, bool) or not isinstance(prizes, int) or not 1 <= prizes <= len(tickets):
        raise MalformedDrawing("prizes", f"the number of prizes is a whole number from 1 to {len(tickets)}")
    return prizes


def commitment_of(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def tickets_hash_of(tickets: Sequence[int]) -> str:
    return hashlib.sha256(",".join(str(t) for t in sorted(tickets)).encode("ascii")).hexdigest()


def _sample(*, tickets: Sequence[int], prizes: int, key: bytes) -> list[int]:
    """The draw both formats share: HMAC-SHA256(key, "<tickets_hash>:<counter>") with rejection sampling."""
    pool = sorted(tickets)
    tickets_hash = tickets_hash_of(tickets)
    counter = 0
    winners = []
    for _ in range(prizes):
        n = len(pool)
        limit = (SPACE // n) * n
        while True:
            message = f"{tickets_hash}:{counter}".encode("ascii")
            r = int.from_bytes(hmac.new(key, message, hashlib.sha256).digest(), "big")
            counter += 1
            if r < limit:
                break
        winners.append(pool.pop(r % n))
    return winners


def draw_winners(*, tickets: Sequence[int], prizes: int, seed: bytes) -> list[int]:
    """raffle-drawing/1: the seed is the key."""
    return _sample(tickets=tickets, prizes=prizes, key=seed)


def draw(*, tickets, prizes, seed) -> Drawing:
    """Validate, then draw: the commitment, the tickets hash and the winners in prize order."""
    tickets = check_tickets(tickets)
    prizes = check_prizes(prizes, tickets)
    key = seed_bytes(seed)
    return Drawing(commitment=commitment_of(key), tickets_hash=tickets_hash_of(tickets),
                   winners=draw_winners(tickets=tickets, prizes=prizes, seed=key))


# --- raffle-drawing/2: the witnessed drawing ---


def witness_bits(witness: str) -> float:
    """The entropy of a canonical witness value: log2 of how many values its source could have given."""
    source, _, values = witness.partition(":")
    if source == DICE:
        return len(values) * math.log2(6)
    drawn = len(values.split("-"))
    return sum(math.log2(BALL_TOP - i) for i in range(drawn))


def check_witness(witness) -> str:
    """The witness value in its canonical text form (docs/formats/raffle-drawing-2.md, "The witness value")."""
    if not isinstance(witness, str) or not witness.startswith((f"{DICE}:", f"{BALLS}:")):
        raise MalformedDrawing("witness", f'the witness value is "{DICE}:" and the dice read in order, or "{BALLS}:" '
                                          "and the balls drawn in order, joined by -", reason="source")
    if witness.startswith(DICE) and not _DICE.fullmatch(witness):
        raise MalformedDrawing("witness", f"dice are written as the digits 1 to 6, one per die, at least {DICE_MIN} "
                                          f"and at most {DICE_MAX} of them", reason="dice", least=DICE_MIN,
                               most=DICE_MAX)
    if witness.startswith(BALLS):
        if not _BALLS.fullmatch(witness):
            raise MalformedDrawing("witness", f"balls are numbers from 1 to {BALL_TOP} without leading zeros, joined "
                                              f"by -, at least {BALLS_MIN} and at most {BALLS_MAX} of them",
                                   reason="balls", top=BALL_TOP, least=BALLS_MIN, most=BALLS_MAX)
        balls = [int(ball) for ball in witness[len(BALLS) + 1:].split("-")]
        beyond = [ball for ball in balls if ball > BALL_TOP]
        if beyond:
            raise MalformedDrawing("witness", f"ball {beyond[0]} is not one of the balls 1 to {BALL_TOP}",
                                   reason="ball_range", ball=beyond[0], top=BALL_TOP)
        if len(set(balls)) != len(balls):
            repeated = next(ball for ball in balls if balls.count(ball) > 1)
            raise MalformedDrawing("witness", f"ball {repeated} is drawn twice: a ball drawn is not put back",
                                   reason="ball_twice", ball=repeated)
    return witness


def witness_text(source: str, numbers: Sequence[int]) -> str:
    """The canonical text of dice or balls as read aloud, in order; check_witness says whether it is enough."""
    if source == DICE:
        return f"{DICE}:" + "".join(str(number) for number in numbers)
    if source == BALLS:
        return f"{BALLS}:" + "-".join(str(number) for number in numbers)
    raise MalformedDrawing("witness", f'the witness value comes from dice ("{DICE}") or bingo balls ("{BALLS}")',
                           reason="source")


def check_witness_name(name) -> str:
    """1 to 200 code points, not only spaces, no control character (U+0000-U+001F, U+007F-U+009F)."""
    if (not isinstance(name, str) or not name.strip(" ") or len(name) > WITNESS_NAME_MAX
            or any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name)):
        raise MalformedDrawing("witness_name", f"the witness's name is text of 1 to {WITNESS_NAME_MAX} characters, "
                                               "without control characters")
    return name


def witness_key(*, seed: bytes, tickets_hash: str, witness: str) -> bytes:
    """raffle-drawing/2's key: HMAC-SHA256(seed, "raffle-drawing/2:<tickets_hash>:<witness>")."""
    return hmac.new(seed, f"{FORMAT_WITNESSED}:{tickets_hash}:{witness}".encode("ascii"), hashlib.sha256).digest()


def draw_witnessed(*, tickets, prizes, seed, witness) -> Drawing:
    """Validate, then draw as raffle-drawing/2: the commitment, the tickets hash and the winners in prize order."""
    tickets = check_tickets(tickets)
    prizes = check_prizes(prizes, tickets)
    committed = seed_bytes(seed)
    witness = check_witness(witness)
    tickets_hash = tickets_hash_of(tickets)
    key = witness_key(seed=committed, tickets_hash=tickets_hash, witness=witness)
    return Drawing(commitment=commitment_of(committed), tickets_hash=tickets_hash,
                   winners=_sample(tickets=tickets, prizes=prizes, key=key))


def check_record(record) -> list[dict]:
    """The record's shape: a list of {"seq", "kind", "at"}; what it says is record_in_order's."""
    if not isinstance(record, list) or not all(
            isinstance(entry, dict) and set(entry) == {"seq", "kind", "at"} for entry in record):
        raise MalformedDrawing("record", 'the record is a list of {"seq": n, "kind": "...", "at": "..."}')
    for entry in record:
        seq, kind, at = entry["seq"], entry["kind"], entry["at"]
        if isinstance(seq, bool) or not isinstance(seq, int) or not isinstance(kind, str) or not (
                isinstance(at, str) and _RECORD_TIME.fullmatch(at)):
            raise MalformedDrawing("record", "each entry has a whole number seq, a kind and a UTC time written "
                                             "YYYY-MM-DDTHH:MM:SS.ffffffZ")
    return record


def record_in_order(record: list[dict]) -> bool:
    """raffle-drawing/2: committed, sales closed, the witness value entered once after that, drawn; in that order
    (seq 1 to 4) and never earlier in time than the step before."""
    times = [entry["at"] for entry in record]  # fixed-width UTC text: its order is the time order
    return ([entry["kind"] for entry in record] == list(RECORD_KINDS)
            and [entry["seq"] for entry in record] == list(range(1, len(RECORD_KINDS) + 1))
            and times == sorted(times))


# --- either format ---


def _mismatch(published: dict, found: Drawing, fields: Sequence[str]) -> str | None:
    return next((field for field in fields if published.get(field) != getattr(found, field)), None)


def _verify_first(published: dict) -> str | None:
    found = draw(tickets=published.get("tickets"), prizes=published.get("prizes"), seed=published.get("seed"))
    return _mismatch(published, found, ("commitment", "tickets_hash", "winners"))


def _verify_witnessed(published: dict) -> str | None:
    found = draw_witnessed(tickets=published.get("tickets"), prizes=published.get("prizes"),
                           seed=published.get("seed"), witness=published.get("witness"))
    check_witness_name(published.get("witness_name"))
    record = check_record(published.get("record"))
    return (_mismatch(published, found, ("commitment", "tickets_hash"))
            or (None if record_in_order(record) else "record")
            or _mismatch(published, found, ("winners",)))


VERIFIERS = {FORMAT: _verify_first, FORMAT_WITNESSED: _verify_witnessed}


def verify(published: dict) -> str | None:
    """None when the published drawing re-computes; else the first field that does not match. Either format, by
    its "format"."""
    if not isinstance(published, dict):
        raise MalformedDrawing("drawing", "a published drawing is one JSON object")
    verifier = VERIFIERS.get(published.get("format"))
    if verifier is None:
        raise MalformedDrawing("format", f'the format is "{FORMAT}" or "{FORMAT_WITNESSED}"')
    return verifier(published)


def _read(source) -> object:
    try:
        return json.load(source)
    except json.JSONDecodeError as error:
        raise MalformedDrawing("json", f"not JSON: {error.msg} at line {error.lineno}") from None


def _draw_input(data: dict) -> Drawing:
    """`draw`'s input: /1 unless its "format" says /2 (then "witness" too)."""
    drawn = {"tickets": data.get("tickets"), "prizes": data.get("prizes"), "seed": data.get("seed")}
    chosen = data.get("format", FORMAT)
    if chosen == FORMAT:
        return draw(**drawn)
    if chosen == FORMAT_WITNESSED:
        return draw_witnessed(**drawn, witness=data.get("witness"))
    raise MalformedDrawing("format", f'the format is "{FORMAT}" or "{FORMAT_WITNESSED}"')


def main(argv: Sequence[str] | None = None, *, stdin=None, stdout=None, stderr=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    try:
        if argv[:1] == ["draw"] and len(argv) == 1:
            data = _read(stdin)
            if not isinstance(data, dict):
                raise MalformedDrawing("input", 'give {"tickets": [...], "prizes": k, "seed": "<hex>"}')
            found = _draw_input(data)
            print(json.dumps({"commitment": found.commitment, "tickets_hash": found.tickets_hash,
                              "winners": found.winners}), file=stdout)
            return 0
        if argv[:1] == ["verify"] and len(argv) == 2:
            if argv[1] == "-":
                published = _read(stdin)
            else:
                try:
                    with open(argv[1], encoding="utf-8") as handle:
                        published = _read(handle)
                except OSError as error:
                    raise MalformedDrawing("FILE", f"cannot read {argv[1]}: {error.strerror}") from None
            mismatch = verify(published)
            if mismatch is None:
                print("verified", file=stdout)
                return 0
            print(f"mismatch: {mismatch}", file=stdout)
            return 1
        print("usage: python -m licensing.reports.drawings.engine draw < INPUT | verify FILE|-", file=stderr)
        return 2
    except MalformedDrawing as error:
        print(f"malformed: {error}", file=stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
