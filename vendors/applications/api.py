"""Vendors API: the vendors the caller may see (a representative's own, the Board's all), registration (POST),
the business's details (PATCH), its suppliers and the start of its license applications. The application is
then filled in, checked and submitted through the applications API (/api/v1/applications/{id}/: PATCH
gross_sales, GET check, POST submit), and its price list here (vendors/price_lists/api.py).

Reads are scoped by vendors.selectors (another vendor's records are 404); writes need the vendor's
representative (403 for the Board)."""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.response import Response

from core.api.answers import ERRORS
from licensing.applications.serializers import ApplicationSerializer
from vendors import selectors
from vendors.api import VendorScopedViewSet
from vendors.applications import services
from vendors.applications.serializers import (
    SupplierSerializer,
    VendorApplicationCreateSerializer,
    VendorInputSerializer,
    VendorSerializer,
)
from vendors.models import Supplier


class VendorViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Vendors of bingo and Monte Carlo Night supplies the caller may see. POST registers a business and makes the
    caller its representative; PATCH changes its details (30 DCMR 1207.2 (a)-(c), (f), (h), (i))."""

    serializer_class = VendorSerializer

    def get_queryset(self):
        return selectors.vendor_list(user=self.request.user)

    @extend_schema(request=VendorInputSerializer, responses={201: VendorSerializer, 400: ERRORS})
    def create(self, request):
        serializer = VendorInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        vendor = services.vendor_register(actor=request.user, **serializer.validated_data)
        return Response(VendorSerializer(vendor).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=VendorInputSerializer,
                   responses={200: VendorSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def partial_update(self, request, pk=None):
        vendor = selectors.vendor_get_for_filing(user=request.user, pk=pk)
        serializer = VendorInputSerializer(vendor, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        vendor = services.vendor_profile_update(actor=request.user, vendor=vendor, **serializer.validated_data)
        return Response(VendorSerializer(vendor).data)


class SupplierViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, VendorScopedViewSet):
    """Each supplier or manufacturer the vendor uses (30 DCMR 1207.2(f)), current and former. Never deleted: end
    one instead."""

    model = Supplier
    serializer_class = SupplierSerializer
    filterset_fields = ["is_current"]

    def scoped_queryset(self):
        return selectors.supplier_list(vendor=self.vendor(), current=None)

    @extend_schema(responses={201: SupplierSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, vendor_pk=None):
        vendor = self.filing_vendor()
        serializer = SupplierSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        supplier = services.supplier_add(actor=request.user, vendor=vendor, **serializer.validated_data)
        return Response(SupplierSerializer(supplier).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: SupplierSerializer, 403: ERRORS, 404: ERRORS})
    def end(self, request, vendor_pk=None, pk=None):
        """The vendor no longer buys from this supplier; the record is kept."""
        vendor = self.filing_vendor()
        supplier = services.supplier_end(actor=request.user, supplier=selectors.supplier_get(vendor=vendor, pk=pk))
        return Response(SupplierSerializer(supplier).data)


class VendorApplicationViewSet(mixins.ListModelMixin, VendorScopedViewSet):
    """The vendor's license applications. POST starts a draft: an original, or a renewal or amendment of one of its
    licenses (its price list copied into the draft). Fill it in and submit it at /api/v1/applications/{id}/."""

    serializer_class = ApplicationSerializer
    filterset_fields = ["status", "kind"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return ApplicationSerializer.Meta.model.objects.none()
        return selectors.vendor_application_list(user=self.request.user, vendor=self.vendor())

    @extend_schema(request=VendorApplicationCreateSerializer,
                   responses={201: ApplicationSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, vendor_pk=None):
        vendor = self.filing_vendor()
        serializer = VendorApplicationCreateSerializer(data=request.data, context={"vendor": vendor})
        serializer.is_valid(raise_exception=True)
        application = services.vendor_application_create(actor=request.user, vendor=vendor,
                                                          **serializer.validated_data)
        return Response(ApplicationSerializer(application).data, status=status.HTTP_201_CREATED)
