"""The notifications page: a person's own notifications, newest first, marked read one at a time or all."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from licensing.notifications import selectors, services

PER_PAGE = 25


@login_required
@require_GET
def notification_list(request):
    notifications = selectors.notification_list(user=request.user)
    page = Paginator(notifications, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "licensing/notifications/list.html", {"page": page})


@login_required
@require_POST
def notification_read(request, pk: int):
    """Mark one read, then open its link when asked to (a link inside the site only), else back to the list."""
    notification = selectors.notification_get(user=request.user, pk=pk)
    services.notification_mark_read(actor=request.user, notification=notification)
    follow = request.POST.get("open") and notification.link
    if follow and url_has_allowed_host_and_scheme(notification.link, allowed_hosts={request.get_host()}):
        return redirect(notification.link)
    return redirect(_list_page(request))


@login_required
@require_POST
def notifications_read_all(request):
    services.notifications_mark_all_read(actor=request.user)
    return redirect(_list_page(request))


def _list_page(request) -> str:
    page = request.POST.get("page", "")
    suffix = f"?page={page}" if page.isascii() and page.isdigit() and len(page) < 7 else ""
    return reverse("portal:notification_list") + suffix
