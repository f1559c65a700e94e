"""The hall server as a separate process (DJANGO_ENV=hall, its own HALL_DIR and SQLite database, no PostgreSQL and
no Redis), for the tests that run hall mode as the hall runs it. `hall_manage` runs a manage.py command there, its
clock set to a given moment (time-machine, started before Django), since live play keeps the licensed hours."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from core import signing

# Started with `python -c`: travel to the moment (if any), then Django's own command line.
RUNNER = """
import datetime, os, sys
moment = os.environ.pop("HALL_TEST_MOMENT", "")
if moment:
    import time_machine
    time_machine.travel(datetime.datetime.fromisoformat(moment), tick=True).start()
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


def hall_database_copy(template: Path, hall_dir: Path) -> None:
    """A migrated hall database, copied from the one the session migrated once (migrating takes half a minute)."""
    hall_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template / "hall.sqlite3", hall_dir / "hall.sqlite3")
