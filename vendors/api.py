from rest_framework import serializers, viewsets

from vendors import selectors
from vendors.models import Vendor


class VendorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Vendor
        fields = ["id", "name", "business_type", "street_address", "city", "state", "postal_code", "established_on"]


class VendorViewSet(viewsets.ReadOnlyModelViewSet):
    """Vendors the caller may see: their own, or all for the Board."""

    serializer_class = VendorSerializer
    filterset_fields = ["state"]

    def get_queryset(self):
        return selectors.vendor_list(user=self.request.user)
