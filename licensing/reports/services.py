"""Every write of an event financial report: open a draft, save it, submit it, open a correction, and the
hand-over through which a live module (bingo, Monte Carlo, the raffle drawing) gives the figures it recorded.

Each validates everything before it writes and runs in one transaction holding the report's row lock, with
an audit event. Only the filing officers of the license's organization write a report (30 DCMR 1413.1: the
licensee reports); the Board reads. A submitted report is frozen; a correction is a new version."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from core.findings import Finding, RuleViolation
from licensing.licenses.limits import CLASS_D
from licensing.models import License, Report, ReportFinding, ReportLine, ReportStatus, User
from licensing.models.choices import LicenseStatus
from licensing.models.organizations import FILING_ROLES
from licensing.reports import event_end, events, rules
from licensing.reports.content import schema
from licensing.reports.content.changes import corrected_figures, label_of
from licensing.reports.content.cleaning import clean, missing_at_submission
from licensing.reports.content.lines import lines
from licensing.reports.content.totals import totals
from licensing.reports.deadlines import deadlines
from licensing.reports.drawings.rules import report_after_drawing_findings
from licensing.reports.month_totals import month_total_add
from licensing.selectors import has_role

REPORT_RULE = "30 DCMR 1413.1"
CURRENCY_RULE = "30 DCMR 1404.1(e)"
RECORDS_RULE = "30 DCMR 1410"  # complete records of every operation, kept 5 years
REASON_MAX = 2000
FILING_ONLY = _lazy("Only the officers of the licensed organization may file its reports (30 DCMR 1413.1).")
# A report is filed for an event of a license that held it: active then, or since expired, suspended or
# revoked (1411: the net proceeds of a license that ends are still accounted for).
REPORTABLE_STATUSES = {LicenseStatus.ACTIVE, LicenseStatus.EXPIRED, LicenseStatus.SUSPENDED,
                       LicenseStatus.REVOKED, LicenseStatus.SUPERSEDED}


# --- validation (raises, writes nothing) ---


def _require_officer(actor: User, license: License) -> None:
    if not has_role(user=actor, organization_id=license.organization_id, roles=FILING_ROLES):
        raise PermissionDenied(FILING_ONLY)


def report_kind_of(license: License) -> str:
    kind = schema.KIND_OF_LICENSE_TYPE.get(license.license_type)
    if kind is None:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "reports are filed under a bingo, raffle or Monte Carlo Night license, not this one (30 DCMR 1413.1)"),
            field="license"))
    return kind


def _event_date_clean(license: License, event_date) -> dt.date:
    if not isinstance(event_date, dt.date) or isinstance(event_date, dt.datetime):
        raise ValidationError({"event_date": [_("Enter the event's date.")]})
    if not license.effective_on <= event_date <= license.expires_on:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "the event date %(date)s is outside the license's term, %(start)s to %(end)s (30 DCMR 1413.1)") % {
            "date": event_date.isoformat(), "start": license.effective_on.isoformat(),
            "end": license.expires_on.isoformat()}, field="event_date"))
    if license.status not in REPORTABLE_STATUSES:
        raise RuleViolation(Finding(REPORT_RULE, _("no event is reported under a license that was never in force"),
                                    field="license"))
    return event_date


def _reason_clean(reason, *, field: str) -> str:
    if not isinstance(reason, str) or "\x00" in reason or not reason.strip():
        raise ValidationError({field: [_("Give the reason for the correction.")]})
    reason = reason.strip()
    if len(reason) > REASON_MAX:
        raise ValidationError({field: [_("At most %(max)s characters.") % {"max": REASON_MAX}]})
    return reason


def _require_draft(report: Report) -> None:
    if report.status != ReportStatus.DRAFT:
        raise RuleViolation(Finding(RECORDS_RULE, _(
            "a submitted report is frozen; open a correction to change it (30 DCMR 1410)"), field="status"))


def submission_problems(report: Report) -> list[Finding]:
    """What stops a draft from being submitted: a recorded figure changed without a reason, no attestation.
    (The compliance findings do not stop it: the report says what happened, and the Board reads them.)"""
    problems = []
    for change in corrected_figures(report.kind, report.recorded, report.data):
        if not change["reason"]:
            problems.append(Finding(RECORDS_RULE, _(
                "%(figure)s was recorded as %(recorded)s and is reported as %(reported)s: give the reason for "
                "the correction (30 DCMR 1410)") % {
                "figure": label_of(report.kind, change["path"]), "recorded": _shown(change["recorded"]),
                "reported": _shown(change["reported"])}, field=f"corrections.{change['path']}"))
    for path in missing_at_submission(report.kind, report.data):
        problems.append(Finding(REPORT_RULE, _("%(figure)s is given before the report is submitted (30 DCMR 1413.1)")
                                % {"figure": label_of(report.kind, path)}, field=path))
    attestation = report.data.get("attestation", {})
    if report.kind == schema.BINGO:
        problems += _bingo_payment_problems(report)
    if not all(attestation.get(name) for name in attestation if name != "us_currency"):
        problems.append(Finding("30 DCMR 1404.1(h)" if report.kind == schema.BINGO else REPORT_RULE, _(
            "the report is attested by name before it is submitted"), field="attestation"))
    if report.kind == schema.BINGO and report.previous_id is None and not _has_figures(report):
        problems.append(Finding(REPORT_RULE, _("the report accounts for the operation's receipts: it has none"),
                                field="admissions"))
    return problems


def _bingo_payment_problems(report: Report) -> list[Finding]:
    """30 DCMR 1404.1(e): the organization declares that it took only US currency; 30 DCMR 1412.4: each expense
    and reimbursement said to be paid by check gives the check's number (Class D keeps no bingo account, 1411.1,
    and writes no checks on one)."""
    problems = []
    if not report.data.get("attestation", {}).get("us_currency"):
        problems.append(Finding(CURRENCY_RULE, _(
            "declare that every admission, card, bingo supply and charity game ticket was paid for in US currency "
            "before the report is submitted (30 DCMR 1404.1(e))"), field="attestation.us_currency"))
    if report.license_class != CLASS_D:
        for path in rules.checks_without_number(report.data):
            problems.append(Finding(rules.CHECK_RULE, _(
                "%(figure)s: the row is paid by check; give the check's number before the report is submitted "
                "(30 DCMR 1412.4)") % {"figure": label_of(report.kind, path)}, field=path))
    return problems


def _has_figures(report: Report) -> bool:
    data = report.data
    return bool(data["card_sales"] or data["games"] or data["charity_tickets"] or data["admissions"].get("count"))


def _shown(value) -> str:
    return "—" if value in (None, "") else str(value)


# --- writing ---


def _apply(report: Report, data: dict) -> None:
    """The cleaned document and every figure computed from it."""
    report.data = data
    for name, value in totals(report.kind, data).as_dict().items():
        if name != "cash_prizes":  # a figure of the document, not a column of the report
            setattr(report, name, value)


def _deadlines(report: Report) -> None:
    found = deadlines(license_type=report.license.license_type, event_date=report.event_date,
                      license_class=report.license_class, period=report.period)
    report.report_due, report.deposit_due, report.proceeds_used_by = (
        found.report_due, found.deposit_due, found.proceeds_used_by)


def _lock(report: Report) -> Report:
    return Report.objects.select_for_update(of=("self",)).select_related("license__organization").get(pk=report.pk)


def _new(*, license: License, kind: str, event_date: dt.date, actor: User | None, data: dict,
         recorded: dict | None = None, source: str = "") -> Report:
    report = Report(license=license, organization=license.organization, kind=kind,
                    license_class=license.license_class, period=license.period, event_date=event_date,
                    source=source, recorded=recorded or {}, created_by=actor)
    _apply(report, data)
    _deadlines(report)
    try:
        with transaction.atomic():
            report.save()
    except IntegrityError:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "this event already has a report: open it instead (one report per event, 30 DCMR 1413.1)"),
            field="event_date")) from None
    return report


def report_current(license: License, event_date: dt.date) -> Report | None:
    """The event's draft if one is open (a first draft or a correction), else its submitted version; its row
    locked (inside a transaction)."""
    found = (Report.objects.select_for_update(of=("self",)).filter(license=license, event_date=event_date)
             .exclude(status=ReportStatus.SUPERSEDED))
    return found.filter(status=ReportStatus.DRAFT).first() or found.first()


@transaction.atomic
def report_create(*, actor: User, license: License, event_date: dt.date, data: dict | None = None) -> Report:
    """Open the draft report of one event of the license."""
    license = License.objects.select_for_update().select_related("organization").get(pk=license.pk)
    _require_officer(actor, license)
    kind = report_kind_of(license)
    event_date = _event_date_clean(license, event_date)
    cleaned = clean(kind, data if data is not None else schema.blank(kind))
    if report_current(license, event_date) is not None:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "this event already has a report: open it instead (one report per event, 30 DCMR 1413.1)"),
            field="event_date"))
    report = _new(license=license, kind=kind, event_date=event_date, actor=actor, data=cleaned)
    events.report_opened(actor=actor, license=license, report=report, event_date=event_date)
    return report


@transaction.atomic
def report_open_scheduled(*, license: License, event_date: dt.date) -> Report | None:
    """The deadline calendar's hook (licensing.reports.overdue): open the blank draft of a licensed operation
    that has no report yet, so its deadline is tracked; nobody acts (actor None). None if it has one."""
    license = License.objects.select_for_update().select_related("organization").get(pk=license.pk)
    kind = report_kind_of(license)
    event_date = _event_date_clean(license, event_date)
    if Report.objects.filter(license=license, event_date=event_date).exists():
        return None
    report = _new(license=license, kind=kind, event_date=event_date, actor=None, data=schema.blank(kind))
    events.report_opened(actor=None, license=license, report=report, event_date=event_date, scheduled=True)
    return report


@transaction.atomic
def report_save(*, actor: User, report: Report, data: dict) -> Report:
    """Replace the draft's content (the portal saves one section at a time by sending the whole document)."""
    report = _lock(report)
    _require_officer(actor, report.license)
    _require_draft(report)
    cleaned = clean(report.kind, data)
    _apply(report, cleaned)
    report.save()
    events.report_saved(actor=actor, report=report)
    return report


