"""The enforcement API's input and answer (licensing/enforcement/api.py): the shape of the input only; the limits
are the service's."""

from rest_framework import serializers

from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField
from licensing.models import EnforcementAction


class _ActionInputSerializer(serializers.Serializer):
    # Empty or missing reasons reach the service, which answers with the rule (30 DCMR 1210.1).
    reasons = serializers.ListField(child=serializers.CharField(max_length=1), required=False, default=list,
                                    help_text="Codes of 30 DCMR 1210.1: a to f.")
    rules = serializers.ListField(child=serializers.CharField(max_length=40), required=False, default=list,
                                  help_text='Rules broken, e.g. ["30 DCMR 1408.1"]; required with reason d.')
    explanation = serializers.CharField()


class SuspendSerializer(_ActionInputSerializer):
    days = IntegerSerializerField(help_text="1 to 60 (30 DCMR 1210.1).")
    starts_on = serializers.DateField(required=False, allow_null=True, help_text="Today when left out.")


class RevokeSerializer(_ActionInputSerializer):
    pass


class FineSerializer(_ActionInputSerializer):
    violations = IntegerSerializerField(min_value=1, max_value=32767)
    amount_per_violation = MoneySerializerField(max_digits=12, decimal_places=2, required=False,
                                                help_text="At most 1000.00 (30 DCMR 1704.1).")
    fine_amount = MoneySerializerField(max_digits=12, decimal_places=2, required=False,
                                       help_text="The total instead of the amount per violation.")


class EnforcementActionSerializer(serializers.ModelSerializer):
    license_number = serializers.CharField(source="license.number", read_only=True)
    license_status = serializers.CharField(source="license.status", read_only=True)
    suspended_until = serializers.DateField(source="license.suspended_until", read_only=True, allow_null=True)

    class Meta:
        model = EnforcementAction
        fields = ["id", "license", "license_number", "license_status", "suspended_until", "kind", "reasons", "rules",
                  "explanation", "starts_on", "ends_on", "violations", "fine_amount", "issued_by", "issued_at"]
