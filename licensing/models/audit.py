"""The audit trail: one row per state change, written once and never changed.

Immutability is enforced three times: the model refuses to save an existing row or
delete one, the queryset refuses bulk update/delete, and (on PostgreSQL and SQLite)
a database trigger refuses UPDATE (and DELETE on PostgreSQL) from any client."""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from licensing.models.append_only import AppendOnlyError, AppendOnlyModel


class AuditImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove an audit event."""


class AuditEvent(AppendOnlyModel):
    append_only_error = AuditImmutableError
    append_only_rows = "Audit events"

    event_type = models.CharField(_("event type"), max_length=80, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    organization = models.ForeignKey(
        "licensing.Organization", null=True, blank=True, on_delete=models.PROTECT, related_name="audit_events"
    )
    object_type = models.CharField(_("object type"), max_length=80, blank=True)
    object_id = models.CharField(_("object id"), max_length=64, blank=True)
    payload = models.JSONField(_("payload"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(_("time"), default=timezone.now, db_index=True)
    request_id = models.CharField(_("request id"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["organization", "-created_at"]),
            models.Index(fields=["object_type", "object_id"]),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.event_type}"
