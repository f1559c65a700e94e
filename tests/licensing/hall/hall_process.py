"""The hall server as a separate process (DJANGO_ENV=hall, its own HALL_DIR and SQLite database, no PostgreSQL and
no Redis), for the tests that run hall mode as the hall runs it. `hall_manage` runs a manage.py command there, its
clock set to a given moment (time-machine, started before Django), since live play keeps the licensed hours."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from django.conf import settings

from core import signing
from tests.licensing.factories import PASSWORD

DEVICE_PRIVATE = signing.development_key("the hall's laptop")
DEVICE = signing.public_key_of(DEVICE_PRIVATE)

# Started with `python -c`: travel to the moment (if any), then Django's own command line.
RUNNER = """
import datetime, os, sys
moment = os.environ.pop("HALL_TEST_MOMENT", "")
if moment:
    import time_machine
    time_machine.travel(datetime.datetime.fromisoformat(moment), tick=True).start()
if sys.argv[1:2] == ["daphne"]:
    from daphne.cli import CommandLineInterface
    CommandLineInterface().run(sys.argv[2:])
else:
    from django.core.management import execute_from_command_line
    execute_from_command_line(["manage.py", *sys.argv[1:]])
"""


def hall_environment(hall_dir: Path) -> dict[str, str]:
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "EVENT_LOG_KEY",
                                   "LOG_ANCHOR_SIGNING_KEY", "DJANGO_SECRET_KEY")}
    environment.update(DJANGO_ENV="hall", HALL_DIR=str(hall_dir), DJANGO_SETTINGS_MODULE="config.settings",
                       HALL_BOARD_KEYS=signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY))
    return environment


def hall_manage(hall_dir: Path, *arguments: str, at: dt.datetime | None = None,
                timeout: float = 180) -> subprocess.CompletedProcess:
    environment = hall_environment(hall_dir)
    if at is not None:
        environment["HALL_TEST_MOMENT"] = at.isoformat()
    return subprocess.run([sys.executable, "-c", RUNNER, *arguments], cwd=settings.BASE_DIR, env=environment,
                          capture_output=True, text=True, timeout=timeout, check=False)


def hall_passwords(output: str) -> dict[str, str]:
    """Each worker's sign-in at the hall and the password `hall install` made for them (its output)."""
    return dict(re.findall(r"^\s+(\S+@\S+)\s+(\S+)$", output, re.MULTILINE))


def hall_bundle_send(hall_dir: Path, out: Path, *, at: dt.datetime, board_url: str, email: str,
                     kit_id) -> requests.Response:
    """The network is back: the hall exports its bundle (`hall export`, its clock at `at`) and `email` sends it to the
    Board's API as the kit's page does. The Board's answer."""
    exported = hall_manage(hall_dir, "hall", "export", str(hall_dir / "kit.json"), "--out", str(out), at=at)
    assert exported.returncode == 0, exported.stderr
    board = requests.Session()
    token = board.post(f"{board_url}/api/v1/auth/token/", json={"email": email, "password": PASSWORD},
                       timeout=10).json()["token"]
    return board.post(f"{board_url}/api/v1/hall-kits/{kit_id}/bundles/", data=out.read_bytes(),
                      headers={"Authorization": f"Token {token}", "Content-Type": "application/json"}, timeout=60)


def hall_database_copy(template: Path, hall_dir: Path) -> None:
    """A migrated hall database, copied from the one the session migrated once (migrating takes half a minute)."""
    hall_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template / "hall.sqlite3", hall_dir / "hall.sqlite3")


@dataclass
class HallServer:
    url: str
    process: subprocess.Popen

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


# Inside a network namespace of its own (unshare --net): only its own loopback, so no route to the Board or anything
# else. socat hands the hall's port to a Unix socket in HALL_DIR, which a second socat outside offers on a TCP port
# of the test's network: the browser (the hall's TVs and tablets) reaches the hall; the hall reaches nothing.
INSIDE = ("ip link set lo up && (socat UNIX-LISTEN:{socket},fork,unlink-early TCP:127.0.0.1:8000 &) && "
          "exec {python} -c \"$HALL_RUNNER\" daphne --verbosity 0 --bind 127.0.0.1 --port 8000 config.asgi:application")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:  # noqa: S310 (an http address of our own)
            return answer.status == 200
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def hall_server_start(hall_dir: Path, *, at: dt.datetime, static_root: Path) -> HallServer:
    """The hall server (daphne, DJANGO_ENV=hall) with no network but its own, its clock at `at` and running on; its
    static files collected in `static_root` (as `make hall` collects them)."""
    environment = hall_environment(hall_dir)
    environment["DJANGO_STATIC_ROOT"] = str(static_root)
    environment["HALL_TEST_MOMENT"] = at.isoformat()
    unix = hall_dir / "hall.sock"
    port = free_port()
    environment["HALL_RUNNER"] = RUNNER
    inside = INSIDE.format(socket=unix, python=sys.executable)
    command = (f"unshare --net sh -c {shlex.quote(inside)} & "
               f"exec socat TCP-LISTEN:{port},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:{unix}")
    process = subprocess.Popen(["sh", "-c", command], cwd=settings.BASE_DIR, env=environment,
                               start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=open(hall_dir / "server.log", "wb"))  # noqa: SIM115 (the server keeps it)
    server = HallServer(url=f"http://127.0.0.1:{port}", process=process)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if _answers(f"{server.url}/healthz"):
            return server
        time.sleep(0.3)
    server.stop()
    raise RuntimeError(f"the hall server did not start: {(hall_dir / 'server.log').read_text()[-2000:]}")


def no_route_to(server: HallServer, url: str) -> bool:
    """From inside the hall server's network namespace, `url`'s port (the Board's) does not answer."""
    pids = subprocess.run(["pgrep", "-g", str(server.process.pid), "-f", "daphne"], capture_output=True, text=True,
                          check=False).stdout.split()
    port = url.rsplit(":", 1)[1]
    probe = subprocess.run(["nsenter", f"--net=/proc/{pids[0]}/ns/net", "python3", "-c",
                            f"import socket; s = socket.socket(); s.settimeout(2); print(s.connect_ex(('127.0.0.1', "
                            f"{port})))"], capture_output=True, text=True, check=False)
    return probe.stdout.strip() not in ("", "0")


@pytest.fixture(scope="session")
def hall_template(tmp_path_factory):
    """A hall database migrated once for the session (DJANGO_ENV=hall, SQLite): each hall test starts from a copy."""
    template = tmp_path_factory.mktemp("hall-template")
    migrated = hall_manage(template, "migrate", "--no-input", "--verbosity", "0")
    assert migrated.returncode == 0, migrated.stderr
    return template


@pytest.fixture(scope="session")
def hall_static(tmp_path_factory, hall_template):
    """The hall's static files, collected once for the session (a hall serves them itself: no debug server)."""
    static = tmp_path_factory.mktemp("hall-static")
    environment = {**hall_environment(hall_template), "DJANGO_STATIC_ROOT": str(static)}
    collected = subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "--verbosity", "0"],
                               cwd=settings.BASE_DIR, env=environment, capture_output=True, text=True, check=False)
    assert collected.returncode == 0, collected.stderr
    return static


@pytest.fixture
def hall_dir(hall_template, tmp_path):
    """A hall device: a migrated database and the device's key (DEVICE_PRIVATE), no kit yet."""
    place = tmp_path / "hall"
    hall_database_copy(hall_template, place)
    (place / "device.key").write_text(DEVICE_PRIVATE + "\n", encoding="utf-8")
    return place
