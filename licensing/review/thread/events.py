"""The audit events of licensing/review/thread, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.models import Application, ApplicationMessage, AuditEvent, DeficiencyNotice, MessageAttachment, User


def application_message_posted(*, actor: User, application: Application, message: ApplicationMessage, from_board: bool,
                               notice: DeficiencyNotice | None, stored: list[MessageAttachment]) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.application_message_posted", actor=actor, organization=application.organization,
        target=message, payload={"application": application.pk, "message": message.pk, "from_board": from_board,
                                 "deficiency_notice": notice.pk if notice else None,
                                 "attachments": [{"name": a.original_name, "sha256": a.sha256} for a in stored]},
    )
