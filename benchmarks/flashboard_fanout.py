"""Flashboard fan-out: daphne with the Redis channel layer and N websocket screens on loopback.

Starts daphne (a subprocess) on a free loopback port, against a throwaway PostgreSQL database
(created on the server DATABASE_URL names, dropped afterwards; a migrated SQLite file when
DATABASE_URL is not PostgreSQL) and Redis (REDIS_URL, default redis://127.0.0.1:6379/0, a fresh
channel prefix). Builds a multi-hall operation (one drawing hall + 3 participating halls,
30 DCMR 1405.13) with a game in play, then:

1. Connect burst (issue 9): all N screens open their websocket AT ONCE, spread over the four halls'
   flashboards. Per screen: the time to the server's accept (the 101 answer) and to its first
   state; a screen refused (daphne rejects a handshake not accepted within 5 s) or without its
   state within 30 s is dropped. Target: 1,000 screens, none dropped, first-state p99 under 2 s.
2. Fan-out (issue 4): one group_send per hall straight from this process, timed to every screen.
3. End to end (issue 4): calls through the real service (bingo.live.services.ball_record: transaction,
   hash chain, winner search, on_commit broadcast through Redis), each timed from just before
   the service is called to the arrival of its state at every screen. Target: p99 under 250 ms.

Last line: JSON with screens, dropped, connect_p50_ms/p99_ms, first_state_p50_ms/p99_ms/max_ms,
then calls, p50_ms, p99_ms, max_ms, lost, fanout_*. `--quick`: 200 screens, 5 calls."""

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _servers import cpu_ms, free_port, start_server, stop_server  # noqa: E402

from testkit.ws_screen import Screen  # noqa: E402

FIRST_STATE_WAIT = 30  # seconds a screen may wait for its first state before it counts as dropped


@contextmanager
def throwaway_database(workdir: Path):
    """A fresh PostgreSQL database beside the one DATABASE_URL names (SQLite if it is not PostgreSQL)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{workdir / 'bench.sqlite3'}", "sqlite"
        return
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'postgres'}_fanout_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(parts._replace(path=f"/{name}")), "postgresql"
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def forget_redis_keys(redis_url: str, prefix: str) -> None:
    """The run's channel groups and cache entries (its own prefix) would otherwise stay a day in Redis."""
    import redis

    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(match=f"{prefix}*", count=500):
        client.delete(key)


def prepare(database_url: str, redis_url: str, layer: str) -> dict:
    env = {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CHANNELS_PREFIX": f"bench{os.getpid()}",
        "CACHE_KEY_PREFIX": f"bench{os.getpid()}",
        "DJANGO_DEBUG": "false",
        # "core": config.settings as deployed; "pubsub": the same with Channels' Redis pub/sub layer.
        "DJANGO_SETTINGS_MODULE": "config.settings" if layer == "core" else "_fanout_settings",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "benchmarks")]),
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    return env


