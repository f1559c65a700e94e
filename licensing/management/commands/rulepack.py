"""`manage.py rulepack export|diff|import FILE`: the Board's register as one TOML file (licensing.register.packs).

export  writes every approved row (past, in force and scheduled) to FILE ("-": standard output).
diff    reads FILE and says, row by row, what importing it would do: same, added, changed (a scheduled value), or
        refused (it would change a value already in force). Exit status 1 when a row would be refused.
import  shows the same diff, then loads the pack in one transaction, or nothing at all when a row is refused."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from licensing.register.packs import ADDED, CHANGED, PAST, SAME, PackError, diff, read_pack, write_pack
from licensing.register.services import pack_apply, register_export, stored_rows


class Command(BaseCommand):
    help = "Export, diff or import the Board's numbers as a rule pack (TOML)."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["export", "diff", "import"])
        parser.add_argument("file", help="the pack's path; '-' for standard output (export)")
        parser.add_argument("--name", default="District of Columbia", help="the exported pack's name")
        parser.add_argument("--all", action="store_true", help="diff: list the rows that stay the same too")

    def handle(self, *args, action, file, name, all, **options):
        if action == "export":
            text = write_pack(register_export(name=name))
            if file == "-":
                self.stdout.write(text, ending="")
            else:
                with open(file, "w", encoding="utf-8") as handle:
                    handle.write(text)
                self.stdout.write(f"Wrote {text.count('[[number]]')} rows to {file}.")
            return
        try:
            pack = read_pack(file)
        except FileNotFoundError:
            raise CommandError(f"{file}: no such file.") from None
        except PackError as exc:
            raise CommandError("The pack is refused:\n" + "\n".join(f"  - {p}" for p in exc.problems)) from None
        from django.utils import timezone

        changes = diff(pack, stored_rows(), today=timezone.localdate())
        self._show(changes, all_rows=all)
        refused = [c for c in changes if c.status == PAST]
        if action == "diff":
            if refused:
                sys.exit(1)
            return
        if refused:
            raise CommandError(f"{len(refused)} rows would change the past: nothing was imported.")
        try:
            pack_apply(pack=pack, source=str(file))
        except PackError as exc:  # the register moved between the diff and the import
            raise CommandError("The pack is refused:\n" + "\n".join(f"  - {p}" for p in exc.problems)) from None
        added = sum(1 for c in changes if c.status == ADDED)
        changed = sum(1 for c in changes if c.status == CHANGED)
        self.stdout.write(f"Imported {pack.name}: {added} added, {changed} changed.")

    def _show(self, changes, *, all_rows: bool) -> None:
        counts = {SAME: 0, ADDED: 0, CHANGED: 0, PAST: 0}
        for change in changes:
            counts[change.status] += 1
            row = change.row
            if change.status == SAME and not all_rows:
                continue
            if change.status == ADDED:
                line = f"+ {row.key} = {row.value} from {row.start}"
            elif change.status == CHANGED:
                line = f"~ {row.key} from {row.start}: {change.stored.value} -> {row.value}"
            elif change.status == PAST:
                line = f"! {change.why}"
            else:
                line = f"  {row.key} = {row.value} from {row.start}"
            if row.end:
                line += f" until {row.end}"
            self.stdout.write(line)
        self.stdout.write(f"{counts[SAME]} same, {counts[ADDED]} added, {counts[CHANGED]} changed, "
                          f"{counts[PAST]} refused.")
