from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from core.findings import Finding, RuleViolation
from core.money import MoneySerializerField
from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING, AsciiPrimaryKeyField
from licensing.licenses.serializers import VisibleLicenseField
from licensing.models import Application, BingoOccasion, License, Organization, Premises
from licensing.models.choices import ORGANIZATION_LICENSE_TYPES, ApplicationKind, LicenseType, Period
from licensing.organizations.serializers import VisibleOrganizationField
from licensing.premises.services import RESOLUTIONS
from licensing.register.values import value

SENIOR_RULE = "30 DCMR 1201.1"
VENDOR_GROSS_SALES_RULE = "30 DCMR 1207.2(e)"


def refuse_senior_box(initial_data) -> None:
    """Senior-group status is read from the organization's checked profile (30 DCMR 1201.1, 1202.2(i)):
    an application that says so itself is refused, naming the field, rather than quietly ignored."""
    if hasattr(initial_data, "keys") and "as_senior_group" in initial_data:
        raise RuleViolation(Finding(SENIOR_RULE, _(
            "Whether the organization is a senior group comes from its profile (every member %(age)s or older, "
            "%(age_disabled)s with a disability, at least %(members)s members), not from the application: leave "
            "as_senior_group out.") % {"age": value("senior.age"), "age_disabled": value("senior.age_disabled"),
                                       "members": value("senior.minimum_members")},
            field="as_senior_group"))


def refuse_gross_sales(application: Application, initial_data) -> None:
    """Prior-year gross sales and staffing income are a vendor's (30 DCMR 1207.2(e), 1208.4): an organization's
    application that gives them is refused, naming the field, rather than stored."""
    if application.license_type == LicenseType.VENDOR or not hasattr(initial_data, "keys"):
        return
    if initial_data.get("gross_sales") is not None:
        raise RuleViolation(Finding(VENDOR_GROSS_SALES_RULE, _(
            "Only a vendor's application gives prior-year gross sales (30 DCMR 1207.2(e)); leave gross_sales out."),
            field="gross_sales"))
    if initial_data.get("staffing_income") is not None:
        raise RuleViolation(Finding("30 DCMR 1208.4", _(
            "Only a vendor's application gives prior-year staffing income (30 DCMR 1208.4); leave it out."),
            field="staffing_income"))


def _amount(help_text) -> MoneySerializerField:
    # Negative amounts reach the service, which refuses them citing the section the amount answers to.
    return MoneySerializerField(allow_negative=True, required=False, allow_null=True, help_text=help_text)


class PremisesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Premises
        fields = ["id", "name", "street_address", "city", "state", "postal_code", "certificate_of_occupancy"]


class OccasionSerializer(serializers.ModelSerializer):
    premises = AsciiPrimaryKeyField(queryset=Premises.objects.all(), required=False)

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
    license_type = serializers.ChoiceField(choices=ORGANIZATION_LICENSE_TYPES)
    license_class = serializers.CharField(max_length=1)
    kind = serializers.ChoiceField(choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    period = serializers.ChoiceField(choices=Period.choices, default=Period.REGULAR)
    base_license = VisibleLicenseField(queryset=License.objects.none(), required=False, allow_null=True)


class ApplicationSerializer(serializers.ModelSerializer):
    # Rent, ticket price, prizes and ticket counts: ASCII digits, cents, never negative (core.money).
    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    serializer_related_field = AsciiPrimaryKeyField  # the premises: an id written with the digits 0 to 9
    occasions = OccasionSerializer(many=True, read_only=True)
    premises_detail = PremisesSerializer(source="premises", read_only=True, allow_null=True)
    findings = FindingSerializer(many=True, read_only=True)
    base_license = VisibleLicenseField(queryset=License.objects.none(), required=False, allow_null=True)
    rent_amount = _amount(gettext_lazy("Fixed rent, not negative (30 DCMR 1400.4(a))."))
    ticket_price = _amount(gettext_lazy("Raffle ticket price, not negative (30 DCMR 1202.2(n))."))
    aggregate_prize_value = _amount(gettext_lazy("Total value of the raffle prizes, not negative (30 DCMR 1202.2(n))."))
    highest_prize = _amount(gettext_lazy("Highest multi-hall prize offered, more than zero (30 DCMR 1414.9)."))
    gross_sales = _amount(gettext_lazy(
        "A vendor application only: the prior year's gross receipts from supplies sold, leased or distributed to "
        "licensed organizations, not negative (30 DCMR 1207.2(e)); a renewal's fee follows them (1208.4)."))
    staffing_income = _amount(gettext_lazy(
        "A vendor application only, if any: the prior year's income from staffing provided to licensed "
        "organizations, not negative; a renewal's fee follows the gross sales of supplies, equipment and staffing "
        "together (30 DCMR 1208.4)."))

    class Meta:
        model = Application
        fields = [
            "id", "organization", "license_type", "license_class", "period", "kind", "status", "base_license",
            "as_senior_group", "lawful_purpose", "premises", "premises_detail", "premises_leased", "rent_amount",
            "rent_is_share_of_receipts", "lease_other_charges", "lease_purpose", "lease_starts_on", "lease_ends_on",
            "lease_signed_on", "lessor_name", "lessor_address", "lessor_identification", "ticket_price",
            "tickets_printed", "first_ticket_number", "last_ticket_number", "aggregate_prize_value", "drawing_at",
            "drawing_place", "event_starts_at", "event_ends_at", "highest_prize", "change_date",
            "change_description", "gross_sales", "staffing_income", "application_fee", "bond_amount", "fee_rules",
            "findings", "occasions", "step",
            "created_at", "submitted_at", "decided_at",
        ]
        read_only_fields = ["organization", "license_type", "kind", "status", "as_senior_group", "application_fee",
                            "bond_amount", "fee_rules", "findings", "created_at", "submitted_at", "decided_at"]


class PremisesInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    street_address = serializers.CharField(max_length=200)
    postal_code = serializers.CharField(max_length=10)
    city = serializers.CharField(max_length=100, default="Washington")
    state = serializers.CharField(max_length=2, default="DC")
    certificate_of_occupancy = serializers.CharField(max_length=60, required=False, default="", allow_blank=True,
                                                     help_text=gettext_lazy("Required for bingo (30 DCMR 1400.8)."))
    resolution = serializers.ChoiceField(
        choices=RESOLUTIONS, required=False, allow_null=True, default=None,
        help_text=gettext_lazy("When a premises is on record at the address with another name or certificate: "
                               "'record' uses it as it is, 'correction' uses it and files what you typed for "
                               "board staff to accept."))


class QuoteSerializer(serializers.Serializer):
    application_fee = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)
    bond = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)
    citations = serializers.ListField(child=serializers.CharField())
    notes = serializers.ListField(child=serializers.CharField())


class CheckFindingSerializer(FindingSerializer):
    fix_url = serializers.CharField(allow_null=True, help_text=gettext_lazy(
        "The portal page where the finding is fixed (a step of the application, the organization's profile, "
        "members, responsible people or documents); null when the organization fixes it on no page."))


class CheckSerializer(serializers.Serializer):
    findings = CheckFindingSerializer(many=True)
    can_submit = serializers.BooleanField()
    quote = QuoteSerializer(allow_null=True)
