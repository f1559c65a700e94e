"""`python manage.py backup --to DIR`: back up the database (pg_dump --format=custom on PostgreSQL, SQLite's backup
API otherwise) and MEDIA_ROOT into the new folder DIR, with a manifest.json of the migrations, every log's head, the
newest anchors and the sha256 of each file (core.backup, licensing.audit.backup). DIR appears only once the backup is
whole; a failed pg_dump or a full disk leaves nothing behind and exits 1 saying which. docs/operations.md, "Backups"."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.backup import BackupError, write_backup
from licensing.audit.backup import log_state


class Command(BaseCommand):
    help = ("Back up the database and the media files into a new folder, with a manifest of the logs' heads, the "
            "anchors and each file's sha256 (check a restored copy with backup_check).")

    def add_arguments(self, parser):
        parser.add_argument("--to", required=True, metavar="DIR", help="the backup's folder (must not exist yet)")
        parser.add_argument("--media", metavar="DIR", help="the media folder to back up (default: MEDIA_ROOT)")

    def handle(self, *args, to: str, media: str | None, **options):
        target = Path(to)
        try:
            manifest = write_backup(target, Path(media or settings.MEDIA_ROOT), state=log_state)
        except BackupError as error:
            raise CommandError(f"backup failed: {error}") from None
        files = manifest["files"]
        logs = sum(len(logs) for logs in manifest["logs"].values())
        self.stdout.write(f"OK: backup in {target.absolute()} ({manifest['seconds']:.1f} s)")
        for name, entry in files.items():
            self.stdout.write(f"  {name}: {entry['size']} bytes, sha256 {entry['sha256']}")
        self.stdout.write(f"  {len(manifest['media']['files'])} media files, {len(manifest['rows'])} tables of "
                          f"{sum(manifest['rows'].values())} rows, {logs} logs, {len(manifest['anchors'])} newest "
                          "anchors in manifest.json")
