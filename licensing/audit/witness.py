"""The log anchors' witness outside the database: what `verify_logs --witness` reads to find a log
whose database head is behind a head that was once seen.

Every anchor run appends one signed batch (one JSON line) of every anchor the witness file does not
hold yet to `LOG_ANCHOR_DIR/log-anchors.jsonl`, opened for appending, locked, flushed and fsync'd,
never rewritten; the digest mailed to the Board's audit address carries that run's batch as a block a
machine can read back. A batch is signed with Ed25519 (core.signing, LOG_ANCHOR_SIGNING_KEY), so the
Board checks it with the public key alone and whoever can write to the database cannot forge one.

Read back: the witness file, a folder of them, a mailbox (.mbox) or a message (.eml) of the digests,
and the saved public results pages (or a results PDF's text), whose log heads count as witnesses of
their logs (unsigned: they are what the public saw)."""

from __future__ import annotations

import base64
import binascii
import email
import email.errors
import email.policy
import fcntl
import html
import json
import logging
import mailbox
import os
import re
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from core import signing
from core.chain import WHOLE_LOG
from licensing.models import LogAnchor

logger = logging.getLogger(__name__)

FORMAT = "log-anchors/1"
FILE_NAME = "log-anchors.jsonl"
BEGIN, END = "-----BEGIN SIGNED LOG ANCHORS-----", "-----END SIGNED LOG ANCHORS-----"
HASH_LENGTH = 64
# A public page's log head, as the results pages print it: "bingo.gameevent 12 seq 4 <hash>" (a PDF's text
# may break the hash over lines).
PAGE_HEAD = re.compile(r"(?P<log>[a-z_]+\.[a-z_]+)\s+(?P<key>[A-Za-z0-9:_-]+)\s+seq\s+(?P<seq>\d+)\s+"
                       r"(?P<hash>[0-9a-f](?:\s*[0-9a-f]){7,63})")
BLOCK = re.compile(re.escape(BEGIN) + r"(?P<body>.*?)" + re.escape(END), re.DOTALL)
MAIL_SUFFIXES = {".eml", ".mbox"}


# --- a batch: the anchors of one run, signed ---


def batch_of(anchors: Iterable[LogAnchor], *, reason: str, at) -> dict:
    body = {
        "format": FORMAT, "recorded_at": at.isoformat(), "reason": reason,
        "anchors": [{"seq": anchor.seq, "hash": anchor.hash, "log": anchor.log, "log_key": anchor.log_key,
                     "head_seq": anchor.head_seq, "head_hash": anchor.head_hash} for anchor in anchors],
        "key": signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY),
    }
    return {**body, "signature": signing.sign(body, settings.LOG_ANCHOR_SIGNING_KEY)}


def mail_block(batch: dict) -> str:
    """The batch as a mail can carry it unharmed: base64 in short lines between two markers."""
    encoded = base64.b64encode(signing.canonical(batch)).decode("ascii")
    return "\n".join([BEGIN, *textwrap.wrap(encoded, 64), END])


def trusted_keys() -> set[str]:
    """The public keys whose batches are believed: the signing key's and the earlier ones'."""
    return {signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY), *settings.LOG_ANCHOR_PUBLIC_KEYS}


# --- writing the witness file ---


def witness_file() -> Path | None:
    return Path(settings.LOG_ANCHOR_DIR) / FILE_NAME if settings.LOG_ANCHOR_DIR else None


def _last_line(handle) -> bytes:
    """The last complete line of a file open for reading, read from its end (the file only grows; a line
    torn by a crash mid-write, with no newline after it, is not complete)."""
    data, position = b"", handle.seek(0, os.SEEK_END)
    while position > 0:
        step = min(65536, position)
        position -= step
        handle.seek(position)
        data = handle.read(step) + data
        cut = data.rfind(b"\n")
        if cut < 0:
            continue
        start = data.rfind(b"\n", 0, cut)
        if start >= 0 or position == 0:
            return data[start + 1:cut]
    return b""


def _last_witnessed_seq(handle) -> int:
    try:
        batch = json.loads(_last_line(handle))
        return max(anchor["seq"] for anchor in batch["anchors"])
    except (ValueError, KeyError, TypeError):
        return 0  # an empty or unreadable end: write every anchor again (a repeated anchor is harmless)


def witness_append(*, reason: str, at) -> int:
    """Append one signed batch of every anchor the witness file does not hold yet (so a run whose write
    failed is made good by the next run); the number of anchors written. Raises OSError when the file
    cannot be written: the anchors are in the database already, and the next run tries again."""
    path = witness_file()
    if path is None:
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # two runs at once: the second sees what the first wrote
        anchors = list(LogAnchor.objects.filter(seq__gt=_last_witnessed_seq(handle)).order_by("seq"))
        if not anchors:
            return 0
        line = signing.canonical(batch_of(anchors, reason=reason, at=at)) + b"\n"
        size = handle.seek(0, os.SEEK_END)
        if size:
            handle.seek(size - 1)
            if handle.read(1) != b"\n":
                line = b"\n" + line  # end a torn line first: each batch stays a line of its own
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
    return len(anchors)


# --- reading witnesses back ---


