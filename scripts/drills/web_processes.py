"""Drill: one game over many processes, then kill -9 a daphne and a gunicorn process under load.

A cluster (testkit/cluster.py: nginx, 2 gunicorn, 2 daphne, 2 Celery workers, beat) on a database of its own on the
machine's PostgreSQL and a Redis of its own; the demo's training bingo game (playable at any hour). Screens connect
through the proxy as the flashboards do and reconnect as flashboard.js does (testkit.ws_screen.Flashboard).

1. One game, many processes: balls called through gunicorn process 1 and through process 2 reach every screen on
   both daphne processes (call-to-screen times); a claim verified through one process and the close through the
   other show on every screen.
2. kill -9 of the daphne process holding half the screens (--screens on each): every one of its screens reconnects
   through the proxy to the other and shows the same state within 5 s; a ball called after reaches every screen.
3. kill -9 of a gunicorn process while pages are requested through the proxy: no request fails but those in flight
   on the killed process (nginx tries the next for the refused ones); the killed process is started again.

    .venv/bin/python scripts/drills/web_processes.py [--screens 300] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _drill import ROOT, Report, calls_in_database, django_on, own_database, prepare_database  # noqa: E402

from testkit.cluster import Cluster  # noqa: E402
from testkit.figures import percentile  # noqa: E402
from testkit.http_api import api  # noqa: E402
from testkit.private_services import PrivateRedis  # noqa: E402
from testkit.ws_screen import Flashboard  # noqa: E402

RESYNC_BUDGET = 5.0  # seconds a screen of a killed daphne may take to show the same state again (the issue's)
FANOUT_BUDGET = 0.5  # seconds from a call's answer to every screen (the call-to-screen p99 target of issue 31)


def screens_per_daphne(cluster: Cluster) -> dict[str, int]:
    """Established connections from nginx to each daphne process (ss), i.e. the screens each one holds."""
    out = subprocess.run(["ss", "-Htn", "state", "established"], capture_output=True, text=True).stdout
    counts = {}
    for member in cluster.of_kind("daphne"):
        # ss -H: state recv-q send-q local peer; daphne's side of each connection has its port as the local one.
        counts[member.name] = sum(1 for line in out.splitlines() if line.split()[3].endswith(f":{member.port}"))
    return counts


async def wait_until(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.02)
    return predicate()


class Arrivals:
    """When each screen first showed n calls (by n): the call-to-screen times of a ball."""

    def __init__(self):
        self.first: dict[int, dict[int, float]] = {}

    def on_state(self, screen: Flashboard, now: float) -> None:
        self.first.setdefault(len(screen.calls), {}).setdefault(id(screen), now)


async def call_and_measure(report: Report, base: str, game, screens: list[Flashboard], arrivals: Arrivals,
                           via: str) -> list[float]:
    count_before = len(calls_in_database(game.game_id))
    started = time.perf_counter()
    status, answer = await asyncio.to_thread(api, base, f"/api/v1/bingo/games/{game.game_id}/draw/",
                                             token=game.caller_token, body={})
    answered = time.perf_counter()
    ok = status == 201
    report.check(ok, f"ball called through {via}: HTTP {status} ({answer.get('last_label', answer)})")
    target = count_before + 1
    arrived = await wait_until(lambda: all(len(s.calls) >= target for s in screens), 10)
    # From the moment the call was sent: the screens hear of it once it commits, before the API's answer is built.
    times = [arrivals.first.get(target, {}).get(id(s), float("inf")) - started for s in screens]
    report.check(arrived, f"the ball called through {via} reached all {len(screens)} screens on both daphne "
                          f"processes (p99 {percentile(times, 0.99) * 1000:.0f} ms after the call was sent; "
                          f"the API answered in {(answered - started) * 1000:.0f} ms)")
    return times


async def one_game(report: Report, cluster: Cluster, game, screens, arrivals) -> dict:
    g1, g2 = (f"http://127.0.0.1:{m.port}" for m in cluster.of_kind("gunicorn"))
    times = []
    for _ in range(3):
        times += await call_and_measure(report, g1, game, screens, arrivals, "gunicorn-1")
        times += await call_and_measure(report, g2, game, screens, arrivals, "gunicorn-2")
    p99 = percentile(times, 0.99)
    report.check(p99 <= FANOUT_BUDGET, f"call-to-screen p99 {p99 * 1000:.0f} ms within {FANOUT_BUDGET * 1000:.0f} ms")
    return {"call_p50_ms": round(statistics.median(times) * 1000, 1), "call_p99_ms": round(p99 * 1000, 1)}


async def claim_and_close(report: Report, cluster: Cluster, game, screens) -> None:
    """Record the rest of a face's first row through gunicorn-1, claim it through gunicorn-2, close through 1."""
    from bingo.cards.sales import series_faces
    from bingo.models import CardSeries, Game

    g1, g2 = (f"http://127.0.0.1:{m.port}" for m in cluster.of_kind("gunicorn"))
    called = set(calls_in_database(game.game_id))
    organization_id = Game.objects.get(pk=game.game_id).operation.license.organization_id
    series = CardSeries.objects.filter(organization_id=organization_id).order_by("pk").first()
    faces = series_faces(series)
    face_number, missing = next((n + 1, [x for x in face.squares[0:5] if x and x not in called])
                                for n, face in enumerate(faces)
                                if any(x and x not in called for x in face.squares[0:5]))
    for number in missing:
        status, answer = await asyncio.to_thread(api, g1, f"/api/v1/bingo/games/{game.game_id}/record/",
                                                 token=game.caller_token, body={"number": number})
        if status != 201:
            report.check(False, f"recording ball {number} through gunicorn-1: HTTP {status} {answer}")
            return
    status, claim = await asyncio.to_thread(api, g2, f"/api/v1/bingo/games/{game.game_id}/claims/",
                                            token=game.checker_token,
                                            body={"face_number": face_number, "series_code": series.code})
    report.check(status in (200, 201) and claim.get("valid"),
                 f"face {face_number}'s claim verified through gunicorn-2: HTTP {status}, valid={claim.get('valid')}")
    target = len(called) + len(missing)
    report.check(await wait_until(lambda: all(len(s.calls) >= target for s in screens), 10),
                 f"the {len(missing)} balls recorded through gunicorn-1 show on every screen")
    status, _ = await asyncio.to_thread(api, g1, f"/api/v1/bingo/games/{game.game_id}/close/",
                                        token=game.caller_token, body={})
    report.check(status in (200, 201), f"game closed through gunicorn-1: HTTP {status}")

    def shown_result(screen: Flashboard) -> dict:
        # After the close the board shows the next game, with the one just closed as "previous".
        previous = screen.state.get("previous") or {}
        return previous.get("result") or screen.state.get("result") or {}

    shown = await wait_until(lambda: all(shown_result(s).get("winners") == 1 for s in screens), 10)
    report.check(shown, f"the verified claim shows as the game's one winner on all {len(screens)} screens "
                        f"(first screen: {shown_result(screens[0])})")


