"""`python manage.py verify_logs [--log audit|bingo|tournament|anchors|<model label>] [--id ID]`:
walk every hash-chained log (or the ones asked for) end to end and against its anchors, and name
the first bad row of each bad log (exit status 1); otherwise print how much was checked."""

from django.core.management.base import BaseCommand, CommandError

from licensing.audit.logs import chained_models
from licensing.audit.verify import logs_to_verify, verify_log


def report_logs(command: BaseCommand, checks: list, verbosity: int = 1) -> None:
    """Print each failed log (each log with -v 2) and a summary; fail naming the first bad row."""
    failed, rows = [], 0
    for model, identity in checks:
        report = verify_log(model, identity)
        rows += report.rows
        if not report.ok:
            failed.append(report)
            command.stderr.write(f"FAILED {report.problem} ({report.rows} good rows before it)")
        elif verbosity > 1:
            command.stdout.write(f"OK {report.describe}: {report.rows} rows")
    summary = f"{len(checks)} log{'s' if len(checks) != 1 else ''}, {rows} events"
    if failed:
        raise CommandError(f"{len(failed)} of {summary} failed verification; first: {failed[0].problem}")
    command.stdout.write(f"OK: {summary}")


class Command(BaseCommand):
    help = "Verify every append-only, hash-chained log (audit trail, bingo games, tournaments, anchors)."

    def add_arguments(self, parser):
        parser.add_argument("--log", action="append", default=[],
                            help="audit, bingo, tournament, anchors or a model label; repeatable (default: all)")
        parser.add_argument("--id", dest="identity", help="one log of that kind: a game, tournament or audit log id")

    def handle(self, *args, log: list[str], identity: str | None, **options):
        models = chained_models()
        if log:
            known = {name for model in models for name in (model.chain_alias, model.chain_label())}
            unknown = sorted(set(log) - known)
            if unknown:
                raise CommandError(f"unknown log {', '.join(unknown)}: choose from {', '.join(sorted(known))}")
            models = [model for model in models if {model.chain_alias, model.chain_label()} & set(log)]
        if identity is not None and len(models) != 1:
            raise CommandError("--id needs exactly one --log")
        checks = [(model, key) for model in models
                  for key in ([identity] if identity is not None else logs_to_verify(model))]
        report_logs(self, checks, options["verbosity"])
