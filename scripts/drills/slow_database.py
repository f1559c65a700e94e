"""Drill: the database stalls (a lock held on a table the pages read); the pages answer "took too long" within
about the statement timeout, an upload caught by it saves nothing, and everything works once the lock is released.

A PostgreSQL of the drill's own (never the machine's), migrated, and gunicorn on it as in production
(scripts/serve-http, 2 workers, persistent connections) with DATABASE_STATEMENT_TIMEOUT_MS=TIMEOUT_MS. Checked:
- with the organizations' table locked, the lookup, its API and an officer's page answer 503 "the database is slow"
  (the API its JSON error) within TIMEOUT_MS + SLACK_S, never 500; /healthz, which reads no table, stays 200;
- with the documents' table locked, an upload through the API answers 503 saying nothing was saved, and nothing
  was: no row, no file;
- once the locks are released, every page answers 200 and the same upload is stored.
Last line: one JSON object of the figures; exit 0 when every check passed, 1 otherwise.

    .venv/bin/python scripts/drills/slow_database.py
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from _portal import PAGES, Answer, Portal, Report, multipart

TIMEOUT_MS = 1000
SLACK_S = 2.0  # the request's own work, the answer's way back, a busy machine
ROUNDS = 3
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n" + b"%" * 4096


def slow(name: str, answer: Answer) -> bool:
    if answer.status != 503 or answer.headers.get("retry-after") != "60":
        return False
    if name.startswith("api_"):
        try:
            return answer.json()["errors"][0]["code"] == "database_slow"
        except ValueError:
            return False
    return "This page took too long to prepare: the database is slow right now." in answer.body


@contextmanager
def locked(portal: Portal, table: str):
    holder = portal.connect(autocommit=False)
    holder.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
    try:
        yield
    finally:
        holder.rollback()
        holder.close()


def upload(portal: Portal) -> Answer:
    body, content_type = multipart({"kind": "bylaws"}, {"file": ("bylaws.pdf", PDF, "application/pdf")})
    return portal.request("POST", f"/api/v1/organizations/{portal.signed_in['organization']}/documents/",
                          body=body, headers={"Content-Type": content_type,
                                              "Authorization": f"Token {portal.signed_in['token']}"})


def stored(portal: Portal) -> tuple[int, list[str]]:
    with portal.connect() as connection:
        rows = connection.execute("SELECT count(*) FROM licensing_document").fetchone()[0]
    media = portal.folder / "media"
    return rows, sorted(str(path.relative_to(media)) for path in media.rglob("*") if path.is_file())


def main() -> int:
    report = Report("slow_database")
    portal = Portal("slow", DATABASE_STATEMENT_TIMEOUT_MS=str(TIMEOUT_MS))
    statuses: dict[str, list[int]] = {name: [] for name in PAGES}
    try:
        portal.start_database(report)
        portal.start_web(report)
        with ThreadPoolExecutor(len(PAGES) * 2) as pool:
            names = [name for name in PAGES for _ in range(2)]
            before = list(zip(names, pool.map(portal.page, names), strict=True))
            report.check(all(answer.status == 200 for _, answer in before), "before: every page answers 200")

            report.say(f"the organizations' table locked (ACCESS EXCLUSIVE) by another session; statement timeout "
                       f"{TIMEOUT_MS} ms")
            answers: list[tuple[str, Answer]] = []
            with locked(portal, "licensing_organization"):
                for _ in range(ROUNDS):
                    answers += list(zip(names, pool.map(portal.page, names), strict=True))
            for name, answer in answers:
                statuses[name].append(answer.status)
            waited = [answer for name, answer in answers if name != "healthz"]
            wrong = sorted({f"{name} {answer.status}" for name, answer in answers
                            if name != "healthz" and not slow(name, answer)})
            report.check(not wrong, f"locked: the lookup, its API and the officer's page said the database is slow "
                                    f"({len(waited)} answers{'; wrong: ' + ', '.join(wrong) if wrong else ''})")
            slowest = max(answer.seconds for answer in waited)
            fastest = min(answer.seconds for answer in waited)
            report.check(slowest <= TIMEOUT_MS / 1000 + SLACK_S,
                         f"locked: answered in {fastest:.2f}-{slowest:.2f} s (timeout {TIMEOUT_MS / 1000:.1f} s)")
            report.check(set(statuses["healthz"]) == {200}, "locked: /healthz, which reads no table, stayed 200")

            with locked(portal, "licensing_document"):
                cut = upload(portal)
            rows, files = stored(portal)
            said = cut.json()["errors"][0]["message"] if cut.status == 503 else cut.body[:200]
            report.check(cut.status == 503 and "Nothing was saved" in said and rows == 0 and files == [],
                         f"an upload caught by the timeout: {cut.status} \"{said}\"; {rows} rows, {len(files)} files")

            released = time.monotonic()
            after = list(zip(names, pool.map(portal.page, names), strict=True))
            recovered_s = time.monotonic() - released
            for name, answer in after:
                statuses[name].append(answer.status)
            report.check(all(answer.status == 200 for _, answer in after),
                         f"released: every page answers 200 again ({recovered_s:.2f} s for the round)")
            again = upload(portal)
            rows, files = stored(portal)
            report.check(again.status == 201 and rows == 1 and len(files) == 1,
                         f"released: the same upload is stored ({again.status}; {rows} row, {len(files)} file)")
        all_statuses = [status for each in statuses.values() for status in each] + [cut.status, again.status]
        report.check(500 not in all_statuses, f"no 500 at all ({all_statuses.count(500)})")
        report.figures.update({
            "timeout_ms": TIMEOUT_MS, "slow_answers": sum(slow(name, answer) for name, answer in answers),
            "fastest_slow_answer_s": round(fastest, 3), "slowest_slow_answer_s": round(slowest, 3),
            "answers_500": all_statuses.count(500), "upload_while_locked": cut.status,
            "upload_after": again.status, "recovered_round_s": round(recovered_s, 3),
        })
    except Exception as error:  # the drill reports a crash as a failed check, with its figures so far
        report.check(False, f"the drill itself failed: {type(error).__name__}: {error}")
    finally:
        portal.destroy()
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
