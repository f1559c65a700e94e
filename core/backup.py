"""Backups that restore: the database (pg_dump's custom format on PostgreSQL, SQLite's own backup API otherwise), a
tar of MEDIA_ROOT, and a manifest.json of what they hold, written to a temporary folder beside the target and
renamed onto it at the end, so a backup cut short by a full disk or a failed pg_dump never looks whole.

On PostgreSQL the dump and the manifest see the same moment: the manifest is read in a REPEATABLE READ transaction
whose snapshot pg_dump is given (--snapshot), so the heads the manifest records are the heads the dump holds, even
while the site keeps writing. What the manifest records of the logs comes from the caller (`state`): the logs are the
licensing app's, and core imports no app. The checks of a restored copy are here too (`check_files`, `check_media`,
`check_database`); licensing.audit.backup adds those of the logs."""

from __future__ import annotations

import datetime as dt
import errno
import glob
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.db import Error as DatabaseError
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder

FORMAT = 1
MANIFEST = "manifest.json"
POSTGRES_DUMP = "database.dump"
SQLITE_COPY = "database.sqlite3"
MEDIA_ARCHIVE = "media.tar.gz"
CHUNK = 1 << 20


class BackupError(Exception):
    """What stopped a backup, in words for the operator (nothing of it is left behind)."""


@dataclass
class Check:
    """One thing a check of a restored copy compared: what, how much, and what differed (empty when it passed)."""

    name: str
    detail: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


# --- writing ---


