"""Audit trail API (/api/v1/audit-events/): thin, over the scoped selector."""

from rest_framework import viewsets

from licensing.audit.filters import AuditEventFilter
from licensing.audit.selectors import audit_event_list
from licensing.audit.serializers import AuditEventSerializer


class AuditEventViewSet(viewsets.ReadOnlyModelViewSet):
    """The audit trail, read-only by design: events are never changed or deleted."""

    serializer_class = AuditEventSerializer
    filterset_class = AuditEventFilter

    def get_queryset(self):
        return audit_event_list(user=self.request.user)
