"""Gather the facts an application's checks need and run every rule on them.

Run before submission (blocking findings stop it) and again at review (staff see all)."""

import dataclasses
import datetime as dt

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from licensing.applications import rules
from licensing.applications.kinds import registered_findings
from licensing.fees.quotes import fee_quote
from licensing.models import Application, BingoOccasion, CorrectionStatus, PremisesCorrection
from licensing.models.choices import (
    OPEN_STATUSES,
    ApplicationKind,
    ApplicationStatus,
    DocumentKind,
    LicenseStatus,
    LicenseType,
    Period,
)
from licensing.organizations.eligibility import organization_findings, senior_group_checked
from licensing.organizations.supply_ties import organization_tie_findings
from licensing.reports.overdue.checks import overdue_findings

# Applications whose operations count against a premises or a yearly cap: licensed or still pending.
COUNTING_STATUSES = (ApplicationStatus.APPROVED, *OPEN_STATUSES)
BINGO_TYPES = (LicenseType.BINGO, LicenseType.MULTIHALL)
# What asks for a new license: an original or a renewal (the next term). An amendment licenses nothing new and
# is itself due within 10 days of a change (30 DCMR 1202.3), so an overdue report never holds it up.
NEW_LICENSE_KINDS = (ApplicationKind.ORIGINAL, ApplicationKind.RENEWAL)
# The section each amount typed on an application answers to.
MONEY_RULES = {
    "rent_amount": "30 DCMR 1400.4(a)",
    "ticket_price": "30 DCMR 1202.2(n)",
    "aggregate_prize_value": "30 DCMR 1202.2(n)",
    "highest_prize": "30 DCMR 1414.9",
    "gross_sales": "30 DCMR 1207.2(e)",
    "staffing_income": "30 DCMR 1208.4",
}
# A finding on the key is a refusal when any of these fields is typed (the other end of a range).
ENTERED_WITH = {
    "event_ends_at": frozenset({"event_starts_at", "event_ends_at"}),
    "lease_ends_on": frozenset({"lease_starts_on", "lease_ends_on"}),
}


def _occasions(application: Application) -> list[rules.Occasion]:
    return [rules.Occasion(o.date, o.starts_at, o.ends_at, o.premises_id) for o in application.occasions.all()]


def _existing_occasions(application: Application, occasions: list[rules.Occasion]) -> list[rules.Occasion]:
    if not occasions:
        return []
    premises = {o.premises_id for o in occasions}
    first, last = min(o.date for o in occasions), max(o.date for o in occasions)
    rows = BingoOccasion.objects.filter(
        premises_id__in=premises,
        date__gte=first - dt.timedelta(days=7),
        date__lte=last + dt.timedelta(days=7),
        application__status__in=COUNTING_STATUSES,
        application__license_type=LicenseType.BINGO,
    ).exclude(application=application)
    if application.base_license_id:
        # An amendment or renewal replaces its base license's schedule; don't count that twice.
        rows = rows.exclude(application__issued_license=application.base_license_id)
    return [rules.Occasion(o.date, o.starts_at, o.ends_at, o.premises_id) for o in rows]


def _has_document(application: Application, kind: str) -> bool:
    return application.organization.documents.filter(kind=kind).filter(
        Q(application=application) | Q(application__isnull=True)
    ).exists()


def senior_group(application: Application, *, on: dt.date | None = None) -> bool:
    """Whether the application is a senior group's (1202.2(i)): the organization's checked profile decides
    (30 DCMR 1201.1), never a box ticked on the application."""
    return senior_group_checked(application.organization, on=on or timezone.localdate())


def exemptions(application: Application, *, senior: bool) -> dict:
    """Senior groups' exemptions from 1200.2 (30 DCMR 1201.2-1201.4), for a checked senior group only."""
    if not senior:
        return {}
    if application.license_type == LicenseType.BINGO and application.license_class == "D":
        return {"exempt_all": True}  # 1201.3
    if application.license_type in (LicenseType.BINGO, LicenseType.MONTECARLO, LicenseType.MULTIHALL):
        return {"exempt_members_and_age": True}  # 1201.2, 1201.4
    return {}


