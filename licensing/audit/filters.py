import datetime as dt

import django_filters

from config.api_filters import BoundedIsoDateTimeFilter, IdFilterSet
from licensing.models import AuditEvent

# The audit trail's time filters take a time in this range; anything else is a typo or a probe.
AUDIT_EARLIEST = dt.date(2000, 1, 1)
AUDIT_LATEST = dt.date(2100, 1, 1)


class AuditEventFilter(IdFilterSet):
    since = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="gte", name="since",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    until = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="lt", name="until",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    event_type = django_filters.CharFilter(field_name="event_type", lookup_expr="startswith")

    class Meta:
        model = AuditEvent
        fields = ["event_type", "organization", "object_type", "object_id", "since", "until"]
