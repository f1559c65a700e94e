"""The deadlines API's query and answer (licensing/reports/api.py)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.dates import DateSerializerField
from licensing.models.choices import LICENSE_CLASSES, LicenseType, Period
from licensing.reports.deadlines import query_errors

EVENT_TYPES = [(value, label) for value, label in LicenseType.choices if value != LicenseType.VENDOR]


class DeadlinesQuerySerializer(serializers.Serializer):
    license_type = serializers.ChoiceField(choices=EVENT_TYPES, help_text=_(
        "bingo, multihall, raffle or montecarlo (a vendor holds no events)."))
    license_class = serializers.CharField(required=False, default="", allow_blank=True, max_length=1, help_text=_(
        "Bingo and multi-hall: required (Class D deposits nothing, 30 DCMR 1411.1); others: optional."))
    period = serializers.ChoiceField(choices=Period.choices, default=Period.REGULAR, help_text=_(
        "A limited-period bingo license's report is due in 30 days, a regular one's in 10 (30 DCMR 1413.1)."))
    event_date = DateSerializerField(help_text=_(
        "The bingo operation, the raffle drawing or the Monte Carlo Night, as YYYY-MM-DD."))

    def validate(self, data):
        errors = query_errors(license_type=data["license_type"], license_class=data.get("license_class", ""),
                              period=data["period"], event_date=data["event_date"],
                              classes=LICENSE_CLASSES[LicenseType(data["license_type"])])
        if errors:
            raise serializers.ValidationError(errors)
        return data


class DeadlinesSerializer(serializers.Serializer):
    report_due = serializers.DateField(allow_null=True, help_text=_(
        "30 DCMR 1413.1; null where no rule sets a report date (raffles, Monte Carlo Nights)."))
    deposit_due = serializers.DateField(allow_null=True, help_text=_(
        "30 DCMR 1411.1: the next business day, skipping weekends and DC legal holidays; null for Class D and "
        "where no rule sets one."))
    proceeds_used_by = serializers.DateField(help_text=_("30 DCMR 1411.3, 1506.4 or 1608.4."))
    citations = serializers.ListField(child=serializers.CharField())
