"""Backups that restore (issue 31): `manage.py backup` of a small database with audit trails, anchors and media files,
restored the documented way (pg_restore --no-owner --no-acl into a new database, the media archive into a new
folder), then `manage.py backup_check` against the restored copy passes; with audit rows changed and cut, one media
byte changed, a file gone and one too many, it fails naming each. A backup that cannot finish (pg_dump refused, a
full disk) says so and leaves nothing behind. scripts/drills/backup_restore.py is the same on the demo world, on a
server of its own."""

import hashlib
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from core.backup import BackupError, archive_media, dump_postgres, pg_binary, pg_command
from licensing.audit.events import audit_event_record
from licensing.audit.services import log_anchors_record
from licensing.models import AuditEvent
from licensing.models.audit import audit_chain_for
from tests.conftest import need
from tests.licensing.factories import OrganizationFactory

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def postgres():
    need(connection.vendor == "postgresql", "the backup of PostgreSQL needs DATABASE_URL=postgres://... "
         "(apt-get install postgresql postgresql-client)")
    try:
        pg_binary("pg_dump"), pg_binary("pg_restore")
    except BackupError as missing:
        need(False, str(missing))
    return connection.settings_dict


def server_url(settings_dict: dict, database: str) -> str:
    user = settings_dict.get("USER") or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{settings_dict.get('HOST') or '127.0.0.1'}:" \
           f"{settings_dict.get('PORT') or 5432}/{database}"


@pytest.fixture
def restored_database(postgres):
    """A new, empty database beside the test database (named after it, so pytest-xdist workers keep apart)."""
    name = f"{postgres['NAME']}_restored"
    with psycopg.connect(server_url(postgres, "postgres"), autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}"')
        server.execute(f'CREATE DATABASE "{name}"')
    yield server_url(postgres, name)
    with psycopg.connect(server_url(postgres, "postgres"), autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def backup_check(folder: Path, database_url: str, media: Path) -> subprocess.CompletedProcess:
    """The check as the operator runs it: another process, on the restored database."""
    environment = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DJANGO_ENV")}
    environment.update(DATABASE_URL=database_url, MEDIA_ROOT=str(media), DJANGO_SETTINGS_MODULE="config.settings",
                       EVENT_LOG_KEY=settings.EVENT_LOG_KEY)
    return subprocess.run([sys.executable, "manage.py", "backup_check", str(folder)], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_a_backup_restores_into_a_new_database_and_a_tampered_restore_is_caught(postgres, restored_database,
                                                                                tmp_path, settings):
    settings.MEDIA_ROOT = media = tmp_path / "media"
    (media / "documents" / "1").mkdir(parents=True)
    (media / "documents" / "1" / "bylaws.pdf").write_bytes(b"%PDF-1.4 bylaws " * 500)
    (media / "certificates").mkdir()
    (media / "certificates" / "BG-2026-00001.pdf").write_bytes(b"%PDF-1.4 certificate " * 300)
    first, second = OrganizationFactory(), OrganizationFactory()
    for organization in (first, second, None):
        for number in range(3):
            audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization,
                               payload={"n": number})
    assert len(log_anchors_record(reason="manual")) == 3
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=first, payload={"n": 3})

    backup = tmp_path / "backups" / "today"
    call_command("backup", "--to", str(backup))
    assert sorted(path.name for path in backup.iterdir()) == ["database.dump", "manifest.json", "media.tar.gz"]
    assert [path.name for path in backup.parent.iterdir()] == ["today"]  # the temporary folder was renamed
    manifest = json.loads((backup / "manifest.json").read_text())
    trail = audit_chain_for(first.pk)
    assert manifest["logs"]["licensing.auditevent"][trail]["seq"] == 4
    assert manifest["logs"]["licensing.loganchor"]["all"]["seq"] == 3
    assert [anchor["seq"] for anchor in manifest["anchors"]] == [3, 2, 1]
    assert sorted(manifest["media"]["files"]) == ["certificates/BG-2026-00001.pdf", "documents/1/bylaws.pdf"]
    assert manifest["migrations"]["licensing"] and manifest["rows"]["licensing.auditevent"] == 10

    # The restore, as docs/operations.md tells it.
    subprocess.run([pg_binary("pg_restore"), "--dbname", restored_database, "--no-owner", "--no-acl",
                    str(backup / "database.dump")], check=True, capture_output=True)
    restored_media = tmp_path / "restored-media"
    with tarfile.open(backup / "media.tar.gz") as archive:
        archive.extractall(restored_media, filter="data")

    result = backup_check(backup, restored_database, restored_media)
    assert result.returncode == 0, result.stderr
    assert "OK logs verify: 4 logs, 13 events" in result.stdout  # three trails and the anchors
    assert "OK log heads: 4 logs at the manifest's head" in result.stdout
    assert "OK anchors: the newest 3 anchors, up to seq 3" in result.stdout
    assert "OK media files: 2 files" in result.stdout
    assert "OK: the restored copy is the backup" in result.stdout

    # Tampered, with the triggers off: a row of one trail changed (not its head), another trail cut short (its head
    # row moved back too); one byte of one media file changed, another file gone, one there that was not backed up.
    with psycopg.connect(restored_database, autocommit=True) as restored:
        restored.execute("SET session_replication_role = replica")
        restored.execute("""UPDATE licensing_auditevent SET payload = '{"n": 99}' WHERE chain = %s AND seq = 2""",
                         [audit_chain_for(second.pk)])
        restored.execute("DELETE FROM licensing_auditevent WHERE chain = %s AND seq = 4", [trail])
        restored.execute("UPDATE licensing_auditchain SET head_seq = 3, head_hash = (SELECT hash FROM "
                         "licensing_auditevent WHERE chain = %s AND seq = 3) WHERE chain = %s", [trail, trail])
    victim = restored_media / "documents" / "1" / "bylaws.pdf"
    content = bytearray(victim.read_bytes())
    content[100] ^= 0x01
    victim.write_bytes(bytes(content))
    (restored_media / "certificates" / "BG-2026-00001.pdf").unlink()
    (restored_media / "stray.pdf").write_bytes(b"%PDF-1.4")

    result = backup_check(backup, restored_database, restored_media)
    assert result.returncode == 1
    failed = [line for line in result.stderr.splitlines() if line.startswith("FAILED")]
    assert failed == [
        "FAILED table rows: table licensing.auditevent: 9 rows restored, 10 backed up",
        f"FAILED logs verify: the audit trail of {audit_chain_for(second.pk)}, seq 2: altered or forged row (its "
        "hash does not match what it holds) (found by the chain walk)",
        # Past its last anchor and with its head row moved back, the cut passes verify_logs: the manifest sees it.
        f"FAILED log heads: log licensing.auditevent {trail}: head seq 3 "
        f"{AuditEvent.objects.get(chain=trail, seq=3).hash[:12]}…, the manifest says seq 4 "
        f"{AuditEvent.objects.get(chain=trail, seq=4).hash[:12]}…",
        f"FAILED media files: media certificates/BG-2026-00001.pdf: missing from {restored_media}",
        f"FAILED media files: media documents/1/bylaws.pdf: sha256 {hashlib.sha256(content).hexdigest()[:12]}…, "
        f"the manifest says {manifest['media']['files']['documents/1/bylaws.pdf']['sha256'][:12]}…",
        f"FAILED media files: media stray.pdf: in {restored_media} but not in the backup",
    ]


