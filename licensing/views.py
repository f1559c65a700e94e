"""The licensing app's own landing pages: the site's home page, the portal dashboard (the Board's, or the
chooser of a person acting for several organizations) and an organization's home (licensing.home reads it)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone

from licensing.audit.selectors import audit_event_list
from licensing.home import selectors as home_selectors
from licensing.home.events import upcoming_events
from licensing.home.selectors import home_choices
from licensing.licenses.selectors import license_list
from licensing.models import LicenseeKind, Role
from licensing.models.choices import LicenseType
from licensing.models.organizations import FILING_ROLES
from licensing.organizations import selectors as organization_selectors
from licensing.organizations.eligibility import organization_findings, senior_group_checked
from licensing.organizations.fixes import organization_fix_url
from licensing.organizations.invitations.selectors import may_invite
from licensing.organizations.selectors import organization_list
from licensing.reports.overdue.selectors import overdue_reports_of_my_organizations
from licensing.review.selectors import applications_awaiting_vote, review_application_list
from licensing.selectors import roles_in, user_memberships

RECENT_EVENTS = 15


def home(request):
    return render(request, "licensing/home/home.html")


@login_required
def dashboard(request):
    """Where a person lands after signing in. Someone who acts for one organization goes straight to its home;
    someone with several chooses, seeing how many things each has to do; the Board keeps its dashboard."""
    user = request.user
    memberships = list(user_memberships(user=user))
    organizations = {membership.organization for membership in memberships}
    if not user.is_board and len(organizations) == 1:
        (organization,) = organizations
        if organization.kind != LicenseeKind.VENDOR:
            # Decided before counting anyone's things to do: that count is the chooser's, and the home shows them.
            return redirect("portal:organization_detail", pk=organization.pk)
    choices = home_choices(user=user)
    context = {
        "memberships": memberships,
        "choices": choices,
        "organization_count": organization_list(user=user).count() if user.is_board else None,
        "recent_events": audit_event_list(user=user)[:RECENT_EVENTS] if user.is_board else [],
        # First on the page: what holds up the organizations' new applications (30 DCMR 1413.1).
        "overdue_reports": overdue_reports_of_my_organizations(user=user),
        # The Board's work first: the queue staff review (30 DCMR 1202), the votes a member owes (1202.4).
        "queue_count": review_application_list(user=user, filters={"status": "open"}).count()
        if user.is_board else None,
        "votes_waiting": applications_awaiting_vote(user=user).count() if user.is_board_member else None,
        # A Board account registers no vendor: that is a supplier's own filing (30 DCMR 1207).
        "may_register_vendor": not (user.is_board or user.is_board_admin or user.is_superuser),
    }
    return render(request, "licensing/home/dashboard.html", context)


@login_required
def organization_detail(request, pk: int):
    """The organization's home: what to do now first, then its licenses, applications in progress, coming
    operations and events, the people acting for it and its recent activity in words. Its game roles (callers,
    checkers, directors, dealers) see what their work needs: the licenses, what is coming up and who acts for it
    (names and roles); the records' sections and links are shown to those who read them (the filers, the Board)."""
    user = request.user
    organization = organization_selectors.organization_get(user=user, pk=pk)
    if organization.kind == LicenseeKind.VENDOR and hasattr(organization, "vendor"):
        # A vendor's home is the vendors app's (licensing imports no other app: the page is named, not imported).
        return redirect("vendors:vendor_detail", pk=organization.vendor.pk)
    roles = roles_in(user=user, organization=organization)  # read once, passed to every check below
    can_file = bool(roles & FILING_ROLES)
    can_read_records = organization_selectors.can_read_records(user=user, organization=organization, can_file=can_file)
    today = timezone.localdate()
    # Read once: the open deficiency notices are both an action item and an application's next step.
    notices = list(home_selectors.open_deficiency_notices(user=user, organization=organization))
    context = {
        "organization": organization,
        "today": today,
        "senior_group": senior_group_checked(organization) if can_read_records else None,  # read from the roll
        "action_items": home_selectors.action_items(user=user, organization=organization, today=today,
                                                    notices=notices, can_file=can_file),
        "applications": home_selectors.applications_in_progress(user=user, organization=organization,
                                                                notices=notices),
        "can_file": can_file,
        # The records' sections and links (a raffle license's drawing, the figures, applications, the roll...).
        "can_read_records": can_read_records,
        # The table shows the licenses' own fields only: no join (license_list's are for its other pages).
        "licenses": license_list(user=user).filter(organization=organization).select_related(None),
        "raffle": LicenseType.RAFFLE,
        "upcoming": upcoming_events(user=user, organization=organization, today=today),
        "memberships": organization_selectors.people_acting_for(user=user, organization=organization),
        "my_roles": [Role(role).label for role in sorted(roles)],
        "activity": home_selectors.recent_activity(user=user, organization=organization),
        # What the profile lacks before any license (30 DCMR 1200.2, 1201.1, 1202.2(j), (k)), each with its page.
        "eligibility_gaps": [(finding, organization_fix_url(organization.pk, finding.field))
                             for finding in organization_findings(organization, on=today)]
        if can_read_records and organization.kind == LicenseeKind.ORGANIZATION else [],
        "can_invite": may_invite(user=user, organization=organization, roles=roles),
    }
    return render(request, "licensing/home/organization_detail.html", context)
