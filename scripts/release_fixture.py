#!/usr/bin/env python3
"""The release fixture: a database of this release, with real rows in every hash-chained log, dumped for the
upgrade test (tests/scale_out/test_upgrade_migrations.py) to migrate with the next releases' code.

    .venv/bin/python scripts/release_fixture.py            # writes tests/scale_out/fixtures/release-<rev>.sql.gz
    .venv/bin/python scripts/release_fixture.py --out DIR  # elsewhere

Run it at each release, from the release's commit (a clean tree), and commit the two files it writes. It starts a
PostgreSQL of its own (testkit.private_services, in a temporary folder it removes), migrates an empty database,
builds the demo world (`manage.py seed_demo`), then adds what the demo leaves out so that every log holds rows: a
training bingo game played and closed, a Hold'em hand dealt at the training tournament, a raffle drawn; then
records the anchors (licensing.audit.services.log_anchors_record), checks every log (`verify_logs`) and dumps the
database (`pg_dump --format=plain --no-owner`, gzipped). Beside the dump, release-<rev>.json: the release's
commit, the migration heads, every log's head, the anchors, and the EVENT_LOG_KEY the chains were written with.
That key is the development key (config/settings.py's default when DJANGO_ENV is not production): it is in the
code anyway, and the fixture holds demo data only, no secret of any server.

Prints what it made, and as its last line one JSON object of its figures."""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from testkit.private_services import PrivatePostgres, _pg_bin  # noqa: E402

DEFAULT_OUT = ROOT / "tests" / "scale_out" / "fixtures"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def django_for(database_url: str, media: Path) -> None:
    """Django set up on the fixture's database, as a development server with nothing else set: the development
    EVENT_LOG_KEY, Celery inline (tasks run in the process), no anchor witness file, mail kept in memory, uploads
    (certificates, documents) under `media`: nothing is written into the project."""
    for name in ("EVENT_LOG_KEY", "REDIS_URL", "LOG_ANCHOR_SIGNING_KEY", "DJANGO_SETTINGS_MODULE"):
        os.environ.pop(name, None)
    os.environ.update(DATABASE_URL=database_url, DJANGO_ENV="development", MEDIA_ROOT=str(media), LOG_LEVEL="WARNING",
                      EMAIL_URL="memorymail://", LOG_ANCHOR_DIR="",
                      DJANGO_SETTINGS_MODULE="config.settings")
    import django

    django.setup()


def bingo_game_played() -> str:
    """Game 1 of the demo's training operation, played and closed."""
    from bingo.live import services
    from bingo.live.state import game_state
    from bingo.models import Operation

    operation = Operation.objects.get(is_training=True, license__organization__name="St. Augustine Catholic Parish")
    caller = operation.workers.filter(duty="caller").select_related("user").first().user
    game = operation.games.order_by("number").first()
    rng = random.Random(31)
    game = services.game_start(actor=caller, game=game)
    for _ in range(24):
        services.ball_draw(actor=caller, game=game, rng=rng)
    # A ball recorded from the blower, taken back (only such a call can be), then recorded again.
    number = min(set(range(1, 76)) - set(game_state(game).calls))
    services.ball_record(actor=caller, game=game, number=number)
    services.call_undo(actor=caller, game=game, reason="Recorded by mistake (release fixture)")
    services.ball_record(actor=caller, game=game, number=number)
    services.game_close(actor=caller, game=game)
    return f"training bingo game {game.pk}: started, 24 balls drawn, one recorded, undone and recorded again, closed"


def holdem_hand_dealt() -> str:
    """The demo's training tournament: the clock started and one hand dealt to its showdown at table 1."""
    from licensing.models import Role
    from montecarlo.models import Tournament
    from montecarlo.tournaments import services
    from tests.montecarlo.factories import allin_hand

    tournament = Tournament.objects.get(training=True, name="Dealer training (demo)")
    director = tournament.license.organization.memberships.get(role=Role.TOURNAMENT_DIRECTOR, is_active=True).user
    tournament = services.clock_control(actor=director, tournament=tournament, op="start")
    allin_hand(director, tournament, 1)
    return f"training tournament {tournament.pk}: clock started, one all-in hand to its showdown"


def raffle_drawn() -> str:
    """A raffle license (the test factories' organization), its drawing scheduled, sales closed and drawn."""
    from licensing.models import Role
    from licensing.models.choices import LicenseType
    from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
    from tests.licensing.factories import in_charge, license_for, member, raffle_ready

    raffle = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-FIXTURE-00001",
                                      application__first_ticket_number=100, application__last_ticket_number=199,
                                      application__tickets_printed=100))
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=3)
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(100, 160)), returned=[101, 120],
                                  buyers_age_declared=True)
    drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    return f"raffle {raffle.number}: drawing scheduled, sales closed, drawn"


