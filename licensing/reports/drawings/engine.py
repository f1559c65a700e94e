"""Provably fair raffle drawings: docs/formats/raffle-drawing.md (format "raffle-drawing/1"), exactly.

Before the drawing the Board publishes `commitment = sha256(seed)`; when sales close, `tickets_hash` of the sorted
eligible (sold, not returned) ticket numbers; at the drawing, the seed and the winners, drawn by HMAC-SHA256 of the
seed over "<tickets_hash>:<counter>" with rejection sampling (no modulo bias). Anyone re-runs it:

    python -m licensing.reports.drawings.engine draw < {"tickets": [...], "prizes": k, "seed": "<64 hex>"}
    python -m licensing.reports.drawings.engine verify FILE   (or - for stdin)

`verify` prints "verified" and exits 0, or names the first field that does not match and exits 1; malformed input
exits 2 naming the field. Pure Python: no Django, so the command runs anywhere the file is."""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

FORMAT = "raffle-drawing/1"
SEED_BYTES = 32
SPACE = 2**256  # an HMAC-SHA256 output read as a big-endian integer


class MalformedDrawing(ValueError):
    """Input that is no drawing: names the field (exit status 2)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


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


def draw_winners(*, tickets: Sequence[int], prizes: int, seed: bytes) -> list[int]:
    pool = sorted(tickets)
    tickets_hash = tickets_hash_of(tickets)
    counter = 0
    winners = []
    for _ in range(prizes):
        n = len(pool)
        limit = (SPACE // n) * n
        while True:
            message = f"{tickets_hash}:{counter}".encode("ascii")
            r = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")
            counter += 1
            if r < limit:
                break
        winners.append(pool.pop(r % n))
    return winners


def draw(*, tickets, prizes, seed) -> Drawing:
    """Validate, then draw: the commitment, the tickets hash and the winners in prize order."""
    tickets = check_tickets(tickets)
    prizes = check_prizes(prizes, tickets)
    key = seed_bytes(seed)
    return Drawing(commitment=commitment_of(key), tickets_hash=tickets_hash_of(tickets),
                   winners=draw_winners(tickets=tickets, prizes=prizes, seed=key))


def verify(published: dict) -> str | None:
    """None when the published drawing re-computes; else the first field that does not match."""
    if not isinstance(published, dict):
        raise MalformedDrawing("drawing", "a published drawing is one JSON object")
    if published.get("format") != FORMAT:
        raise MalformedDrawing("format", f'the format is "{FORMAT}"')
    found = draw(tickets=published.get("tickets"), prizes=published.get("prizes"), seed=published.get("seed"))
    for field in ("commitment", "tickets_hash", "winners"):
        if published.get(field) != getattr(found, field):
            return field
    return None


def _read(source) -> object:
    try:
        return json.load(source)
    except json.JSONDecodeError as error:
        raise MalformedDrawing("json", f"not JSON: {error.msg} at line {error.lineno}") from None


def main(argv: Sequence[str] | None = None, *, stdin=None, stdout=None, stderr=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    try:
        if argv[:1] == ["draw"] and len(argv) == 1:
            data = _read(stdin)
            if not isinstance(data, dict):
                raise MalformedDrawing("input", 'give {"tickets": [...], "prizes": k, "seed": "<hex>"}')
            found = draw(tickets=data.get("tickets"), prizes=data.get("prizes"), seed=data.get("seed"))
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
