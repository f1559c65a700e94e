"""Flashboard fan-out: daphne with the Redis channel layer and N websocket screens on loopback.

Starts daphne (a subprocess) on a free loopback port, against a migrated SQLite file database
and Redis (REDIS_URL, default redis://127.0.0.1:6379/0, a fresh channel prefix). Builds a
multi-hall operation (one drawing hall + 3 participating halls, 30 DCMR 1405.13), opens N
websocket clients spread over the four halls' flashboards, then makes calls through the real
service (bingo.services.ball_record: transaction, hash chain, winner search, on_commit
broadcast through Redis) and times each call from just before the service is called to the
arrival of its state at every client. Prints p50/p99 over all (client, call) pairs.
Target (issue 4): p99 under 250 ms for 1,000 clients.

Last line: JSON with clients, calls, p50_ms, p99_ms, max_ms, lost. `--quick`: 200 clients, 5 calls."""

import argparse
import asyncio
import base64
import json
import os
import random
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare(workdir: Path, redis_url: str, layer: str) -> dict:
    env = {
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
        "REDIS_URL": redis_url,
        "CHANNELS_PREFIX": f"bench{os.getpid()}",
        "CACHE_KEY_PREFIX": f"bench{os.getpid()}",
        "DJANGO_DEBUG": "false",
        # "core": config.settings as deployed; "pubsub": the same with Channels' Redis pub/sub layer.
        "DJANGO_SETTINGS_MODULE": "config.settings" if layer == "core" else "_fanout_settings",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "benchmarks")]),
    }
    sys.path.insert(0, str(ROOT / "benchmarks"))
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    return env


def build_world(halls: int):
    from bingo.models import GameType
    from tests.bingo.live_world import live_world

    return live_world(game_type=GameType.MULTI_HALL, extra_halls=halls - 1, sold=(1, 500), series_size=500)


def start_daphne(env: dict, port: int, log: Path) -> subprocess.Popen:
    # Its log goes to a file: an unread pipe fills up (a line per connection) and blocks daphne.
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=log.open("wb"),
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("daphne did not start within 30 s")


