"""The API's filter base: a filter on a related record takes its id, and only checks that it is one.

django-filter's default for a foreign key is a choice among every row of the related table, so
`?organization=<another organization's id>` matched nothing (200, empty) while an unknown id was
refused (400): the answer told which ids exist. Here both simply match nothing, and a value that is
not a whole number is a 400 naming the filter."""

import django_filters
from django import forms
from django.db import models
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field


@extend_schema_field(OpenApiTypes.INT)
class IdFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class IdFilterSet(django_filters.rest_framework.FilterSet):
    FILTER_DEFAULTS = {
        **django_filters.rest_framework.FilterSet.FILTER_DEFAULTS,
        models.ForeignKey: {"filter_class": IdFilter},
        models.OneToOneField: {"filter_class": IdFilter},
    }


class IdFilterBackend(DjangoFilterBackend):
    filterset_base = IdFilterSet
