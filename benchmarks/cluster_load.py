"""The cluster under load (issue 31): the portal's users and the halls' flashboards at once, then the same with a
daphne and a gunicorn process killed.

The cluster is testkit/cluster.py's: nginx in front, 2 gunicorn (1 worker x 4 threads each), 2 daphne, 2 Celery
workers and beat, on the machine's PostgreSQL and a Redis of the benchmark's own (testkit.private_services).

Data: 100,000 applications (benchmarks/portal_load.py's seeding: board_queue.py's fill and the load accounts),
200,000 financial reports (reports_scale.py's fill) and 40 halls, each a training bingo operation with a game
(training plays at any hour: the cluster runs on the real clock), in a database of its own, `bench_cluster`,
seeded once and reused (benchmarks/_cluster_world.py). Each run plays on a copy (`bench_cluster_run`, made from
the seeded one as a template and dropped afterwards), so every run starts from the same state.

Load: locust (headless) with the issue-15 mix against the proxy (300 users: 70% public, 25% officers, 5% Board
staff signing in with their authenticator code; 1-3 s between pages; 10 arrive a second), and in this process
40 halls x 25 flashboards connected through the proxy (testkit.ws_screen.Flashboard, reconnecting as
flashboard.js does) while each hall's caller calls a ball through the proxy every 10 s.

Two phases of --seconds each (300): steady; then the same with one daphne and one gunicorn process killed
(kill -9) at --kill-at (120 s) and started again --restart-after seconds later (5: what a supervisor such as
systemd's Restart=always does; the screens of the killed daphne reconnect to the other meanwhile).

Per phase: requests/s, p95 per page kind and overall (locust), call-to-screen p50/p99 (from each call sent to
each screen of its hall showing it), dropped screens (without their state again within 30 s, or missing a call at
the end), failed requests split into those in flight on the killed process (started before the kill, ended at or
after it) and the others. Last line: JSON with the kill phase's figures at the top (users, screens, rps, p95_ms,
call_p99_ms, dropped, failures) and both phases nested. Target on 2 cores: p95 and call p99 under 500 ms, no
dropped screen, no failed request but those in flight on a killed process.

`--quick`: 5,000 applications and 10,000 reports (`bench_cluster_small`), 30 users, 4 halls x 10 screens,
phases of 20 s (40 s of load) with the kill 10 s into the second, the processes down 3 s. `--nice -15` weighs the
benchmark's and the cluster's sessions against the rest of a shared machine (see weigh())."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(ROOT))

from _cluster_screens import Halls  # noqa: E402
from _cluster_world import FULL, HALLS, SMALL  # noqa: E402
from portal_load import SIGN_IN_KINDS, SPAWN_RATE, _create_database, _database_url, read_failures, read_stats  # noqa: E402

from testkit.cluster import Cluster  # noqa: E402
from testkit.figures import percentile  # noqa: E402
from testkit.private_services import PrivateRedis  # noqa: E402

MACHINE_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"
TARGET_P95_MS = TARGET_CALL_P99_MS = 500
WARM_UP_USERS = 10
STARTED = time.monotonic()


def say(text: str) -> None:
    print(f"[cluster_load {time.monotonic() - STARTED:6.1f}s] {text}", flush=True)


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def weigh(pids: list[int | None], nice: int | None) -> None:
    """--nice: each process's session (a Linux autogroup: the benchmark with its locust, and each process of the
    cluster, which runs in a session of its own) weighted as `nice` against the machine's other sessions, to
    approximate a machine running nothing else (a negative value needs root)."""
    if nice is None:
        return
    for pid in pids:
        if pid:
            with contextlib.suppress(OSError):
                Path(f"/proc/{pid}/autogroup").write_text(str(nice))


# --- the database ---
def prepare(dataset: dict, base: str, hall_count: int) -> tuple[str, list[dict], dict, float]:
    """Seeds the dataset's database if needed; returns its URL, the halls, the portal's people and the seconds
    the seeding took (0 when it was there)."""
    from _cluster_world import halls, licenses_in_force, seed, staff_accounts

    url = _database_url(base, dataset["database"])
    _create_database(base, dataset["database"])
    os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"})
    import django

    django.setup()
    from django.db import connections
    from portal_load import world

    started = time.perf_counter()
    seed(dataset, url, say)
    seeded_s = time.perf_counter() - started
    licenses_in_force()
    specs = halls(hall_count)
    people = world()
    people["staff"] = staff_accounts()
    connections.close_all()
    return url, specs, people, seeded_s


def copy_database(url: str, name: str) -> str:
    """A copy of the seeded database for one run (CREATE DATABASE ... TEMPLATE, file by file)."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY").format(
            sql.Identifier(name), sql.Identifier(parts.path.lstrip("/"))))
    return urlunsplit(parts._replace(path=f"/{name}"))


