from rest_framework import serializers

from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING
from licensing.models import Application, BingoOccasion, License, Organization, Premises
from licensing.models.choices import ApplicationKind, LicenseType, Period
from licensing.serializers import VisibleLicenseField, VisibleOrganizationField


class PremisesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Premises
        fields = ["id", "name", "street_address", "city", "state", "postal_code", "certificate_of_occupancy"]


class OccasionSerializer(serializers.ModelSerializer):
    premises = serializers.PrimaryKeyRelatedField(queryset=Premises.objects.all(), required=False)

    class Meta:
        model = BingoOccasion
        fields = ["date", "starts_at", "ends_at", "premises"]


class FindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    blocking = serializers.BooleanField()


class ApplicationCreateSerializer(serializers.Serializer):
    organization = VisibleOrganizationField(queryset=Organization.objects.none())
    license_type = serializers.ChoiceField(choices=LicenseType.choices)
    license_class = serializers.CharField(max_length=1)
    kind = serializers.ChoiceField(choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    period = serializers.ChoiceField(choices=Period.choices, default=Period.REGULAR)
    base_license = VisibleLicenseField(queryset=License.objects.none(), required=False, allow_null=True)
    as_senior_group = serializers.BooleanField(required=False, allow_null=True, default=None)


class ApplicationSerializer(serializers.ModelSerializer):
    # Rent, ticket price, prizes and ticket counts: ASCII digits, cents, never negative (core.money).
    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    occasions = OccasionSerializer(many=True, read_only=True)
    premises_detail = PremisesSerializer(source="premises", read_only=True, allow_null=True)
    findings = FindingSerializer(many=True, read_only=True)
    base_license = VisibleLicenseField(queryset=License.objects.none(), required=False, allow_null=True)

    class Meta:
        model = Application
        fields = [
            "id", "organization", "license_type", "license_class", "period", "kind", "status", "base_license",
            "as_senior_group", "lawful_purpose", "premises", "premises_detail", "premises_leased", "rent_amount",
            "rent_is_share_of_receipts", "lease_other_charges", "lease_purpose", "lease_starts_on", "lease_ends_on",
            "lease_signed_on", "lessor_name", "lessor_address", "lessor_identification", "ticket_price",
            "tickets_printed", "first_ticket_number", "last_ticket_number", "aggregate_prize_value", "drawing_at",
            "drawing_place", "event_starts_at", "event_ends_at", "highest_prize", "change_date",
            "change_description", "application_fee", "bond_amount", "fee_rules", "findings", "occasions", "step",
            "created_at", "submitted_at", "decided_at",
        ]
        read_only_fields = ["organization", "license_type", "kind", "status", "application_fee", "bond_amount",
                            "fee_rules", "findings", "created_at", "submitted_at", "decided_at"]


class PremisesInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    street_address = serializers.CharField(max_length=200)
    postal_code = serializers.CharField(max_length=10)
    city = serializers.CharField(max_length=100, default="Washington")
    state = serializers.CharField(max_length=2, default="DC")
    certificate_of_occupancy = serializers.CharField(max_length=60, required=False, default="")


class QuoteSerializer(serializers.Serializer):
    application_fee = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)
    bond = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)
    citations = serializers.ListField(child=serializers.CharField())
    notes = serializers.ListField(child=serializers.CharField())


class CheckSerializer(serializers.Serializer):
    findings = FindingSerializer(many=True)
    can_submit = serializers.BooleanField()
    quote = QuoteSerializer(allow_null=True)
