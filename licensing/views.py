"""The licensing app's own landing pages: the site's home page, the portal dashboard and an organization's
overview (its roles, licenses, applications and recent events, drawn from several features)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from licensing.applications.selectors import application_list
from licensing.audit.selectors import audit_event_list
from licensing.licenses.selectors import license_list
from licensing.models import LicenseeKind, Role
from licensing.models.choices import LicenseType
from licensing.models.organizations import FILING_ROLES
from licensing.organizations import selectors as organization_selectors
from licensing.organizations.eligibility import senior_group_checked
from licensing.organizations.invitations.selectors import may_invite
from licensing.organizations.selectors import organization_list
from licensing.reports.selectors import overdue_report_list, overdue_reports_of_my_organizations
from licensing.selectors import roles_in, user_memberships

RECENT_EVENTS = 15


def home(request):
    return render(request, "licensing/home.html")


@login_required
def dashboard(request):
    user = request.user
    context = {
        "memberships": user_memberships(user=user),
        "organization_count": organization_list(user=user).count() if user.is_board else None,
        "recent_events": audit_event_list(user=user)[:RECENT_EVENTS],
        # First on the page: what holds up the organizations' new applications (30 DCMR 1413.1).
        "overdue_reports": overdue_reports_of_my_organizations(user=user),
    }
    return render(request, "licensing/dashboard.html", context)


@login_required
def organization_detail(request, pk: int):
    user = request.user
    organization = organization_selectors.organization_get(user=user, pk=pk)
    if organization.kind == LicenseeKind.VENDOR and hasattr(organization, "vendor"):
        # A vendor's home is the vendors app's (licensing imports no other app: the page is named, not imported).
        return redirect("vendors:vendor_detail", pk=organization.vendor.pk)
    roles = roles_in(user=user, organization=organization)
    context = {
        "organization": organization,
        "senior_group": senior_group_checked(organization),
        "amendments_due": organization_selectors.substantial_changes_open(user=user, organization=organization),
        "overdue_reports": overdue_report_list(user=user, organization=organization),
        "applications": application_list(user=user).filter(organization=organization)[:RECENT_EVENTS],
        "can_file": bool(roles & FILING_ROLES),
        # A raffle license's drawing page: its officers act there, the Board reads it.
        "can_see_drawings": bool(roles & FILING_ROLES) or user.is_board,
        "licenses": license_list(user=user).filter(organization=organization),
        "raffle": LicenseType.RAFFLE,
        "memberships": organization_selectors.membership_list(user=request.user, organization=organization).filter(
            is_active=True
        ),
        "my_roles": [Role(role).label for role in sorted(roles)],
        "can_invite": may_invite(user=user, organization=organization),
        "recent_events": audit_event_list(user=request.user).filter(organization=organization)[
            :RECENT_EVENTS
        ],
    }
    return render(request, "licensing/organization_detail.html", context)
