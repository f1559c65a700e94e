import django_filters

from licensing.models import AuditEvent, Organization


class OrganizationFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Organization
        fields = ["name", "organization_type", "is_senior_group"]


class AuditEventFilter(django_filters.FilterSet):
    since = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="gte")
    until = django_filters.IsoDateTimeFilter(field_name="created_at", lookup_expr="lt")
    event_type = django_filters.CharFilter(field_name="event_type", lookup_expr="startswith")

    class Meta:
        model = AuditEvent
        fields = ["event_type", "organization", "object_type", "object_id", "since", "until"]
