"""Hall mode's sync: how long the Board takes to check a bundle (licensing.hall.verify) of a Monte Carlo Night of
10,000 chip-ledger entries and a bingo session of 30 games, as it arrives (JSON text) until its verdict.

The bundle is built in memory as a hall writes one: a kit signed with the Board's key, every row chained with the
kit's chain key (core.chain), a head of each log signed by the device. Checking it is pure (no database): parse the
JSON, rebuild each row unsaved, walk every chain, check every signed head, every row's day and the license. The
median of the runs is `verify_s`. Target (issue 29): verification and import under 10 s on this machine. The import
into the Board's logs is not built yet, so `import_s` is null until it is.

Last line: one JSON object (entries, games, logs, rows, bundle_mb, verify_s, verify_p95_s, import_s, target_s).
`--quick`: 1,000 entries and 5 games."""

import argparse
import datetime as dt
import json
import secrets
import sys
import time
import uuid
import zoneinfo
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import django  # noqa: E402
from _django import ROOT  # noqa: E402,F401  (puts the project on the path and names the test settings)

django.setup()

from django.conf import settings  # noqa: E402

from bingo.models import GameEvent  # noqa: E402
from core import chain, signing  # noqa: E402
from licensing.hall.bundle import bundle_of, row_of  # noqa: E402
from licensing.hall.document import FORMAT as KIT_FORMAT  # noqa: E402
from licensing.hall.document import signed  # noqa: E402
from licensing.hall.heads import head_sign, records_sign  # noqa: E402
from licensing.hall.verify import bundle_findings  # noqa: E402
from licensing.licenses.rules import LicenseInForce  # noqa: E402
from montecarlo.models import ChipLedgerEntry  # noqa: E402

TARGET_S = 10.0
DEVICE = signing.development_key("benchmark hall laptop")
ENTRIES_PER_PARTICIPANT = 50
CALLS_PER_GAME = 45


def kit(day: dt.date) -> dict:
    board = settings.LOG_ANCHOR_SIGNING_KEY
    return signed({
        "format": KIT_FORMAT, "kit": str(uuid.uuid4()), "issued_at": dt.datetime.now(dt.UTC).isoformat(),
        "event": {"kind": "night", "id": 1, "title": "Benchmark night", "date": day.isoformat(),
                  "starts_at": "18:00:00", "ends_at": "23:30:00", "place": "", "training": False},
        "license": {"number": "MC-BENCH", "type": "montecarlo", "class": "2", "status": "active",
                    "effective_on": (day - dt.timedelta(days=30)).isoformat(),
                    "expires_on": (day + dt.timedelta(days=300)).isoformat(), "suspended_on": None,
                    "organization": {"id": 1, "name": "Benchmark"}},
        "numbers": {}, "plan": {}, "device": {"public_key": signing.public_key_of(DEVICE)},
        "chain_key": secrets.token_urlsafe(32), "board_key": signing.public_key_of(board),
        "board_url": "http://127.0.0.1:8000", "records": [], "logs": [],
        "ids": {"from": 10**12, "to": 2 * 10**12 - 1}}, board)


def chained(model, identity: str, rows: list, key: bytes) -> list:
    head = chain.Head()
    for row in rows:
        row.link(head)
        row.hash = chain.row_hash(model.chain_label(), identity, row, key)
        head = chain.Head(row.seq, row.hash)
    return rows


def bundle(entries: int, games: int, day: dt.date) -> dict:
    document = kit(day)
    key = document["chain_key"].encode("utf-8")
    evening = dt.datetime.combine(day, dt.time(19, 0), tzinfo=zoneinfo.ZoneInfo(settings.TIME_ZONE))
    logs, heads = [], []

    def close(model, identity, rows):
        logs.append({"log": model.chain_label(), "identity": identity, "rows": [row_of(row) for row in rows]})
        heads.append(head_sign(private_key=DEVICE, kit=document["kit"], log=model.chain_label(), identity=identity,
                               seq=rows[-1].seq, hash=rows[-1].hash, at=evening))

    for participant in range(1, entries // ENTRIES_PER_PARTICIPANT + 1):
        balance, rows = 1000, [ChipLedgerEntry(participant_id=participant, kind="issue", chips=1000, balance=1000,
                                               created_at=evening)]
        for n in range(1, ENTRIES_PER_PARTICIPANT):
            change = 10 if n % 2 else -10
            balance += change
            rows.append(ChipLedgerEntry(participant_id=participant, kind="won" if change > 0 else "lost", chips=change,
                                        house=-change, balance=balance, table_id=1 + n % 5, round=n,
                                        payload={"bet": "main"}, created_at=evening + dt.timedelta(seconds=n)))
        close(ChipLedgerEntry, str(participant), chained(ChipLedgerEntry, str(participant), rows, key))
    for game in range(1, games + 1):
        rows = [GameEvent(game_id=game, kind="start", payload={"prize": "100.00"}, created_at=evening)]
        rows += [GameEvent(game_id=game, kind="call", payload={"number": number, "source": "keyed"},
                           created_at=evening + dt.timedelta(seconds=number))
                 for number in range(1, CALLS_PER_GAME + 1)]
        rows.append(GameEvent(game_id=game, kind="close", payload={"winners": 1}, created_at=evening))
        close(GameEvent, str(game), chained(GameEvent, str(game), rows, key))
    return bundle_of(kit=document, records=[], logs=logs, heads=heads,
                     records_signature=records_sign(private_key=DEVICE, kit=document["kit"], records=[]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 entries and 5 games")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    entries, games = (1_000, 5) if args.quick else (10_000, 30)
    day = dt.date.today()
    text = json.dumps(bundle(entries, games, day))
    trusted = {signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY)}
    license = LicenseInForce(number="MC-BENCH", status="active", effective_on=day - dt.timedelta(days=30),
                             expires_on=day + dt.timedelta(days=300))
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        received = json.loads(text)
        findings = bundle_findings(received, trusted_keys=trusted, license=license, time_zone=settings.TIME_ZONE)
        times.append(time.perf_counter() - start)
        if findings:
            print("the benchmark's own bundle was refused:", *findings, sep="\n", file=sys.stderr)
            sys.exit(1)
    times.sort()
    rows = sum(len(log["rows"]) for log in received["logs"])
    figures = {"entries": entries, "games": games, "logs": len(received["logs"]), "rows": rows,
               "bundle_mb": round(len(text) / 1e6, 2), "verify_s": round(times[len(times) // 2], 3),
               "verify_p95_s": round(times[min(len(times) - 1, int(len(times) * 0.95))], 3), "import_s": None,
               "target_s": TARGET_S}
    print(f"{entries:,} ledger entries and {games} games: {figures['logs']} logs, {rows:,} rows, "
          f"{figures['bundle_mb']} MB of JSON; checked in {figures['verify_s']} s (median of {args.runs}); "
          f"the import is not built yet")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
