"""API shapes of a vendor's account: the vendor (its name, address and contact are the licensing organization's,
its profile the vendor record's), its suppliers and the start of a vendor application. Serializers check the
shape (ASCII digits, real dates); the services check the rules of 30 DCMR 1207.2."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.numbers import AsciiPrimaryKeyField
from licensing.models import License
from licensing.models.choices import ApplicationKind
from vendors.applications.services import PROFILE_FIELDS
from vendors.models import Supplier, Vendor
from vendors.serializers import STRICT_FIELDS, business_type_field


class VendorSerializer(serializers.ModelSerializer):
    business_type = business_type_field()
    name = serializers.CharField(source="organization.name", read_only=True)
    street_address = serializers.CharField(source="organization.street_address", read_only=True)
    city = serializers.CharField(source="organization.city", read_only=True)
    state = serializers.CharField(source="organization.state", read_only=True)
    postal_code = serializers.CharField(source="organization.postal_code", read_only=True)
    phone = serializers.CharField(source="organization.phone", read_only=True)
    email = serializers.CharField(source="organization.email", read_only=True)

    class Meta:
        model = Vendor
        fields = ["id", "organization", "name", "street_address", "city", "state", "postal_code", "phone", "email",
                  *sorted(PROFILE_FIELDS), "created_at"]
        read_only_fields = fields


class VendorInputSerializer(serializers.ModelSerializer):
    """Registration (POST) and the business's details (PATCH)."""

    serializer_field_mapping = STRICT_FIELDS
    name = serializers.CharField(max_length=200, help_text=_("30 DCMR 1207.2(a)."))
    street_address = serializers.CharField(max_length=200, help_text=_("30 DCMR 1207.2(a)."))
    city = serializers.CharField(max_length=100, default="Washington")
    state = serializers.CharField(max_length=2, default="DC")
    postal_code = serializers.CharField(max_length=10)
    phone = serializers.CharField(max_length=40, required=False, default="", allow_blank=True)
    email = serializers.EmailField(required=False, default="", allow_blank=True)

    class Meta:
        model = Vendor
        fields = ["name", "street_address", "city", "state", "postal_code", "phone", "email",
                  *sorted(PROFILE_FIELDS)]
        extra_kwargs = {
            "business_type": {"help_text": _("30 DCMR 1207.2(b).")},
            "established_on": {"help_text": _("30 DCMR 1207.2(c): not in the future.")},
            "years_in_business": {"help_text": _("30 DCMR 1207.2(h): at most 200.")},
            "organized_in_dc": {"help_text": _("30 DCMR 1207.2(i): true, with dc_business_license; false, with "
                                               "resident_agent_name and resident_agent_address.")},
            "makes_own_supplies": {"help_text": _("30 DCMR 1207.2(f): a manufacturer that buys from nobody.")},
        }


class SupplierSerializer(serializers.ModelSerializer):
    class Meta:
        model = Supplier
        fields = ["id", "vendor", "name", "address", "is_current", "created_at"]
        read_only_fields = ["id", "vendor", "is_current", "created_at"]
        extra_kwargs = {"address": {"help_text": _("30 DCMR 1207.2(f).")}}


class VendorLicenseField(AsciiPrimaryKeyField):
    """One of this vendor's licenses: any other id reads as unknown."""

    def get_queryset(self):
        vendor = self.context.get("vendor")
        if vendor is None:
            return License.objects.none()
        return License.objects.filter(organization_id=vendor.organization_id)


class VendorApplicationCreateSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ApplicationKind.choices, default=ApplicationKind.ORIGINAL)
    base_license = VendorLicenseField(
        queryset=License.objects.none(), required=False, allow_null=True, default=None,
        help_text=_("For a renewal or an amendment: the vendor's license renewed or amended; the draft's price "
                    "list starts from that license's (30 DCMR 1207.2(j))."))