def priced_on(application: Application) -> dt.date:
    """The day whose fees and bonds price the application: the fee in force on its submission date is the one due
    (30 DCMR 1204), so a later change of the Board's numbers does not reprice it. A draft, or an application back
    with its filer to cure a deficiency, is priced as if submitted today: its submission fixes the fee again."""
    if application.submitted_at is None or application.status in (ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT):
        return timezone.localdate()
    return timezone.localdate(application.submitted_at)


def quote_for(application: Application, on: dt.date | None = None, *, senior: bool | None = None):
    """The application's fee and bond as the register stands on `on` (default: `priced_on`)."""
    on = on or priced_on(application)
    base = application.base_license
    return fee_quote(
        license_type=application.license_type, license_class=application.license_class,
        period=application.period, senior=senior_group(application, on=on) if senior is None else senior,
        kind=application.kind, highest_prize=application.highest_prize, on=on,
        base_expires_on=base.expires_on if base is not None else None, gross_sales=application.gross_sales,
        staffing_income=application.staffing_income,  # 1208.4: counted with the gross sales
    )


def entry_findings(application: Application, *, today: dt.date) -> list[Finding]:
    """Dates, ranges and amounts no application can hold, each on its field: refused where they are typed
    (`entry_refusals`), blocking at submission if they got in before or have gone stale since."""
    findings = []
    starts = timezone.localtime(application.event_starts_at) if application.event_starts_at else None
    ends = timezone.localtime(application.event_ends_at) if application.event_ends_at else None
    event = _("The Monte Carlo Night")
    findings += rules.dated_from_today(starts.date() if starts else None, today=today, rule="30 DCMR 1202.2(o)",
                                       field="event_starts_at", what=event)
    findings += rules.ends_after_start(starts, ends, rule="30 DCMR 1202.2(o)", field="event_ends_at", what=event)
    drawing = timezone.localtime(application.drawing_at).date() if application.drawing_at else None
    findings += rules.dated_from_today(drawing, today=today, rule="30 DCMR 1202.2(n)", field="drawing_at",
                                       what=_("The raffle drawing"))
    findings += rules.lease_dates(starts_on=application.lease_starts_on, ends_on=application.lease_ends_on,
                                  signed_on=application.lease_signed_on, today=today)
    findings += rules.amounts_not_negative({field: getattr(application, field) for field in MONEY_RULES},
                                           MONEY_RULES)
    return findings


def entry_refusals(application: Application, *, entered: set[str], today: dt.date | None = None) -> list[Finding]:
    """The entry findings that concern the fields just typed."""
    today = today or timezone.localdate()
    return [finding for finding in entry_findings(application, today=today)
            if ENTERED_WITH.get(finding.field, frozenset({finding.field})) & entered]


def _occasion_findings(occasions: list[rules.Occasion], today: dt.date) -> list[Finding]:
    return [dataclasses.replace(finding, field="occasions")
            for occasion in occasions for finding in rules.occasion_entry(occasion, today=today)]


def _multihall_findings(application: Application, today: dt.date) -> list[Finding]:
    base = application.base_license
    return rules.multihall_base(
        license_class=application.license_class, base_number=base.number if base else None,
        base_type=base.license_type if base else None, base_class=base.license_class if base else None,
        base_in_force=base is not None and base.status == LicenseStatus.ACTIVE and base.expires_on >= today,
    )


def _certificate_findings(application: Application) -> list[Finding]:
    premises = {o.premises for o in application.occasions.select_related("premises")}
    if application.premises_id:
        premises.add(application.premises)
    corrected = set(PremisesCorrection.objects.filter(
        application=application, status=CorrectionStatus.PENDING,
    ).exclude(certificate_of_occupancy="").values_list("premises_id", flat=True))
    return rules.certificate_of_occupancy([(str(p), p.certificate_of_occupancy, p.pk in corrected)
                                           for p in sorted(premises, key=lambda p: p.pk)])