@dataclass(frozen=True)
class WitnessedHead:
    """A head a log must still reach: its seq and hash (or the start of the hash, when that is all the
    witness shows), and where it was seen."""

    log: str
    identity: str
    seq: int
    hash: str
    source: str

    @property
    def prefix(self) -> bool:
        return len(self.hash) < HASH_LENGTH


@dataclass
class Witnesses:
    # (log, identity) -> (seq, hash) -> the first place it was seen
    logs: dict[tuple[str, str], dict[tuple[int, str], WitnessedHead]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # batches refused, files unreadable: named by place
    batches: int = 0
    pages: int = 0

    def of(self, log: str, identity: str) -> list[WitnessedHead]:
        return list(self.logs.get((log, identity), {}).values())

    def identities(self, log: str) -> set[str]:
        return {identity for label, identity in self.logs if label == log}

    def add(self, head: WitnessedHead) -> None:
        self.logs.setdefault((head.log, head.identity), {}).setdefault((head.seq, head.hash), head)

    @property
    def heads(self) -> int:
        return sum(len(heads) for heads in self.logs.values())


def _batch_problem(batch, keys: set[str]) -> str:
    if not isinstance(batch, dict) or batch.get("format") != FORMAT or not isinstance(batch.get("anchors"), list):
        return f"not a batch of signed log anchors ({FORMAT})"
    if batch.get("key") not in keys:
        return f"signed with a key that is not the Board's ({batch.get('key')}): refused"
    body = {name: value for name, value in batch.items() if name != "signature"}
    if not signing.verify(body, str(batch.get("signature", "")), batch["key"]):
        return "the signature does not verify: refused"
    return ""


def _take_batch(found: Witnesses, batch, source: str, keys: set[str]) -> None:
    problem = _batch_problem(batch, keys)
    if problem:
        found.problems.append(f"{source}: {problem}")
        return
    found.batches += 1
    for anchor in batch["anchors"]:
        try:
            found.add(WitnessedHead(anchor["log"], anchor["log_key"], int(anchor["head_seq"]), anchor["head_hash"],
                                    source))
            found.add(WitnessedHead(LogAnchor.chain_label(), WHOLE_LOG, int(anchor["seq"]), anchor["hash"], source))
        except (KeyError, TypeError, ValueError):
            found.problems.append(f"{source}: an anchor without its log, seq or hash")
            return


def _blocks(text: str) -> Iterator[tuple[int, object]]:
    """(number, batch) of each block in a text; the batch is None when the block does not decode."""
    for number, block in enumerate(BLOCK.finditer(text), start=1):
        try:
            yield number, json.loads(base64.b64decode("".join(block["body"].split()), validate=True))
        except (binascii.Error, ValueError):
            yield number, None


def _page_text(raw: str, path: Path) -> str:
    if path.suffix.lower() in {".html", ".htm"}:
        return html.unescape(re.sub(r"<[^>]*>", " ", raw))
    return raw


def _message_text(message) -> str:
    parts = message.walk() if message.is_multipart() else [message]
    return "\n".join(part.get_content() for part in parts if part.get_content_type() == "text/plain")


def _messages(path: Path) -> Iterator[tuple[str, object]]:
    if path.suffix.lower() == ".mbox":
        box = mailbox.mbox(path, factory=lambda file: email.message_from_binary_file(file, policy=email.policy.default),
                           create=False)
        for number, message in enumerate(box, start=1):
            yield f"{path} message {number}", message
        return
    with open(path, "rb") as handle:
        yield str(path), email.message_from_binary_file(handle, policy=email.policy.default)


def _read_file(found: Witnesses, path: Path, keys: set[str]) -> None:
    if path.suffix.lower() in MAIL_SUFFIXES:
        for source, message in _messages(path):
            for number, batch in _blocks(_message_text(message)):
                _take_batch(found, batch, f"{source} block {number}", keys)
        return
    raw = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix.lower() in {".jsonl", ".json"}:
        for number, line in enumerate(raw.splitlines(), start=1):
            if line.strip():
                try:
                    batch = json.loads(line)
                except ValueError:
                    batch = None
                _take_batch(found, batch, f"{path} line {number}", keys)
        return
    text = _page_text(raw, path)
    for number, batch in _blocks(text):  # a digest saved as text
        _take_batch(found, batch, f"{path} block {number}", keys)
    heads = list(PAGE_HEAD.finditer(text))
    found.pages += bool(heads)
    for head in heads:
        found.add(WitnessedHead(head["log"], head["key"], int(head["seq"]), "".join(head["hash"].split()),
                                f"{path} (public page)"))


def read_witnesses(paths: Iterable[str | Path], *, keys: set[str] | None = None) -> Witnesses:
    """Every witnessed head in the files given (a folder: the files in it), each batch's signature
    checked against the Board's keys; what cannot be read or believed is listed in `problems`."""
    keys = trusted_keys() if keys is None else keys
    found = Witnesses()
    for given in paths:
        path = Path(given)
        files = sorted(child for child in path.iterdir() if child.is_file() and not child.name.startswith(".")) \
            if path.is_dir() else [path]
        for file in files:
            try:
                _read_file(found, file, keys)
            except (OSError, UnicodeDecodeError, email.errors.MessageError) as error:
                found.problems.append(f"{file}: cannot be read ({error})")
    return found
