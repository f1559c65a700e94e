"""What the public license lookup API answers (licensing/public/api.py): only what a license certificate shows."""

from rest_framework import serializers

from licensing.models import License, Premises
from licensing.models.choices import LicenseStatus


class PublicPremisesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Premises
        fields = ["name", "street_address", "city", "state", "postal_code"]


class PublicLicenseSerializer(serializers.ModelSerializer):
    # The name the license was issued under, until an amended application is approved (30 DCMR 1202.3).
    organization_name = serializers.CharField(source="licensed_name", read_only=True)
    premises = PublicPremisesSerializer(read_only=True, allow_null=True)
    suspended_until = serializers.SerializerMethodField()

    class Meta:
        model = License
        fields = ["number", "organization_name", "status", "license_type", "license_class", "period", "premises",
                  "effective_on", "expires_on", "suspended_until"]

    def get_suspended_until(self, license) -> str | None:
        # Only while suspended: a lifted suspension's date would read as a current one.
        if license.status == LicenseStatus.SUSPENDED and license.suspended_until:
            return license.suspended_until.isoformat()
        return None
