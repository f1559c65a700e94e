"""The licensing app's own landing pages: the site's home page and the portal dashboard."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from licensing.accounts.selectors import user_memberships
from licensing.audit.selectors import audit_event_list
from licensing.organizations.selectors import organization_list
from licensing.organizations.views import RECENT_EVENTS


def home(request):
    return render(request, "licensing/home.html")


@login_required
def dashboard(request):
    user = request.user
    context = {
        "memberships": user_memberships(user=user),
        "organization_count": organization_list(user=user).count() if user.is_board else None,
        "recent_events": audit_event_list(user=user)[:RECENT_EVENTS],
    }
    return render(request, "licensing/dashboard.html", context)
