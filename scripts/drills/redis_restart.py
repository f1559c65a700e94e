"""Drill: Redis restarts during a game (issue 31).

Redis keeps nothing on disk: a restart loses the flashboard hubs' group memberships, the cache (rate-limit
counters) and any queued Celery message. This drill runs, on loopback ports of its own:
- a Redis of its own (testkit.private_services.PrivateRedis) and a database of its own on the PostgreSQL server
  DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/postgres): created, migrated, dropped;
- one gunicorn (scripts/serve-http, WEB_CONCURRENCY=2) for the caller's console, two daphne processes
  (scripts/serve) for the screens;
- a training game in play (it may run at any hour), SCREENS flashboards split over the two daphnes, each
  reconnecting as static/bingo/flashboard.js does (0.5 s, doubling to 10 s, reset by a message).

Then: calls through the caller's console (gunicorn, htmx POSTs as the browser sends them); Redis stopped for
DOWN seconds; calls while it is down (what the caller got is recorded), an API read (its rate limit reads the
cache); Redis started again; more calls; then FLUSHALL (every membership lost with no connection broken, as a
restart between two of a hub's reads leaves it) and a call, which the hubs' keeper must bring to every screen
within its round (bingo.live.hub.RESYNC_EVERY). Checks: no 500; every call made while Redis was down was recorded and
answered with the console's plain message that the flashboards will catch up; nothing recorded twice (the game's
hash chain verifies); every screen shows exactly the database's calls within RESYNC_WITHIN seconds of Redis being
back. Prints each check with its figures; last line one JSON object; exit 0 when every check passed.

    .venv/bin/python scripts/drills/redis_restart.py [--screens 50] [--down 3]"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import redis as redis_client  # noqa: E402
from _drill import own_database  # noqa: E402
from _servers import free_port, start_server, stop_server  # noqa: E402

from testkit.private_services import PrivateRedis  # noqa: E402
from testkit.ws_screen import Flashboard  # noqa: E402

RESYNC_WITHIN = 20.0  # seconds after Redis is back by which every screen must show the database's calls
NOTICE = 'data-flashboards="behind"'  # the console's message that the flashboards will catch up


def setup_django(env: dict) -> None:
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_game() -> dict:
    """A training operation's game in play (training plays at any hour), its caller's session and API token."""
    from django.test import Client
    from django.urls import reverse
    from rest_framework.authtoken.models import Token

    from bingo.live import services
    from bingo.models import Hall
    from tests.bingo.factories import training_game

    made = training_game()
    game, caller, operation = made.game, made.caller, made.game.operation
    services.game_start(actor=caller, game=game)
    client = Client()
    client.force_login(caller)  # a session row in the drill's database, which gunicorn reads
    return {"game": game.pk, "hall_key": Hall.objects.get(operation=operation).key,
            "console": reverse("bingo:console", args=[game.pk]), "draw": reverse("bingo:console_draw", args=[game.pk]),
            "api": reverse("bingo-game-state", args=[game.pk]),
            "session": client.cookies["sessionid"].value, "token": Token.objects.create(user=caller).key}


def db_calls(game_id: int) -> list[int]:
    from bingo.models import EventKind, GameEvent

    return [e.payload["number"] for e in GameEvent.objects.filter(game_id=game_id, kind=EventKind.CALL)
            .order_by("seq")]


def chain_problem(game_id: int) -> str | None:
    from bingo.models import GameEvent
    from licensing.audit.verify import verify_log

    report = verify_log(GameEvent, str(game_id))
    return None if report.problem is None else str(report.problem)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the answer itself (a 302 is what it is), as the drill records it


_opener = urllib.request.build_opener(_NoRedirects)


class Console:
    """The caller's console in a browser: the session cookie, the CSRF token, htmx POSTs."""

    def __init__(self, port: int, game: dict):
        self.base, self.game = f"http://127.0.0.1:{port}", game
        self.cookies = {"sessionid": game["session"]}

    def _request(self, method: str, path: str, *, headers=None, data: bytes | None = None):
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(  # noqa: S310 - http://127.0.0.1 only
            self.base + path, data=data, method=method, headers={"Cookie": cookie, **(headers or {})})
        started = time.monotonic()
        try:
            with _opener.open(request, timeout=60) as answer:
                status, body, set_cookies = answer.status, answer.read().decode(), answer.headers.get_all(
                    "Set-Cookie") or []
        except urllib.error.HTTPError as error:
            status, body, set_cookies = error.code, error.read().decode(errors="replace"), []
            body += f" Location: {error.headers.get('Location')}"
        except OSError as error:
            return {"status": None, "error": repr(error), "seconds": time.monotonic() - started, "body": ""}
        for line in set_cookies:
            name, _, rest = line.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return {"status": status, "seconds": round(time.monotonic() - started, 3), "body": body}

    def open(self) -> int:
        return self._request("GET", self.game["console"])["status"]

    def draw(self) -> dict:
        answer = self._request("POST", self.game["draw"], data=b"", headers={
            "X-CSRFToken": self.cookies.get("csrftoken", ""), "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded"})
        answer["notice"] = NOTICE in answer["body"]
        match = re.search(r'data-state-key="[^"]*:([0-9,]*)"', answer["body"])
        answer["calls"] = [int(n) for n in match.group(1).split(",") if n] if match else None
        if answer["status"] != 200:
            answer["error"] = answer["body"][-300:]
        del answer["body"]
        return answer

    def api_state(self) -> dict:
        answer = self._request("GET", self.game["api"],
                               headers={"Authorization": f"Token {self.game['token']}"})
        del answer["body"]
        return answer


