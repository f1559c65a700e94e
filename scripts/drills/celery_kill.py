"""Drill: kill -9 a Celery worker mid-task and restart beat mid-schedule; nothing is lost, nothing is done twice.

Runs a small cluster of its own: a Redis (testkit.private_services.PrivateRedis), a database of its own on the
machine's PostgreSQL (created, migrated, dropped), a mail server that counts what it accepts and answers slowly
(testkit.smtp_sink), two `celery worker` processes and one `celery beat` whose schedule sends every periodic job
every few seconds (so each nightly job is sent many times "today"). Then:

1. a service (organization invitations) queues a burst of mails, one invitation each;
2. while both workers are sending, worker 1 is killed with SIGKILL (its process group: the machine lost), then
   worker 2's pool process alone (a task's process lost, the worker alive);
3. beat is killed with SIGKILL and started again (it sends every job again at once);
4. two anchor runs are sent at the same moment, to both workers.

Checks: every mail reached the mail server exactly once (the killed send among them, redone by worker 2 after the
visibility timeout), every outbox row is sent, each nightly job ran once for the day (one JobRun, done) however
often it was delivered, no log head was anchored twice, and `manage.py verify_logs` passes.

    .venv/bin/python scripts/drills/celery_kill.py [--mails 40] [--keep]

Prints what it checks, then, as its last line, one JSON object of its figures; exit 0 when every check passed."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from testkit.private_services import PrivateRedis  # noqa: E402
from testkit.smtp_sink import SmtpSink  # noqa: E402

PG_ADMIN = os.environ.get("DRILL_PG_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
VISIBILITY_TIMEOUT = 5  # seconds: a killed worker's task comes back after this
BEAT_EVERY = 3.0  # seconds between two sends of every periodic job
NIGHTLY = ("licensing.tasks_review.review_daily", "licensing.tasks.license_statuses_refresh",
           "licensing.tasks.reminders_send", "licensing.reports.tasks.reports_calendar_daily")
SETTINGS = f'''"""The drill's settings: the project's, with beat sending every periodic job every {BEAT_EVERY} s."""
from config.settings import *  # noqa: F403
from config.settings import CELERY_BEAT_SCHEDULE

CELERY_BEAT_SCHEDULER = "celery.beat:PersistentScheduler"
CELERY_BEAT_SCHEDULE = {{name: {{**entry, "schedule": {BEAT_EVERY}}} for name, entry in CELERY_BEAT_SCHEDULE.items()}}
'''


def say(line: str) -> None:
    print(line, flush=True)


def wait_until(condition, *, timeout: float, what: str) -> float:
    """Seconds it took; TimeoutError naming `what` after `timeout`."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"still waiting after {timeout:.0f} s: {what}")
        time.sleep(0.1)
    return time.monotonic() - started


class Cluster:
    def __init__(self, folder: Path, env: dict):
        self.folder, self.env = folder, env
        self.processes: dict[str, subprocess.Popen] = {}

    def start(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 (kept open by the child)
        process = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", *args], cwd=ROOT, env=self.env,
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.processes[name] = process
        return process

    def worker(self, name: str) -> subprocess.Popen:
        return self.start(name, ["worker", "-n", f"{name}@%h", "--pool", "prefork", "--concurrency", "1",
                                 "--loglevel", "INFO", "--without-gossip", "--without-mingle"])

    def beat(self) -> subprocess.Popen:
        return self.start("beat", ["beat", "--loglevel", "INFO", "-s", str(self.folder / "beat-schedule")])

    def kill(self, name: str) -> None:
        """SIGKILL to the process and its children (a prefork worker's pool): as if the machine were lost."""
        process = self.processes[name]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)

    def kill_pool(self, name: str) -> None:
        """SIGKILL to the worker's pool processes only (a task's process dies, the worker lives)."""
        parent = str(self.processes[name].pid)
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == parent:  # the field after the state: the parent's pid
                os.kill(int(stat.parent.name), signal.SIGKILL)

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


def database_create(name: str) -> str:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"


