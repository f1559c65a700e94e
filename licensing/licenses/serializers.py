"""Serializers of the licenses API, and the field other serializers use to take a license the caller may see."""

from django.urls import reverse
from rest_framework import serializers

from core.numbers import AsciiPrimaryKeyField
from core.public_url import public_url
from licensing.licenses.certificates import license_lookup_url
from licensing.licenses.selectors import license_list
from licensing.models import License, Premises


class VisibleLicenseField(AsciiPrimaryKeyField):
    """A license of the caller's organizations: another organization's reads as unknown, like a missing one."""

    def get_queryset(self):
        return license_list(user=self.context["request"].user)


class LicensePremisesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Premises
        fields = ["id", "name", "street_address", "city", "state", "postal_code", "certificate_of_occupancy"]


class LicenseSerializer(serializers.ModelSerializer):
    organization_name = serializers.CharField(source="organization.name", read_only=True)
    premises = LicensePremisesSerializer(read_only=True, allow_null=True)
    parent_number = serializers.CharField(source="parent.number", read_only=True, default=None, allow_null=True)
    certificate_url = serializers.SerializerMethodField()
    lookup_url = serializers.SerializerMethodField()

    class Meta:
        model = License
        fields = [
            "id", "number", "organization", "organization_name", "licensed_name", "application", "license_type",
            "license_class", "period", "status", "effective_on", "expires_on", "premises", "schedule", "parent",
            "parent_number", "suspended_until", "issued_at", "certificate_built_at", "certificate_url", "lookup_url",
        ]

    def get_certificate_url(self, license) -> str | None:
        if not license.certificate:
            return None
        path = reverse("license-certificate", args=[license.pk])
        return public_url(path)

    def get_lookup_url(self, license) -> str:
        return license_lookup_url(license)
