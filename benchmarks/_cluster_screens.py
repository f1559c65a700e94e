"""The halls of benchmarks/cluster_load.py: each hall's flashboards (testkit.ws_screen.Flashboard, through the
proxy, reconnecting as flashboard.js does) and its caller, who calls a ball through the proxy every `interval`
seconds (POST /api/v1/bingo/games/<id>/draw/, as the caller's console does).

Call-to-screen: from the moment a call is sent to the moment each screen of the hall shows it (the first state
with that many calls; a screen that was reconnecting shows it with its first state after the reconnect). Figures are
kept per phase: a call belongs to the phase it was sent in."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from testkit.http_api import api
from testkit.ws_screen import Flashboard

HIGHEST_BALL = 75
LOST_AFTER_S = 30.0  # a screen without its state again this long after its socket closed is dropped


class Hall:
    def __init__(self, spec: dict, *, host: str, port: int, screens: int):
        self.game_id, self.key, self.token = spec["game_id"], spec["hall_key"], spec["caller_token"]
        self.count = 0  # calls the game has, as the caller last heard it
        self.sent: dict[int, tuple[float, str]] = {}  # call number -> (when it was sent, the phase)
        self.attempts: list[tuple[float, str]] = []  # calls sent since the last answered one
        self.arrivals: dict[int, dict[int, float]] = {}  # screen index -> call number -> when it showed
        self.screens = [Flashboard(host, port, f"/ws/bingo/flashboard/{self.key}/",
                                   on_state=lambda screen, now, i=i: self._shown(i, screen, now))
                        for i in range(screens)]

    def _shown(self, index: int, screen: Flashboard, now: float) -> None:
        seen = self.arrivals.setdefault(index, {})
        for number in range(1, len(screen.calls) + 1):
            seen.setdefault(number, now)

    def answered(self, count: int) -> None:
        """The calls since the last answer that the game now has: the newest attempts, in order (a call whose
        answer was lost, in flight on a killed process, may or may not have been made)."""
        made = count - self.count
        for k, attempt in enumerate(self.attempts[-made:] if made > 0 else []):
            self.sent[self.count + 1 + k] = attempt
        self.count, self.attempts = count, []


class Halls:
    def __init__(self, specs: list[dict], *, host: str, port: int, screens_per_hall: int, interval: float,
                 base_url: str):
        self.halls = [Hall(spec, host=host, port=port, screens=screens_per_hall) for spec in specs]
        self.interval, self.base_url = interval, base_url
        self.phase = ""
        self.calling = False
        self.call_failures: list[dict] = []  # {"at", "started", "status", "phase"}
        self.call_ms: list[tuple[str, float]] = []  # (phase, the API's answer time)
        # A thread per hall: a slow answer never holds back another hall's call.
        self.pool = ThreadPoolExecutor(max_workers=len(self.halls), thread_name_prefix="caller")
        self._tasks: list[asyncio.Task] = []

    @property
    def screens(self) -> list[Flashboard]:
        return [s for hall in self.halls for s in hall.screens]

    async def connect(self, timeout: float = 90) -> int:
        for screen in self.screens:
            screen.start()
            await asyncio.sleep(0.002)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not all(s.connected for s in self.screens):
            await asyncio.sleep(0.1)
        return sum(s.connected for s in self.screens)

    async def start_games(self) -> list[str]:
        problems = []
        for hall in self.halls:
            status, answer = await self._post(hall, "start")
            if status != 200:
                problems.append(f"game {hall.game_id}: HTTP {status} {answer}")
            else:
                hall.count = len(answer.get("calls") or [])
        return problems

    async def _post(self, hall: Hall, action: str) -> tuple[int, dict]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, lambda: api(
            self.base_url, f"/api/v1/bingo/games/{hall.game_id}/{action}/", token=hall.token, body={}, timeout=30))

    def start_calling(self) -> None:
        self.calling = True
        self._tasks = [asyncio.ensure_future(self._caller(hall, i)) for i, hall in enumerate(self.halls)]

    async def stop_calling(self) -> None:
        self.calling = False
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _caller(self, hall: Hall, index: int) -> None:
        # The halls call at their own moments, spread over the interval, as halls do.
        await asyncio.sleep(index * self.interval / len(self.halls))
        next_at = time.perf_counter()
        while self.calling and hall.count + len(hall.attempts) < HIGHEST_BALL:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            if not self.calling:
                return
            started, wall = time.perf_counter(), time.time()
            hall.attempts.append((started, self.phase))
            status, answer = await self._post(hall, "draw")
            self.call_ms.append((self.phase, (time.perf_counter() - started) * 1000))
            if status == 201 and isinstance(answer.get("calls"), list):
                hall.answered(len(answer["calls"]))
            else:
                self.call_failures.append({"started": wall, "at": time.time(), "status": status,
                                           "phase": self.phase, "answer": str(answer)[:200]})
            next_at += self.interval

    # --- the figures of a phase ---
    def call_to_screen(self, phase: str) -> tuple[list[float], int]:
        """Seconds from each call of the phase to each screen of its hall; and how many (screen, call) pairs
        never arrived."""
        times, missing = [], 0
        for hall in self.halls:
            for number, (sent, sent_phase) in hall.sent.items():
                if sent_phase != phase:
                    continue
                for index in range(len(hall.screens)):
                    shown = hall.arrivals.get(index, {}).get(number)
                    if shown is None:
                        missing += 1
                    else:
                        times.append(shown - sent)
        return times, missing

    def dropped(self, outages_before: dict[int, int]) -> list[str]:
        """Screens that lost their state for good in the phase: an outage longer than LOST_AFTER_S, still without
        a state now, or not showing every call its game has."""
        dropped = []
        now = time.perf_counter()
        for hall in self.halls:
            for index, screen in enumerate(hall.screens):
                outages = screen.outages[outages_before.get(id(screen), 0):]
                if any(o > LOST_AFTER_S for o in outages):
                    dropped.append(f"hall {hall.game_id} screen {index}: without its state {max(outages):.0f} s")
                elif not screen.connected:
                    since = now - screen.disconnected_at if screen.disconnected_at else float("inf")
                    dropped.append(f"hall {hall.game_id} screen {index}: disconnected ({since:.0f} s)")
                elif len(screen.calls) < hall.count:
                    dropped.append(f"hall {hall.game_id} screen {index}: shows {len(screen.calls)} of "
                                   f"{hall.count} calls")
        return dropped

    def outage_marks(self) -> dict[int, int]:
        return {id(s): len(s.outages) for s in self.screens}

    def stop(self) -> None:
        for screen in self.screens:
            screen.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)
