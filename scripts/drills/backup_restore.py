"""Drill: a backup restores. On a PostgreSQL server of its own (testkit.private_services), migrate a database, seed
the demo world (accounts, organizations with their uploaded documents, bingo, tournaments, a Monte Carlo Night: audit
trails and chip ledgers, every one hash-chained), anchor the logs and write a few more events after the anchors, then
`manage.py backup`. Restore it the documented way (pg_restore --no-owner --no-acl into a NEW database, the media
archive untarred into a NEW folder) and run `manage.py backup_check`: it must pass. Then tamper with the restored
copy (one audit row changed with the triggers off, one byte of one media file) and check again: it must fail naming
both. And a backup that cannot finish (a database that is not there; pg_dump onto a full 256 kB tmpfs, as root) must
exit 1 and leave nothing behind.

    .venv/bin/python scripts/drills/backup_restore.py [--keep]

Prints each check with its figures; the last line is one JSON object ({"drill": "backup_restore", "ok": ...}).
Exit 0 when every check passed, 1 otherwise."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from testkit.private_services import PrivatePostgres, _pg_bin  # noqa: E402

PYTHON = sys.executable
AFTER_ANCHORS = """
from licensing.audit.events import audit_event_record
from licensing.audit.services import log_anchors_record
from licensing.models import Organization
anchored = log_anchors_record(reason="manual")
for organization in Organization.objects.order_by("pk")[:2]:
    for number in range(3):
        audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization,
                           payload={"drill": "backup_restore", "n": number})
