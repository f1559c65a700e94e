"""Drill: PostgreSQL stops under a running portal and comes back; the portal answers 503 meanwhile and recovers by
itself, without restarting gunicorn.

A PostgreSQL of the drill's own (never the machine's), migrated, and gunicorn on it as in production
(scripts/serve-http, 2 workers, persistent connections: DATABASE_CONN_MAX_AGE=600). Checked:
- two requests waiting on a lock when PostgreSQL stops (fast: it ends every session) answer 503, not 500;
- while it is down, every page answers 503 with the portal's page (the API its JSON error, /healthz its report);
- once it is back, every page answers 200 within RECOVER_S seconds, by the same gunicorn workers, and the kept
  connections were dropped and made anew (core.database_failures).
Figures: seconds down, answers while down, 503s, 500s (must be 0), seconds to recover. Last line: one JSON object;
exit 0 when every check passed, 1 otherwise.

    .venv/bin/python scripts/drills/postgres_restart.py
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from _portal import PAGES, Answer, Portal, Report

DOWN_S = 4.0  # how long the drill keeps asking while PostgreSQL is down
RECOVER_S = 15.0
ROUNDS_AFTER = 3  # full rounds that must all answer 200 once recovered
THREADS = 8  # as many requests at once as gunicorn has threads (2 workers x 4), so every thread's connection is hit


def unavailable(name: str, answer: Answer) -> bool:
    """The 503 each kind of page gives while the database is unreachable."""
    if answer.status != 503:
        return False
    try:
        return _unavailable(name, answer)
    except ValueError:  # not the JSON it should be
        return False


def _unavailable(name: str, answer: Answer) -> bool:
    if name == "healthz":
        return answer.json()["checks"]["database"]["ok"] is False
    if answer.headers.get("retry-after") != "30":
        return False
    if name.startswith("api_"):
        return answer.json()["errors"][0]["code"] == "database_unavailable"
    return "The database is unavailable" in answer.body and 'class="site-header"' in answer.body


def a_round(portal: Portal, pool: ThreadPoolExecutor, repeat: int = 2) -> list[tuple[str, Answer]]:
    names = [name for name in PAGES for _ in range(repeat)]
    return list(zip(names, pool.map(portal.page, names), strict=True))


def kept_connections(portal: Portal) -> list[int]:
    with portal.connect() as connection:
        return [row[0] for row in connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND backend_type = 'client backend'")]


def in_flight_when_stopped(portal: Portal, report: Report) -> list[Answer]:
    """Two lookups waiting on a lock (held by the drill) when PostgreSQL stops: their connections end mid-request."""
    answers: list[Answer] = []
    holder = portal.connect(autocommit=False)
    holder.execute("LOCK TABLE licensing_organization IN ACCESS EXCLUSIVE MODE")
    threads = [threading.Thread(target=lambda: answers.append(portal.page("license_lookup"))) for _ in range(2)]
    for thread in threads:
        thread.start()
    with portal.connect() as watcher:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
        ).fetchone()[0] < 2:
            time.sleep(0.05)
    portal.postgres.stop(mode="fast")
    for thread in threads:
        thread.join(timeout=60)
    with contextlib.suppress(Exception):  # its server is gone
        holder.close()
    report.say(f"two lookups waiting on a lock when PostgreSQL stopped: {[answer.status for answer in answers]}")
    return answers


def main() -> int:
    report = Report("postgres_restart")
    portal = Portal("restart")
    try:
        portal.start_database(report)
        portal.start_web(report)
        workers = portal.worker_pids()
        with ThreadPoolExecutor(THREADS) as pool:
            warm = [(name, answer) for _ in range(4) for name, answer in a_round(portal, pool)]
            odd = sorted({f"{name} {answer.status}" for name, answer in warm if answer.status != 200})
            report.check(not odd, f"before: every page answers 200 ({len(warm)} requests){' but ' if odd else ''}"
                                  f"{', '.join(odd)}")
            before = kept_connections(portal)
            report.check(len(before) >= 2, f"before: {len(before)} persistent connections kept by the workers")

            stopped = time.monotonic()
            caught = in_flight_when_stopped(portal, report)
            report.check(len(caught) == 2 and all(unavailable("license_lookup", answer) for answer in caught),
                         "requests in flight when PostgreSQL stopped answered 503 with the portal's page")

            statuses: Counter = Counter(answer.status for answer in caught)
            wrong: list[str] = []
            while time.monotonic() - stopped < DOWN_S:
                for name, answer in a_round(portal, pool, repeat=1):
                    statuses[answer.status] += 1
                    if not unavailable(name, answer):
                        wrong.append(f"{name} {answer.status}")
                time.sleep(0.05)
            last = a_round(portal, pool, repeat=1)
            statuses.update(answer.status for _, answer in last)
            slowest = max(answer.seconds for _, answer in last)
            report.check(not wrong, f"while down: every page answered its 503 ({sum(statuses.values())} answers"
                                    f"{', wrong: ' + ', '.join(wrong[:5]) if wrong else ''})")

            portal.postgres.start()
            back = time.monotonic()
            down_s = back - stopped
            report.say(f"PostgreSQL started again after {down_s:.1f} s down")
            recovered_s, rounds = None, []
            while time.monotonic() - back < RECOVER_S:
                answers = a_round(portal, pool)
                rounds.append(dict(Counter(answer.status for _, answer in answers)))
                statuses.update(answer.status for _, answer in answers)
                if all(answer.status == 200 for _, answer in answers):
                    recovered_s = time.monotonic() - back
                    break
                time.sleep(0.1)
            report.say(f"rounds after the restart (status: count): {rounds[:5]}")
            report.check(recovered_s is not None,
                         f"every page answers 200 again {recovered_s:.2f} s after PostgreSQL is back"
                         if recovered_s is not None else f"pages still failing {RECOVER_S:.0f} s after")
            after = [answer.status for _ in range(ROUNDS_AFTER) for _, answer in a_round(portal, pool)]
            statuses.update(after)
            report.check(set(after) == {200}, f"after: {len(after)} more requests, all 200")

        report.check(portal.web.poll() is None and portal.worker_pids() == workers,
                     f"the same gunicorn and workers {workers} throughout: nothing restarted")
        now = kept_connections(portal)
        report.check(bool(now) and not set(now) & set(before),
                     f"after: {len(now)} persistent connections, all new (the dead ones were dropped)")
        report.check(statuses[500] == 0, f"no 500 at all ({statuses[500]})")
        logged = len(portal.log_lines("database_unavailable:")) + len(portal.log_lines("Service Unavailable:"))
        report.check(logged == statuses[503], f"each 503 logged once with its cause: {logged} log lines for "
                                              f"{statuses[503]} answers 503")
        report.figures.update({
            "seconds_down": round(down_s, 1), "answers_503": statuses[503], "answers_500": statuses[500],
            "answers_other": sum(count for status, count in statuses.items() if status not in {200, 503, 500}),
            "slowest_503_s": round(slowest, 3),
            "seconds_to_recover": round(recovered_s, 2) if recovered_s is not None else None,
            "workers_restarted": portal.worker_pids() != workers, "connections_before": len(before),
            "connections_after": len(now), "log_lines_503": logged,
        })
    except Exception as error:  # the drill reports a crash as a failed check, with its figures so far
        report.check(False, f"the drill itself failed: {type(error).__name__}: {error}")
    finally:
        portal.destroy()
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
