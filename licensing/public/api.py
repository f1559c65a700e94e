"""Public license lookup API: no sign-in, no token, only what a license certificate shows."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions
from rest_framework.pagination import PageNumberPagination

from licensing.models import License
from licensing.public.selectors import LicenseLookupPaginator, license_public_get, license_public_search
from licensing.public.serializers import PublicLicenseSerializer


class PublicLicensePagination(PageNumberPagination):
    page_size = 25
    django_paginator_class = LicenseLookupPaginator  # `count` stops at 1,000: narrow the search for more


class PublicLicenseListApi(generics.ListAPIView):
    """Licenses whose number starts with `q` (any case) or whose organization's name contains it, current ones
    first. An empty `q` finds none; at most the first 1,000 matches are counted and paged."""

    serializer_class = PublicLicenseSerializer
    pagination_class = PublicLicensePagination
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    filter_backends: list = []

    @extend_schema(parameters=[OpenApiParameter("q", OpenApiTypes.STR, description="License number or name")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return license_public_search(query=self.request.query_params.get("q"))


class PublicLicenseDetailApi(generics.RetrieveAPIView):
    """One license by its number (any case)."""

    serializer_class = PublicLicenseSerializer
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    lookup_field = "number"
    queryset = License.objects.none()  # for the schema; the object comes from the selector

    def get_object(self):
        return license_public_get(number=self.kwargs["number"])