async def until(predicate, timeout: float) -> float | None:
    """Seconds until predicate() held, or None after timeout."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if predicate():
            return time.monotonic() - started
        await asyncio.sleep(0.05)
    return None


async def drill(args, game: dict, redis: PrivateRedis, ports: dict) -> dict:
    from asgiref.sync import sync_to_async

    from bingo.live.hub import RESYNC_EVERY  # how often a daphne process's hub rejoins and checks each hall

    calls_now = sync_to_async(db_calls, thread_sensitive=True)
    console = Console(ports["gunicorn"], game)
    figures: dict = {"drill": "redis_restart", "screens": args.screens, "down_s": args.down}
    checks: list[tuple[str, bool, str]] = []
    assert console.open() == 200, "the console did not open"

    path = f"/ws/bingo/flashboard/{game['hall_key']}/"
    screens = [Flashboard("127.0.0.1", ports["daphne"][n % 2], path) for n in range(args.screens)]
    for screen in screens:
        screen.start()

    def all_show(calls):
        return all(screen.states and screen.calls == calls for screen in screens)

    joined = await until(lambda: all_show([]), 60)
    checks.append(("every screen joined with the game's state", joined is not None,
                   f"{sum(bool(s.states) and s.calls == [] for s in screens)}/{len(screens)} screens "
                   f"in {joined or 60:.1f} s"))

    answers = {"before": [], "down": [], "after": [], "flushed": []}
    for _ in range(args.calls):
        answers["before"].append(await asyncio.to_thread(console.draw))
    expected = await calls_now(game["game"])
    before = await until(lambda: all_show(expected), 15)
    checks.append(("calls before the restart reach every screen", before is not None,
                   f"{len(expected)} calls, {before or 15:.2f} s"))
    connections_before = sum(s.connects for s in screens)

    print(f"stopping Redis for {args.down:.0f} s", flush=True)
    await asyncio.to_thread(redis.stop)
    down_at = time.monotonic()
    api_down = None
    for n in range(args.calls):
        answers["down"].append(await asyncio.to_thread(console.draw))
        if n == 0:
            api_down = await asyncio.to_thread(console.api_state)
    await asyncio.sleep(max(0.0, args.down - (time.monotonic() - down_at)))
    await asyncio.to_thread(redis.start)
    back_at = time.monotonic()
    figures["down_for_s"] = round(back_at - down_at, 2)
    print(f"Redis back after {figures['down_for_s']} s", flush=True)
    # The calls made while Redis was down reach every screen by itself: nothing else is called meanwhile.
    missed = await calls_now(game["game"])
    resynced = await until(lambda: all_show(missed), RESYNC_WITHIN)
    figures["resync_s"] = None if resynced is None else round(time.monotonic() - back_at, 2)
    behind_after_resync = sum(1 for s in screens if s.calls != missed)
    checks.append((f"every screen shows the calls made while Redis was down within {RESYNC_WITHIN:.0f} s of it "
                   "being back", resynced is not None,
                   f"{figures['resync_s']} s after Redis was back; {behind_after_resync} screens behind"))
    figures["reconnections"] = sum(s.connects for s in screens) - connections_before
    figures["screens_reconnected"] = sum(1 for s in screens if s.connects > 1)

    for _ in range(args.calls):
        answers["after"].append(await asyncio.to_thread(console.draw))
    final = await calls_now(game["game"])
    after = await until(lambda: all_show(final), 15)
    figures["after_s"] = None if after is None else round(after, 2)
    lagging = [s.calls for s in screens if s.calls != final]
    figures["screens_behind"] = len(lagging)

    # A membership lost with no error (Redis flushed, failed over, or restarted between two reads of a hub): the
    # sockets stay open, the call's broadcast reaches no one, and the hubs' keeper must make it up.
    print("FLUSHALL: Redis forgets every membership; no connection breaks", flush=True)
    connections_flush = sum(s.connects for s in screens)
    await asyncio.to_thread(lambda: redis_client.Redis.from_url(redis.url).flushall())
    answers["flushed"].append(await asyncio.to_thread(console.draw))
    flushed_calls = await calls_now(game["game"])
    caught_up = await until(lambda: all_show(flushed_calls), RESYNC_EVERY + 10)
    figures["flush_resync_s"] = None if caught_up is None else round(caught_up, 2)
    answers["flushed"].append(await asyncio.to_thread(console.draw))
    final = await calls_now(game["game"])
    rejoined = await until(lambda: all_show(final), 5)
    lagging = [s.calls for s in screens if s.calls != final]
    figures["screens_behind"] = len(lagging)
    figures["flush_reconnections"] = sum(s.connects for s in screens) - connections_flush
    checks.append((f"after FLUSHALL every screen catches up within {RESYNC_EVERY + 10:.0f} s and hears the next "
                   "call through Redis", caught_up is not None and rejoined is not None,
                   f"{figures['flush_resync_s']} s to catch up (the keeper's round is every {RESYNC_EVERY:.0f} s), "
                   f"next call {None if rejoined is None else round(rejoined, 2)} s, "
                   f"{figures['flush_reconnections']} reconnections"))

    every = answers["before"] + answers["down"] + answers["after"] + answers["flushed"]
    figures["calls_before"], figures["calls_while_down"] = len(answers["before"]), len(answers["down"])
    figures["calls_after"], figures["calls_recorded"] = len(answers["after"]), len(final)
    figures["answers_while_down"] = [{"status": a["status"], "notice": a["notice"], "s": a["seconds"]}
                                     for a in answers["down"]]
    figures["server_errors"] = sum(1 for a in every if a["status"] is None or a["status"] >= 500)
    checks.append(("no 500 (nor a dropped connection) from the console", figures["server_errors"] == 0,
                   f"statuses {[a['status'] for a in every]}"))
    checks.append(("calls while Redis was down: recorded, with the console's plain message",
                   all(a["status"] == 200 and a["notice"] for a in answers["down"]),
                   f"{figures['answers_while_down']}"))
    checks.append(("calls with Redis up: no such message",
                   not any(a["notice"] for a in answers["before"] + answers["after"] + answers["flushed"]), ""))
    checks.append(("the API answered while the cache was down (its rate limit fails open)",
                   api_down is not None and api_down["status"] == 200, f"status {api_down and api_down['status']}"))
    shown_by_console = [a["calls"][-1] for a in every if a["calls"]]
    checks.append(("each call recorded once, every answered call in the record",
                   len(final) == len(set(final)) == len(every) and set(shown_by_console) <= set(final),
                   f"{len(every)} calls made, {len(final)} recorded, {len(set(final))} distinct"))
    problem = await sync_to_async(chain_problem, thread_sensitive=True)(game["game"])
    checks.append(("the game's hash chain verifies", problem is None, problem or ""))
    checks.append(("calls after the restart reach every screen; at the end each shows exactly the database's calls",
                   after is not None and not lagging,
                   f"{len(final)} calls; {figures['after_s']} s; {len(lagging)} screens behind; "
                   f"{figures['screens_reconnected']} screens reconnected ({figures['reconnections']} connections)"))
    for screen in screens:
        screen.stop()
    figures["checks"] = {name: ok for name, ok, _detail in checks}
    figures["ok"] = all(ok for _name, ok, _detail in checks)
    for name, ok, detail in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {name}{': ' + detail if detail else ''}", flush=True)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screens", type=int, default=50)
    parser.add_argument("--down", type=float, default=3.0, help="seconds Redis stays down")
    parser.add_argument("--calls", type=int, default=3, help="calls before, while down and after")
    parser.add_argument("--keep", action="store_true", help="keep the drill's folder (servers' logs)")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="drill-redis-restart-"))
    redis = PrivateRedis(folder / "redis").start()
    servers = []
    figures: dict = {"drill": "redis_restart", "ok": False}
    try:
        with own_database(f"drill_redis_restart_{os.getpid()}") as database_url:
            env = {"DATABASE_URL": database_url, "REDIS_URL": redis.url, "DJANGO_SETTINGS_MODULE": "config.settings",
                   "DJANGO_DEBUG": "false", "PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": "2",
                   "DAPHNE_VERBOSITY": "0"}
            setup_django(env)
            game = build_game()
            ports = {"gunicorn": free_port(), "daphne": [free_port(), free_port()]}
            servers.append(start_server([str(ROOT / "scripts/serve-http")], env=env, port=ports["gunicorn"],
                                        log=folder / "gunicorn.log", name="gunicorn", wait_s=120))
            for n, port in enumerate(ports["daphne"]):
                servers.append(start_server([str(ROOT / "scripts/serve")], env=env, port=port,
                                            log=folder / f"daphne{n}.log", name=f"daphne {n}", wait_s=120))
            print(f"gunicorn :{ports['gunicorn']}, daphne :{ports['daphne'][0]} and :{ports['daphne'][1]}, "
                  f"Redis :{redis.port}, {args.screens} screens; logs in {folder}", flush=True)
            try:
                figures = asyncio.run(drill(args, game, redis, ports))
            finally:
                for server in servers:
                    stop_server(server)
    except Exception as error:  # noqa: BLE001 - the drill reports why it could not run
        print(f"FAIL  the drill did not complete: {error!r}", flush=True)
        figures["error"] = repr(error)
    finally:
        redis.stop()
        if not args.keep and figures.get("ok"):
            shutil.rmtree(folder, ignore_errors=True)
        elif not figures.get("ok"):
            print(f"servers' logs kept in {folder}", flush=True)
    print(json.dumps(figures), flush=True)
    return 0 if figures.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
