"""The price list of a vendor application (30 DCMR 1207.2(g), (j)): GET it, PUT its items (all at once, while the
application is a draft or answers a deficiency notice), POST .../certify/ to certify it for the license term.
A filed version never changes: during the term a price changes only through an amendment the Board approves."""

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins
from rest_framework.response import Response

from core.api.answers import ERRORS
from vendors import selectors
from vendors.api import VendorScopedViewSet
from vendors.models import PriceList
from vendors.price_lists import services
from vendors.price_lists.selectors import price_list_for_application, price_list_history
from vendors.price_lists.serializers import (
    PriceListItemsBodySerializer,
    PriceListItemsInputSerializer,
    PriceListSerializer,
    item_values,
)


class PriceListViewSet(VendorScopedViewSet):
    model = PriceList
    serializer_class = PriceListSerializer

    def _application(self, vendor):
        return selectors.vendor_application_get(user=self.request.user, vendor=vendor,
                                                pk=self.kwargs["application_pk"])

    def scoped_queryset(self):
        return PriceList.objects.filter(application=self._application(self.vendor()))

    @staticmethod
    def _answer(application) -> Response:
        price_list = price_list_for_application(application)
        if price_list is None:
            raise Http404
        return Response(PriceListSerializer(price_list).data)

    @extend_schema(responses={200: PriceListSerializer, 404: ERRORS})
    def retrieve(self, request, vendor_pk=None, application_pk=None):
        return self._answer(self._application(self.vendor()))

    @extend_schema(request=PriceListItemsInputSerializer,
                   responses={200: PriceListSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def update(self, request, vendor_pk=None, application_pk=None):
        """Replace the items; every bad item is named (items[N].field) and nothing is written."""
        application = self._application(self.filing_vendor())
        serializer = PriceListItemsBodySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.price_list_items_set(actor=request.user, application=application,
                                      items=[item_values(item) for item in serializer.validated_data["items"]])
        return self._answer(application)

    @extend_schema(request=None, responses={200: PriceListSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def certify(self, request, vendor_pk=None, application_pk=None):
        """Certify the list as the prices for the whole license term (30 DCMR 1207.2(j))."""
        application = self._application(self.filing_vendor())
        services.price_list_certify(actor=request.user, application=application)
        return self._answer(application)


class PriceListHistoryViewSet(mixins.ListModelMixin, VendorScopedViewSet):
    """Every version of the vendor's price list, newest first, each with its application and items."""

    model = PriceList
    serializer_class = PriceListSerializer

    def scoped_queryset(self):
        return price_list_history(self.vendor())
