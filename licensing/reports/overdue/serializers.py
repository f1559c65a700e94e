"""The overdue API's answers and the waiver's question (licensing/reports/overdue/api.py)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from licensing.models import Report
from licensing.reports.overdue.rules import days_overdue
from licensing.reports.overdue.services import REASON_MAX


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