def _write_lines(report: Report) -> None:
    ReportLine.objects.bulk_create([
        ReportLine(report=report, section=line.section, position=line.position, description=line.description,
                   category=line.category, amount=line.amount, quantity=line.quantity, on_date=line.on_date,
                   vendor_license=line.vendor_license[:20], data=line.data)
        for line in lines(report.kind, report.data)])


@transaction.atomic
def report_submit(*, actor: User, report: Report, now: dt.datetime | None = None) -> Report:
    """Freeze the draft: the findings of the compliance checks are kept with it, its lines written, and the
    version it corrects (if any) marked superseded."""
    from licensing.reports.checks import report_findings  # the checks read the database; they import this module

    report = _lock(report)
    _require_officer(actor, report.license)
    _require_draft(report)
    problems = []
    if report.kind == schema.RAFFLE:  # not before the drawing, whose time the refusal names (30 DCMR 1413.1)
        problems = report_after_drawing_findings(now=now or event_end.clock(),
                                                 drawing_at=report.license.application.drawing_at)
    problems = problems or event_end.refusal(report, now=now) or submission_problems(report)
    if problems:
        raise RuleViolation(problems)
    report.submitted_at = now or timezone.now()
    report.submitted_by = actor
    report.status = ReportStatus.SUBMITTED
    report.findings = [{"rule": f.rule, "message": f.message, "field": f.field} for f in report_findings(report)]
    if report.previous_id:
        Report.objects.filter(pk=report.previous_id).update(status=ReportStatus.SUPERSEDED)
        month_total_add(Report.objects.get(pk=report.previous_id), sign=-1)
    month_total_add(report, sign=1)
    report.save()
    _write_lines(report)
    ReportFinding.objects.bulk_create([ReportFinding(report=report, rule=f["rule"], message=f["message"],
                                                     field=f["field"] or "") for f in report.findings])
    events.report_submitted(actor=actor, report=report)
    return report