def drop_database(url: str) -> None:
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(parts.path.lstrip("/"))))


# --- locust ---
async def locust(*, host: str, users: int, seconds: int, world_file: Path, prefix: Path, failures: Path,
                 first_staff: int) -> None:
    command = [sys.executable, "-m", "locust", "-f", str(BENCH / "_cluster_users.py"), "--headless",
               "--host", host, "--users", str(users), "--spawn-rate", str(SPAWN_RATE), "--run-time", f"{seconds}s",
               "--csv", str(prefix), "--only-summary", "--stop-timeout", "5", "--loglevel", "WARNING"]
    env = {**os.environ, "PORTAL_LOAD_WORLD": str(world_file), "PYTHONPATH": str(BENCH),
           "PORTAL_LOAD_FIRST_STAFF": str(first_staff), "CLUSTER_LOAD_FAILURES": str(failures)}
    with prefix.with_suffix(".log").open("wb") as log:
        process = await asyncio.create_subprocess_exec(*command, env=env, cwd=BENCH, stdout=log, stderr=log)
        await process.wait()  # locust exits 1 when a request failed: the failures are figures, not an error
    if not prefix.with_name(prefix.name + "_stats.csv").exists():
        raise RuntimeError(f"locust wrote no figures: {prefix.with_suffix('.log').read_text(errors='replace')[-2000:]}")


def read_failure_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def split_failures(failures: list[dict], kills: list[float]) -> tuple[list[dict], list[dict], list[dict]]:
    """(in flight on a killed process: started before a kill and ended at or after it; the pages of a person whose
    sign-in was lost that way, sent back to the sign-in page; the others)."""
    in_flight, after_lost_sign_in, others = [], [], []
    lost_sign_in: set = set()
    for failure in sorted(failures, key=lambda f: f["at"]):
        started = failure.get("started") or failure["at"]
        if any(started <= kill + 0.2 and failure["at"] >= kill - 0.2 for kill in kills):
            in_flight.append(failure)
            if failure.get("name") in SIGN_IN_KINDS and failure.get("user") is not None:
                lost_sign_in.add(failure["user"])
        elif failure.get("user") in lost_sign_in and "sign-in" in failure.get("error", ""):
            after_lost_sign_in.append(failure)
        else:
            others.append(failure)
    return in_flight, after_lost_sign_in, others