print(len(anchored))
"""


class Drill:
    def __init__(self, work: Path):
        self.work = work
        self.failures: list[str] = []
        self.figures: dict = {}

    def check(self, ok: bool, what: str) -> bool:
        print(f"{'OK' if ok else 'FAILED'} {what}", flush=True)
        if not ok:
            self.failures.append(what)
        return ok

    def manage(self, *arguments: str, database_url: str, media: Path,
               expect: int | None = 0) -> subprocess.CompletedProcess:
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ENV")}
        environment.update(DATABASE_URL=database_url, MEDIA_ROOT=str(media), DJANGO_SETTINGS_MODULE="config.settings")
        result = subprocess.run([PYTHON, "manage.py", *arguments], cwd=ROOT, env=environment, capture_output=True,
                                text=True)
        if expect is not None and result.returncode != expect:
            raise RuntimeError(f"manage.py {' '.join(arguments)} exited {result.returncode}, not {expect}:\n"
                               f"{result.stdout}\n{result.stderr}")
        return result


def media_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file())


def run(drill: Drill, server: PrivatePostgres) -> None:
    source_url = server.create_database("cg_drill")
    media = drill.work / "media"
    media.mkdir()

    started = time.monotonic()
    drill.manage("migrate", "--no-input", "-v", "0", database_url=source_url, media=media)
    drill.manage("seed_demo", "--log", str(drill.work / "seed.log"), database_url=source_url, media=media)
    anchored = int(drill.manage("shell", "-c", AFTER_ANCHORS, database_url=source_url, media=media)
                   .stdout.split()[-1])
    (media / "drill").mkdir()
    for number in range(3):  # files of the drill's own besides the demo's uploads, one in a folder of spaces
        (media / "drill" / f"scan {number}.bin").write_bytes(os.urandom(20_000 + number))
    files = media_files(media)
    drill.figures["seed_seconds"] = round(time.monotonic() - started, 1)
    drill.check(anchored > 0 and len(files) >= 4,
                f"source: migrated, demo seeded, {anchored} anchors recorded then 6 audit events after them, "
                f"{len(files)} media files ({drill.figures['seed_seconds']} s)")

    # The backup.
    backup = drill.work / "backups" / "drill"
    started = time.monotonic()
    result = drill.manage("backup", "--to", str(backup), database_url=source_url, media=media, expect=None)
    drill.figures["backup_seconds"] = round(time.monotonic() - started, 2)
    if not drill.check(result.returncode == 0, f"manage.py backup exited {result.returncode} "
                       f"({drill.figures['backup_seconds']} s){': ' + result.stderr.strip() if result.stderr else ''}"):
        return
    manifest = json.loads((backup / "manifest.json").read_text())
    drill.figures.update(
        backup_bytes=sum(entry["size"] for entry in manifest["files"].values()),
        backup_work_seconds=manifest["seconds"],  # the dump and the archive, without the command's start
        rows=sum(manifest["rows"].values()),
        logs=sum(len(logs) for logs in manifest["logs"].values()),
        events=sum(head["seq"] for logs in manifest["logs"].values() for head in logs.values()),
        anchors=len(manifest["anchors"]), media_files=len(manifest["media"]["files"]))
    leftovers = [path.name for path in backup.parent.iterdir() if path != backup]
    drill.check(not leftovers and set(manifest["files"]) == {"database.dump", "media.tar.gz"},
                f"backup: {drill.figures['backup_bytes']} bytes in database.dump and media.tar.gz, written in "
                f"{manifest['seconds']} s, "
                f"{drill.figures['rows']} rows, {drill.figures['logs']} logs of {drill.figures['events']} events, "
                f"{drill.figures['anchors']} anchors, {drill.figures['media_files']} media files in the manifest; "
                f"nothing else in {backup.parent}")

    # The restore, as docs/operations.md tells it: a NEW database and a NEW media folder.
    started = time.monotonic()
    restored_url = server.create_database("cg_restored")
    subprocess.run([_pg_bin("pg_restore"), "--dbname", restored_url, "--no-owner", "--no-acl",
                    str(backup / "database.dump")], check=True, capture_output=True, text=True)
    restored_media = drill.work / "media-restored"
    restored_media.mkdir()
    with tarfile.open(backup / "media.tar.gz") as archive:
        archive.extractall(restored_media, filter="data")
    drill.figures["restore_seconds"] = round(time.monotonic() - started, 2)
    drill.check(True, f"restored into database cg_restored and {restored_media} "
                      f"({drill.figures['restore_seconds']} s)")

    result = drill.manage("backup_check", str(backup), database_url=restored_url, media=restored_media,
                          expect=None)
    for line in result.stdout.splitlines()[1:-1]:
        print(f"  backup_check: {line}")
    verified = re.search(r"OK logs verify: (\d+) logs, (\d+) events", result.stdout)
    drill.figures["logs_verified"] = int(verified.group(1)) if verified else 0
    drill.check(result.returncode == 0 and verified is not None,
                f"backup_check of the restored copy exited {result.returncode}"
                + (f": {result.stderr.strip()}" if result.returncode else
                   f", {verified.group(1)} logs of {verified.group(2)} events verified"))

    # The tamper: one audit event that is not a head, changed with the triggers off; one byte of one media file.
    with psycopg.connect(restored_url, autocommit=True) as database:
        chain, seq = database.execute("SELECT chain, seq FROM licensing_auditevent WHERE chain LIKE 'organization:%%' "
                                      "AND seq = 2 ORDER BY chain LIMIT 1").fetchone()
        database.execute("SET session_replication_role = replica")
        database.execute("UPDATE licensing_auditevent SET payload = '{\"forged\": true}' WHERE chain = %s "
                         "AND seq = %s", [chain, seq])
    victim = media_files(restored_media)[0]
    content = bytearray(victim.read_bytes())
    content[len(content) // 2] ^= 0x01
    victim.write_bytes(bytes(content))
    name = victim.relative_to(restored_media).as_posix()
    result = drill.manage("backup_check", str(backup), database_url=restored_url, media=restored_media,
                          expect=None)
    for line in result.stderr.splitlines():
        print(f"  backup_check: {line}")
    named_row = f"the audit trail of {chain}, seq {seq}: altered or forged row" in result.stderr
    named_file = f"media {name}:" in result.stderr
    drill.check(result.returncode == 1 and named_row and named_file,
                f"the tampered restore fails (exit {result.returncode}) naming the audit row ({chain} seq {seq}: "
                f"{'named' if named_row else 'NOT named'}) and the media file ({name}: "
                f"{'named' if named_file else 'NOT named'})")

    # A backup that cannot finish leaves nothing that looks whole: a database that does not answer, a full disk.
    broken = drill.work / "backups" / "broken"
    result = drill.manage("backup", "--to", str(broken), database_url=server.url("no_such_database"), media=media,
                          expect=None)
    leftovers = sorted(path.name for path in broken.parent.iterdir() if path.name != "drill")
    said = (result.stderr.strip().splitlines() or ["nothing"])[-1]
    drill.check(result.returncode == 1 and "no_such_database" in said and not leftovers,
                f"a backup of a database that is not there exits {result.returncode} ({said}) and leaves "
                f"{leftovers or 'nothing'} behind")
    disk_full(drill, source_url, media)


def disk_full(drill: Drill, source_url: str, media: Path) -> None:
    """pg_dump on a disk too small for the dump (a 256 kB tmpfs): mounting one needs root."""
    small = drill.work / "small-disk"
    small.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(small)], capture_output=True,
                             text=True) if os.geteuid() == 0 else None
    if mounted is None or mounted.returncode != 0:
        print(f"SKIPPED the full disk: mounting a small tmpfs needs root "
              f"({mounted.stderr.strip() if mounted else 'not root'})")
        return
    try:
        result = drill.manage("backup", "--to", str(small / "backup"), database_url=source_url, media=media,
                              expect=None)
        said = (result.stderr.strip().splitlines() or ["nothing"])[-1]
        leftovers = sorted(path.name for path in small.iterdir())
        drill.check(result.returncode == 1 and "the disk is full" in said and not leftovers,
                    f"a backup onto a full disk exits {result.returncode} ({said}) and leaves "
                    f"{leftovers or 'nothing'} behind")
    finally:
        subprocess.run(["umount", str(small)], check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the work folder (backup, media) for a look")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="backup-drill-"))
    server = PrivatePostgres(Path(tempfile.mkdtemp(prefix="backup-drill-pg-")))
    drill = Drill(work)
    started = time.monotonic()
    try:
        server.start()
        run(drill, server)
    except Exception as error:  # the drill reports what broke and still prints its JSON line
        drill.check(False, f"the drill stopped: {type(error).__name__}: {error}")
    finally:
        server.destroy()
        if options.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    drill.figures["seconds"] = round(time.monotonic() - started, 1)
    ok = not drill.failures
    print(f"{'PASSED' if ok else 'FAILED'}: backup_restore, {len(drill.failures)} failed checks")
    print(json.dumps({"drill": "backup_restore", "ok": ok, **drill.figures, "failures": drill.failures}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