def file_digest(path: Path) -> dict:
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as source:
        while chunk := source.read(CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return {"sha256": digest.hexdigest(), "size": size}


def media_files(root: Path) -> Iterator[tuple[str, Path]]:
    """(path relative to the root, with /, path) of every regular file under root, sorted; links are not followed."""
    if not root.is_dir():
        return
    for folder, folders, files in os.walk(root):
        folders.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                yield path.relative_to(root).as_posix(), path


def pg_binary(name: str) -> str:
    """pg_dump or pg_restore: from the PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                      key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0)
    if not versions:
        raise BackupError(f"{name} was not found on the PATH nor under /usr/lib/postgresql/*/bin "
                          "(Debian: apt-get install postgresql-client)")
    return versions[-1]


def pg_command(settings_dict: dict) -> tuple[list[str], dict]:
    """The connection arguments and environment of the database's parts (never the password on the command line)."""
    arguments = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings_dict.get(key):
            arguments += [flag, str(settings_dict[key])]
    arguments += ["--dbname", settings_dict["NAME"]]
    environment = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        environment["PGPASSWORD"] = settings_dict["PASSWORD"]
    options = settings_dict.get("OPTIONS", {})
    for option, variable in (("sslmode", "PGSSLMODE"), ("sslrootcert", "PGSSLROOTCERT"), ("options", "PGOPTIONS")):
        if options.get(option):
            environment[variable] = str(options[option])
    return arguments, environment


def _disk_full(error: OSError, path: Path) -> BackupError:
    if error.errno == errno.ENOSPC:
        return BackupError(f"the disk is full: writing {path} failed ({error.strerror})")
    return BackupError(f"writing {path} failed: {error.strerror or error}")


def dump_postgres(settings_dict: dict, path: Path, snapshot: str | None = None) -> None:
    arguments, environment = pg_command(settings_dict)
    command = [pg_binary("pg_dump"), "--format=custom", "--file", str(path), *arguments]
    if snapshot:
        command += ["--snapshot", snapshot]
    # The command is pg_dump's absolute path and the settings' own connection parts, never a user's input.
    result = subprocess.run(command, capture_output=True, text=True, env=environment)  # noqa: S603
    if result.returncode != 0:
        said = result.stderr.strip() or f"exit status {result.returncode}"
        if "No space left on device" in said:
            raise BackupError(f"the disk is full: pg_dump could not write {path} ({said})")
        raise BackupError(f"pg_dump of database {settings_dict['NAME']} failed: {said}")


def copy_sqlite(path: Path) -> None:
    """SQLite's online backup of the open database, page by page, as one consistent copy."""
    connection.ensure_connection()
    target = sqlite3.connect(path)
    try:
        connection.connection.backup(target)
    except sqlite3.OperationalError as error:
        raise BackupError(f"the SQLite backup to {path} failed: {error}") from None
    finally:
        target.close()


def archive_media(root: Path, path: Path) -> dict[str, dict]:
    """A gzipped tar of every file under root, named relative to it (untar with -C into the new folder); returns
    each file's sha256 and size, read from the file as it went into the archive."""
    files = {}
    try:
        with tarfile.open(path, "w:gz") as archive:
            for name, source in media_files(root):
                info = archive.gettarinfo(str(source), arcname=name)
                digest = hashlib.sha256()
                with open(source, "rb") as handle:
                    archive.addfile(info, _Hashing(handle, digest))
                files[name] = {"sha256": digest.hexdigest(), "size": info.size}
    except OSError as error:
        if error.filename is not None and Path(error.filename) != path:  # a media file that cannot be read
            raise BackupError(f"reading the media file {error.filename} failed: {error.strerror or error}") from None
        raise _disk_full(error, path) from None
    return files


class _Hashing:
    """A file read once: into the archive and into its digest."""

    def __init__(self, handle, digest):
        self.handle, self.digest = handle, digest

    def read(self, size=-1):
        chunk = self.handle.read(size)
        self.digest.update(chunk)
        return chunk


def migration_heads() -> dict[str, str]:
    """The newest applied migration of each app (migration names are numbered)."""
    heads: dict[str, str] = {}
    for app, name in MigrationRecorder(connection).applied_migrations():
        heads[app] = max(heads.get(app, ""), name)
    return dict(sorted(heads.items()))


def table_rows() -> dict[str, int]:
    """The rows of every table of the project's models: what a restore that lost a table would show."""
    return {model._meta.label_lower: model._base_manager.using(connection.alias).count()
            for model in sorted(apps.get_models(), key=lambda model: model._meta.label_lower)
            if model._meta.managed and not model._meta.proxy}


@contextmanager
def _one_moment() -> Iterator[str | None]:
    """A read-only transaction that sees one moment of the database; on PostgreSQL, yields the snapshot's id for
    pg_dump, which must start while the transaction is open."""
    if connection.in_atomic_block:
        raise BackupError("a backup cannot run inside a transaction")
    with transaction.atomic():
        if connection.vendor != "postgresql":
            yield None
            return
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cursor.execute("SELECT pg_export_snapshot()")
            yield cursor.fetchone()[0]


def write_backup(target: Path, media_root: Path, state: Callable[[], dict] | None = None) -> dict:
    """Write the backup into the folder `target` (which must not exist yet) and return its manifest."""
    target = Path(target).absolute()
    if target.exists():
        raise BackupError(f"{target} already exists: a backup goes into a new folder")
    if connection.vendor not in ("postgresql", "sqlite"):
        raise BackupError(f"no backup for the {connection.vendor} database")
    partial = target.parent / f".{target.name}.partial-{os.getpid()}"
    started = time.monotonic()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.mkdir()
        manifest = {"format": FORMAT, "created_at": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "database": {"vendor": connection.vendor, "name": str(connection.settings_dict["NAME"])}}
        with _one_moment() as snapshot:
            manifest["migrations"] = migration_heads()
            manifest["rows"] = table_rows()
            manifest.update(state() if state is not None else {})
            if connection.vendor == "postgresql":
                manifest["database"]["file"] = POSTGRES_DUMP
                dump_postgres(connection.settings_dict, partial / POSTGRES_DUMP, snapshot)
            else:
                manifest["database"]["file"] = SQLITE_COPY
                copy_sqlite(partial / SQLITE_COPY)
        manifest["media"] = {"root": str(media_root), "file": MEDIA_ARCHIVE,
                             "files": archive_media(Path(media_root), partial / MEDIA_ARCHIVE)}
        manifest["files"] = {path.name: file_digest(path) for path in sorted(partial.iterdir())}
        manifest["seconds"] = round(time.monotonic() - started, 3)
        _write_json(partial / MANIFEST, manifest)
        _sync(partial)
        os.rename(partial, target)
    except OSError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise _disk_full(error, partial) from None
    except DatabaseError as error:
        shutil.rmtree(partial, ignore_errors=True)
        raise BackupError(f"reading database {connection.settings_dict['NAME']} failed: {error}") from None
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return manifest


def _write_json(path: Path, value: dict) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(value, handle, indent=1, sort_keys=True)
        handle.write("\n")


def _sync(folder: Path) -> None:
    """Every file on the disk before the rename makes the backup whole."""
    for path in folder.iterdir():
        with open(path, "rb") as handle:
            os.fsync(handle.fileno())


# --- checking a restored copy ---


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def read_manifest(folder: Path) -> dict:
    path = Path(folder) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BackupError(f"{path} is missing: {folder} is not a whole backup") from None
    except (OSError, ValueError) as error:
        raise BackupError(f"{path} cannot be read: {error}") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"{path}: format {manifest.get('format')!r}, this version reads format {FORMAT}")
    return manifest


