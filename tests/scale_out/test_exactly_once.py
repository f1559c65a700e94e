"""At least once, done once: Celery delivers a task again when its worker dies before acknowledging it, beat may send
a nightly job twice, and the broker may be down when a change commits. Each mail still goes out once (the outbox,
core.outbox), each nightly job runs once for its day (core.jobs), an anchor run twice writes one anchor
(licensing.audit.services), and a change saved while the broker is down is not an error (core.queue).

The tests that matter run for real: Celery worker processes on a Redis of the test's own, killed with SIGKILL
mid-send, against a mail server (testkit.smtp_sink) that counts what it accepted; two threads or processes really at
once on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection, connections, transaction
from django.utils import timezone

from core.jobs import job_run_once
from core.mail import mail_send
from core.models import JobRun, JobRunStatus, MailOutbox, OutboxStatus
from core.outbox import outbox_deliver, outbox_waiting
from core.tasks import outbox_sweep
from licensing.audit.events import audit_event_record
from licensing.audit.services import log_anchors_record
from licensing.licenses.services import license_issue
from licensing.licenses.tasks import certificates_sweep, license_certificate_build
from licensing.models import AuditEvent, LogAnchor
from licensing.models.audit import audit_chain_for
from testkit.smtp_sink import SmtpSink
from tests.conftest import free_port, need
from tests.licensing.factories import BingoOccasionFactory, OrganizationFactory, approved_paid

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = "licensing/reports/overdue/report_overdue.txt"  # any template; the context may be empty


def need_postgresql() -> None:
    need(connection.vendor == "postgresql", "DATABASE_URL is not PostgreSQL: the locks under test are PostgreSQL's")


def database_url() -> str:
    """The test database, for another process (a worker, a job killed mid-run) to use."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def wait_until(condition, *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {timeout:.0f} s: {what}")
        time.sleep(0.1)


def queue_mail(subject: str) -> MailOutbox:
    """A row as core.mail writes it, its task not asked for (this process runs tasks inline)."""
    return MailOutbox.objects.create(subject=subject, body="Body", to=["clerk@example.org"])


# --- the outbox: one mail however often its task is delivered ---


