"""`python manage.py hall keygen` and `hall check KIT`: the hall device's side of hall mode (licensing.hall); `hall
export KIT --out FILE` writes the bundle of the kit's event with its heads signed by the device, and `hall push KIT`
sends that same bundle to the Board's API when a network is back (licensing.hall.push); `hall verify BUNDLE`: the
Board's check of a bundle a hall sent back (licensing.hall.verify).

keygen makes the device's Ed25519 key in a file only its owner reads (default var/hall/device.key) and prints the
public key to paste into the portal when preparing the event's kit; the private key never leaves the device, and an
existing key is never overwritten (the kits prepared for it would no longer match). check reads a kit file and
says whether this device may run it today: the Board's signature, the device, the event's date, the license in force
that day, each refusal named; it exits with 2 when the kit is refused. push exits with 0 when the Board accepts the
bundle (now or before), 2 when it refuses it (each reason named), 1 when it cannot be reached (then `hall export` and
an officer's upload in the portal)."""

from __future__ import annotations

import datetime as dt
import json
import os
import secrets
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from core import signing
from core.findings import Finding
from licensing.hall import push
from licensing.hall.checks import bundle_problems
from licensing.hall.device import KEY_FILE, KIT_FILE, SECRET_FILE, board_keys, hall_dir
from licensing.hall.document import kit_findings
from licensing.hall.export import bundle_export
from licensing.hall.install import HallInstallError, kit_install
from licensing.hall.verify import BUNDLE_RULE

TOKEN_VARIABLE = "HALL_BOARD_TOKEN"  # noqa: S105 (the variable's name, not a token)


def default_key_file() -> Path:
    return hall_dir() / KEY_FILE


def read_device_key(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8").strip()
        signing.public_key_of(text)
    except OSError as error:
        raise CommandError(f"{path}: no device key there ({error.strerror}); make one with `manage.py hall keygen`.",
                           returncode=2) from error
    except (signing.SigningKeyError, ValueError) as error:
        raise CommandError(f"{path}: not a device key ({error}).", returncode=2) from error
    return text


def read_json(path: Path):
    try:
        return json.loads(path.read_bytes())
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror}).", returncode=2) from error
    except (UnicodeDecodeError, ValueError) as error:
        raise CommandError(f"{path}: not a JSON file ({error}).", returncode=2) from error


def _reasons(items, *, otherwise: str) -> list[Finding]:
    """The Board's reasons as the command prints them, never none: a receipt's findings (rule, message, field) or
    the API's errors (field, code, message, rule)."""
    reasons = [Finding(str(item.get("rule") or item.get("field") or item.get("code")), str(item.get("message")))
               for item in items or [] if isinstance(item, dict)]
    return reasons or [Finding(otherwise, "refused, no reason given")]