def check_files(folder: Path, manifest: dict) -> Check:
    """The backup's own files are what was written (a copy moved to other storage and back arrived whole)."""
    check = Check("backup files")
    for name, expected in manifest["files"].items():
        path = Path(folder) / name
        if not path.is_file():
            check.problems.append(f"{name}: missing from {folder}")
        elif (found := file_digest(path)) != expected:
            check.problems.append(f"{name}: sha256 {found['sha256'][:12]}… ({found['size']} bytes), "
                                  f"the manifest says {expected['sha256'][:12]}… ({expected['size']} bytes)")
    total = sum(entry["size"] for entry in manifest["files"].values())
    check.detail = f"{_count(len(manifest['files']), 'file')}, {total} bytes, sha256 as in the manifest"
    return check


def check_media(root: Path, manifest: dict) -> Check:
    """Every media file of the backup is in the restored folder with its sha256; none is there that was not."""
    expected = manifest["media"]["files"]
    found = dict(media_files(Path(root)))
    check = Check("media files")
    for name, entry in expected.items():
        if name not in found:
            check.problems.append(f"media {name}: missing from {root}")
        elif (digest := file_digest(found[name])["sha256"]) != entry["sha256"]:
            check.problems.append(f"media {name}: sha256 {digest[:12]}…, the manifest says {entry['sha256'][:12]}…")
    check.problems += [f"media {name}: in {root} but not in the backup" for name in sorted(set(found) - set(expected))]
    size = sum(entry["size"] for entry in expected.values())
    check.detail = f"{_count(len(expected), 'file')}, {size} bytes in {root}"
    return check


def check_database(manifest: dict) -> list[Check]:
    """The restored database is at the backup's migrations and holds as many rows in each table."""
    migrations = Check("migrations", f"{len(manifest['migrations'])} apps at the manifest's newest migration")
    found = migration_heads()
    for app in sorted(set(found) | set(manifest["migrations"])):
        if found.get(app) != manifest["migrations"].get(app):
            migrations.problems.append(f"migrations of {app}: {found.get(app) or 'none'} restored, "
                                       f"{manifest['migrations'].get(app) or 'none'} in the manifest")
    rows = Check("table rows", f"{len(manifest['rows'])} tables, {sum(manifest['rows'].values())} rows")
    counted = table_rows()
    for label, expected in manifest["rows"].items():
        if counted.get(label) != expected:
            rows.problems.append(f"table {label}: {counted.get(label, 'no table')} rows restored, {expected} backed up")
    return [migrations, rows]
