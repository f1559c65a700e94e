"""What every drill shares: its report (a line per check, then one JSON line of its figures), a database of its own
on the machine's PostgreSQL, and a cluster (testkit/cluster.py) on it with a live training bingo game to call."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

# The drills call the API with testkit.http_api.api (shared with benchmarks/cluster_load.py); importable from here too.
from testkit.http_api import api  # noqa: E402, F401

MACHINE_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"


class Report:
    """Checks and figures of one drill: `check` prints a line per check; `finish` prints the JSON line and gives
    the exit code (0 when every check passed)."""

    def __init__(self, drill: str):
        self.drill = drill
        self.figures: dict = {}
        self.failed: list[str] = []
        self.started = time.monotonic()

    def say(self, text: str) -> None:
        print(f"[{self.drill} {time.monotonic() - self.started:6.1f}s] {text}", flush=True)

    def check(self, ok: bool, text: str) -> bool:
        self.say(f"{'PASS' if ok else 'FAIL'} {text}")
        if not ok:
            self.failed.append(text)
        return ok

    def finish(self) -> int:
        self.figures.update(drill=self.drill, ok=not self.failed, failed=self.failed,
                            seconds=round(time.monotonic() - self.started, 1))
        print(json.dumps(self.figures), flush=True)
        return 0 if not self.failed else 1


@contextmanager
def own_database(name: str, base: str | None = None):
    """A database of the drill's own beside DATABASE_URL's (the machine's PostgreSQL by default), dropped after."""
    import psycopg
    from psycopg import sql

    base = base or os.environ.get("DATABASE_URL") or MACHINE_DATABASE
    if not base.startswith(("postgres://", "postgresql://")):
        base = MACHINE_DATABASE
    parts = urlsplit(base)
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        from django.conf import settings

        if settings.configured:  # the drill's own Django on that database
            from django.db import connections

            connections.close_all()
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def manage(*args: str, env: dict) -> None:
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def prepare_database(cluster) -> None:
    """Migrated and seeded with the demo world (its training bingo operation is what the drills play)."""
    env = {**cluster.base_env(), "DATABASE_CONN_MAX_AGE": "0"}
    manage("migrate", "--no-input", "--verbosity", "0", env=env)
    manage("collectstatic", "--no-input", "--verbosity", "0", env=env)
    manage("seed_demo", "--log", str(cluster.folder / "demo-seed.log"), env=env)


def django_on(database_url: str, redis_url: str) -> None:
    """Django set up in the drill's own process on the drill's database (to read what the cluster wrote)."""
    # The drills read the database between awaits of their screens: a few quick queries on the loop's thread.
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=database_url, REDIS_URL=redis_url,
                      DATABASE_CONN_MAX_AGE="0", DJANGO_ALLOW_ASYNC_UNSAFE="true")
    import django

    django.setup()


@dataclass
class TrainingGame:
    """The demo's training game of the any-line pattern, with the API tokens of its caller and checker."""

    game_id: int
    hall_key: str
    caller_token: str
    checker_token: str
    winning_face: int  # a face of the demo series whose first row wins the game
    winning_calls: list[int] = field(default_factory=list)
    series_code: str = ""

    @property
    def screen_path(self) -> str:
        return f"/ws/bingo/flashboard/{self.hall_key}/"


def training_game() -> TrainingGame:
    """Read from the drill's database once django_on() has run."""
    from rest_framework.authtoken.models import Token

    from bingo.cards.sales import series_faces
    from bingo.models import CardSeries, Game
    from licensing.models import Membership, Role

    game = Game.objects.select_related("operation").get(operation__is_training=True, pattern__slug="any-line")
    organization = game.operation.license.organization
    hall = game.operation.halls.get(is_drawing_location=True)

    def token(role):
        user = Membership.objects.filter(organization=organization, role=role).first().user
        return Token.objects.get_or_create(user=user)[0].key

    series = CardSeries.objects.filter(organization=organization).order_by("pk").first()
    face = series_faces(series)[0]
    return TrainingGame(game_id=game.pk, hall_key=hall.key, caller_token=token(Role.CALLER),
                        checker_token=token(Role.CHECKER), winning_face=1,
                        winning_calls=[n for n in face.squares[0:5] if n], series_code=series.code)


def calls_in_database(game_id: int) -> list[int]:
    from bingo.live.state import game_state
    from bingo.models import Game

    return list(game_state(Game.objects.get(pk=game_id)).calls)