@pytest.mark.django_db
def test_a_mail_is_written_with_the_change_and_sent_once_however_often_its_task_runs(
        django_capture_on_commit_callbacks, mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        mail_send(to=["clerk@example.org"], subject="Renewal", template=TEMPLATE, context={})
    row = MailOutbox.objects.get()
    assert (row.status, row.attempts, row.to) == (OutboxStatus.SENT, 1, ["clerk@example.org"])
    assert row.sent_at is not None and len(mailoutbox) == 1
    # The task delivered again (a worker killed before acknowledging it): nothing more goes out.
    assert outbox_deliver(row.pk) == "skipped"
    assert len(mailoutbox) == 1


@pytest.mark.django_db
def test_an_email_of_the_same_key_is_queued_once(django_capture_on_commit_callbacks, mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        assert mail_send(to=["a@example.org"], subject="Certificate", template=TEMPLATE, context={}, key="cert:1:x")
        assert not mail_send(to=["a@example.org"], subject="Certificate", template=TEMPLATE, context={},
                             key="cert:1:x")
    assert MailOutbox.objects.count() == 1 and len(mailoutbox) == 1


@pytest.mark.django_db(transaction=True)
def test_a_mail_being_sent_by_one_worker_is_not_sent_by_another(mailoutbox):
    need_postgresql()
    row = queue_mail("Held")
    held, release, outcome = threading.Event(), threading.Event(), {}

    def first_worker():  # holds the row's lock, as a worker does while the mail server answers
        try:
            with transaction.atomic():
                MailOutbox.objects.select_for_update().get(pk=row.pk)
                held.set()
                release.wait(30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=first_worker)
    thread.start()
    try:
        assert held.wait(30)
        outcome["second"] = outbox_deliver(row.pk)
    finally:
        release.set()
        thread.join(30)
    assert outcome["second"] == "skipped" and mailoutbox == []
    assert outbox_deliver(row.pk) == "sent" and len(mailoutbox) == 1


@pytest.mark.django_db
def test_the_sweep_asks_again_for_a_mail_left_queued_and_not_for_a_fresh_one(mailoutbox):
    old = MailOutbox.objects.create(subject="Lost with its worker", body="b", to=["a@example.org"])
    fresh = MailOutbox.objects.create(subject="Just queued", body="b", to=["a@example.org"])
    MailOutbox.objects.filter(pk=old.pk).update(queued_at=timezone.now() - dt.timedelta(hours=1))
    assert outbox_sweep.delay().get() == {"waiting": 1, "queued": 1}
    assert [m.subject for m in mailoutbox] == ["Lost with its worker"]
    fresh.refresh_from_db()
    assert fresh.status == OutboxStatus.QUEUED
    assert outbox_waiting() == []  # asked for just now: not again until OUTBOX_SWEEP_MINUTES have passed


@pytest.mark.django_db
def test_a_mail_server_that_keeps_failing_leaves_the_row_failed_not_lost(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens there
    settings.OUTBOX_MAX_ATTEMPTS = 2
    row = MailOutbox.objects.create(subject="Nobody answers", body="b", to=["a@example.org"])
    assert outbox_deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert (row.status, row.attempts) == (OutboxStatus.QUEUED, 1) and "Connection" in row.last_error
    assert outbox_deliver(row.pk) == "failed"
    row.refresh_from_db()
    assert (row.status, row.attempts) == (OutboxStatus.FAILED, 2)
    assert outbox_deliver(row.pk) == "skipped"


# --- a broker down at commit time ---


@pytest.mark.django_db(transaction=True)
def test_a_change_committed_while_the_broker_is_down_is_saved_without_an_error_and_mailed_by_the_sweep(mailoutbox):
    """A process with a real (not inline) Celery whose Redis is a closed port: the service's transaction commits,
    the publish fails after it, and the caller sees no error; the outbox row waits for the sweep."""
    need_postgresql()
    dead = f"redis://127.0.0.1:{free_port()}/0"
    script = (
        "import django; django.setup()\n"
        "from django.db import transaction\n"
        "from core.mail import mail_send\n"
        "with transaction.atomic():\n"
        f"    mail_send(to=['clerk@example.org'], subject='Saved while Redis is down', template={TEMPLATE!r},"
        " context={})\n"
        "print('committed')\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url(),
           "REDIS_URL": dead, "EMAIL_URL": ""}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "committed" in done.stdout
    assert "not queued, the broker is unreachable" in done.stderr
    row = MailOutbox.objects.get(subject="Saved while Redis is down")
    assert (row.status, row.attempts) == (OutboxStatus.QUEUED, 0)
    assert row.pk in outbox_waiting(now=timezone.now() + dt.timedelta(hours=1))
    assert outbox_deliver(row.pk) == "sent" and len(mailoutbox) == 1


# --- a worker killed mid-send ---


def start_worker(*, redis_url: str, smtp_port: int, name: str) -> subprocess.Popen:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url(),
           "REDIS_URL": redis_url, "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}", "CELERY_VISIBILITY_TIMEOUT": "2",
           "DATABASE_CONN_MAX_AGE": "0"}
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "-n", f"{name}@%h",
         "--loglevel", "WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )


def stop(worker: subprocess.Popen) -> str:
    if worker.poll() is None:
        worker.terminate()
    try:
        output, _ = worker.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        output, _ = worker.communicate()
    return output.decode(errors="replace")


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_send_leaves_the_mail_to_another_worker_and_it_goes_out_once(own_redis):
    need_postgresql()
    redis_url, _redis = own_redis
    sink = SmtpSink(delay=120).start()  # the first send hangs at the mail server's answer
    client = Celery("test-client", broker=redis_url, backend=redis_url, set_as_current=False)
    workers = []
    try:
        row = queue_mail("Killed mid-send")
        first = start_worker(redis_url=redis_url, smtp_port=sink.port, name="first")
        workers.append(first)
        client.send_task("core.tasks.outbox_send", kwargs={"outbox_id": row.pk})
        wait_until(lambda: sink.holding == 1, timeout=60, what="the first worker to reach the mail server")
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        wait_until(lambda: sink.dropped == 1, timeout=10, what="the mail server to see the sender gone")
        sink.delay = 0
        row.refresh_from_db()
        assert (row.status, row.attempts) == (OutboxStatus.QUEUED, 0)  # the killed send rolled back

        # The task was never acknowledged: after the visibility timeout (2 s here) the second worker runs it.
        second = start_worker(redis_url=redis_url, smtp_port=sink.port, name="second")
        workers.append(second)
        wait_until(lambda: MailOutbox.objects.get(pk=row.pk).status == OutboxStatus.SENT, timeout=90,
                   what="the second worker to send the mail")
        # Delivered again on purpose (beat, the sweep): nothing more goes out.
        repeats = [client.send_task("core.tasks.outbox_send", kwargs={"outbox_id": row.pk}) for _ in range(2)]
        assert [repeat.get(timeout=60) for repeat in repeats] == ["skipped", "skipped"]
    finally:
        outputs = [stop(worker) for worker in workers]
        client.close()
        sink.stop()
    assert sink.subjects() == ["Killed mid-send"], outputs
    row.refresh_from_db()
    assert (row.status, row.attempts) == (OutboxStatus.SENT, 1)
    assert "Traceback" not in outputs[-1], outputs[-1]


# --- a license's certificate: built and mailed once per request ---


@pytest.fixture
def issued(django_capture_on_commit_callbacks):
    """A license just issued, its certificate asked for and its build task lost (the callbacks not run)."""
    organization = OrganizationFactory(email="parish@example.org")
    application = approved_paid(organization=organization)
    BingoOccasionFactory(application=application)
    with django_capture_on_commit_callbacks(execute=False):
        license = license_issue(application=application)
    license.refresh_from_db()
    assert license.certificate_requested_at is not None and license.certificate_built_at is None
    return license


@pytest.mark.django_db
def test_a_certificate_build_delivered_twice_builds_and_mails_once(issued, django_capture_on_commit_callbacks,
                                                                  mailoutbox):
    asked = issued.certificate_requested_at.isoformat()
    with django_capture_on_commit_callbacks(execute=True):
        first = license_certificate_build.delay(issued.pk, asked).get()
        again = license_certificate_build.delay(issued.pk, asked).get()
    assert first == again
    built = AuditEvent.objects.filter(event_type="licensing.license_certificate_built", object_id=str(issued.pk))
    assert built.count() == 1 and len(mailoutbox) == 1


@pytest.mark.django_db
def test_the_certificates_sweep_builds_a_certificate_whose_task_was_lost(issued, django_capture_on_commit_callbacks,
                                                                        mailoutbox, settings):
    assert certificates_sweep.delay().get() == {"owed": 0, "queued": 0}  # asked just now: its task may be on its way
    settings.CERTIFICATE_SWEEP_MINUTES = 0
    with django_capture_on_commit_callbacks(execute=True):
        assert certificates_sweep.delay().get() == {"owed": 1, "queued": 1}
    issued.refresh_from_db()
    assert issued.certificate and issued.certificate_built_at > issued.certificate_requested_at
    assert len(mailoutbox) == 1
    assert certificates_sweep.delay().get() == {"owed": 0, "queued": 0}


# --- nightly jobs: once for their day ---


@pytest.mark.django_db
def test_a_nightly_job_delivered_again_the_same_day_does_nothing():
    runs = []

    def job():
        runs.append(1)
        return {"n": len(runs)}

    day = dt.date(2026, 3, 2)
    assert job_run_once("test.job", job, day=day) == {"n": 1}
    assert job_run_once("test.job", job, day=day) == {"skipped": "done"}
    assert job_run_once("test.job", job, day=day + dt.timedelta(days=1)) == {"n": 2}  # the next day is its own
    run = JobRun.objects.get(name="test.job", day=day)
    assert (run.status, run.attempts, run.result) == (JobRunStatus.DONE, 1, {"n": 1})


@pytest.mark.django_db(transaction=True)
def test_a_nightly_job_delivered_twice_at_once_runs_once():
    need_postgresql()
    started, release, runs, outcomes = threading.Event(), threading.Event(), [], {}

    def slow_job():
        runs.append(1)
        started.set()
        release.wait(30)
        return {"ran": True}

    def first():
        try:
            outcomes["first"] = job_run_once("test.slow", slow_job)
        finally:
            connections.close_all()

    thread = threading.Thread(target=first)
    thread.start()
    try:
        assert started.wait(30)
        outcomes["second"] = job_run_once("test.slow", slow_job)  # beat's second send, while the first runs
    finally:
        release.set()
        thread.join(30)
    assert outcomes == {"first": {"ran": True}, "second": {"skipped": "running"}}
    assert len(runs) == 1
    assert job_run_once("test.slow", slow_job) == {"skipped": "done"}


@pytest.mark.django_db(transaction=True)
def test_a_nightly_job_killed_half_way_is_finished_by_the_next_delivery():
    need_postgresql()
    script = (
        "import django, time; django.setup()\n"
        "from core.jobs import job_run_once\n"
        "def job():\n"
        "    print('started', flush=True)\n"
        "    time.sleep(600)\n"
        "job_run_once('test.killed', job)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "DATABASE_URL": database_url()}
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "started"
        assert job_run_once("test.killed", lambda: {"ran": True}) == {"skipped": "running"}
    finally:
        process.kill()
        process.wait(10)
    # Its connection gone, PostgreSQL has released its lock: the next delivery runs the job and marks the day.
    wait_until(lambda: job_run_once("test.killed", lambda: {"ran": True}) != {"skipped": "running"}, timeout=30,
               what="PostgreSQL to release the killed run's lock")
    run = JobRun.objects.get(name="test.killed")
    assert (run.status, run.attempts, run.result) == (JobRunStatus.DONE, 2, {"ran": True})


@pytest.mark.django_db
def test_each_nightly_task_claims_its_day():
    from licensing.enforcement.tasks import license_statuses_refresh
    from licensing.reminders.tasks import reminders_send
    from licensing.reports.overdue.tasks import reports_calendar_daily
    from licensing.review.tasks import review_daily

    for task in (review_daily, license_statuses_refresh, reports_calendar_daily, reminders_send):
        assert "skipped" not in task.delay().get(), task.name
        assert task.delay().get() == {"skipped": "done"}, task.name
        assert JobRun.objects.get(name=task.name).status == JobRunStatus.DONE


# --- anchors: a run twice at once writes one anchor ---


@pytest.mark.django_db(transaction=True)
def test_two_anchor_runs_at_once_write_one_anchor_per_grown_log():
    """The first run holds the anchors' lock, its anchor written and not yet committed, while the second starts:
    the second waits for the lock and then finds the log anchored. Without the lock it would anchor the same head
    again (it cannot see the first's uncommitted row)."""
    need_postgresql()
    organization = OrganizationFactory()
    for number in range(3):
        audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization,
                           payload={"n": number})
    first_wrote, commit, outcomes = threading.Event(), threading.Event(), {}

    def first():
        try:
            with transaction.atomic():
                outcomes["first"] = len(log_anchors_record(reason="periodic"))
                first_wrote.set()
                commit.wait(30)
        finally:
            connections.close_all()

    def second():
        try:
            outcomes["second"] = len(log_anchors_record(reason="periodic"))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    try:
        assert first_wrote.wait(30)
        threads[1].start()
        wait_until(_someone_waits_for_an_advisory_lock, timeout=30, what="the second run to wait for the lock")
    finally:
        commit.set()
        for thread in threads:
            thread.join(30)
    assert outcomes == {"first": 1, "second": 0}
    chain = audit_chain_for(organization.pk)
    assert LogAnchor.objects.filter(log_key=chain).count() == 1


def _someone_waits_for_an_advisory_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                       "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")
        return cursor.fetchone()[0] > 0
