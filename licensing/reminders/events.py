"""The reminders' audit event."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization


def reminder_sent(*, organization: Organization, key: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.reminder_sent", actor=None, organization=organization,
                              payload={"key": key})
