"""`python manage.py audit_verify_log [--organization ID]`: verify the audit trail (every
organization's log and the Board's, or one organization's) and name the first bad row."""

from django.core.management.base import BaseCommand

from licensing.audit.verify import logs_to_verify
from licensing.management.commands.verify_logs import report_logs
from licensing.models import AuditEvent
from licensing.models.audit import audit_chain_for


class Command(BaseCommand):
    help = "Verify the hash-chained audit trail."

    def add_arguments(self, parser):
        parser.add_argument("--organization", type=int, help="only this organization's audit log")

    def handle(self, *args, organization: int | None, **options):
        keys = [audit_chain_for(organization)] if organization is not None else logs_to_verify(AuditEvent)
        report_logs(self, [(AuditEvent, key) for key in keys], options["verbosity"])
