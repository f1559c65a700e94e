import datetime as dt

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _
from django_filters.fields import IsoDateTimeField

from config.api_filters import IdFilterSet
from licensing.models import AuditEvent, Organization

# The audit trail's time filters take a time in this range; anything else is a typo or a probe.
AUDIT_EARLIEST = dt.date(2000, 1, 1)
AUDIT_LATEST = dt.date(2100, 1, 1)


class BoundedIsoDateTimeField(IsoDateTimeField):
    """An ISO 8601 date and time from `earliest` up to `latest` (as written, whatever its offset),
    handed on in UTC: PostgreSQL refuses UTC offsets past ±15:59, and a year past 9999 overflows."""

    def __init__(self, *, earliest: dt.date, latest: dt.date, name: str, **kwargs):
        self.earliest, self.latest, self.name = earliest, latest, name
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        if value is None:
            return None
        if not self.earliest <= value.date() < self.latest:
            raise forms.ValidationError(
                _("“%(name)s” must be a date and time from %(earliest)s up to %(latest)s in ISO 8601, "
                  "e.g. 2026-03-01T09:00:00-05:00."),
                code="out_of_range",
                params={"name": self.name, "earliest": self.earliest.isoformat(), "latest": self.latest.isoformat()},
            )
        return value.astimezone(dt.UTC)


class BoundedIsoDateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = BoundedIsoDateTimeField


class OrganizationFilter(IdFilterSet):
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Organization
        fields = ["name", "organization_type", "is_senior_group"]


class AuditEventFilter(IdFilterSet):
    since = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="gte", name="since",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    until = BoundedIsoDateTimeFilter(field_name="created_at", lookup_expr="lt", name="until",
                                     earliest=AUDIT_EARLIEST, latest=AUDIT_LATEST)
    event_type = django_filters.CharFilter(field_name="event_type", lookup_expr="startswith")

    class Meta:
        model = AuditEvent
        fields = ["event_type", "organization", "object_type", "object_id", "since", "until"]
