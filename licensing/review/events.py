"""The audit events of licensing/review, one typed function each."""

from licensing.audit.events import audit_event_record
from licensing.licenses.settlement import FeeSettlement
from licensing.models import Application, AuditEvent, Decision, DeficiencyNotice, Organization, User, Vote
from licensing.review.rules import DENIAL_RULE, QUORUM_RULE


def deficiency_notice_issued(*, actor: User, application: Application, message: str,
                             notice: DeficiencyNotice) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.deficiency_notice_issued", actor=actor, organization=application.organization,
        target=application, payload={"notice": notice.pk, "cure_by": notice.cure_by, "message": message},
    )


def deficiency_notice_expired(*, organization: Organization, notice: DeficiencyNotice,
                              application: Application) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.deficiency_notice_expired", actor=None, organization=organization, target=notice,
        payload={"application": application.pk, "cure_by": notice.cure_by},
    )


def application_withdrawn(*, actor: User | None, application: Application,
                          notice: DeficiencyNotice | None = None) -> AuditEvent:
    """By its filer (`actor`), or by the Board's clock when the deficiency `notice` went uncured."""
    payload = {"reason": "deficiency_not_cured", "notice": notice.pk, "cure_by": notice.cure_by} if notice else None
    return audit_event_record(event_type="licensing.application_withdrawn", actor=actor,
                              organization=application.organization, target=application, payload=payload)


def vote_cast(*, actor: User, application: Application, choice: str, tally: dict[str, int], quorum: int, comment: str,
              vote: Vote) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.vote_cast", actor=actor, organization=application.organization, target=application,
        payload={"vote": vote.pk, "choice": choice, **tally, "quorum": quorum, "comment": comment},
    )


def application_approved(*, application: Application, ayes: int, nays: int, quorum: int, decision: Decision,
                         settlement: FeeSettlement) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.application_approved", actor=None, organization=application.organization,
        target=application, payload={"decision": decision.pk, "ayes": ayes, "nays": nays, "quorum": quorum,
                                     "rule": QUORUM_RULE, "fee_balance": settlement.balance},
    )


def application_denied(*, actor: User, application: Application, reasons: list[str], explanation: str, tally: dict[str,
                       int], decision: Decision) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.application_denied", actor=actor, organization=application.organization,
        target=application, payload={"decision": decision.pk, "reasons": reasons, "explanation": explanation,
                                     **tally, "rule": DENIAL_RULE},
    )
