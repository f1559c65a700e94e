"""The portal pages of the licensing app: home, dashboard, organization pages."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from licensing import selectors
from licensing.applications.selectors import application_list
from licensing.models import Role
from licensing.models.organizations import FILING_ROLES
from licensing.organizations.eligibility import senior_group_checked
from licensing.organizations.selectors import substantial_changes_open

RECENT_EVENTS = 15


def home(request):
    return render(request, "licensing/home.html")


@login_required
def dashboard(request):
    user = request.user
    context = {
        "memberships": selectors.user_memberships(user=user),
        "organization_count": selectors.organization_list(user=user).count() if user.is_board else None,
        "recent_events": selectors.audit_event_list(user=user)[:RECENT_EVENTS],
    }
    return render(request, "licensing/dashboard.html", context)


@login_required
def organization_detail(request, pk: int):
    user = request.user
    organization = selectors.organization_get(user=user, pk=pk)
    roles = selectors.roles_in(user=user, organization=organization)
    context = {
        "organization": organization,
        "senior_group": senior_group_checked(organization),
        "amendments_due": substantial_changes_open(user=user, organization=organization),
        "applications": application_list(user=user).filter(organization=organization)[:RECENT_EVENTS],
        "can_file": bool(roles & FILING_ROLES),
        "memberships": selectors.membership_list(user=request.user, organization=organization).filter(is_active=True),
        "my_roles": [Role(role).label for role in sorted(roles)],
        "recent_events": selectors.audit_event_list(user=request.user).filter(organization=organization)[
            :RECENT_EVENTS
        ],
    }
    return render(request, "licensing/organization_detail.html", context)
