"""Reads of the audit trail, scoped to the user."""

from django.db.models import QuerySet

from licensing.audit.filters import AuditEventFilter
from licensing.models import AuditEvent, User
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import organization_ids_with_roles


def audit_event_list(*, user: User, filters: dict | None = None) -> QuerySet[AuditEvent]:
    """The Board sees the whole trail; an organization's filing officers see their organization's."""
    if not user.is_authenticated:
        queryset = AuditEvent.objects.none()
    elif user.is_board:
        queryset = AuditEvent.objects.all()
    else:
        organizations = organization_ids_with_roles(user=user, roles=FILING_ROLES)
        queryset = AuditEvent.objects.filter(organization_id__in=organizations)
    queryset = queryset.select_related("actor", "organization")
    return AuditEventFilter(filters, queryset).qs if filters is not None else queryset
