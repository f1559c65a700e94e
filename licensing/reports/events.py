"""The event financial reports' audit events, one typed function each: opened, saved, submitted, corrected,
filled from recorded play, overdue (and waived), marked not held (and withdrawn)."""

import datetime as dt

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, License, Report, User
from licensing.reports.deadlines import REPORT_RULE


def report_opened(*, actor: User | None, license: License, report: Report, event_date: dt.date,
                  scheduled: bool = False) -> AuditEvent:
    """By an officer (`actor`), or opened on its own for a scheduled event (`scheduled`)."""
    payload = {"license": license.number, "event_date": event_date.isoformat()}
    if scheduled:
        payload["scheduled"] = True
    return audit_event_record(event_type="licensing.report_opened", actor=actor, organization=license.organization,
                              target=report, payload=payload)


def report_saved(*, actor: User, report: Report) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_saved", actor=actor, organization=report.organization,
                              target=report, payload={"license": report.license.number, "version": report.version})


def report_submitted(*, actor: User, report: Report) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_submitted", actor=actor, organization=report.organization,
                              target=report, payload={"license": report.license.number, "version": report.version,
                                                      "event_date": report.event_date.isoformat(),
                                                      "findings": [f["rule"] for f in report.findings]})


def report_correction_opened(*, actor: User, report: Report, correction: Report, reason: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_correction_opened", actor=actor,
                              organization=report.organization, target=correction,
                              payload={"license": report.license.number, "version": correction.version,
                                       "reason": reason})


def report_recorded_figures_received(*, license: License, report: Report, source: str,
                                     event_date: dt.date) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_recorded_figures_received", actor=None,
                              organization=license.organization, target=report,
                              payload={"license": license.number, "event_date": event_date.isoformat(),
                                       "source": source})


def report_marked_overdue(*, report: Report, due: dt.date) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_marked_overdue", actor=None,
                              organization=report.organization,
                              target=report, payload={"license": report.license.number,
                                                      "event_date": report.event_date.isoformat(),
                                                      "report_due": due.isoformat(), "rule": REPORT_RULE})


def report_overdue_waived(*, actor: User, report: Report, reason: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_overdue_waived", actor=actor,
                              organization=report.organization,
                              target=report, payload={"license": report.license.number,
                                                      "event_date": report.event_date.isoformat(), "reason": reason,
                                                      "rule": REPORT_RULE})


def report_marked_not_held(*, actor: User, license: License, report: Report, reason: str,
                           event_date: dt.date) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_marked_not_held", actor=actor,
                              organization=license.organization,
                              target=report, payload={"license": license.number, "event_date": event_date.isoformat(),
                                                      "reason": reason, "rule": REPORT_RULE})


def report_not_held_withdrawn(*, actor: User, report: Report) -> AuditEvent:
    return audit_event_record(event_type="licensing.report_not_held_withdrawn", actor=actor,
                              organization=report.organization, target=report,
                              payload={"license": report.license.number, "event_date": report.event_date.isoformat(),
                                       "reason": report.not_held_reason, "rule": REPORT_RULE})
