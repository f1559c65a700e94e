"""The reports API's queries and answers (licensing/reports/api.py): the deadlines, the Board's overdue list
and its waiver, the vendor cross-check."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.dates import DateSerializerField
from core.numbers import IntegerSerializerField
from licensing.models import Report
from licensing.models.choices import LICENSE_CLASSES, LicenseType, Period
from licensing.reports.deadlines import EARLIEST, LATEST, query_errors
from licensing.reports.overdue import REASON_MAX, days_overdue

EVENT_TYPES = [(value, label) for value, label in LicenseType.choices if value != LicenseType.VENDOR]


class DeadlinesQuerySerializer(serializers.Serializer):
    license_type = serializers.ChoiceField(choices=EVENT_TYPES, help_text=_(
        "bingo, multihall, raffle or montecarlo (a vendor holds no events)."))
    license_class = serializers.CharField(required=False, default="", allow_blank=True, max_length=1, help_text=_(
        "Bingo and multi-hall: required (Class D deposits nothing, 30 DCMR 1411.1); others: optional."))
    period = serializers.ChoiceField(choices=Period.choices, default=Period.REGULAR, help_text=_(
        "A bingo report is due the days in force after the operation: reports.due_days.limited for a "
        "limited-period license, reports.due_days.regular for a regular one (30 DCMR 1413.1)."))
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


# --- The deadline calendar: the Board's overdue list and its waiver (licensing/reports/overdue.py) ---


def _money(help_text, **kwargs):
    return serializers.DecimalField(max_digits=14, decimal_places=2, read_only=True, help_text=help_text, **kwargs)


class OverdueReportSerializer(serializers.ModelSerializer):
    organization_name = serializers.CharField(source="organization.name", read_only=True)
    license_number = serializers.CharField(source="license.number", read_only=True)
    days_overdue = serializers.SerializerMethodField(help_text=_("Days since the report was due."))
    waived = serializers.SerializerMethodField(help_text=_(
        "Whether Board staff let the organization apply while the report is overdue."))
    waived_by_name = serializers.SerializerMethodField()

    class Meta:
        model = Report
        fields = ["id", "organization", "organization_name", "license", "license_number", "kind", "event_date",
                  "version", "report_due", "overdue_since", "days_overdue", "waived", "waived_at",
                  "waived_by_name", "waiver_reason"]
        read_only_fields = fields

    def get_days_overdue(self, report) -> int:
        return days_overdue(report)

    def get_waived(self, report) -> bool:
        return report.waived_at is not None

    def get_waived_by_name(self, report) -> str | None:
        return report.waived_by.full_name if report.waived_by_id else None


class ReportWaiveSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=REASON_MAX, help_text=_(
        "Why the organization may apply while this report is overdue; kept in its audit trail."))


# --- The vendor cross-check (licensing/reports/cross_check.py) ---


class VendorCrossCheckQuerySerializer(serializers.Serializer):
    year = IntegerSerializerField(required=False, min_value=EARLIEST.year, max_value=LATEST.year, help_text=_(
        "Only this year (of the sales declared and of the purchases reported)."))
    flagged = serializers.BooleanField(required=False, default=False, help_text=_(
        "Only the years flagged for staff."))


class VendorYearSerializer(serializers.Serializer):
    vendor = serializers.IntegerField(source="vendor.pk")
    vendor_name = serializers.CharField(source="vendor.name")
    licenses = serializers.ListField(child=serializers.CharField(), help_text=_("The vendor's license numbers."))
    year = serializers.IntegerField()
    declared = _money(_("Gross sales the vendor declared for the year (30 DCMR 1207.2(e)); null if none."),
                      allow_null=True)
    declared_application = serializers.IntegerField(allow_null=True, help_text=_(
        "The application that declared them."))
    reported = _money(_("Supplies licensed organizations reported buying from the vendor that year."))
    difference = _money(_("Reported less declared; null if nothing was declared."), allow_null=True)
    flagged = serializers.BooleanField(help_text=_(
        "More than the share of the declared amount in force apart (vendor.declared_sales_gap_share) and more than "
        "the amount in force apart (vendor.declared_sales_gap_amount), 30 DCMR 1207.2(e)."))
    rule = serializers.CharField()
