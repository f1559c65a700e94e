"""Public vendor registry API: no sign-in, no token; the facts of the certificate and the certified price list."""

from django.core.exceptions import ValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from licensing.models import License
from vendors.models import SupplyCategory
from vendors.registry.forms import RegistrySearchForm
from vendors.registry.selectors import (
    STATUS_CHOICES,
    registry_facts_attach,
    vendor_registry_get,
    vendor_registry_search,
)
from vendors.registry.serializers import RegistryEntrySerializer, RegistryLicenseSerializer


class RegistryPagination(PageNumberPagination):
    page_size = 25


class PublicVendorListApi(generics.ListAPIView):
    """Vendor licenses, by vendor name: by default those in force today. `q` matches the start of the license
    number (any case), or part of the vendor's name or city; `status` and `category` narrow the list. A bad
    value is a 400 naming its parameter."""

    serializer_class = RegistryLicenseSerializer
    pagination_class = RegistryPagination
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    filter_backends: list = []

    @extend_schema(parameters=[
        OpenApiParameter("q", OpenApiTypes.STR, description="License number, vendor name or city"),
        OpenApiParameter("status", OpenApiTypes.STR, enum=[value for value, _label in STATUS_CHOICES],
                         description="licensed (the default), suspended, revoked, expired, or all"),
        OpenApiParameter("category", OpenApiTypes.STR, enum=list(SupplyCategory.values),
                         description="Only vendors whose certified price list has supplies of this kind"),
    ])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        form = RegistrySearchForm(self.request.query_params)
        if not form.is_valid():
            raise ValidationError(form.errors.as_data())
        return vendor_registry_search(query=form.cleaned_data["q"], status=form.cleaned_data["status"],
                                      category=form.cleaned_data["category"] or None)

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        return registry_facts_attach(page) if page is not None else None


class PublicVendorDetailApi(generics.RetrieveAPIView):
    """One vendor license by its number (any case), whatever its status, with the price list in force."""

    serializer_class = RegistryEntrySerializer
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    lookup_field = "number"
    queryset = License.objects.none()  # for the schema; the entry comes from the selector

    def retrieve(self, request, *args, **kwargs):
        entry = vendor_registry_get(number=self.kwargs["number"])
        serializer = self.get_serializer(entry.license, context={**self.get_serializer_context(), "entry": entry})
        return Response(serializer.data)
