"""Tasks run inline without a broker, and on a real worker through Redis when there is one."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

from celery import Celery
from django.core import mail

from core.tasks import email_send

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_broker_tasks_run_inline():
    result = email_send.delay(subject="Hello", body="Inline", to=["a@example.org"])
    assert result.get(timeout=10) == 1
    assert mail.outbox[-1].subject == "Hello"


def test_a_worker_process_runs_tasks_from_the_redis_broker(redis_url):
    queue = f"test-{uuid.uuid4().hex[:8]}"  # a queue of its own, apart from any developer's worker
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "-Q", queue,
         "--loglevel", "WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    client = Celery("test-client", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        result = client.send_task(
            "licensing.tasks.email_send", kwargs={"subject": "Queued", "body": "Via Redis", "to": ["b@example.org"]},
            queue=queue,
        )
        assert result.get(timeout=60) == 1  # the worker sent one email
    finally:
        worker.terminate()
        output, _ = worker.communicate(timeout=30)
        client.close()
    assert b"Traceback" not in output, output.decode()