@transaction.atomic
def report_correct(*, actor: User, report: Report, reason: str) -> Report:
    """Open a correction of a submitted report: a new draft version with the same content, and the reason."""
    report = _lock(report)
    _require_officer(actor, report.license)
    reason = _reason_clean(reason, field="reason")
    if report.status != ReportStatus.SUBMITTED:
        raise RuleViolation(Finding(RECORDS_RULE, _(
            "only the submitted version of a report is corrected (30 DCMR 1410)"), field="status"))
    if Report.objects.filter(previous=report).exists():
        raise RuleViolation(Finding(RECORDS_RULE, _("a correction of this report is already open"), field="status"))
    correction = Report(license=report.license, organization=report.organization, kind=report.kind,
                        license_class=report.license_class, period=report.period, event_date=report.event_date,
                        source=report.source, recorded=report.recorded, version=report.version + 1, previous=report,
                        correction_reason=reason, created_by=actor)
    _apply(correction, report.data)
    _deadlines(correction)
    correction.save()  # a draft beside the submitted version, which stays in force until this one is submitted
    events.report_correction_opened(actor=actor, report=report, correction=correction, reason=reason)
    return correction


@transaction.atomic
def report_recorded_handover(*, license: License, event_date: dt.date, source: str, recorded: dict,
                             ends_at: dt.datetime | None = None) -> Report:
    """The hook the live modules call (bingo after an operation, Monte Carlo after a night or a tournament,
    the raffle drawing once drawn): the figures they recorded become the report's `recorded` document, and
    the draft is prefilled with them. Figures the organization already changed stay as it wrote them; a
    submitted report is left as filed (its next correction starts from it, the record beside it).

    `recorded` holds only what the module recorded: the parts, and in each row only the fields, it knows (a
    game's prize and winners, and how the payout desk paid them once it holds them). The draft's other fields take
    their defaults, and changing one of them is no correction of a recorded figure.

    `ends_at`: when the event ended, as the module knows it; the report is not submitted before it
    (licensing.reports.event_end). A module's explicit "send" refuses itself before then (event_end.ended_findings)."""
    license = License.objects.select_for_update().select_related("organization").get(pk=license.pk)
    kind = report_kind_of(license)
    event_date = _event_date_clean(license, event_date)
    full = _filled(kind, recorded)
    recorded = _held(kind, full, recorded)
    if ends_at is None and kind == schema.RAFFLE:
        ends_at = timezone.now()  # the drawing hands over once drawn: the event is over then
    report = report_current(license, event_date)
    if report is not None and report.status == ReportStatus.NOT_HELD:
        raise RuleViolation(Finding(REPORT_RULE, _(
            "the event of %(date)s was marked as not held; it has no financial report (30 DCMR 1413.1)") % {
            "date": event_date.isoformat()}, field="event_date"))
    if report is None:
        report = _new(license=license, kind=kind, event_date=event_date, actor=None, data=full, recorded=recorded,
                      source=source)
        if ends_at is not None:
            report.event_ends_at = ends_at
            report.save(update_fields=["event_ends_at"])
    else:
        if ends_at is not None:
            report.event_ends_at = ends_at
        if report.status == ReportStatus.DRAFT:
            _apply(report, _prefilled(kind, report.data, report.recorded, full, recorded))
        report.recorded, report.source = recorded, source
        report.save()
    events.report_recorded_figures_received(license=license, report=report, source=source, event_date=event_date)
    return report


