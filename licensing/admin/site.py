"""The Board's admin site (the default site, chosen by config.admin_app): every change audited
(core.admin), and the models that decide who may do what kept for superusers."""

from django.utils.translation import gettext_lazy as _

from core.admin import AuditedAdminSite
from licensing.accounts.roles import ACCOUNT_MODELS
from licensing.audit.events import audit_event_record

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

    def audit_record(self, *, event_type, actor, target, payload) -> None:
        audit_event_record(event_type=event_type, actor=actor, target=target, payload=payload)
