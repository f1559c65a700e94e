"""The vendor cross-check API's question and answer (licensing/board/cross_check/api.py)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.numbers import IntegerSerializerField
from licensing.reports.deadlines import EARLIEST, LATEST


def _money(help_text, **kwargs):
    return serializers.DecimalField(max_digits=14, decimal_places=2, read_only=True, help_text=help_text, **kwargs)


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
