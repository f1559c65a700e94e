"""The Board's review queue filters, shared by the portal queue and the review API."""

import datetime as dt

import django_filters
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from licensing.models import Application
from licensing.models.choices import OPEN_STATUSES, ApplicationStatus, LicenseType

OPEN = "open"
AWAITING_FEE = "awaiting_fee"
STATUS_CHOICES = [(OPEN, _("Open (submitted or deficient)")),
                  # Approved, but the license issues only once the fee is paid or waived (licensing.fees.payments):
                  # staff look for these to record the payment that arrives.
                  (AWAITING_FEE, _("Approved, awaiting the fee (no license yet)"))] + [
    (value, label) for value, label in ApplicationStatus.choices if value != ApplicationStatus.DRAFT
]
FINDINGS_CHOICES = [
    ("blocking", _("Has blocking findings")),
    ("any", _("Has any findings")),
    ("none", _("No findings")),
]
MAX_DAYS = 36500
CLASS_CHOICES = [(c, c) for c in ("A", "B", "C", "D", "1", "2", "3", "4", "5")]


def _blocking_q() -> Q:
    # JSON containment is exact on PostgreSQL; SQLite has no containment, so match the stored JSON text,
    # which Django writes with json.dumps' ": " separator just as PostgreSQL prints jsonb.
    if connection.features.supports_json_field_contains:
        return Q(findings__contains=[{"blocking": True}])
    return Q(findings__icontains='"blocking": true')


class ApplicationReviewFilter(django_filters.FilterSet):
    license_type = django_filters.ChoiceFilter(
        choices=LicenseType.choices, label=_("License type"), empty_label=_("Any type")
    )
    license_class = django_filters.ChoiceFilter(choices=CLASS_CHOICES, label=_("Class"), empty_label=_("Any class"))
    status = django_filters.ChoiceFilter(
        choices=STATUS_CHOICES, method="filter_status", label=_("Status"), empty_label=_("Any status")
    )
    # At most a century: a larger count of days overflows the date arithmetic and means nothing.
    older_than = django_filters.NumberFilter(
        method="filter_older_than", min_value=0, max_value=MAX_DAYS, label=_("Waiting at least (days)")
    )
    newer_than = django_filters.NumberFilter(
        method="filter_newer_than", min_value=0, max_value=MAX_DAYS, label=_("Waiting at most (days)")
    )
    findings = django_filters.ChoiceFilter(
        choices=FINDINGS_CHOICES, method="filter_findings", label=_("Findings"), empty_label=_("With or without")
    )
    organization = django_filters.CharFilter(
        field_name="organization__name", lookup_expr="icontains", label=_("Organization")
    )

    class Meta:
        model = Application
        fields = ["license_type", "license_class", "status", "older_than", "newer_than", "findings", "organization"]

    def filter_status(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        if value == OPEN:
            return queryset.filter(status__in=OPEN_STATUSES)
        if value == AWAITING_FEE:
            return queryset.filter(status=ApplicationStatus.APPROVED, licensed=False)  # review_application_list's
        return queryset.filter(status=value)

    def filter_older_than(self, queryset: QuerySet, name: str, value) -> QuerySet:
        return queryset.filter(submitted_at__lte=timezone.now() - dt.timedelta(days=int(value)))

    def filter_newer_than(self, queryset: QuerySet, name: str, value) -> QuerySet:
        return queryset.filter(submitted_at__gte=timezone.now() - dt.timedelta(days=int(value)))

    def filter_findings(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        if value == "blocking":
            return queryset.filter(_blocking_q())
        if value == "any":
            return queryset.exclude(findings=[])
        return queryset.filter(findings=[])
