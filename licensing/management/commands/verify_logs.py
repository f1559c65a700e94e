"""`python manage.py verify_logs [--log audit|bingo|tournament|anchors|<model label>] [--id ID]
[--witness PATH]...`: walk every hash-chained log (or the ones asked for) end to end and against its
anchors, and name the first bad row of each bad log (exit status 1); otherwise print how much was checked.

One record's logs instead: `--organization ID` (its audit trail), and the scopes the other apps register
(licensing.audit.scopes): `--operation ID` (every game of a bingo operation), `--tournament ID`, `--night ID`
(every chip ledger, table log and jackpot of a Monte Carlo Night, then that the tables' logs replay to the
ledgers and that the chips balance).

`--witness` (repeatable) also checks every log against the heads witnessed outside the database: the
witness file of signed anchor batches (or a folder of them), the digest mails saved as .eml or .mbox,
and saved public results pages (.html) or a results PDF's text (.txt). A batch whose signature does not
verify is refused, named by file and line; a log whose database head is behind a witnessed one is named
with the witness it came from."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from licensing.audit.logs import chained_models
from licensing.audit.scopes import LogScope, log_scopes
from licensing.audit.verify import logs_to_verify, verify_log
from licensing.audit.witness import Witnesses, read_witnesses


def report_logs(command: BaseCommand, checks: list, verbosity: int = 1, witnesses: Witnesses | None = None) -> None:
    """Print each failed log (each log with -v 2) and a summary; fail naming the first bad row."""
    failed, rows = [], 0
    refused = witnesses.problems if witnesses is not None else []
    for problem in refused:
        command.stderr.write(f"FAILED witness {problem}")
    for model, identity in checks:
        report = verify_log(model, identity, witnesses)
        rows += report.rows
        if not report.ok:
            failed.append(report)
            command.stderr.write(f"FAILED {report.problem} ({report.rows} good rows before it)")
        elif verbosity > 1:
            command.stdout.write(f"OK {report.describe}: {report.rows} rows")
    summary = f"{len(checks)} log{'s' if len(checks) != 1 else ''}, {rows} events"
    if witnesses is not None:
        summary += (f"; {witnesses.heads} witnessed heads from {witnesses.batches} signed "
                    f"batch{'es' if witnesses.batches != 1 else ''} and {witnesses.pages} "
                    f"page{'s' if witnesses.pages != 1 else ''}")
    if failed:
        raise CommandError(f"{len(failed)} of {summary} failed verification; first: {failed[0].problem}")
    if refused:
        raise CommandError(f"{len(refused)} witness batch{'es' if len(refused) != 1 else ''} refused; first: "
                           f"{refused[0]} ({summary} verified)")
    command.stdout.write(f"OK: {summary}")


class Command(BaseCommand):
    help = ("Verify every append-only, hash-chained log (audit trail, bingo games, tournaments, anchors), or one "
            "record's: --organization, --operation, --tournament or --night ID.")

    def add_arguments(self, parser):
        parser.add_argument("--log", action="append", default=[],
                            help="audit, bingo, tournament, anchors or a model label; repeatable (default: all)")
        parser.add_argument("--id", dest="identity", help="one log of that kind: a game, tournament or audit log id")
        parser.add_argument("--witness", action="append", default=[], metavar="PATH",
                            help="a witness file of signed anchors or a folder of them, a digest mail (.eml, "
                                 ".mbox), a saved public results page (.html) or a results PDF's text; repeatable")
        for scope in log_scopes():
            parser.add_argument(f"--{scope.name}", type=int, metavar="ID", help=scope.help)

    def handle(self, *args, log: list[str], identity: str | None, witness: list[str], **options):
        asked = [(scope, options[scope.name]) for scope in log_scopes() if options.get(scope.name) is not None]
        if asked:
            self._scope(asked, log=log, identity=identity, witness=witness, verbosity=options["verbosity"])
            return
        models = chained_models()
        if log:
            known = {name for model in models for name in (model.chain_alias, model.chain_label())}
            unknown = sorted(set(log) - known)
            if unknown:
                raise CommandError(f"unknown log {', '.join(unknown)}: choose from {', '.join(sorted(known))}")
            models = [model for model in models if {model.chain_alias, model.chain_label()} & set(log)]
        if identity is not None and len(models) != 1:
            raise CommandError("--id needs exactly one --log")
        witnesses = _witnesses(witness)
        checks = [(model, key) for model in models
                  for key in ([identity] if identity is not None else logs_to_verify(model, witnesses))]
        report_logs(self, checks, options["verbosity"], witnesses)

    def _scope(self, asked: list[tuple[LogScope, int]], *, log, identity, witness, verbosity: int) -> None:
        """One record's logs (`--operation 12`), then the record as a whole when its scope checks that."""
        if len(asked) > 1 or log or identity is not None:
            names = ", ".join(f"--{scope.name}" for scope, _ in asked)
            raise CommandError(f"{names}: one record at a time, without --log or --id")
        scope, pk = asked[0]
        try:
            checks = scope.logs(pk)
        except LookupError as missing:
            raise CommandError(str(missing)) from None
        report_logs(self, checks, verbosity, _witnesses(witness))
        if scope.whole is None:
            return
        problems = scope.whole(pk)
        for problem in problems:
            self.stderr.write(f"FAILED {problem}")
        if problems:
            raise CommandError(f"{scope.name} {pk}: {problems[0]}")
        self.stdout.write(f"OK: {scope.name} {pk}: {scope.whole_ok}")


def _witnesses(paths: list[str]) -> Witnesses | None:
    if not paths:
        return None
    missing = [path for path in paths if not Path(path).exists()]
    if missing:
        raise CommandError(f"--witness {missing[0]}: no such file or folder")
    return read_witnesses(paths)
