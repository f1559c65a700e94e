import datetime as dt

import django_filters
from django.db.models import Q

from core.api.filters import BoundedIsoDateTimeFilter, IdFilterSet
from licensing.audit.types import event_type_spellings
from licensing.models import AuditEvent

# The audit trail's time filters take a time in this range; anything else is a typo or a probe.
AUDIT_EARLIEST = dt.date(2000, 1, 1)
AUDIT_LATEST = dt.date(2100, 1, 1)


class AuditEventFilter(IdFilterSet):
    since = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="gte", name="since",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    until = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="lt", name="until",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    event_type = django_filters.CharFilter(
        method="filter_event_type",
        help_text="A type's beginning (`licensing.` or `bingo.game_`); a whole type finds its old spelling too.")

    class Meta:
        model = AuditEvent
        fields = ["event_type", "organization", "object_type", "object_id", "since", "until"]

    def filter_event_type(self, queryset, name, value):
        return queryset.filter(Q(event_type__startswith=value) | Q(event_type__in=event_type_spellings(value)))
