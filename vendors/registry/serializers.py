"""What the public vendor registry API answers (vendors/registry/api.py): the facts of the license certificate and
the certified price list in force; never an owner, a declaration or a document."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.public_url import public_url
from licensing.models import License
from licensing.models.choices import LicenseStatus
from vendors.models import PriceListItem, SupplyCategory
from vendors.registry.selectors import REGISTRY_STATUS_CHOICES, registry_status
from vendors.serializers import business_type_field


class RegistryLicenseSerializer(serializers.ModelSerializer):
    # The name the license was issued under, until an amended application is approved (30 DCMR 1202.3).
    name = serializers.SerializerMethodField()
    city = serializers.CharField(source="organization.city", read_only=True)
    state = serializers.CharField(source="organization.state", read_only=True)
    status = serializers.SerializerMethodField()
    suspended_until = serializers.SerializerMethodField()
    categories = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = License
        fields = ["number", "name", "city", "state", "status", "effective_on", "expires_on", "suspended_until",
                  "categories", "url"]

    def get_name(self, license) -> str:
        return license.licensed_name or license.organization.name

    @extend_schema_field(serializers.ChoiceField(choices=REGISTRY_STATUS_CHOICES))
    def get_status(self, license) -> str:
        return getattr(license, "registry_status", None) or registry_status(license)

    def get_suspended_until(self, license) -> str | None:
        # Only while suspended: a lifted suspension's date would read as a current one.
        if license.status == LicenseStatus.SUSPENDED and license.suspended_until:
            return license.suspended_until.isoformat()
        return None

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(choices=SupplyCategory.choices)))
    def get_categories(self, license) -> list[str]:
        return list(getattr(license, "catalogue_categories", []))

    def get_url(self, license) -> str:
        """The registry page of the license (the address its certificate's QR code holds)."""
        path = reverse("vendors:registry_detail", kwargs={"number": license.number})
        return public_url(path)


class RegistryAddressSerializer(serializers.Serializer):
    street_address = serializers.CharField()
    city = serializers.CharField()
    state = serializers.CharField()
    postal_code = serializers.CharField()


class RegistryItemSerializer(serializers.ModelSerializer):
    class Meta:
        model = PriceListItem
        fields = ["catalogue_number", "name", "category", "unit", "unit_price"]


class RegistryPriceListSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    items = RegistryItemSerializer(many=True)


class RegistryEntrySerializer(RegistryLicenseSerializer):
    """One license's registry page: the license as in the list, the vendor's business address and type, the
    vendor's license in force when it is another one (a renewal), and the price list in force (1207.2(j)).
    The entry (selectors.RegistryEntry) comes in the context."""

    address = serializers.SerializerMethodField()
    business_type = serializers.SerializerMethodField()
    license_in_force = serializers.SerializerMethodField()
    price_list = serializers.SerializerMethodField()

    class Meta(RegistryLicenseSerializer.Meta):
        fields = [*RegistryLicenseSerializer.Meta.fields, "address", "business_type", "license_in_force",
                  "price_list"]

    @extend_schema_field(RegistryAddressSerializer)
    def get_address(self, license) -> dict:
        organization = license.organization
        return {"street_address": organization.street_address, "city": organization.city,
                "state": organization.state, "postal_code": organization.postal_code}

    @extend_schema_field(business_type_field())
    def get_business_type(self, license) -> str:
        return self.context["entry"].vendor.business_type

    def get_license_in_force(self, license) -> str | None:
        """The number of the vendor's license in force, when it is not this one (this one renewed, say)."""
        in_force = self.context["entry"].license_in_force
        return in_force.number if in_force is not None else None

    @extend_schema_field(RegistryPriceListSerializer(allow_null=True))
    def get_price_list(self, license) -> dict | None:
        entry = self.context["entry"]
        if entry.price_list is None:
            return None
        return {"version": entry.price_list.version, "items": RegistryItemSerializer(entry.items, many=True).data}
