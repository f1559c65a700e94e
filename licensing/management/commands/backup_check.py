"""`python manage.py backup_check DIR [--media FOLDER]`: check a restored copy against the backup in DIR. Run it
with DATABASE_URL naming the database restored from DIR/database.dump and MEDIA_ROOT (or --media) the folder its
media.tar.gz was unpacked into: the backup's own files are intact, the database is at the backup's migrations with as
many rows in each table, every log verifies (verify_logs) and reaches exactly the heads and anchors of the manifest,
and every media file has its sha256. Prints each check; exit 1 naming what differs."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import Error as DatabaseError

from core.backup import BackupError, check_database, check_files, check_media, read_manifest
from licensing.audit.backup import log_checks


class Command(BaseCommand):
    help = ("Check a database and media folder restored from a backup: the logs verify and reach the manifest's "
            "heads and anchors, the tables and media files are the backup's.")

    def add_arguments(self, parser):
        parser.add_argument("folder", metavar="DIR", help="the backup's folder (what backup --to wrote)")
        parser.add_argument("--media", metavar="FOLDER", help="the restored media folder (default: MEDIA_ROOT)")

    def handle(self, *args, folder: str, media: str | None, **options):
        try:
            manifest = read_manifest(Path(folder))
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Backup of {manifest['created_at']} ({manifest['database']['vendor']} "
                          f"{manifest['database']['name']}), checked against {settings.DATABASES['default']['NAME']}")
        try:
            checks = [check_files(Path(folder), manifest), *check_database(manifest), *log_checks(manifest),
                      check_media(Path(media or settings.MEDIA_ROOT), manifest)]
        except DatabaseError as error:  # not restored yet, restored only in part, or not reachable
            raise CommandError(f"the database {settings.DATABASES['default']['NAME']} cannot be read as a restored "
                               f"copy: {str(error).strip().splitlines()[0]}") from None
        for check in checks:
            if check.ok:
                self.stdout.write(f"OK {check.name}: {check.detail}")
            for problem in check.problems:
                self.stderr.write(f"FAILED {check.name}: {problem}")
        failed = [check for check in checks if not check.ok]
        if failed:
            first = failed[0]
            raise CommandError(f"{sum(len(check.problems) for check in failed)} problems in "
                               f"{', '.join(check.name for check in failed)}; first: {first.problems[0]}")
        self.stdout.write(f"OK: the restored copy is the backup ({len(checks)} checks)")