async def kill_daphne(report: Report, cluster: Cluster, game, screens, arrivals) -> dict:
    counts = screens_per_daphne(cluster)
    report.say(f"screens per daphne process before the kill: {counts}")
    victim = max(counts, key=counts.get)
    on_victim = counts[victim]
    report.check(on_victim >= len(screens) // 2 - 5,
                 f"{victim} holds {on_victim} of the {len(screens)} screens")
    expected_calls = list(screens[0].calls)
    killed_at = time.perf_counter()
    cluster.kill(victim)
    report.say(f"kill -9 {victim}")
    await wait_until(lambda: sum(1 for s in screens if not s.connected) >= on_victim // 2, 3)
    dropped = [s for s in screens if s.outages or not s.connected]
    back = await wait_until(lambda: all(s.connected and s.calls == expected_calls for s in screens),
                            RESYNC_BUDGET + 5)
    all_back_after = time.perf_counter() - killed_at
    slowest = max((s.outages[-1] for s in dropped if s.outages), default=0.0)
    report.check(back and slowest <= RESYNC_BUDGET,
                 f"{len(dropped)} screens lost their daphne; each reconnected to the other and showed the same "
                 f"{len(expected_calls)} calls, the slowest {slowest:.2f} s after its socket closed "
                 f"(budget {RESYNC_BUDGET:.0f} s)")
    still_down = [s for s in screens if not s.connected]
    report.check(not still_down, f"{len(still_down)} screens still disconnected")
    times = await call_and_measure(report, cluster.url, game, screens, arrivals, "the proxy (one daphne left)")
    cluster.start_member(victim)
    report.check(cluster.members[victim].alive(), f"{victim} started again")
    return {"daphne_killed_screens": len(dropped), "resync_max_s": round(slowest, 2),
            "resync_p95_s": round(percentile([s.outages[-1] for s in dropped if s.outages], 0.95), 2),
            "after_kill_call_p99_ms": round(percentile(times, 0.99) * 1000, 1), "kill_to_all_back_s":
            round(all_back_after, 2)}


def kill_gunicorn(report: Report, cluster: Cluster, seconds: float) -> dict:
    """Threads request pages through the proxy; gunicorn-1 is killed halfway; every failure is counted."""
    paths = ["/public/licenses/", "/public/fees/", "/healthz", "/public/rules/", "/vendors/registry/"]
    outcomes: list[tuple[float, int, str]] = []
    stop = threading.Event()

    def browse(n: int) -> None:
        i = n
        while not stop.is_set():
            path = paths[i % len(paths)]
            i += 1
            began = time.perf_counter()
            try:
                with urllib.request.urlopen(f"{cluster.url}{path}", timeout=30) as answer:
                    answer.read()
                    outcomes.append((began, answer.status, path))
            except urllib.error.HTTPError as error:
                outcomes.append((began, error.code, path))
            except (OSError, http.client.HTTPException) as error:  # a reset, or a body cut short by the kill
                outcomes.append((began, -1, f"{path} {error!r}"))

    threads = [threading.Thread(target=browse, args=(n,), daemon=True) for n in range(8)]
    for thread in threads:
        thread.start()
    time.sleep(seconds / 2)
    victim = "gunicorn-1"
    killed_at = time.perf_counter()
    cluster.kill(victim)
    report.say(f"kill -9 {victim} under {len(threads)} browsing threads")
    time.sleep(seconds / 2)
    stop.set()
    for thread in threads:
        thread.join(timeout=40)
    cluster.start_member(victim)
    failed = [(began, code, what) for began, code, what in outcomes if code != 200]
    after = [f for f in failed if f[0] > killed_at + 1.0]
    report.check(not after, f"{len(outcomes)} pages requested, {len(failed)} failed "
                            f"({len(after)} started more than 1 s after the kill: must be 0) {failed[:5]}")
    report.check(cluster.members[victim].alive(), f"{victim} started again")
    return {"gunicorn_kill_requests": len(outcomes), "gunicorn_kill_failed": len(failed),
            "gunicorn_kill_failed_after": len(after)}


async def drill(report: Report, cluster: Cluster, game, n_screens: int) -> None:
    arrivals = Arrivals()
    screens = [Flashboard("127.0.0.1", cluster.port, game.screen_path, on_state=arrivals.on_state)
               for _ in range(n_screens)]
    for screen in screens:
        screen.start()
        await asyncio.sleep(0.003)
    report.check(await wait_until(lambda: all(s.connected for s in screens), 60),
                 f"{sum(s.connected for s in screens)} of {n_screens} screens connected through the proxy")
    status, answer = await asyncio.to_thread(api, cluster.url, f"/api/v1/bingo/games/{game.game_id}/start/",
                                             token=game.caller_token, body={})
    report.check(status == 200, f"training game started: HTTP {status} {'' if status == 200 else answer}")
    report.figures.update(await one_game(report, cluster, game, screens, arrivals))
    report.figures.update(await kill_daphne(report, cluster, game, screens, arrivals))
    await claim_and_close(report, cluster, game, screens)
    database_calls = calls_in_database(game.game_id)
    report.check(all(s.calls == database_calls for s in screens) or all(
        (s.state.get("previous") or {}).get("number") for s in screens),
        "every screen ends on the database's state")
    for screen in screens:
        screen.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screens", type=int, default=300, help="screens on EACH daphne process (default 300)")
    parser.add_argument("--quick", action="store_true", help="50 screens a process, a shorter gunicorn kill")
    args = parser.parse_args()
    per_daphne = 50 if args.quick else args.screens
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    report = Report("web_processes")
    folder = Path(tempfile.mkdtemp(prefix="drill-web-", dir=ROOT / "var" if (ROOT / "var").exists() else None))
    redis = PrivateRedis(folder / "redis").start()
    try:
        with own_database("cg_drill_web") as database_url:
            cluster = Cluster(folder=folder / "cluster", database_url=database_url, redis_url=redis.url)
            try:
                cluster.folder.mkdir(parents=True, exist_ok=True)
                report.say("migrating and seeding the drill's database")
                prepare_database(cluster)
                cluster.start()
                report.say(f"cluster up on {cluster.url}: {', '.join(m.name for m in cluster.members.values())}")
                django_on(database_url, redis.url)
                from _drill import training_game

                game = training_game()
                report.figures["screens"] = 2 * per_daphne
                asyncio.run(drill(report, cluster, game, 2 * per_daphne))
                report.figures.update(kill_gunicorn(report, cluster, 6 if args.quick else 20))
                report.check(all(m["alive"] for m in cluster.status()), "every process of the cluster is up at the end")
            finally:
                cluster.stop()
    finally:
        redis.destroy()
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
