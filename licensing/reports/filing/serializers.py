"""The reports API's bodies and answers (licensing/reports/filing/api.py). The report document itself is
free-form JSON here: licensing.reports.content.cleaning cleans it in the service and names each bad path. Also
the public filing deadlines' question and answer."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.dates import DateSerializerField
from core.numbers import IntegerSerializerField
from licensing.models import ReportKind, ReportStatus
from licensing.models.choices import LICENSE_CLASSES, LicenseType, Period
from licensing.reports.deadlines import query_errors


class ReportOpenSerializer(serializers.Serializer):
    license = IntegerSerializerField(min_value=1, max_value=2**31 - 1, help_text=_(
        "A bingo, raffle or Monte Carlo Night license of your organization."))
    event_date = DateSerializerField(help_text=_("The operation, drawing or event, as YYYY-MM-DD."))
    data = serializers.JSONField(required=False, help_text=_(
        "The report document (its parts as the report's `schema` lists them); omitted: an empty draft."))


class ReportSaveSerializer(serializers.Serializer):
    data = serializers.JSONField(help_text=_(
        "The whole report document: every part, rows as lists; amounts as \"12.50\"; dates YYYY-MM-DD. "
        "`corrections` maps a changed recorded figure's path (games.3.prize) to the reason."))


class NotHeldSerializer(serializers.Serializer):
    license = IntegerSerializerField(min_value=1, max_value=2**31 - 1, help_text=_(
        "A bingo, raffle or Monte Carlo Night license of your organization."))
    event_date = DateSerializerField(help_text=_("The scheduled operation, drawing or night, as YYYY-MM-DD."))
    reason = serializers.CharField(max_length=2000, help_text=_("Why it was not held (kept in the audit trail)."))


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, help_text=_("Why the submitted report is corrected."))


class ReportFindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)


class ChangeSerializer(serializers.Serializer):
    path = serializers.CharField()
    label = serializers.CharField()
    old = serializers.JSONField(allow_null=True)
    new = serializers.JSONField(allow_null=True)


class CorrectionSerializer(serializers.Serializer):
    path = serializers.CharField()
    label = serializers.CharField()
    recorded = serializers.JSONField(allow_null=True)
    reported = serializers.JSONField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)


class TotalsSerializer(serializers.Serializer):
    handle = serializers.DecimalField(max_digits=14, decimal_places=2, help_text=_(
        "30 DCMR 9900: the gross receipts from bingo cards (admissions and cards), not charity game tickets."))
    charity_tickets = serializers.DecimalField(max_digits=14, decimal_places=2, help_text=_(
        "Charity game tickets sold (30 DCMR 1409), a line of their own."))
    charity_ticket_prizes = serializers.DecimalField(max_digits=14, decimal_places=2)
    gross_receipts = serializers.DecimalField(max_digits=14, decimal_places=2)
    prizes = serializers.DecimalField(max_digits=14, decimal_places=2)
    cash_prizes = serializers.DecimalField(max_digits=14, decimal_places=2)
    expenses = serializers.DecimalField(max_digits=14, decimal_places=2)
    net_proceeds = serializers.DecimalField(max_digits=14, decimal_places=2)
    disbursed = serializers.DecimalField(max_digits=14, decimal_places=2)


class ReportSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    license = serializers.CharField(source="license.number")
    organization = serializers.CharField(source="organization.name")
    kind = serializers.ChoiceField(choices=ReportKind.choices)
    event_date = serializers.DateField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ReportStatus.choices)
    report_due = serializers.DateField(allow_null=True)
    deposit_due = serializers.DateField(allow_null=True)
    proceeds_used_by = serializers.DateField(allow_null=True)
    overdue_since = serializers.DateField(allow_null=True)
    submitted_at = serializers.DateTimeField(allow_null=True)
    gross_receipts = serializers.DecimalField(max_digits=14, decimal_places=2)
    net_proceeds = serializers.DecimalField(max_digits=14, decimal_places=2)


class ReportSerializer(ReportSummarySerializer):
    event_ends_at = serializers.DateTimeField(allow_null=True, help_text=_(
        "When the event ends (its licensed hours, or as its live module recorded it): the report is not submitted "
        "before then (30 DCMR 1413.1)."))
    not_held_reason = serializers.CharField(allow_blank=True, help_text=_(
        "Status not_held: why the scheduled event was not held (30 DCMR 1413.1: no report is due for it)."))
    not_held_at = serializers.DateTimeField(allow_null=True)
    previous = serializers.IntegerField(source="previous_id", allow_null=True)
    correction_reason = serializers.CharField(allow_blank=True)
    source = serializers.CharField(allow_blank=True, help_text=_("What recorded the figures, if a live module did."))
    data = serializers.JSONField()
    recorded = serializers.JSONField()
    totals = TotalsSerializer()
    findings = ReportFindingSerializer(many=True, help_text=_(
        "The compliance findings: as of now for a draft, as of submission for a submitted report."))
    problems = ReportFindingSerializer(many=True, help_text=_("What stops a draft from being submitted."))
    corrections = CorrectionSerializer(many=True, help_text=_("Recorded figures the report changes."))
    changes = ChangeSerializer(many=True, help_text=_("What this version changed from the one it corrects."))


# --- The filing deadlines of one event (licensing/reports/deadlines.py), public ---

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