def database_drop(name: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def burst(count: int) -> list[str]:
    """The service under test: an officer invites `count` people, each invitation its own transaction and mail."""
    from licensing.models import Membership, Organization, Role, User
    from licensing.models.organizations import OrganizationType
    from licensing.organizations.invitations.services import invitation_send

    organization = Organization.objects.create(name="Drill Association", organization_type=OrganizationType.CHARITABLE,
                                               street_address="1 Drill Street NW", postal_code="20001")
    officer = User.objects.create(email="officer@drill.example.org", full_name="Drill Officer")
    Membership.objects.create(user=officer, organization=organization, role=Role.OFFICER)
    addresses = [f"invitee{n}@drill.example.org" for n in range(count)]
    for address in addresses:
        invitation_send(actor=officer, organization=organization, email=address, role=Role.CHECKER)
    return addresses


def deliveries(log: str, task: str) -> int:
    return len(re.findall(rf"Task {re.escape(task)}\[[^\]]+\] received", log))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=40)
    parser.add_argument("--keep", action="store_true", help="keep the folder (logs) and the database")
    options = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="once-celery-kill-"))
    database = f"cg_drill_celery_kill_{os.getpid()}"
    redis = PrivateRedis(folder / "redis")
    sink = SmtpSink(delay=1.0)  # every send takes a second: there is always one under way to cut short
    checks: list[tuple[str, bool]] = []
    figures: dict = {"drill": "celery_kill", "ok": False, "mails": options.mails}

    def check(name: str, ok: bool, detail: str = "") -> None:
        checks.append((name, ok))
        say(f"{'PASS' if ok else 'FAIL'}  {name}{': ' + detail if detail else ''}")

    cluster = None
    try:
        redis.start()
        sink.start()
        (folder / "celery_kill_settings.py").write_text(SETTINGS)
        url = database_create(database)
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "celery_kill_settings", "DJANGO_ENV": "development",
               "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), str(ROOT), os.environ.get("PYTHONPATH")])),
               "DATABASE_URL": url, "REDIS_URL": redis.url, "EMAIL_URL": f"smtp://127.0.0.1:{sink.port}",
               "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT), "LOG_ANCHOR_DIR": str(folder / "anchors"),
               "DATABASE_CONN_MAX_AGE": "0"}
        say(f"database {database}, Redis on port {redis.port}, mail server on port {sink.port}, folder {folder}")
        started = time.monotonic()
        subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env,
                       check=True)
        say(f"migrated in {time.monotonic() - started:.0f} s")
        os.environ.update({key: value for key, value in env.items() if key != "PYTHONPATH"})
        sys.path.insert(0, str(folder))
        import django

        django.setup()
        from django.db import connection
        from django.db.models import Count
        from django.utils import timezone

        from core.models import JobRun, JobRunStatus, MailOutbox, OutboxStatus
        from licensing.models import LogAnchor

        cluster = Cluster(folder, env)
        cluster.worker("worker1")
        cluster.worker("worker2")
        cluster.beat()
        wait_until(lambda: "ready" in cluster.log("worker1") and "ready" in cluster.log("worker2"), timeout=90,
                   what="both workers to start")
        say("two workers and beat running")

        addresses = burst(options.mails)
        say(f"queued {len(addresses)} invitation mails")

        # Both workers mid-send (the mail server is holding two messages): kill worker 1 with its pool.
        wait_until(lambda: sink.holding == 2, timeout=60, what="both workers to be sending")
        killed_at = time.monotonic()
        cluster.kill("worker1")
        wait_until(lambda: sink.dropped >= 1, timeout=10, what="the mail server to see worker 1's send cut short")
        dropped = list(sink.dropped_to)
        say(f"killed worker 1 mid-send (its send to {', '.join(dropped)} cut short)")

        # Worker 2's pool process killed mid-send, its parent alive: the parent puts the task back on the queue at
        # once (CELERY_TASK_REJECT_ON_WORKER_LOST) instead of recording it failed.
        wait_until(lambda: sink.holding == 1, timeout=30, what="worker 2 to be sending")
        pool_killed_at = time.monotonic()
        cluster.kill_pool("worker2")
        wait_until(lambda: sink.dropped >= 2, timeout=10, what="the mail server to see worker 2's send cut short")
        pool_dropped = sink.dropped_to[len(dropped):]
        say(f"killed worker 2's pool process mid-send (its send to {', '.join(pool_dropped)} cut short)")

        # Beat killed and started again mid-schedule: it sends the periodic jobs again at once.
        wait_until(lambda: all(deliveries(cluster.log("worker2") + cluster.log("worker1"), task) >= 1
                               for task in NIGHTLY), timeout=60, what="every nightly job to be delivered once")
        cluster.kill("beat")
        cluster.beat()
        say("killed beat and started it again")

        # Two anchor runs at the same moment: with one task per worker (prefetch 1), worker 2 and a third worker
        # each take one and run it at once.
        cluster.worker("worker3")
        wait_until(lambda: "ready" in cluster.log("worker3"), timeout=90, what="worker 3 to start")
        from licensing.audit.events import audit_event_record
        from licensing.audit.tasks import log_anchors_record
        from licensing.models import Organization

        audit_event_record(event_type="licensing.profile_updated", actor=None,
                           organization=Organization.objects.get(name="Drill Association"), payload={"drill": 1})
        for _ in range(2):  # the log just grew: both runs find it to anchor
            log_anchors_record.apply_async(kwargs={"reason": "periodic"}, ignore_result=True)

        wait_until(lambda: not MailOutbox.objects.exclude(status=OutboxStatus.SENT).exists(), timeout=180,
                            what="every outbox row to be sent")
        redone = [sink.accepted_at(address) for address in dropped]
        figures["seconds_to_redo_killed_send"] = (round(max(redone) - killed_at, 1)
                                                  if dropped and all(redone) else None)
        pool_redone = [sink.accepted_at(address) for address in pool_dropped]
        figures["seconds_to_redo_killed_pool_send"] = (round(max(pool_redone) - pool_killed_at, 1)
                                                       if pool_dropped and all(pool_redone) else None)
        say(f"every outbox row sent, {time.monotonic() - killed_at:.0f} s after the first kill")
        wait_until(lambda: all(JobRun.objects.filter(name=task, status=JobRunStatus.DONE).exists()
                               for task in NIGHTLY), timeout=60, what="every nightly job to be done")
        time.sleep(2 * BEAT_EVERY)  # a few more sends of every job after beat's restart, for the figures

        # --- the checks ---
        counts = dict.fromkeys(addresses, 0)
        for message in sink.messages:
            for recipient in message["to"]:
                key = recipient.strip("<>")
                if key in counts:
                    counts[key] += 1
        twice = sorted(address for address, n in counts.items() if n > 1)
        missing = sorted(address for address, n in counts.items() if n == 0)
        check("every mail reached the mail server exactly once", not twice and not missing,
              f"{len(addresses)} mails, {len(twice)} twice, {len(missing)} missing")
        check("the send cut short by the kill was redone", bool(dropped) and all(redone),
              f"{len(dropped)} cut short, redone after {figures['seconds_to_redo_killed_send']} s "
              f"(visibility timeout {VISIBILITY_TIMEOUT} s)")
        # The invitations and the anchors' digests to the Board's audit address: one message per row, each sent.
        check("the send cut short by killing a pool process was redone", bool(pool_dropped) and all(pool_redone),
              f"{len(pool_dropped)} cut short, redone after {figures['seconds_to_redo_killed_pool_send']} s "
              "(put back on the queue at once, behind the rest of the burst; no visibility timeout to wait for)")
        rows = MailOutbox.objects.aggregate(n=Count("pk"))["n"]
        attempts = sorted(set(MailOutbox.objects.values_list("attempts", flat=True)))
        check("every outbox row is sent, one message each", rows == len(sink.messages) and not
              MailOutbox.objects.exclude(status=OutboxStatus.SENT).exists(),
              f"{rows} rows ({rows - len(addresses)} anchor digests), {len(sink.messages)} messages accepted, "
              f"attempts per row {attempts}")

        logs = cluster.log("worker1") + cluster.log("worker2") + cluster.log("worker3")
        today = timezone.localdate()
        figures["nightly"] = {}
        for task in NIGHTLY:
            runs = list(JobRun.objects.filter(name=task).values("day", "status", "attempts"))
            sent = deliveries(logs, task)
            figures["nightly"][task] = {"deliveries": sent, "runs": runs[0]["attempts"] if runs else 0}
            check(f"{task} ran once for {today}", len(runs) == 1 and runs[0]["day"] == today
                  and runs[0]["status"] == JobRunStatus.DONE and sent >= 2,
                  f"delivered {sent} times, {len(runs)} day row, attempts {runs[0]['attempts'] if runs else 0}")
        beats = cluster.log("beat").count("beat: Starting")
        check("beat was restarted mid-schedule", beats == 2, f"{beats} starts")

        duplicated = (LogAnchor.objects.values("log", "log_key", "head_seq").annotate(n=Count("pk"))
                      .filter(n__gt=1).count())
        anchors = LogAnchor.objects.count()
        check("no log head anchored twice", anchors >= 1 and duplicated == 0,
              f"{anchors} anchors, {duplicated} duplicated; "
              f"{deliveries(logs, 'licensing.audit.tasks.log_anchors_record')} anchor runs delivered")
        connection.close()
        verify = subprocess.run([sys.executable, "manage.py", "verify_logs"], cwd=ROOT, env=env,
                                capture_output=True, text=True)
        check("manage.py verify_logs passes", verify.returncode == 0,
              (verify.stdout + verify.stderr).strip().splitlines()[-1] if verify.stdout + verify.stderr else "")
        # Worker 2 reports its pool process's death (two ERROR lines, one a WorkerLostError's traceback): expected.
        errors = [line for name in ("worker2", "worker3", "beat") for line in cluster.log(name).splitlines()
                  if re.search(r"(ERROR|CRITICAL)/", line) and not re.search(
                      r"exited with 'signal 9 \(SIGKILL\)'|WorkerLostError\('Worker exited prematurely", line)]
        check("no error in the surviving workers' and beat's logs but the pool process's death", not errors,
              f"{len(errors)}" + (f": {errors[0][:200]}" if errors else ""))
        figures.update({"cut_short": len(dropped) + len(pool_dropped), "sent": len(sink.messages), "anchors": anchors,
                        "visibility_timeout": VISIBILITY_TIMEOUT})
    except Exception as error:  # the drill reports, it does not crash
        traceback.print_exc()
        check("the drill ran to its end", False, f"{type(error).__name__}: {error}")
    finally:
        if cluster:
            cluster.stop_all()
        sink.stop()
        redis.destroy()
        if not options.keep:
            with contextlib.suppress(Exception):  # Django never set up: no connection to close
                from django.db import connections

                connections.close_all()
            database_drop(database)
            shutil.rmtree(folder, ignore_errors=True)
        else:
            say(f"kept {folder} and database {database}")
    figures["ok"] = bool(checks) and all(ok for _name, ok in checks)
    figures["checks"] = dict(checks)
    print(json.dumps(figures, default=str))
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