def build_world(halls: int) -> SimpleNamespace:
    """A multi-hall game in play tonight, shown in `halls` halls, with 500 faces sold. Its rows are written straight
    to the tables, as the other benchmarks fill theirs (the planning services would ask for a multi-hall license
    and halls on other licenses' premises: planning is not what is measured here); the game starts through the
    live service. The clock is put at 19:00 today for the rest of the run, inside the operation's 18:00-22:00,
    so live play is allowed (bingo.live.live_play)."""
    import secrets
    import zoneinfo
    from decimal import Decimal

    import time_machine
    from django.conf import settings
    from django.utils import timezone

    from bingo import models as bingo
    from bingo.live import services
    from licensing.models import Application, License, Membership, Organization, Premises, Role, User
    from licensing.models.choices import ApplicationStatus, LicenseStatus

    today = timezone.localdate()
    evening = dt.datetime.combine(today, dt.time(19, 0), tzinfo=zoneinfo.ZoneInfo(settings.TIME_ZONE))
    time_machine.travel(evening).start()  # never stopped: the calls of phase 3 are made in licensed hours too
    organization = Organization.objects.create(name="Bench Parish", organization_type="charitable",
                                               street_address="1 Bench Street NW", postal_code="20001")
    people = {}
    for role in (Role.CALLER, Role.CHECKER, Role.MEMBER_IN_CHARGE):
        people[role] = User.objects.create_user(email=f"bench-{role}@example.org", full_name=f"Bench {role}",
                                                password=None)
        Membership.objects.create(user=people[role], organization=organization, role=role)
    caller = people[Role.CALLER]
    rooms = [Premises.objects.create(name=f"Bench Hall {n}", street_address=f"{n} Hall Avenue NE", postal_code="20018")
             for n in range(1, halls + 1)]
    application = Application.objects.create(
        organization=organization, license_type="bingo", license_class="B", status=ApplicationStatus.APPROVED,
        premises=rooms[0], created_by=caller, lawful_purpose="Scholarships")
    license = License.objects.create(
        number="BG-2026-00001", organization=organization, licensed_name=organization.name, application=application,
        license_type="bingo", license_class="B", period="regular", premises=rooms[0], status=LicenseStatus.ACTIVE,
        effective_on=today, expires_on=today + dt.timedelta(days=364))
    # A multi-hall game needs an approved service agreement with its audit clause (30 DCMR 1401.8).
    bingo.MultiHallAgreement.objects.create(
        organization=organization, provider="Capitol Link Services", services="Advertising and the prize account",
        audit_clause=True, signed_on=today - dt.timedelta(days=400), approved_at=timezone.now())
    operation = bingo.Operation.objects.create(
        license=license, premises=rooms[0], date=today, starts_at=dt.time(18, 0), ends_at=dt.time(22, 0),
        caller_visible=True, cash_prizes_only=True, created_by=caller)
    shown = [bingo.Hall.objects.create(operation=operation, premises=room, name=room.name, is_drawing_location=n == 0,
                                       key=secrets.token_urlsafe(16)[:22]) for n, room in enumerate(rooms)]
    # Who must be on duty before a game starts, all adults (30 DCMR 1401.3, 1400.12, 1301.5, 1401.5).
    duty = bingo.WorkerDuty.Duty
    for name, kind, user in (("Checker", duty.CHECKER, people[Role.CHECKER]), ("Guard", duty.SECURITY, None),
                             ("In charge", duty.MEMBER_IN_CHARGE, people[Role.MEMBER_IN_CHARGE])):
        bingo.WorkerDuty.objects.create(operation=operation, name=name, duty=kind, user=user,
                                        date_of_birth=dt.date(1980, 1, 1))
    game = bingo.Game.objects.create(
        operation=operation, number=1, pattern=bingo.Pattern.objects.get(slug="any-line"), prize=Decimal("100.00"),
        license_class="B", game_type=bingo.GameType.MULTI_HALL)
    series = bingo.CardSeries.objects.create(organization=organization, code="BENCH", size=500,
                                             seed=secrets.randbelow(2**40))
    bingo.CardSale.objects.create(operation=operation, series=series, first_face=1, last_face=500,
                                  hall=shown[0]).games.add(game)
    game = services.game_start(actor=caller, game=game)
    return SimpleNamespace(game=game, caller=caller, hall=shown[0], other_halls=shown[1:])


def start_daphne(env: dict, port: int, log: Path) -> subprocess.Popen:
    # Served as `make run` serves it (scripts/serve: daphne with its listen backlog raised).
    return start_server([str(ROOT / "scripts/serve")], env=env, port=port, log=log, name="daphne")


async def connect_burst(screens: list[Screen]) -> dict:
    """Every screen opens at once; returns the connect and first-state times of those that made it."""
    await asyncio.gather(*(s.open() for s in screens))
    await asyncio.wait([asyncio.ensure_future(s.got_first.wait()) for s in screens], timeout=FIRST_STATE_WAIT)
    served = [s for s in screens if s.first_state is not None]
    errors: dict[str, int] = {}
    for s in screens:
        if s.first_state is None:
            reason = (s.error or "no first state in time")[:60]
            errors[reason] = errors.get(reason, 0) + 1
    return {
        "served": served,
        "connect": sorted((s.accepted - s.started) * 1000 for s in served),
        "first_state": sorted((s.first_state - s.started) * 1000 for s in served),
        "errors": errors,
    }


async def wait_for(arrivals: dict, key: int, expected: int, pause: float) -> None:
    deadline = time.perf_counter() + 5
    while len(arrivals.get(key, [])) < expected and time.perf_counter() < deadline:
        await asyncio.sleep(0.005)
    await asyncio.sleep(pause)


