"""The dashboard API's query and answer (licensing/board/api.py). Amounts are strings with cents ("1250.00"),
shares percentages with one decimal ("72.5"), null where there is no handle to share."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.numbers import IntegerSerializerField
from licensing.board.forms import FIRST_YEAR, last_year
from licensing.models import ReportKind


class DashboardQuerySerializer(serializers.Serializer):
    year = IntegerSerializerField(required=False, allow_null=True, default=None, help_text=_(
        "Only this calendar year's events (the years' series still shows every year); empty for every year."))
    kind = serializers.ChoiceField(choices=ReportKind.choices, required=False, allow_null=True, default=None,
                                   help_text=_("Only reports of this kind: bingo, raffle or montecarlo."))

    def validate_year(self, year):
        if year is not None and not FIRST_YEAR <= year <= last_year():
            raise serializers.ValidationError(_("Enter a year from %(first)s to %(last)s.") % {
                "first": FIRST_YEAR, "last": last_year()}, code="year_range")
        return year


def _money(help_text):
    return serializers.DecimalField(max_digits=18, decimal_places=2, help_text=help_text)


def _share(help_text):
    return serializers.DecimalField(max_digits=20, decimal_places=1, allow_null=True, help_text=help_text)


class SharesSerializer(serializers.Serializer):
    prizes = _share(_("Prizes of the bingo games as a percentage of the handle (30 DCMR 1400.9(e))."))
    lawful_purpose = _share(_("Net proceeds (to the lawful purpose) as a percentage of the handle."))
    expenses = _share(_("Expenses as a percentage of the handle."))


class FiguresSerializer(serializers.Serializer):
    reports = serializers.IntegerField(help_text=_("Reports in force (drafts and superseded versions left out)."))
    handle = _money(_("30 DCMR 9900: the gross receipts from bingo cards (admissions with their regular card, extra "
                      "regular, special and multi-hall cards), not charity game tickets; a raffle's tickets and a "
                      "Monte Carlo Night's admissions."))
    charity_tickets = _money(_("Charity game tickets sold (30 DCMR 1409): a receipt of their own, not handle."))
    charity_ticket_prizes = _money(_("Prizes the charity game tickets paid (part of prizes)."))
    gross_receipts = _money(_("Every receipt of the events (30 DCMR 1411.1)."))
    prizes = _money(_("Cash prizes, charity ticket prizes and the value of other prizes."))
    expenses = _money(_("Expenses and worker reimbursements (30 DCMR 1412)."))
    net_proceeds = _money(_("Gross receipts less prizes and expenses: what the lawful purpose is owed."))
    disbursed = _money(_("What the reports show paid to the lawful purpose (30 DCMR 1411.3)."))
    shares = SharesSerializer()


class YearSerializer(serializers.Serializer):
    year = serializers.IntegerField(source="start.year")
    figures = FiguresSerializer()


class MonthSerializer(serializers.Serializer):
    month = serializers.SerializerMethodField(help_text=_("YYYY-MM"))
    figures = FiguresSerializer()

    @extend_schema_field(OpenApiTypes.STR)
    def get_month(self, period) -> str:
        return period.start.strftime("%Y-%m")


class RuleCountSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text=_("The citation, e.g. 30 DCMR 1408.1."))
    findings = serializers.IntegerField()
    reports = serializers.IntegerField(help_text=_("Reports with at least one such finding."))


class OrganizationFiguresSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="organization_id")
    name = serializers.CharField()
    figures = FiguresSerializer()


class DashboardSerializer(serializers.Serializer):
    year = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    total = FiguresSerializer(help_text=_("The year asked for, or every year."))
    years = YearSerializer(many=True)
    months = MonthSerializer(many=True, help_text=_("The months of the year asked for, or of every year."))
    findings = RuleCountSerializer(many=True, help_text=_("Findings of the reports in force, by rule."))
    organizations = OrganizationFiguresSerializer(many=True, help_text=_(
        "The ten organizations with the most gross receipts."))