# --- one phase ---
async def phase(name: str, *, cluster: Cluster, halls: Halls, args, world_file: Path, workdir: Path,
                first_staff: int, kill_at: float | None) -> dict:
    say(f"phase {name}: {args.users} users, {len(halls.screens)} screens, {args.seconds} s (load {load()})")
    load_before = os.getloadavg()[0]
    halls.phase = name
    marks = halls.outage_marks()
    prefix, failures_file = workdir / f"locust-{name}", workdir / f"failures-{name}.jsonl"
    run = asyncio.ensure_future(locust(host=cluster.url, users=args.users, seconds=args.seconds,
                                       world_file=world_file, prefix=prefix, failures=failures_file,
                                       first_staff=first_staff))
    halls.start_calling()
    kills, killed = [], []
    if kill_at is not None:
        await asyncio.sleep(kill_at)
        killed = ["daphne-1", "gunicorn-1"]
        kills = [time.time()]
        say(f"kill -9 {' and '.join(killed)} (load {load()})")
        await asyncio.gather(*(asyncio.to_thread(cluster.kill, victim) for victim in killed))
        await asyncio.sleep(args.restart_after)
        await asyncio.gather(*(asyncio.to_thread(cluster.start_member, victim) for victim in killed))
        weigh([cluster.members[victim].pid for victim in killed], args.nice)
        say(f"{' and '.join(killed)} started again after {args.restart_after:.0f} s down, listening "
            f"{time.time() - kills[0]:.1f} s after the kill")
    await run
    await halls.stop_calling()
    await asyncio.sleep(args.settle)  # the last calls' states reach the screens
    load_after = os.getloadavg()[0]

    pages, total = read_stats(prefix.with_name(prefix.name + "_stats.csv"))
    reasons = read_failures(prefix.with_name(prefix.name + "_failures.csv"))
    page_failures = read_failure_log(failures_file)
    call_failures = [f for f in halls.call_failures if f["phase"] == name]
    in_flight, after_lost_sign_in, others = split_failures(page_failures + call_failures, kills)
    times, missing = halls.call_to_screen(name)
    dropped = halls.dropped(marks)
    calls_made = sum(1 for hall in halls.halls for _n, (_t, p) in hall.sent.items() if p == name)
    api_ms = [ms for p, ms in halls.call_ms if p == name]
    browsing = {kind: f for kind, f in pages.items() if kind not in SIGN_IN_KINDS}
    worst = max(browsing, key=lambda kind: browsing[kind]["p95_ms"]) if browsing else None
    figures = {
        "rps": total.get("rps", 0.0), "requests": total.get("requests", 0), "p95_ms": total.get("p95_ms", 0.0),
        "worst_page": worst, "worst_p95_ms": pages[worst]["p95_ms"] if worst else None,
        "sign_in_p95_ms": pages.get("sign_in", {}).get("p95_ms"),
        "calls": calls_made, "call_p50_ms": round(percentile(times, 0.5) * 1000, 1) if times else None,
        "call_p99_ms": round(percentile(times, 0.99) * 1000, 1) if times else None,
        "call_max_ms": round(max(times) * 1000, 1) if times else None, "call_arrivals_missing": missing,
        "call_api_p95_ms": round(percentile(api_ms, 0.95), 1) if api_ms else None,
        "dropped": len(dropped), "failures": len(in_flight) + len(after_lost_sign_in) + len(others),
        "failures_in_flight": len(in_flight), "failures_after_lost_sign_in": len(after_lost_sign_in),
        "failures_other": len(others),
        "locust_failures": total.get("failures", 0), "call_failures": len(call_failures),
        "load_average": [round(load_before, 1), round(load_after, 1)], "killed": killed,
        "pages_p95_ms": {kind: f["p95_ms"] for kind, f in sorted(pages.items())},
    }
    print(f"-- phase {name}{' (kill -9 of ' + ' and '.join(killed) + f' at {kill_at:.0f} s)' if killed else ''}: "
          f"load average {load_before:.1f} -> {load_after:.1f}")
    for kind, f in sorted(pages.items()):
        print(f"   {kind:26} {f['requests']:6} req  {f['rps']:5.1f}/s  median {f['median_ms']:5.0f} ms  "
              f"p95 {f['p95_ms']:5.0f} ms  max {f['max_ms']:6} ms  failures {f['failures']}")
    print(f"   {'all pages':26} {figures['requests']:6} req  {figures['rps']:5.1f}/s  p95 {figures['p95_ms']:.0f} ms")
    print(f"   calls: {calls_made} through the proxy (API p95 {figures['call_api_p95_ms']} ms), call-to-screen "
          f"p50 {figures['call_p50_ms']} ms p99 {figures['call_p99_ms']} ms max {figures['call_max_ms']} ms, "
          f"{missing} arrivals missing; dropped screens {len(dropped)} {dropped[:3]}")
    print(f"   failed requests: {figures['failures']} ({len(in_flight)} in flight on a killed process, "
          f"{len(after_lost_sign_in)} pages of people whose sign-in was lost in flight, {len(others)} others; "
          f"{len(call_failures)} of them calls)")
    for kind, error, count in reasons[:5]:
        print(f"   failed: {kind}: {error} ({count} times)")
    for failure in others[:5]:
        print(f"   other failure: {failure}")
    sys.stdout.flush()
    return figures


