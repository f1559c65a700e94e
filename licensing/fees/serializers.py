"""The fee quote API's query and answer (licensing/fees/api.py)."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.money import MoneySerializerField
from licensing.models.choices import LICENSE_CLASS_CHOICES, ApplicationKind, LicenseType, Period


class FeeQuoteQuerySerializer(serializers.Serializer):
    license_type = serializers.ChoiceField(choices=LicenseType.choices)
    license_class = serializers.ChoiceField(
        choices=LICENSE_CLASS_CHOICES, required=False, default="",
        help_text=_("A-D for bingo (Class D: senior groups only), A-C for multi-hall, 1-5 for raffles, "
                    "1-2 for Monte Carlo Night; none for a vendor."),
    )
    period = serializers.ChoiceField(
        choices=Period.choices, default=Period.REGULAR, help_text=_("Limited period: bingo and multi-hall only.")
    )
    senior = serializers.BooleanField(default=False, help_text=_("Applying as a senior group (30 DCMR 1201)."))
    kind = serializers.ChoiceField(choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    # 11 digits so the bond (plus 15%) still fits a 12-digit money field.
    highest_prize = MoneySerializerField(
        max_digits=11, decimal_places=2, min_value=Decimal("0.01"), required=False,
        help_text=_("Multi-hall only, required: the highest prize offered; the bond is this plus 15% (1414.9)."),
    )
    base_expires_on = serializers.DateField(
        required=False,
        help_text=_("Multi-hall only: the base bingo license's expiry; the regular fee is prorated to it (1414)."),
    )
    gross_sales = MoneySerializerField(
        max_digits=12, decimal_places=2, required=False,
        help_text=_("Vendor renewal only, required: the prior year's gross sales to licensed organizations; the "
                    "renewal fee follows them (30 DCMR 1208.4)."),
    )
    on = serializers.DateField(
        required=False, help_text=_("Quote the schedules in effect on this date (default today).")
    )


class FeeQuoteSerializer(serializers.Serializer):
    application_fee = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True,
        help_text=_("Null while the Board has not set this fee (raffles); such an application cannot be "
                    "submitted."),
    )
    bond = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True,
        help_text=_("Null when no bond is required or the Board has not set the amount; `notes` says which."),
    )
    citations = serializers.ListField(child=serializers.CharField())
    notes = serializers.ListField(child=serializers.CharField())
    can_submit = serializers.BooleanField()
