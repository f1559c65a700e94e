"""Charity game tickets of an operation under /api/v1/bingo/ (30 DCMR 1409.1-1409.4): the deals, the Board's
approval of a vendor's sample, the sales and the return of the unsold. Thin: serializers check the shape, the
services of bingo.cards.charity the rules and the role."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from bingo.cards import charity
from bingo.models import CharityTicketSale, CharityTicketStock, TicketSource
from bingo.planning.selectors import operation_get, operation_list
from core.api.answers import ERRORS
from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField


class CharityStockSerializer(serializers.ModelSerializer):
    sold = serializers.SerializerMethodField()
    unsold = serializers.SerializerMethodField()
    sample_approved = serializers.SerializerMethodField()

    class Meta:
        model = CharityTicketStock
        fields = ["id", "operation", "deal", "source", "vendor_license_number", "invoice_number", "invoice_date",
                  "tickets", "price_each", "sample_approved", "sample_approved_at", "sold", "unsold", "returned",
                  "returned_at"]
        read_only_fields = fields

    def get_sold(self, stock) -> int:
        return charity.sold_count(stock)

    def get_unsold(self, stock) -> int:
        return charity.unsold_count(stock)

    def get_sample_approved(self, stock) -> bool:
        return stock.sample_approved_at is not None


class CharityStockCreateSerializer(serializers.Serializer):
    deal = serializers.CharField(max_length=60)
    tickets = IntegerSerializerField(min_value=1)
    price_each = MoneySerializerField(max_digits=8)
    source = serializers.ChoiceField(choices=TicketSource.choices, default=TicketSource.BOARD, help_text=_(
        "From the Board; from a licensed vendor only when the Board has none (30 DCMR 1409.2)."))
    vendor_license_number = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    invoice_number = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    invoice_date = serializers.DateField(required=False, allow_null=True, default=None)


class CharitySaleSerializer(serializers.ModelSerializer):
    class Meta:
        model = CharityTicketSale
        fields = ["id", "stock", "count", "age_declared", "sold_at"]
        read_only_fields = fields


class CharitySellSerializer(serializers.Serializer):
    count = IntegerSerializerField(min_value=1)
    age_declared = serializers.BooleanField(default=False, help_text=_(
        "The player declares being of the minimum age in force (player.minimum_age, 30 DCMR 1702.1) or older."))


class CharityReturnSerializer(serializers.Serializer):
    count = IntegerSerializerField(min_value=0, help_text=_("Every unsold ticket (30 DCMR 1409.4)."))


def _stock(user, pk: int) -> CharityTicketStock:
    return get_object_or_404(CharityTicketStock.objects.filter(operation__in=operation_list(user=user))
                             .select_related("operation__license"), pk=pk)


class StockListApi(APIView):
    @extend_schema(responses={200: CharityStockSerializer(many=True), 404: ERRORS})
    def get(self, request, pk: int):
        operation = operation_get(user=request.user, pk=pk)
        return Response(CharityStockSerializer(operation.charity_stock.order_by("deal", "pk"), many=True).data)

    @extend_schema(request=CharityStockCreateSerializer,
                   responses={201: CharityStockSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Receive a deal for the operation (30 DCMR 1409.1, 1409.2)."""
        operation = operation_get(user=request.user, pk=pk)
        serializer = CharityStockCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        stock = charity.stock_receive(actor=request.user, operation=operation, **serializer.validated_data)
        return Response(CharityStockSerializer(stock).data, status=status.HTTP_201_CREATED)


class SampleApproveApi(APIView):
    @extend_schema(request=None,
                   responses={200: CharityStockSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """The Board approves the sample of a vendor's tickets (30 DCMR 1409.3)."""
        stock = charity.sample_approve(actor=request.user, stock=_stock(request.user, pk))
        return Response(CharityStockSerializer(stock).data)


class SellApi(APIView):
    @extend_schema(request=CharitySellSerializer,
                   responses={201: CharitySaleSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        serializer = CharitySellSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sale = charity.tickets_sell(actor=request.user, stock=_stock(request.user, pk), **serializer.validated_data)
        return Response(CharitySaleSerializer(sale).data, status=status.HTTP_201_CREATED)


class ReturnApi(APIView):
    @extend_schema(request=CharityReturnSerializer,
                   responses={200: CharityStockSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Return the unsold tickets to the Board for destruction (30 DCMR 1409.4)."""
        serializer = CharityReturnSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        stock = charity.tickets_return(actor=request.user, stock=_stock(request.user, pk),
                                       count=serializer.validated_data["count"])
        return Response(CharityStockSerializer(stock).data)
