"""The filters of the financial report exports, shared by the portal's download page and the API."""

import django_filters
from django.utils.translation import gettext_lazy as _

from core.api.filters import IdFilter, IdFilterSet
from licensing.models import Report, ReportKind, ReportStatus
from licensing.reports.deadlines import EARLIEST, LATEST


class WholeNumberFilter(IdFilter):
    """A year or an id: a whole number written with the digits 0 to 9."""


class ReportExportFilter(IdFilterSet):
    # Bounded: a year outside these has no report and would overflow the date arithmetic.
    year = WholeNumberFilter(field_name="event_date", lookup_expr="year", min_value=EARLIEST.year,
                             max_value=LATEST.year, label=_("Year of the event"))
    kind = django_filters.ChoiceFilter(choices=ReportKind.choices, label=_("Kind"), empty_label=_("Any kind"))
    status = django_filters.ChoiceFilter(choices=ReportStatus.choices, label=_("Status"),
                                         empty_label=_("Any status"))
    organization = WholeNumberFilter(field_name="organization_id", label=_("Organization"))

    class Meta:
        model = Report
        fields = ["year", "kind", "status", "organization"]