def test_a_backup_that_cannot_finish_says_why_and_leaves_nothing(postgres, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    backup = tmp_path / "backup"
    user = connection.settings_dict.get("USER")
    connection.ensure_connection()
    connection.settings_dict["USER"] = "no_such_role"  # Django's open connection stays; pg_dump is refused
    try:
        with pytest.raises(CommandError, match="backup failed: pg_dump of database .* failed: .*no_such_role"):
            call_command("backup", "--to", str(backup))
    finally:
        connection.settings_dict["USER"] = user
    assert list(tmp_path.iterdir()) == []

    call_command("backup", "--to", str(backup))
    with pytest.raises(CommandError, match="already exists"):
        call_command("backup", "--to", str(backup))


def test_a_full_disk_is_named(postgres):
    # /dev/full refuses every write with ENOSPC, as a full disk does.
    with pytest.raises(BackupError, match="the disk is full: pg_dump could not write /dev/full"):
        dump_postgres(connection.settings_dict, Path("/dev/full"))
    with pytest.raises(BackupError, match="the disk is full: writing /dev/full"):
        archive_media(Path(settings.BASE_DIR / "static"), Path("/dev/full"))


def test_the_password_never_goes_on_the_command_line():
    arguments, environment = pg_command({"NAME": "cg", "USER": "cg_owner", "PASSWORD": "s3cret", "HOST": "db",
                                         "PORT": 5433, "OPTIONS": {"sslmode": "require"}})
    assert arguments == ["--host", "db", "--port", "5433", "--username", "cg_owner", "--dbname", "cg"]
    assert (environment["PGPASSWORD"], environment["PGSSLMODE"]) == ("s3cret", "require")


def test_on_sqlite_the_backup_is_a_copy_that_checks(tmp_path, settings):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's backup: the suite run without DATABASE_URL tests it")
    settings.MEDIA_ROOT = media = tmp_path / "media"
    media.mkdir()
    (media / "a.pdf").write_bytes(b"%PDF-1.4 a")
    organization = OrganizationFactory()
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})
    log_anchors_record(reason="manual")
    backup = tmp_path / "backup"
    call_command("backup", "--to", str(backup))
    assert sorted(path.name for path in backup.iterdir()) == ["database.sqlite3", "manifest.json", "media.tar.gz"]

    result = backup_check(backup, f"sqlite:///{backup / 'database.sqlite3'}", media)
    assert result.returncode == 0, result.stderr
    assert "OK logs verify: 2 logs, 2 events" in result.stdout
    (media / "a.pdf").write_bytes(b"%PDF-1.4 b")
    result = backup_check(backup, f"sqlite:///{backup / 'database.sqlite3'}", media)
    assert result.returncode == 1 and "FAILED media files: media a.pdf: sha256" in result.stderr
