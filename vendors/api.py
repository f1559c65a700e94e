"""The base of every vendors API collection under /api/v1/vendors/{vendor_pk}/ (suppliers, applications, owners,
price lists): the vendor is read through vendors.selectors, so another vendor's records are a 404 and a write by
anyone but its representatives a 403."""

from rest_framework import viewsets

from vendors import selectors
from vendors.models import Vendor


class VendorScopedViewSet(viewsets.GenericViewSet):
    """A collection under /vendors/{vendor_pk}/: 404 unless the caller may see the vendor."""

    model: type = Vendor

    def vendor(self) -> Vendor:
        if not hasattr(self, "_vendor"):
            self._vendor = selectors.vendor_get(user=self.request.user, pk=self.kwargs["vendor_pk"])
        return self._vendor

    def filing_vendor(self) -> Vendor:
        return selectors.vendor_get_for_filing(user=self.request.user, pk=self.kwargs["vendor_pk"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation has no vendor
            return self.model.objects.none()
        return self.scoped_queryset()