def _fee_findings(application: Application, today: dt.date, senior: bool) -> list[Finding]:
    try:
        quote = quote_for(application, on=today, senior=senior)
    except RuleViolation as violation:
        return violation.findings
    except ValidationError as error:
        pairs = error.message_dict.items() if hasattr(error, "error_dict") else [(None, error.messages)]
        return [Finding("30 DCMR 1202.2(r)", message, field=field) for field, messages in pairs for message in messages]
    findings = []
    if quote.application_fee is None:
        findings.append(Finding("30 DCMR 1202.2(r)", "the Board has not set the application fee for this license "
                                "class yet, so the application cannot be submitted", field="license_class"))
    posts_bond = application.license_type != LicenseType.VENDOR  # a vendor posts none (30 DCMR 1205, 1207.2)
    if posts_bond and quote.bond is None and not exemptions(application, senior=senior).get("exempt_all"):
        findings.append(Finding("30 DCMR 1205.2", "the Board has not set the bond amount for this license class "
                                "yet, so the application cannot be submitted", field="license_class"))
    return findings


def _base_license_findings(application: Application, today: dt.date, *, amendment_timing: bool) -> list[Finding]:
    kind, findings = application.kind, []
    if kind in (ApplicationKind.RENEWAL, ApplicationKind.AMENDMENT) and application.base_license_id is None:
        findings.append(Finding("30 DCMR 1204.2" if kind == ApplicationKind.RENEWAL else "30 DCMR 1202.3",
                                "choose the license this application renews or amends", field="base_license"))
    if kind == ApplicationKind.RENEWAL and application.base_license_id:
        findings += rules.renewal_timing(filed_on=today, expires_on=application.base_license.expires_on)
    if kind == ApplicationKind.AMENDMENT and amendment_timing:
        findings += rules.amendment_timing(filed_on=today, change_date=application.change_date)
    return findings


