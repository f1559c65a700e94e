"""The fee API's bodies and answers (licensing/fees/api.py): the quote, an application's payments, a waiver."""

from decimal import Decimal

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.dates import DateSerializerField
from core.money import MoneySerializerField
from licensing.fees.payments import REASON_MAX, REFERENCE_MAX
from licensing.models import FeePayment, FeeWaiver, PaymentMethod
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
        help_text=_("Multi-hall only, required: the highest prize offered; the bond is that plus the margin in "
                    "force (multihall.bond_margin, 30 DCMR 1414.9)."),
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
    staffing_income = MoneySerializerField(
        max_digits=12, decimal_places=2, required=False,
        help_text=_("Vendor renewal only, if any: the prior year's income from staffing provided to licensed "
                    "organizations; it counts with the gross sales for the renewal fee (30 DCMR 1208.4)."),
    )
    on = serializers.DateField(
        required=False, help_text=_("Quote the fees and bonds in force on this date (default today).")
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


# --- An application's fee payments (licensing/fees/api.py) ---


class FeePaymentRequestSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=PaymentMethod.choices)
    reference = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=REFERENCE_MAX,
        help_text=_("The check or money order number: required for those two methods."),
    )
    amount = MoneySerializerField(help_text=_("Dollars and cents as a string, e.g. \"125.50\"; at most the balance."))
    received_on = DateSerializerField(help_text=_("The day the payment was received; not in the future."))


class ReasonRequestSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=REASON_MAX, help_text=_("Kept in the audit trail."))


class FeePaymentVoidSerializer(serializers.Serializer):
    reason = serializers.CharField()
    voided_by = serializers.StringRelatedField()
    voided_at = serializers.DateTimeField()


class FeePaymentSerializer(serializers.ModelSerializer):
    recorded_by = serializers.StringRelatedField()
    void = serializers.SerializerMethodField()
    receipt_url = serializers.SerializerMethodField()

    class Meta:
        model = FeePayment
        fields = ["id", "application", "receipt_number", "method", "reference", "amount", "received_on",
                  "balance_after", "recorded_by", "recorded_at", "void", "receipt_url"]

    @extend_schema_field(FeePaymentVoidSerializer(allow_null=True))
    def get_void(self, payment):
        void = getattr(payment, "void", None)
        return FeePaymentVoidSerializer(void).data if void else None

    def get_receipt_url(self, payment) -> str:
        return reverse("fee-receipt", kwargs={"pk": payment.pk})


class FeeWaiverSerializer(serializers.ModelSerializer):
    waived_by = serializers.StringRelatedField()

    class Meta:
        model = FeeWaiver
        fields = ["id", "application", "amount", "reason", "waived_by", "waived_at"]


class FeeStatusSerializer(serializers.Serializer):
    due = serializers.DecimalField(max_digits=12, decimal_places=2)
    paid = serializers.DecimalField(max_digits=12, decimal_places=2)
    waived = serializers.DecimalField(max_digits=12, decimal_places=2)
    balance = serializers.DecimalField(max_digits=12, decimal_places=2)
    settled = serializers.BooleanField()
    payments = FeePaymentSerializer(many=True)
