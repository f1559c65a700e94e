"""Who is locked out of signing in now, for the Board's staff (licensing.accounts.lockout.policy decides)."""

from __future__ import annotations

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import F, Max, Sum
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.accounts.lockout.policy import address_limit


def _locked(field: str, limit: int) -> list[dict]:
    since = timezone.now() - get_cool_off()
    return list(AccessAttempt.objects.filter(attempt_time__gte=since).exclude(**{f"{field}__isnull": True})
                .values(key=F(field)).annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
                .filter(failures__gte=limit).order_by("-last"))


def lockout_list(*, user) -> dict:
    """Locked accounts and addresses with their failure counts and last attempt. The page does not
    exist (404) for anyone but board staff and superusers."""
    if not (user.is_authenticated and user.is_active and (user.acts_as_superuser or user.is_board_staff)):
        raise Http404(_("No such page."))
    return {"accounts": _locked("username", settings.AXES_FAILURE_LIMIT),
            "addresses": _locked("ip_address", address_limit()),
            "account_limit": settings.AXES_FAILURE_LIMIT, "address_limit": address_limit(),
            "minutes": int(settings.AXES_COOLOFF_TIME * 60)}