async def run(args, world, port: int, server_pid: int) -> dict:
    from asgiref.sync import sync_to_async
    from channels.layers import get_channel_layer

    from bingo.live import broadcast, services

    arrivals: dict[int, list[float]] = {}  # calls so far -> arrival times (one per screen and call)

    def on_message(now: float, payload: bytes):
        arrivals.setdefault(len(json.loads(payload)["calls"]), []).append(now)

    halls = [world.hall, *world.other_halls]
    screens = [Screen("127.0.0.1", port, f"/ws/bingo/flashboard/{halls[i % len(halls)].key}/", on_message)
               for i in range(args.screens)]
    cpu_before = cpu_ms(server_pid)
    burst = await connect_burst(screens)
    cpu_after = cpu_ms(server_pid)
    burst["server_cpu_ms"] = round(cpu_after - cpu_before) if cpu_before is not None else None
    served = len(burst["served"])

    # Phase 2, fan-out alone: one group_send per hall on the same Redis, straight from this loop.
    layer = get_channel_layer()
    raw_sent: dict[int, float] = {}
    for index in range(1, args.calls + 1):
        count = 1000 + index  # never a real number of calls: tells these messages apart
        text = json.dumps({"calls": list(range(count))})
        raw_sent[count] = time.perf_counter()
        await asyncio.gather(*(layer.group_send(broadcast.group_name(hall), {"type": broadcast.MESSAGE_TYPE,
                                                                             "text": text}) for hall in halls))
        await wait_for(arrivals, count, served, args.pause)
    fanout = sorted((t - raw_sent[k]) * 1000 for k, times in arrivals.items() if k in raw_sent for t in times)

    # Phase 3, end to end: the real service (transaction, hash chain, winner search, on_commit broadcast).
    record = sync_to_async(services.ball_record, thread_sensitive=False)
    numbers = random.Random(4).sample(range(1, 76), args.calls)
    sent_at: dict[int, float] = {}
    service_ms: list[float] = []
    for index, number in enumerate(numbers, start=1):
        sent_at[index] = time.perf_counter()
        await record(actor=world.caller, game=world.game, number=number)
        service_ms.append((time.perf_counter() - sent_at[index]) * 1000)
        await wait_for(arrivals, index, served, args.pause)
    for s in screens:
        s.close()
    latencies = sorted((t - sent_at[k]) * 1000 for k, times in arrivals.items() if k in sent_at for t in times)
    return {**burst, "latencies": latencies, "lost": served * args.calls - len(latencies),
            "service_ms": service_ms, "fanout": fanout}


def percentile(values, q):
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))], 1) if values else None


def median(values):
    return round(statistics.median(values), 1) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 screens, 5 calls")
    parser.add_argument("--screens", "--clients", type=int, dest="screens")
    parser.add_argument("--calls", type=int)
    parser.add_argument("--halls", type=int, default=4)
    parser.add_argument("--layer", choices=["core", "pubsub"], default="core",
                        help="channels_redis layer: core (config.settings) or pubsub (benchmarks/_fanout_settings.py)")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between calls")
    args = parser.parse_args()
    args.screens = args.screens or (200 if args.quick else 1000)
    args.calls = args.calls if args.calls is not None else (5 if args.quick else 20)
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    workdir = Path(tempfile.mkdtemp(prefix="fanout-"))
    daphne = None
    try:
        with throwaway_database(workdir) as (database_url, database):
            try:
                env = prepare(database_url, redis_url, args.layer)
                world = build_world(args.halls)
                port = free_port()
                daphne = start_daphne(env, port, workdir / "daphne.log")
                outcome = asyncio.run(run(args, world, port, daphne.pid))
            finally:
                stop_server(daphne)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        forget_redis_keys(redis_url, f"bench{os.getpid()}")
    values = outcome["latencies"]
    result = {
        "screens": args.screens, "halls": args.halls, "layer": args.layer, "database": database,
        "dropped": args.screens - len(outcome["served"]),
        "connect_p50_ms": median(outcome["connect"]), "connect_p99_ms": percentile(outcome["connect"], 0.99),
        "first_state_p50_ms": median(outcome["first_state"]),
        "first_state_p99_ms": percentile(outcome["first_state"], 0.99),
        "first_state_max_ms": round(outcome["first_state"][-1], 1) if outcome["first_state"] else None,
        "target_first_state_p99_ms": 2000, "connect_server_cpu_ms": outcome["server_cpu_ms"],
        "calls": args.calls, "p50_ms": median(values), "p99_ms": percentile(values, 0.99),
        "max_ms": round(values[-1], 1) if values else None, "lost": outcome["lost"],
        "fanout_p50_ms": median(outcome["fanout"]), "fanout_p99_ms": percentile(outcome["fanout"], 0.99),
        "service_median_ms": median(outcome["service_ms"]), "target_p99_ms": 250,
    }
    if outcome["errors"]:
        print(f"dropped screens by reason: {outcome['errors']}")
    print(f"{args.screens} screens over {args.halls} halls ({database}): {result['dropped']} dropped, "
          f"accepted p50 {result['connect_p50_ms']} ms p99 {result['connect_p99_ms']} ms, first state "
          f"p50 {result['first_state_p50_ms']} ms p99 {result['first_state_p99_ms']} ms; {args.calls} calls: "
          f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms, lost {result['lost']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