def application_findings(application: Application, *, today: dt.date | None = None, actor=None) -> list[Finding]:
    """Every finding of the application; `actor` is the user about to submit it (checked with its filer for
    ties to the supply trade, 30 DCMR 1401.13)."""
    today = today or timezone.localdate()
    registered = registered_findings(application, today=today)
    if registered is not None:
        # A license type another app defines (a vendor's): its own rules, then what every application shares.
        return (registered + _base_license_findings(application, today, amendment_timing=False)
                + _fee_findings(application, today, senior=False))
    kind, license_type = application.kind, application.license_type
    findings: list[Finding] = []
    senior = senior_group(application, on=today)

    if application.license_class == "D" and not senior:
        findings.append(Finding("30 DCMR 1201.3", "Class D recreational bingo is for senior groups only",
                                field="license_class"))
    findings += organization_findings(application.organization, on=today,
                                      **exemptions(application, senior=senior))
    # 30 DCMR 1401.13: the people who conduct its games and prepare its forms neither own a share of a vendor nor
    # work for one (an employee counts whatever the share), whichever was recorded first (a vendor may name its
    # people after the organization named its own).
    findings += organization_tie_findings(application.organization, users=[application.created_by, actor])
    findings += rules.required(
        {"lawful_purpose": application.lawful_purpose},
        {"lawful_purpose": ("30 DCMR 1202.2(p)", "the lawful purpose of the proceeds")},
    )
    # 1201.3 exempts Class D from 1200.2, the bond and 1405.1, 1405.9, 1405.10: never from filing the bylaws.
    if not _has_document(application, DocumentKind.BYLAWS):
        findings.append(Finding("30 DCMR 1202.2(s)", "the constitution or bylaws must be filed", field="documents"))
    findings += entry_findings(application, today=today)

    if license_type in BINGO_TYPES:
        occasions = _occasions(application)
        if not occasions and kind != ApplicationKind.AMENDMENT:
            findings.append(Finding("30 DCMR 1202.2(m)", "give the date, hours and place of each bingo operation",
                                    field="occasions"))
        findings += _occasion_findings(occasions, today)
        findings += rules.bingo_hours(occasions)
        if application.period == Period.LIMITED:
            findings += rules.limited_period_span(occasions, on=today)
        findings += rules.premises_weekly_limit(occasions, _existing_occasions(application, occasions))
        findings += _certificate_findings(application)
    if license_type == LicenseType.MULTIHALL:
        findings += _multihall_findings(application, today)
    if license_type == LicenseType.RAFFLE:
        findings += rules.required(
            {f: getattr(application, f) for f in ("ticket_price", "tickets_printed", "first_ticket_number",
                                                 "last_ticket_number", "aggregate_prize_value", "drawing_at",
                                                 "drawing_place")},
            {"ticket_price": ("30 DCMR 1202.2(n)", "the ticket price"),
             "tickets_printed": ("30 DCMR 1202.2(n)", "the number of tickets printed or to be printed"),
             "first_ticket_number": ("30 DCMR 1202.2(n)", "the first ticket number"),
             "last_ticket_number": ("30 DCMR 1202.2(n)", "the last ticket number"),
             "aggregate_prize_value": ("30 DCMR 1202.2(n)", "the total value of the prizes"),
             "drawing_at": ("30 DCMR 1202.2(n)", "the date and time of the drawing"),
             "drawing_place": ("30 DCMR 1202.2(n)", "the place of the drawing")},
        )
        findings += rules.raffle_tickets(tickets_printed=application.tickets_printed,
                                         first=application.first_ticket_number, last=application.last_ticket_number)
        if not _has_document(application, DocumentKind.PRINTERS_AFFIDAVIT):
            # 1202.2(n): for raffle classes 1-5 (every class) the affidavit is part of the application itself.
            findings.append(Finding("30 DCMR 1202.2(n)", _(
                "A Class %(license_class)s raffle application includes the printer's affidavit (tickets printed, "
                "first and last number, numbered consecutively without duplicates): file it with the "
                "organization's documents.") % {"license_class": application.license_class}, field="documents"))
    if license_type == LicenseType.MONTECARLO:
        findings += rules.required(
            {"event_starts_at": application.event_starts_at, "event_ends_at": application.event_ends_at,
             "premises": application.premises_id},
            {"event_starts_at": ("30 DCMR 1202.2(o)", "the date and time the event starts"),
             "event_ends_at": ("30 DCMR 1202.2(o)", "the time the event ends"),
             "premises": ("30 DCMR 1202.2(o)", "the place of the event")},
        )
        if application.event_starts_at and kind == ApplicationKind.ORIGINAL:
            year = timezone.localtime(application.event_starts_at).year
            others = Application.objects.filter(
                organization=application.organization, license_type=LicenseType.MONTECARLO,
                kind=ApplicationKind.ORIGINAL, status__in=COUNTING_STATUSES, event_starts_at__year=year,
            ).exclude(pk=application.pk).count()
            findings += rules.montecarlo_yearly_limit(year, others, on=today)
    if license_type in (LicenseType.BINGO, LicenseType.MONTECARLO, LicenseType.MULTIHALL):
        findings += rules.lease_terms(
            leased=application.premises_leased, rent_amount=application.rent_amount,
            rent_is_share_of_receipts=application.rent_is_share_of_receipts,
            lease_fields={f: getattr(application, f) for f in (
                "lease_purpose", "lease_starts_on", "lease_ends_on", "lease_signed_on", "lessor_name",
                "lessor_address", "lessor_identification")},
            has_lease_document=_has_document(application, DocumentKind.LEASE),
        )

    if kind in NEW_LICENSE_KINDS:
        # 30 DCMR 1413.1, 1210.1: an overdue report of the type is a finding the Board weighs at review, not a bar.
        findings += overdue_findings(organization=application.organization, license_type=license_type)
    findings += _base_license_findings(application, today, amendment_timing=True)
    findings += _fee_findings(application, today, senior)
    return findings