async def run(args, cluster: Cluster, specs: list[dict], world_file: Path, workdir: Path) -> dict:
    halls = Halls(specs, host="127.0.0.1", port=cluster.port, screens_per_hall=args.screens_per_hall,
                  interval=args.call_every, base_url=cluster.url)
    try:
        connected = await halls.connect()
        say(f"{connected} of {len(halls.screens)} screens connected through the proxy (load {load()})")
        problems = await halls.start_games()
        if problems:
            raise RuntimeError(f"games did not start: {problems[:3]}")
        # The workers import the application and compile their templates on their first requests: thrown away.
        await locust(host=cluster.url, users=min(args.users, WARM_UP_USERS), seconds=args.warm_up,
                     world_file=world_file, prefix=workdir / "warm-up", failures=workdir / "warm-up.jsonl",
                     first_staff=30)
        steady = await phase("steady", cluster=cluster, halls=halls, args=args, world_file=world_file,
                             workdir=workdir, first_staff=0, kill_at=None)
        killed = await phase("kill", cluster=cluster, halls=halls, args=args, world_file=world_file,
                             workdir=workdir, first_staff=15, kill_at=args.kill_at)
        return {"connected": connected, "steady": steady, "kill": killed}
    finally:
        halls.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small dataset, 30 users, 4 halls x 10 screens, phases of 20 s, the kill at 10 s")
    parser.add_argument("--users", type=int)
    parser.add_argument("--halls", type=int)
    parser.add_argument("--screens-per-hall", type=int)
    parser.add_argument("--seconds", type=int, help="each phase's length")
    parser.add_argument("--kill-at", type=float, help="seconds into the second phase")
    parser.add_argument("--restart-after", type=float, help="seconds the killed processes stay down (5; 3 quick)")
    parser.add_argument("--call-every", type=float, default=10.0, help="seconds between a hall's calls")
    parser.add_argument("--nice", type=int, help="weigh the benchmark's and the cluster's sessions as this nice value "
                                                  "(Linux autogroups; e.g. -15 on a machine shared with others)")
    parser.add_argument("--seed-only", action="store_true", help="seed the database and stop")
    args = parser.parse_args()
    # Stopped (Ctrl-C, kill): the cluster, the Redis and the run's database go too (`finally` below); a shell starts
    # a background command with SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    quick = args.quick
    args.users = args.users or (30 if quick else 300)
    args.halls = min(args.halls or (4 if quick else HALLS), HALLS)
    args.screens_per_hall = args.screens_per_hall or (10 if quick else 25)
    args.seconds = args.seconds or (20 if quick else 300)
    args.kill_at = args.kill_at if args.kill_at is not None else (10 if quick else 120)
    args.restart_after = args.restart_after if args.restart_after is not None else (3.0 if quick else 5.0)
    args.warm_up, args.settle = (4, 3) if quick else (8, 5)  # seconds: a thrown-away locust run; after a phase
    dataset = SMALL if quick else FULL
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))

    base = os.environ.get("DATABASE_URL", "")
    base = base if base.startswith(("postgres://", "postgresql://")) else MACHINE_DATABASE
    say(f"dataset {dataset['applications']:,} applications, {dataset['reports']:,} reports in "
        f"{dataset['database']} (load {load()})")
    url, specs, people, seeded_s = prepare(dataset, base, args.halls)
    if args.seed_only:
        say(f"seeded in {seeded_s:.0f} s")
        return
    started = time.perf_counter()
    run_url = copy_database(url, f"{dataset['database']}_run")
    copy_s = time.perf_counter() - started
    say(f"run database copied in {copy_s:.1f} s")

    workdir = Path(tempfile.mkdtemp(prefix="bench-cluster-"))
    world_file = workdir / "world.json"
    world_file.write_text(json.dumps(people))
    redis = PrivateRedis(workdir / "redis").start()
    cluster = Cluster(folder=workdir / "cluster", database_url=run_url, redis_url=redis.url)
    try:
        cluster.start()
        weigh([os.getpid()] + [m.pid for m in cluster.members.values()], args.nice)
        say(f"cluster up on {cluster.url}: {', '.join(cluster.members)}"
            f"{f' (sessions weighted as nice {args.nice})' if args.nice is not None else ''}")
        outcome = asyncio.run(run(args, cluster, specs, world_file, workdir))
        alive = all(m["alive"] for m in cluster.status())
    finally:
        cluster.stop()
        redis.destroy()
        drop_database(run_url)
        shutil.rmtree(workdir, ignore_errors=True)

    kill, steady = outcome["kill"], outcome["steady"]
    met = all(p["p95_ms"] < TARGET_P95_MS and (p["call_p99_ms"] or 0) < TARGET_CALL_P99_MS and p["dropped"] == 0
              and p["failures_other"] == 0 for p in (steady, kill))
    print(f"{args.users} users, {len(specs)} halls x {args.screens_per_hall} screens, {args.seconds} s a phase: "
          f"steady {steady['rps']}/s p95 {steady['p95_ms']:.0f} ms call p99 {steady['call_p99_ms']} ms; with the kill "
          f"{kill['rps']}/s p95 {kill['p95_ms']:.0f} ms call p99 {kill['call_p99_ms']} ms, {kill['dropped']} dropped, "
          f"{kill['failures']} failed ({kill['failures_in_flight']} in flight); target "
          f"{'met' if met else 'NOT met'}")
    print(json.dumps({
        "users": args.users, "screens": len(specs) * args.screens_per_hall, "rps": kill["rps"],
        "p95_ms": kill["p95_ms"], "call_p99_ms": kill["call_p99_ms"] if kill["call_p99_ms"] is not None else -1,
        "dropped": kill["dropped"], "failures": kill["failures"],
        "failures_in_flight": kill["failures_in_flight"],
        "failures_after_lost_sign_in": kill["failures_after_lost_sign_in"], "failures_other": kill["failures_other"],
        "target_met": met, "target_p95_ms": TARGET_P95_MS, "target_call_p99_ms": TARGET_CALL_P99_MS,
        "halls": len(specs), "seconds": args.seconds, "nice": args.nice, "kill_at": args.kill_at,
        "restart_after": args.restart_after,
        "applications": dataset["applications"], "reports": dataset["reports"], "seeded_s": round(seeded_s),
        "copy_s": round(copy_s, 1), "connected": outcome["connected"], "all_alive_at_end": alive,
        "steady": steady, "kill": kill,
    }))


if __name__ == "__main__":
    main()
