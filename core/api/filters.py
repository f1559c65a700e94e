"""The API's filter base: a filter on a related record takes its id, and only checks that it is one.

django-filter's default for a foreign key is a choice among every row of the related table, so
`?organization=<another organization's id>` matched nothing (200, empty) while an unknown id was
refused (400): the answer told which ids exist. Here both simply match nothing, and a value that is
not a whole number is a 400 naming the filter.

A time filter takes an ISO 8601 date and time within bounds (BoundedIsoDateTimeFilter): anything else is a
typo or a probe, answered 400 before it reaches the database."""

import datetime as dt

import django_filters
from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _
from django_filters.fields import IsoDateTimeField
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field

from core.numbers import IntegerField

# A row's id is a 64-bit integer on every database Django runs here. PostgreSQL matches nothing beyond it; SQLite's
# driver cannot even bind such a number (OverflowError, a 500): both now match nothing.
ID_RANGE = range(-(2**63), 2**63)


@extend_schema_field(OpenApiTypes.INT)
class IdFilter(django_filters.NumberFilter):
    """A related record's id, written with the digits 0 to 9 (core.numbers); one no row can have matches none."""

    field_class = IntegerField

    def filter(self, qs, value):
        if value is not None and value not in ID_RANGE:
            return qs.none()
        return super().filter(qs, value)


class IdFilterSet(django_filters.rest_framework.FilterSet):
    FILTER_DEFAULTS = {
        **django_filters.rest_framework.FilterSet.FILTER_DEFAULTS,
        models.ForeignKey: {"filter_class": IdFilter},
        models.OneToOneField: {"filter_class": IdFilter},
    }


class IdFilterBackend(DjangoFilterBackend):
    filterset_base = IdFilterSet


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