def migration_heads() -> dict[str, list[str]]:
    """The leaf migrations of every app, as the project's migration graph has them."""
    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    heads: dict[str, list[str]] = {}
    for app, name in sorted(MigrationLoader(connection).graph.leaf_nodes()):
        heads.setdefault(app, []).append(name)
    return heads


def log_heads() -> dict[str, dict[str, dict]]:
    from licensing.audit.logs import chained_models, heads

    return {model.chain_label(): {identity: {"seq": head.seq, "hash": head.hash}
                                  for identity, head in sorted(heads(model))}
            for model in chained_models()}


def anchors() -> list[dict]:
    from licensing.models import LogAnchor

    return list(LogAnchor.objects.order_by("seq").values("seq", "hash", "log", "log_key", "head_seq", "head_hash"))


def build(out: Path) -> dict:
    rev = git("rev-parse", "HEAD")
    # Changed files, or a migration not committed yet: the fixture would not be the release's database.
    dirty = bool(git("status", "--porcelain", "--untracked-files=no")
                 or git("ls-files", "--others", "--exclude-standard", "--", "*/migrations/*.py"))
    name = f"release-{rev[:10]}"
    folder = Path(tempfile.mkdtemp(prefix="release-fixture-"))
    folder.chmod(0o755)  # the server runs as the postgres user (as root: runuser), inside this folder
    server = PrivatePostgres(folder / "pg")
    try:
        server.start()
        database_url = server.create_database("release")
        django_for(database_url, folder / "media")
        from django.conf import settings
        from django.core.management import call_command

        from licensing.audit.services import log_anchors_record
        from licensing.models import AnchorReason

        call_command("migrate", interactive=False, verbosity=0)
        print("migrated an empty database")
        with open(os.devnull, "w") as quiet:
            call_command("seed_demo", stdout=quiet)
        print("built the demo world (seed_demo)")
        for step in (bingo_game_played, holdem_hand_dealt, raffle_drawn):
            print(step())
        recorded = log_anchors_record(reason=AnchorReason.MANUAL)
        print(f"recorded {len(recorded)} more anchors")
        call_command("verify_logs")  # raises (and nothing is written) when a log does not verify
        heads = log_heads()
        empty = sorted(label for label, logs in heads.items() if not logs)
        if empty:
            raise RuntimeError(f"no rows in {', '.join(empty)}: the fixture must hold every log")
        manifest = {
            "release": rev, "dirty": dirty, "dump": f"{name}.sql.gz",
            "made_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "event_log_key": settings.EVENT_LOG_KEY,
            "event_log_key_note": "the development key, config/settings.py's default: public in the code",
            "migrations": migration_heads(), "logs": heads, "anchors": anchors(),
        }
        from django.db import connections

        connections.close_all()
        out.mkdir(parents=True, exist_ok=True)
        dump = subprocess.run([_pg_bin("pg_dump"), "--format=plain", "--no-owner", "--no-privileges",
                               database_url.replace("postgres://", "postgresql://")],
                              check=True, capture_output=True).stdout
        (out / f"{name}.sql.gz").write_bytes(gzip.compress(dump, mtime=0))
        manifest["dump_sha256"] = hashlib.sha256((out / f"{name}.sql.gz").read_bytes()).hexdigest()
        (out / f"{name}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        # One fixture, the last release's: the upgrade test migrates it; the earlier ones stay in git's history.
        for older in sorted(out.glob("release-*")):
            if not older.name.startswith(f"{name}."):
                older.unlink()
                print(f"removed {older.name} (git's history keeps it)")
    finally:
        server.destroy()
        shutil.rmtree(folder, ignore_errors=True)
    size = (out / f"{name}.sql.gz").stat().st_size
    rows = sum(head["seq"] for logs in heads.values() for head in logs.values())
    print(f"wrote {out / name}.sql.gz ({size / 1024:.0f} KB) and {name}.json: {len(heads)} logs, "
          f"{sum(len(logs) for logs in heads.values())} chains, {rows} rows, {len(manifest['anchors'])} anchors"
          + (" (from a tree with uncommitted changes: not for a release)" if dirty else ""))
    return {"fixture": name, "ok": True, "bytes": size, "logs": len(heads), "rows": rows,
            "anchors": len(manifest["anchors"]), "dirty": dirty}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"folder of the fixture (default {DEFAULT_OUT})")
    out = parser.parse_args().out.resolve()
    try:
        figures = build(out)
    except Exception as failed:  # a step refused, or a log that does not verify: nothing was written
        print(f"FAILED: {type(failed).__name__}: {failed}")
        print(json.dumps({"fixture": None, "ok": False, "error": str(failed)}))
        return 1
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
