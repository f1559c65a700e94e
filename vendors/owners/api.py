"""Owners and officers API: every officer, director, partner, shareholder or other owner of a vendor with their
1206.4 declarations (30 DCMR 1207.2(d)), and their police clearance report (1207.2(l)), a multipart upload
checked by content like every licensing document. Never deleted: POST .../end/ instead."""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS
from vendors import selectors
from vendors.api import VendorScopedViewSet
from vendors.models import Owner
from vendors.owners import services
from vendors.owners.serializers import ClearanceUploadSerializer, OwnerSerializer


class OwnerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, VendorScopedViewSet):
    model = Owner
    serializer_class = OwnerSerializer
    filterset_fields = ["is_current", "role"]

    def scoped_queryset(self):
        return selectors.owner_list(vendor=self.vendor(), current=None)

    @extend_schema(responses={201: OwnerSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, vendor_pk=None):
        vendor = self.filing_vendor()
        serializer = OwnerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        owner = services.owner_add(actor=request.user, vendor=vendor, **serializer.validated_data)
        return Response(OwnerSerializer(owner).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: OwnerSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def partial_update(self, request, vendor_pk=None, pk=None):
        owner = selectors.owner_get(vendor=self.filing_vendor(), pk=pk)
        serializer = OwnerSerializer(owner, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        owner = services.owner_update(actor=request.user, owner=owner, **serializer.validated_data)
        return Response(OwnerSerializer(owner).data)

    @extend_schema(request=None, responses={200: OwnerSerializer, 403: ERRORS, 404: ERRORS})
    def end(self, request, vendor_pk=None, pk=None):
        """The person has left the business; the record is kept."""
        owner = selectors.owner_get(vendor=self.filing_vendor(), pk=pk)
        return Response(OwnerSerializer(services.owner_end(actor=request.user, owner=owner)).data)


class OwnerPoliceClearanceApi(APIView):
    """Upload one of the person's police clearance reports (`jurisdiction`: the District's, or the jurisdiction of
    residence's or of the business's) and attach it (30 DCMR 1207.2(l)): 200 with the owner, or 400
    naming `file` (not a PDF, PNG or JPEG by its content, empty, or over 10 MB) and nothing stored."""

    parser_classes = [MultiPartParser]

    @extend_schema(request=ClearanceUploadSerializer,
                   responses={200: OwnerSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, vendor_pk: int, pk: int):
        vendor = selectors.vendor_get_for_filing(user=request.user, pk=vendor_pk)
        owner = selectors.owner_get(vendor=vendor, pk=pk)
        serializer = ClearanceUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        owner = services.owner_police_clearance_upload(
            actor=request.user, owner=owner, uploaded_file=serializer.validated_data["file"],
            jurisdiction=serializer.validated_data.get("jurisdiction", "dc"))
        return Response(OwnerSerializer(owner).data)
