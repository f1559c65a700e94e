"""What the database and media drills share: a PostgreSQL of their own (testkit.private_services) with the project
migrated into it and one organization officer signed in, gunicorn serving the portal on it as production does
(scripts/serve-http: WEB_CONCURRENCY=2, persistent connections), plain HTTP requests, and the drill's report.

Nothing here touches the machine's shared PostgreSQL or Redis: the servers get the private database's address and no
REDIS_URL (the cache is then each process's memory, tasks run inline)."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from _drill import Report  # noqa: E402,F401 (every drill reports the same way; the portal drills import it here)

from testkit.private_services import PrivatePostgres, free_port, wait_for_port  # noqa: E402

# A public page that reads the database (the lookup reads nothing without a query), the same through the API, a
# signed-in officer's page, and the health check.
PAGES = {
    "license_lookup": "/public/licenses/?q=bingo",
    "api_license_lookup": "/api/v1/public/licenses/?q=bingo",
    "officer_home": "/portal/organizations/{organization}/",  # the officer's organization's home
    "healthz": "/healthz",
}

SEED = """
import json
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from rest_framework.authtoken.models import Token
from tests.licensing.factories import MembershipFactory
user = MembershipFactory().user
session = import_module(settings.SESSION_ENGINE).SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
print(json.dumps({"session": session.session_key, "token": Token.objects.create(user=user).key,
                  "organization": user.memberships.get().organization_id}))
"""


@dataclass
class Answer:
    status: int
    headers: dict
    body: str
    seconds: float

    def json(self):
        return json.loads(self.body)


class Portal:
    def __init__(self, name: str, **environment: str):
        self.folder = Path(tempfile.mkdtemp(prefix=f"drill-{name}-"))
        self.folder.chmod(0o755)  # PostgreSQL runs as its own user (as root: `postgres`) in a folder inside
        self.postgres = PrivatePostgres(self.folder / "postgres")
        self.port = free_port()
        self.web: subprocess.Popen | None = None
        self.signed_in: dict = {}
        self.environment = environment

    # --- the database ---

    def start_database(self, report: Report) -> None:
        started = time.monotonic()
        self.postgres.start()
        self.database_url = self.postgres.create_database("portal")
        self._manage(["migrate", "--noinput"])
        self.signed_in = json.loads(self._manage(["shell", "-c", SEED]).strip().splitlines()[-1])
        report.figures["setup_s"] = round(time.monotonic() - started, 1)
        report.say(f"PostgreSQL of the drill's own on port {self.postgres.port}, migrated, an officer signed in "
                   f"({report.figures['setup_s']} s)")

    def connect(self, *, autocommit: bool = True):
        """A connection of the drill's own to the private database (psycopg), for locks and counts."""
        import psycopg

        return psycopg.connect(self.database_url, autocommit=autocommit)

    def _env(self) -> dict:
        env = {key: value for key, value in os.environ.items()
               if key not in {"REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_WEB_PROCESS"}}
        env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": self.database_url,
                    "DJANGO_ENV": "development", "DJANGO_DEBUG": "false", "LOG_ANCHOR_DIR": "",
                    "MEDIA_ROOT": str(self.folder / "media"),
                    # The drills send far more than a person: the API's rate limits are not what they test.
                    "API_THROTTLE_ANON": "100000/minute", "API_THROTTLE_USER": "100000/minute",
                    "API_THROTTLE_TOKEN": "100000/minute", **self.environment})
        return env

    def _manage(self, arguments: list[str]) -> str:
        done = subprocess.run([sys.executable, "manage.py", *arguments], cwd=ROOT, env=self._env(),
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {arguments[0]} failed: {done.stderr[-3000:]}")
        return done.stdout

    # --- gunicorn ---

    def start_web(self, report: Report) -> None:
        env = {"HOST": "127.0.0.1", "PORT": str(self.port), "WEB_CONCURRENCY": "2",
               "DATABASE_CONN_MAX_AGE": "600", **self._env()}
        self.web_log = self.folder / "gunicorn.log"
        self.web = subprocess.Popen([str(ROOT / "scripts" / "serve-http")], cwd=ROOT, env=env,
                                    stdout=subprocess.DEVNULL, stderr=self.web_log.open("wb"))
        wait_for_port(self.port, timeout=60)
        deadline = time.monotonic() + 60
        while self.get("/healthz").status != 200:
            if time.monotonic() > deadline or self.web.poll() is not None:
                raise RuntimeError(f"gunicorn did not answer: {self.web_log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        report.say(f"gunicorn (scripts/serve-http, 2 workers, CONN_MAX_AGE=600) on port {self.port}, "
                   f"workers {self.worker_pids()}")

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.web.pid}/task/{self.web.pid}/children").read_text().split()
        return sorted(int(pid) for pid in children)

    def log_lines(self, text: str) -> list[str]:
        return [line for line in self.web_log.read_text(errors="replace").splitlines() if text in line]

    # --- requests ---

    def get(self, path: str, *, signed_in: bool = False, headers: dict | None = None) -> Answer:
        return self.request("GET", path, signed_in=signed_in, headers=headers)

    def request(self, method: str, path: str, *, signed_in: bool = False, headers: dict | None = None,
                body: bytes | None = None, timeout: float = 60) -> Answer:
        headers = dict(headers or {})
        if signed_in:
            headers["Cookie"] = "; ".join(filter(None, [headers.get("Cookie"),
                                                        f"sessionid={self.signed_in['session']}"]))
        started = time.monotonic()
        client = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            client.request(method, path, body=body, headers=headers)
            response = client.getresponse()
            text = response.read().decode("utf-8", errors="replace")
            return Answer(response.status, {key.lower(): value for key, value in response.getheaders()}, text,
                          time.monotonic() - started)
        finally:
            client.close()

    def page(self, name: str) -> Answer:
        return self.get(PAGES[name].format(**self.signed_in), signed_in=name.startswith("officer_"))

    # --- the end ---

    def destroy(self) -> None:
        if self.web is not None and self.web.poll() is None:
            self.web.terminate()
            try:
                self.web.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.web.kill()
        self.postgres.destroy()
        shutil.rmtree(self.folder, ignore_errors=True)


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes, str]]) -> tuple[bytes, str]:
    """A multipart/form-data body of `fields` and `files` (name: (file name, bytes, content type)), and its type."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, (filename, content, content_type) in files.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     f"Content-Type: {content_type}\r\n\r\n".encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"