def _merge(base: dict, given: dict) -> dict:
    if not isinstance(given, dict):
        raise ValueError("the recorded figures are a report document")
    merged = dict(base)
    for name, value in given.items():
        merged[name] = {**base[name], **value} if isinstance(base.get(name), dict) and isinstance(value, dict) \
            else value
    return merged


def _filled(kind: str, recorded: dict) -> dict:
    """The whole report a record prefills: the recorded figures, every other field at its default."""
    return clean(kind, _merge(schema.blank(kind), recorded))


def _held(kind: str, full: dict, given: dict) -> dict:
    """The cleaned figures of the fields the module gave, and only those."""
    held: dict = {}
    for found in schema.sections(kind):
        if found.name not in given:
            continue
        if found.many:
            held[found.name] = [{name: row[name] for name in raw} for raw, row in zip(
                given[found.name], full[found.name], strict=True)]
        else:
            held[found.name] = {name: full[found.name][name] for name in given[found.name]}
    return held


def _prefilled(kind: str, data: dict, old_recorded: dict, full: dict, recorded: dict) -> dict:
    """The draft with the new record: each part the organization has not touched since the last hand-over
    (or never filled) takes the recorded figures."""
    blank = schema.blank(kind)
    before = _filled(kind, old_recorded)  # the draft as the last hand-over left it
    merged = dict(data)
    for found in schema.sections(kind):
        if found.name not in recorded:
            continue
        mine = data.get(found.name)
        if mine == before.get(found.name) or mine == blank[found.name]:
            merged[found.name] = full[found.name]
    return merged
