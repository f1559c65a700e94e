"""Where each finding of an application is fixed: the step of the guided form, or the organization's page, a
finding's link opens (the lease copy of 30 DCMR 1400.4 on the lease step itself). A finding the organization
cannot fix on a page (a fee the Board has not set, 30 DCMR 1202.2(r), 1205.2) links nowhere."""

from django.urls import reverse

from core.findings import Finding
from licensing.applications import forms
from licensing.applications.steps import steps_for
from licensing.models.choices import DocumentKind
from licensing.organizations.fixes import organization_fix_url

STEP_FIELDS = {
    "details": {*forms.RaffleForm.Meta.fields, *forms.MonteCarloForm.Meta.fields, *forms.MultiHallForm.Meta.fields,
                *forms.AmendmentForm.Meta.fields, "premises", "certificate_of_occupancy"},
    "schedule": {"occasions", "date", "starts_at", "ends_at"},
    "lease": set(forms.LeaseForm.Meta.fields),
    "purpose": set(forms.PurposeForm.Meta.fields),
}
# The documents an application's findings ask for, by the section that asks: the lease is filed on the lease step.
DOCUMENT_RULES = {"30 DCMR 1400.4": DocumentKind.LEASE, "30 DCMR 1202.2(s)": DocumentKind.BYLAWS,
                  "30 DCMR 1202.2(n)": DocumentKind.PRINTERS_AFFIDAVIT,
                  "30 DCMR 1202.2(f)": DocumentKind.DETERMINATION_LETTER,
                  "30 DCMR 1400.8": DocumentKind.CERTIFICATE_OF_OCCUPANCY}
LEASE_DOCUMENT_ANCHOR = "lease-document"
# Chosen when the application was started: a new application fixes them (30 DCMR 1202.3, 1204.2, 1414.1).
START_FIELDS = frozenset({"base_license", "kind", "period"})
BOARD_SIDE_RULES = frozenset({"30 DCMR 1202.2(r)", "30 DCMR 1205.2"})  # the Board sets fees and bonds


def _step_url(application, step: str, anchor: str = "") -> str | None:
    if step not in steps_for(application):
        return None
    return reverse("portal:application_step", args=[application.pk, step]) + (f"#{anchor}" if anchor else "")


def fix_url(application, finding: Finding) -> str | None:
    """The page where `finding` is fixed, or None when none of the organization's pages does."""
    field = finding.field
    if finding.rule in BOARD_SIDE_RULES and field == "license_class":
        return None
    if field == "documents":
        kind = DOCUMENT_RULES.get(finding.rule, "")
        if kind == DocumentKind.LEASE:
            return _step_url(application, "lease", LEASE_DOCUMENT_ANCHOR)
        return organization_fix_url(application.organization_id, field, document_kind=kind)
    for step, fields in STEP_FIELDS.items():
        if field in fields:
            return _step_url(application, step, f"id_{field}" if step != "schedule" else "")
    if field == "license_class":  # Class D is for a senior group (30 DCMR 1201.3): the profile says whether it is
        return organization_fix_url(application.organization_id, "is_senior_group")
    if field == "license_type":  # an overdue report (30 DCMR 1413.1): the home's "What to do now" files it
        return reverse("portal:organization_detail", args=[application.organization_id]) + "#todo-heading"
    if field in START_FIELDS:
        return reverse("portal:application_start", args=[application.organization_id]) + \
            f"?license_type={application.license_type}&kind={application.kind}"
    if field is None and finding.rule == "30 DCMR 1401.13":  # a filer tied to the supply trade: who acts for it
        return reverse("portal:organization_detail", args=[application.organization_id]) + "#people-heading"
    return organization_fix_url(application.organization_id, field)


def with_fix_urls(application, findings: list[Finding]) -> list[tuple[Finding, str | None]]:
    return [(finding, fix_url(application, finding)) for finding in findings]