async def screen(host: str, port: int, path: str, on_message) -> asyncio.StreamWriter:
    """A minimal websocket client (RFC 6455): the handshake, then unmasked server text frames.
    (autobahn cannot be used here: Django's daphne app has already chosen Twisted for txaio.)"""
    reader, writer = await asyncio.open_connection(host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n\r\n")
                 .encode())
    status = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in status.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"handshake refused: {status[:80]!r}")

    async def read_frames():
        try:
            while True:
                head = await reader.readexactly(2)
                length = head[1] & 0x7F
                if length == 126:
                    length = struct.unpack("!H", await reader.readexactly(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", await reader.readexactly(8))[0]
                payload = await reader.readexactly(length)
                opcode = head[0] & 0x0F
                if opcode == 0x1:
                    on_message(time.perf_counter(), payload)
                elif opcode == 0x9:
                    # Answer daphne's keep-alive ping (every 20 s) as a browser does, or it closes us.
                    mask = os.urandom(4)
                    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                    writer.write(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                elif opcode == 0x8:
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            return

    writer.reader_task = asyncio.ensure_future(read_frames())
    return writer


async def run(args, world, port: int) -> dict:
    from asgiref.sync import sync_to_async

    from bingo import services

    arrivals: dict[int, list[float]] = {}  # calls so far -> arrival times (one per client and call)
    connected = asyncio.Event()
    initial = [0]

    def make_handler():
        synced = [False]

        def on_message(now: float, payload: bytes):
            count = len(json.loads(payload)["calls"])
            if not synced[0]:
                synced[0] = True  # the full state every screen gets on connect
                initial[0] += 1
                if initial[0] == args.clients:
                    connected.set()
                return
            arrivals.setdefault(count, []).append(now)
        return on_message

    halls = [world.hall, *world.other_halls]
    writers = []
    batch = 100
    for start in range(0, args.clients, batch):
        writers.extend(await asyncio.gather(*[
            screen("127.0.0.1", port, f"/ws/bingo/flashboard/{halls[i % len(halls)].key}/", make_handler())
            for i in range(start, min(start + batch, args.clients))]))
    await asyncio.wait_for(connected.wait(), timeout=120)

    # Phase 1, fan-out alone: one group_send per hall on the same Redis, straight from this loop.
    from channels.layers import get_channel_layer

    from bingo import broadcast

    layer = get_channel_layer()
    raw_sent: dict[int, float] = {}
    for index in range(1, args.calls + 1):
        count = 1000 + index  # never a real number of calls: tells these messages apart
        text = json.dumps({"calls": list(range(count))})
        raw_sent[count] = time.perf_counter()
        await asyncio.gather(*(layer.group_send(broadcast.group_name(hall), {"type": broadcast.MESSAGE_TYPE,
                                                                             "text": text}) for hall in halls))
        deadline = time.perf_counter() + 5
        while len(arrivals.get(count, [])) < args.clients and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(args.pause)
    fanout = sorted((t - raw_sent[k]) * 1000 for k, times in arrivals.items() if k in raw_sent for t in times)

    # Phase 2, end to end: the real service (transaction, hash chain, winner search, on_commit broadcast).
    record = sync_to_async(services.ball_record, thread_sensitive=False)
    numbers = random.Random(4).sample(range(1, 76), args.calls)
    sent_at: dict[int, float] = {}
    service_ms: list[float] = []
    for index, number in enumerate(numbers, start=1):
        sent_at[index] = time.perf_counter()
        await record(actor=world.caller, game=world.game, number=number)
        service_ms.append((time.perf_counter() - sent_at[index]) * 1000)
        deadline = time.perf_counter() + 5
        while len(arrivals.get(index, [])) < args.clients and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(args.pause)
    for writer in writers:
        writer.close()
        writer.reader_task.cancel()
    latencies = sorted((t - sent_at[k]) * 1000 for k, times in arrivals.items() if k in sent_at for t in times)
    expected = args.clients * args.calls
    return {"latencies": latencies, "lost": expected - len(latencies), "service_ms": service_ms, "fanout": fanout}


def percentile(values, q):
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))], 1) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 clients, 5 calls")
    parser.add_argument("--clients", type=int)
    parser.add_argument("--calls", type=int)
    parser.add_argument("--halls", type=int, default=4)
    parser.add_argument("--layer", choices=["core", "pubsub"], default="core",
                        help="channels_redis layer: core (config.settings) or pubsub (benchmarks/_fanout_settings.py)")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between calls")
    args = parser.parse_args()
    args.clients = args.clients or (200 if args.quick else 1000)
    args.calls = args.calls or (5 if args.quick else 20)
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    workdir = Path(tempfile.mkdtemp(prefix="fanout-"))
    daphne = None
    try:
        env = prepare(workdir, redis_url, args.layer)
        world = build_world(args.halls)
        port = free_port()
        daphne = start_daphne(env, port, workdir / "daphne.log")
        outcome = asyncio.run(run(args, world, port))
    finally:
        if daphne is not None:
            daphne.terminate()
            try:
                daphne.wait(timeout=10)
            except subprocess.TimeoutExpired:
                daphne.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    values = outcome["latencies"]
    result = {
        "clients": args.clients, "calls": args.calls, "halls": args.halls, "layer": args.layer,
        "p50_ms": round(statistics.median(values), 1) if values else None,
        "p99_ms": percentile(values, 0.99), "max_ms": round(values[-1], 1) if values else None,
        "lost": outcome["lost"],
        "fanout_p50_ms": round(statistics.median(outcome["fanout"]), 1) if outcome["fanout"] else None,
        "fanout_p99_ms": percentile(outcome["fanout"], 0.99),
        "service_median_ms": round(statistics.median(outcome["service_ms"]), 1),
        "target_p99_ms": 250,
    }
    print(f"{args.clients} screens over {args.halls} halls, {args.calls} calls: "
          f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms, lost {result['lost']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
