"""The Board's admin site (the default site, chosen by config.admin_app): every change audited
(core.admin), and the models that decide who may do what kept for superusers."""

from urllib.parse import urlencode

from django.contrib.auth import REDIRECT_FIELD_NAME
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.admin import AuditedAdminSite
from licensing.accounts.roles import ACCOUNT_MODELS
from licensing.admin import events

# Who can sign in and as whom (users, API tokens), with which rights (groups, permissions, organization
# and vendor memberships), the lockout records, the sign-in addresses and second factors (allauth's "account" and
# "mfa": a superuser removes the authenticator of someone who lost it and its recovery codes) and the periodic
# tasks: only a superuser opens these.
# Board administrators manage Board accounts through the audited portal services instead.
SUPERUSER_ONLY = frozenset({
    "auth", "authtoken", "axes", "account", "mfa", "django_celery_beat", "admin", "sessions", "contenttypes",
    *ACCOUNT_MODELS,
})


class BoardAdminSite(AuditedAdminSite):
    site_header = _("DC Charitable Gaming Board administration")
    site_title = _("Board administration")
    index_title = _("Records and schedules")
    superuser_only = SUPERUSER_ONLY

    def has_permission(self, request) -> bool:
        # Admin staff and superusers work here only behind two-factor authentication (licensing.accounts.mfa).
        return super().has_permission(request) and request.user.second_factor_verified

    def login(self, request, extra_context=None):
        """No password form of its own: the admin signs in through the portal's two-step sign-in, and comes back.
        Someone signed in who may not use the admin is refused (the sign-in page would send them straight back)."""
        if request.user.is_authenticated:
            raise PermissionDenied(_("This account does not work in the Board's administration."))
        next_url = request.GET.get(REDIRECT_FIELD_NAME) or reverse("admin:index", current_app=self.name)
        return redirect(f"{reverse('account_login')}?{urlencode({REDIRECT_FIELD_NAME: next_url})}")

    def audit_record(self, *, event_type, actor, target, payload) -> None:
        events.admin_change_recorded(event_type=event_type, actor=actor, target=target, payload=payload)