class Command(BaseCommand):
    help = "Hall mode on the hall device: make its key (keygen), check an event kit (check KIT)."

    def add_arguments(self, parser):
        commands = parser.add_subparsers(dest="command", required=True)
        keygen = commands.add_parser("keygen", help="make this device's key and print its public key")
        keygen.add_argument("--key", type=Path, default=None, help="where the private key goes "
                                                                  "(default var/hall/device.key)")
        check = commands.add_parser("check", help="check an event kit for this device and today")
        check.add_argument("kit", type=Path, help="the kit file downloaded from the portal")
        check.add_argument("--key", type=Path, default=None, help="this device's key file (default "
                                                                 "var/hall/device.key)")
        check.add_argument("--on", type=dt.date.fromisoformat, default=None,
                           help="check for this day (YYYY-MM-DD) instead of today, to check a kit ahead")
        export = commands.add_parser("export", help="write the bundle of the kit's event, its heads as signed at each "
                                                     "close (or now, for a log that grew since)")
        export.add_argument("kit", type=Path, help="the kit file")
        export.add_argument("--key", type=Path, default=None, help="this device's key file (default "
                                                                  "var/hall/device.key)")
        export.add_argument("--out", type=Path, required=True, help="the bundle file to write")
        install = commands.add_parser("install", help="install an event kit into this hall server (DJANGO_ENV=hall)")
        install.add_argument("kit", type=Path, help="the kit file downloaded from the portal")
        sender = commands.add_parser("push", help="send the bundle of the kit's event to the Board, when a network "
                                                   "is back; its heads signed now")
        sender.add_argument("kit", type=Path, help="the kit file")
        sender.add_argument("--key", type=Path, default=None, help="this device's key file (default "
                                                                  "var/hall/device.key)")
        sender.add_argument("--board", default=None, help="the Board's address (default: the kit's board_url)")
        sender.add_argument("--token", default=None, help=f"an API token of the officer, caller or director sending "
                                                          f"it (default: the environment's {TOKEN_VARIABLE})")
        verify = commands.add_parser("verify", help="on the Board: check a bundle a hall sent back")
        verify.add_argument("bundle", type=Path, help="the bundle file")

    def handle(self, *args, command: str, **options):
        if command == "keygen":
            self.keygen(options["key"] or default_key_file())
        elif command == "verify":
            self.verify(options["bundle"])
        elif command == "install":
            self.install(options["kit"])
        elif command == "export":
            self.export(options["kit"], options["key"] or default_key_file(), options["out"])
        elif command == "push":
            self.push(options["kit"], options["key"] or default_key_file(), options["board"],
                      options["token"] or os.environ.get(TOKEN_VARIABLE, ""))
        else:
            self.check_kit(options["kit"], options["key"] or default_key_file(), options["on"])

    def refuse(self, findings, message: str) -> None:
        """Each reason on its own line, then exit code 2; nothing when there is none."""
        if not findings:
            return
        for finding in findings:
            self.stderr.write(f"Refused: {finding.message} ({finding.rule})")
        raise CommandError(message, returncode=2)

    def keygen(self, path: Path) -> None:
        if path.exists():
            public = signing.public_key_of(read_device_key(path))
            self.stdout.write(f"{path} already holds this device's key; its public key:\n{public}")
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        private = signing.new_private_key()
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(private + "\n")
        self.stdout.write(f"Made this device's key in {path} (keep it there; it never leaves this device).\n"
                          f"Its public key, to paste into the portal when you prepare the event's kit:\n"
                          f"{signing.public_key_of(private)}")

    def bundle(self, kit_path: Path, key_path: Path) -> dict:
        """The bundle of the kit's event, each head signed now by this device: what export writes and push sends."""
        document = read_json(kit_path)
        private = read_device_key(key_path)
        findings = kit_findings(document, trusted_keys=board_keys(),
                                device_public_key=signing.public_key_of(private))
        self.refuse(findings, f"{kit_path}: this device does not export under this kit.")
        return bundle_export(kit=document, device_private_key=private)

    def export(self, kit_path: Path, key_path: Path, out: Path) -> None:
        bundle = self.bundle(kit_path, key_path)
        out.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
        rows = sum(len(log["rows"]) for log in bundle["logs"])
        self.stdout.write(f"Wrote {out}: {len(bundle['logs'])} logs, {rows} rows, each head signed by this device. "
                          f"Send it to the Board (the kit's page in the portal) when a network is back.")

    def install(self, kit_path: Path) -> None:
        """The hall server's one-time setup from a kit: check it (the Board's signature, this device, the license),
        keep it in HALL_DIR with a secret of the server's own, make the database and load the kit's rows. The
        server then starts with the kit's chain key (config.settings reads HALL_DIR)."""
        if not settings.HALL:
            raise CommandError("`hall install` runs on the hall device only: set DJANGO_ENV=hall.", returncode=2)
        document = read_json(kit_path)
        public = signing.public_key_of(read_device_key(default_key_file()))
        findings = kit_findings(document, trusted_keys=board_keys(), device_public_key=public)
        self.refuse(findings, f"{kit_path}: this device does not run this kit.")
        if dt.date.fromisoformat(document["event"]["date"]) < timezone.localdate():
            raise CommandError(f"{kit_path}: the event was on {document['event']['date']}; the kit has run out.",
                               returncode=2)
        installed = hall_dir() / KIT_FILE
        if installed.is_file():
            if read_json(installed).get("kit") == document["kit"]:
                self.stdout.write(f"{hall_dir()} runs this kit already.")
                return
            raise CommandError(f"{hall_dir()} already holds another kit: install a new kit into a new HALL_DIR.",
                               returncode=2)
        secret = hall_dir() / SECRET_FILE
        if not secret.is_file():
            descriptor = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(secrets.token_urlsafe(50) + "\n")
        call_command("migrate", interactive=False, verbosity=0)
        try:
            passwords = kit_install(document)
        except HallInstallError as error:
            raise CommandError(str(error), returncode=2) from error
        installed.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        event = document["event"]
        self.stdout.write(f"Installed: {event['title']} on {event['date']}, {event['starts_at']} to "
                          f"{event['ends_at']}. Who may sign in at the hall (shown once; keep them safe):")
        for email, password in passwords.items():
            self.stdout.write(f"  {email}  {password}")
    def push(self, kit_path: Path, key_path: Path, board: str | None, token: str) -> None:
        if not token.strip():
            raise CommandError(f"No API token: give --token or set {TOKEN_VARIABLE} (the API token of the officer, "
                               f"caller or director sending it: POST /api/v1/auth/token/ at the Board).", returncode=2)
        bundle = self.bundle(kit_path, key_path)
        try:
            receipt, new = push.bundle_push(board_url=board or bundle["kit"].get("board_url", ""), bundle=bundle,
                                            token=token.strip())
        except push.BoardAddressError as error:
            raise CommandError(str(error), returncode=2) from error
        except push.BoardUnreachable as error:
            raise CommandError(f"{error}\nNo network: run `hall export` and have an officer upload the file on the "
                               f"kit's page in the portal.", returncode=1) from error
        except push.BoardRefusal as refusal:
            self.refuse(_reasons(refusal.errors, otherwise=f"HTTP {refusal.status}"),
                        f"The Board refuses the request (HTTP {refusal.status}).")
        sent = (f"{len(bundle['logs'])} logs, {sum(len(log['rows']) for log in bundle['logs'])} rows; receipt "
                f"{receipt.get('id')}, received {receipt.get('received_at')}")
        if not new:
            self.stdout.write(f"Already received: the Board holds this very bundle ({sent}).")
        if not receipt["accepted"]:
            self.refuse(_reasons(receipt.get("findings"), otherwise=BUNDLE_RULE),
                        f"The Board refuses this bundle ({sent}).")
        self.stdout.write(f"The Board accepts the bundle ({sent}).")

    def verify(self, path: Path) -> None:
        bundle = read_json(path)
        findings = bundle_problems(bundle)
        self.refuse(findings, f"{path}: the Board refuses this bundle.")
        rows = sum(len(log["rows"]) for log in bundle["logs"])
        self.stdout.write(f"The bundle checks: kit {bundle['kit']['kit']}, {len(bundle['logs'])} logs, {rows} rows, "
                          f"each ending at a head the device signed.")

    def check_kit(self, kit_path: Path, key_path: Path, on: dt.date | None) -> None:
        document = read_json(kit_path)
        public = signing.public_key_of(read_device_key(key_path))
        day = on or timezone.localdate()
        findings = kit_findings(document, trusted_keys=board_keys(), today=day, device_public_key=public)
        self.refuse(findings, f"{kit_path}: this device may not run this kit on {day.isoformat()}.")
        event = document["event"]
        self.stdout.write(f"The kit checks: {event['title']} on {event['date']}, {event['starts_at']} to "
                          f"{event['ends_at']}, license {document['license']['number']}, for this device.")
