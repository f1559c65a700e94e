"""Reads for an organization's home, each scoped to the user: what is to do now (rules.py decides each item),
the applications in progress with their next step in words, and the recent activity as sentences. "What to do"
concerns the people who file for the organization (and the Board reading it): a caller or a dealer sees none."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.applications.selectors import application_list
from licensing.applications.steps import STEP_TITLES, steps_for
from licensing.audit.selectors import audit_event_list
from licensing.audit.sentences import event_sentence
from licensing.home import rules
from licensing.licenses.selectors import licenses_to_renew
from licensing.models import Application, AuditEvent, DeficiencyNotice, LicenseeKind, Organization, User
from licensing.models.choices import ApplicationKind, ApplicationStatus
from licensing.organizations.selectors import can_file_for, substantial_changes_open
from licensing.reminders.rules import renewal_window_days
from licensing.reports.overdue.selectors import reports_due_list
from licensing.selectors import user_memberships

IN_PROGRESS = (ApplicationStatus.DRAFT, ApplicationStatus.SUBMITTED, ApplicationStatus.DEFICIENT)
RECENT_ACTIVITY = 12

# The home is the page an officer opens most. Its reads keep their user scope but join only what the page shows:
# the selectors' default joins (organization, premises, application...) cost more to compile and plan than the
# rows they fetch (portal_load.py: the home was the one page over 300 ms at 100 users).


def _start_url(organization: Organization, **initial) -> str:
    query = "&".join(f"{name}={value}" for name, value in initial.items())
    return reverse("portal:application_start", args=[organization.pk]) + (f"?{query}" if query else "")


def open_deficiency_notices(*, user: User, organization: Organization) -> QuerySet[DeficiencyNotice]:
    return DeficiencyNotice.objects.filter(
        application__in=application_list(user=user).filter(organization=organization),
        cured_at__isnull=True, expired_at__isnull=True,
    ).select_related("application").order_by("cure_by", "pk")  # the card names the application's license type


def action_items(*, user: User, organization: Organization, today: dt.date | None = None,
                 notices: list[DeficiencyNotice] | None = None, can_file: bool | None = None) -> list[rules.ActionItem]:
    """Everything the organization has to do now, overdue first, then soonest due. `notices`: the open
    deficiency notices and `can_file`: whether the user files for the organization, when the caller has read
    them already (the home shows the notices twice and reads the user's roles once)."""
    if can_file is None:
        can_file = can_file_for(user=user, organization=organization)
    if not (user.is_board or can_file):
        return []
    today = today or timezone.localdate()
    if notices is None:
        notices = open_deficiency_notices(user=user, organization=organization)
    items = [
        *(rules.deficiency_item(notice=notice, today=today,
                                url=reverse("portal:application_detail", args=[notice.application_id]))
          for notice in notices),
        *(rules.report_item(report=report, today=today, url=reverse("portal:report_detail", args=[report.pk]))
          for report in reports_due_list(user=user, organization=organization,
                                         due_by=today + dt.timedelta(days=rules.REPORT_DUE_SOON_DAYS))
          .select_related(None).select_related("license")),
        *(rules.renewal_item(license=license, today=today, url=_start_url(
            organization, kind=ApplicationKind.RENEWAL, base_license=license.pk,
            license_type=license.license_type, license_class=license.license_class))
          for license in licenses_to_renew(user=user, organization=organization, today=today,
                                           window_days=renewal_window_days(today)).select_related(None)),
        *(rules.amendment_item(change=change, today=today, url=_start_url(
            organization, kind=ApplicationKind.AMENDMENT, base_license=change.license_id,
            license_type=change.license.license_type, license_class=change.license.license_class))
          for change in substantial_changes_open(user=user, organization=organization)),
    ]
    return sorted((item for item in items if item is not None), key=rules.sort_key)


@dataclass(frozen=True)
class ApplicationProgress:
    application: Application
    next_step: str  # in words: what happens next, and who acts
    url: str


def _next_step(application: Application, notices: dict[int, DeficiencyNotice]) -> tuple[str, str]:
    detail = reverse("portal:application_detail", args=[application.pk])
    if application.status == ApplicationStatus.DRAFT:
        steps = steps_for(application)
        step = steps[min(max(application.step, 1), len(steps)) - 1]
        return _("Finish the form and submit it: next, step %(number)d of %(total)d, “%(title)s”.") % {
            "number": steps.index(step) + 1, "total": len(steps), "title": STEP_TITLES[step]}, reverse(
            "portal:application_step", args=[application.pk, step])
    if application.status == ApplicationStatus.DEFICIENT and application.pk in notices:
        return _("Answer the Board's deficiency notice by %(date)s.") % {
            "date": rules.date_text(notices[application.pk].cure_by)}, detail
    return _("With the Board: staff review it, then the Board votes. Nothing to do for now."), detail


def applications_in_progress(*, user: User, organization: Organization,
                             notices: list[DeficiencyNotice] | None = None) -> list[ApplicationProgress]:
    applications = list(application_list(user=user).filter(organization=organization, status__in=IN_PROGRESS)
                        .select_related(None).order_by("-created_at", "-pk"))
    if notices is None:
        notices = open_deficiency_notices(user=user, organization=organization)
    by_application = {notice.application_id: notice for notice in notices}
    return [ApplicationProgress(application, *_next_step(application, by_application))
            for application in applications]


@dataclass(frozen=True)
class ActivityLine:
    when: dt.datetime
    sentence: str
    by: str


def recent_activity(*, user: User, organization: Organization, limit: int = RECENT_ACTIVITY) -> list[ActivityLine]:
    """The organization's latest recorded events as sentences in the reader's language, never their codes."""
    events: list[AuditEvent] = list(
        audit_event_list(user=user).filter(organization=organization).select_related(None).select_related("actor")
        .only("created_at", "event_type", "actor__full_name", "actor__email")[:limit])
    return [ActivityLine(when=event.created_at, sentence=event_sentence(event.event_type),
                         by=(event.actor.full_name or event.actor.email) if event.actor else _("the portal"))
            for event in events]


@dataclass(frozen=True)
class HomeChoice:
    organization: Organization
    roles: list[str]
    action_count: int


def home_choices(*, user: User, today: dt.date | None = None) -> list[HomeChoice]:
    """The organizations (not vendors: theirs is the vendors app's page) a person acts for, with how many things
    each has to do: the chooser of a person with several."""
    by_organization: dict[int, HomeChoice] = {}
    for membership in user_memberships(user=user).exclude(organization__kind=LicenseeKind.VENDOR):
        choice = by_organization.get(membership.organization_id)
        if choice is None:
            choice = by_organization[membership.organization_id] = HomeChoice(membership.organization, [], 0)
        choice.roles.append(membership.get_role_display())
    today = today or timezone.localdate()
    return [HomeChoice(choice.organization, choice.roles,
                       len(action_items(user=user, organization=choice.organization, today=today)))
            for choice in by_organization.values()]
