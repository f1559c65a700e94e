"""An upgrade keeps every log verifying: the database of the last release (its fixture, made by
scripts/release_fixture.py and kept in tests/scale_out/fixtures/), migrated by this code, still has every chain
whole, every head the release recorded, the same anchors, and no migration left to apply.

The fixture is loaded into a new database of the machine's PostgreSQL (psql, as the superuser of DATABASE_URL),
migrated and verified by `manage.py` in subprocesses pointed at it, as an operator upgrades a server. Every
migration written after the release runs on it: one that rewrites a hashed column, renumbers a log or drops rows
fails here."""

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from licensing.audit.logs import chained_model
from tests.conftest import need

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def newest_fixture() -> tuple[Path, dict]:
    """The manifest of the last release's fixture (the latest made_at) and its dump."""
    manifests = [(path, json.loads(path.read_text(encoding="utf-8"))) for path in FIXTURES.glob("release-*.json")]
    assert manifests, f"no release fixture in {FIXTURES}: run scripts/release_fixture.py"
    path, manifest = max(manifests, key=lambda found: found[1]["made_at"])
    dump = path.with_name(manifest["dump"])
    assert hashlib.sha256(dump.read_bytes()).hexdigest() == manifest["dump_sha256"], (
        f"{dump.name} is not the dump {path.name} describes")
    return dump, manifest


def _server_url(database: str) -> str:
    conf = settings.DATABASES["default"]
    user = quote(conf.get("USER") or "postgres", safe="")
    password = f":{quote(conf['PASSWORD'], safe='')}" if conf.get("PASSWORD") else ""
    return f"postgresql://{user}{password}@{conf.get('HOST') or '127.0.0.1'}:{conf.get('PORT') or 5432}/{database}"


def _psql(database: str, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(["psql", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "-q", "-X", "-A", "-t",
                           _server_url(database), *args], input=stdin, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout.decode()


@pytest.fixture
def release_database():
    """A new database on the machine's PostgreSQL holding the last release's fixture; dropped afterwards."""
    postgres = connection.vendor == "postgresql"
    need(postgres, "the upgrade test loads a PostgreSQL dump: set DATABASE_URL to a PostgreSQL server")
    need(shutil.which("psql") is not None, "psql is not installed: apt-get install -y postgresql-client")
    dump, manifest = newest_fixture()
    name = f"upgrade_{uuid.uuid4().hex[:12]}"
    _psql("postgres", "-c", f'CREATE DATABASE "{name}"')
    try:
        _psql(name, stdin=gzip.decompress(dump.read_bytes()))
        yield name, manifest
    finally:
        _psql("postgres", "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(database: str, manifest: dict, *args: str) -> subprocess.CompletedProcess:
    """`manage.py ...` on that database, with the key the release's chains were written with."""
    # The real settings (not the tests'), as a development server with nothing else set: Celery inline, mail kept
    # in memory, no witness file of anchors written into the project.
    env = {name: value for name, value in os.environ.items()
           if name not in ("REDIS_URL", "DJANGO_ENV", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=_server_url(database), EVENT_LOG_KEY=manifest["event_log_key"], LOG_LEVEL="WARNING",
               EMAIL_URL="memorymail://", LOG_ANCHOR_DIR="")
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def _heads_in(database: str, manifest: dict) -> dict[str, dict[str, dict]]:
    """The row at each head the release recorded, as the migrated database holds it now (seq and hash), read
    through the current models' tables and columns, in one query."""
    probes = []
    for label, logs in manifest["logs"].items():
        model = chained_model(label)
        assert model is not None, f"the log {label} of the release is no longer a chained model"
        attname = model.chain_attname()
        owner = model._meta.get_field(attname).column if attname else None
        for identity, head in logs.items():
            quoted = identity.replace("'", "''")
            where = f"seq = {int(head['seq'])}" + (f" AND {owner}::text = '{quoted}'" if owner else "")
            probes.append(f"SELECT '{label}', '{quoted}', seq, hash FROM {model._meta.db_table} WHERE {where}")
    found: dict[str, dict[str, dict]] = {label: {} for label in manifest["logs"]}
    for row in _psql(database, "-c", " UNION ALL ".join(probes)).splitlines():
        label, identity, seq, hash_ = row.split("|")
        found[label][identity] = {"seq": int(seq), "hash": hash_}
    return found


def _anchors_in(database: str, count: int) -> list[dict]:
    rows = _psql(database, "-c", "SELECT seq, hash, log, log_key, head_seq, head_hash FROM licensing_loganchor "
                                 f"ORDER BY seq LIMIT {int(count)}").splitlines()
    return [{"seq": int(seq), "hash": hash_, "log": log, "log_key": key, "head_seq": int(head_seq),
             "head_hash": head_hash}
            for seq, hash_, log, key, head_seq, head_hash in (row.split("|") for row in rows)]


def _not_applied(database: str) -> list[tuple[str, str]]:
    """The migrations of this code that the database has not recorded (`migrate --check` from the graph: a
    squashed migration is in the graph in place of those it replaces, and migrate records it once they are)."""
    applied = {tuple(row.split("|")) for row in _psql(database, "-c", "SELECT app, name FROM django_migrations")
               .splitlines()}
    return sorted(set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes) - applied)


def test_the_last_release_migrated_keeps_every_log_verifying(release_database):
    database, manifest = release_database
    migrated = manage(database, manifest, "migrate", "--no-input")
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    verified = manage(database, manifest, "verify_logs")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.startswith("OK: ")
    assert _heads_in(database, manifest) == manifest["logs"]
    assert _anchors_in(database, len(manifest["anchors"])) == manifest["anchors"]
    assert _not_applied(database) == []

