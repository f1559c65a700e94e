"""Card series, faces, the sales register and card counts under /api/v1/bingo/.

Reads are scoped by bingo.cards.selectors and bingo.planning.selectors (another organization's
records are 404); writes go through bingo.cards.services, which answer 403 to anyone without the
role and 400 with the citation when a rule is broken."""

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from bingo.cards import selectors, services
from bingo.cards.sales import card_counts, series_faces
from bingo.cards.serializers import (
    CardCountsSerializer,
    FaceSerializer,
    SaleCreateSerializer,
    SaleSerializer,
    SeriesCreateSerializer,
    SeriesSerializer,
    VoidSerializer,
)
from bingo.models import CardSale, CardSeries, Hall
from bingo.planning.selectors import operation_get
from core.api.answers import ERRORS
from core.findings import Finding, RuleViolation
from licensing.organizations.selectors import organization_get


class SeriesListApi(generics.ListAPIView):
    """Card series of the caller's organizations (the Board: all)."""

    serializer_class = SeriesSerializer
    filterset_fields = ["organization", "code"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return CardSeries.objects.none()
        return selectors.series_list(user=self.request.user).order_by("organization_id", "code")

    @extend_schema(request=SeriesCreateSerializer, responses={201: SeriesSerializer, 400: ERRORS, 403: ERRORS,
                                                               404: ERRORS})
    def post(self, request):
        serializer = SeriesCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        organization = organization_get(user=request.user, pk=data["organization"])
        series = services.series_create(actor=request.user, organization=organization, code=data["code"],
                                        size=data.get("size"), source=data["source"],
                                        seller_license_number=data["seller_license_number"],
                                        invoice_number=data["invoice_number"], invoice_date=data["invoice_date"])
        return Response(SeriesSerializer(series).data, status=status.HTTP_201_CREATED)


class SeriesDetailApi(generics.RetrieveAPIView):
    serializer_class = SeriesSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return CardSeries.objects.none()
        return selectors.series_list(user=self.request.user)


class FaceApi(APIView):
    """The squares of face n of a series: what the checker reads out (30 DCMR 1406.1)."""

    @extend_schema(responses={200: FaceSerializer, 404: ERRORS})
    def get(self, request, pk: int, number: int):
        series = selectors.series_get(user=request.user, pk=pk)
        if not 1 <= number <= series.size:
            return Response({"errors": [{"field": "face_number", "code": "not_found", "rule": None,
                                         "message": _("Series %(code)s has faces 1 to %(size)s.")
                                         % {"code": series.code, "size": series.size}}]},
                            status=status.HTTP_404_NOT_FOUND)
        card = series_faces(series)[number - 1]
        return Response(FaceSerializer({
            "series": series.pk, "series_code": series.code, "face_number": number,
            "squares": list(card.squares), "columns": [list(column) for column in card.columns]}).data)


class SaleListApi(generics.ListAPIView):
    """The sales register of an operation (30 DCMR 1404.1(h)); POST records a sale."""

    serializer_class = SaleSerializer
    filterset_fields = ["colour", "series"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return CardSale.objects.none()
        operation = operation_get(user=self.request.user, pk=self.kwargs["pk"])
        return (selectors.sale_list(user=self.request.user).filter(operation=operation)
                .prefetch_related("games").order_by("sold_at", "pk"))

    @extend_schema(request=SaleCreateSerializer, responses={201: SaleSerializer, 400: ERRORS, 403: ERRORS,
                                                             404: ERRORS})
    def post(self, request, pk: int):
        operation = operation_get(user=request.user, pk=pk)
        serializer = SaleCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        series = selectors.series_list(user=request.user).filter(pk=data["series"]).first()
        if series is None:
            raise ValidationError({"series": _("No such card series.")}, code="does_not_exist")
        games = None
        if data.get("games"):
            ids = set(data["games"])
            games = list(operation.games.filter(pk__in=ids))
            if len(games) != len(ids):
                raise RuleViolation(Finding("30 DCMR 1404.1(h)", _("Every game must be a game of this operation."),
                                            field="games"))
        hall = None
        if data.get("hall") is not None:
            hall = Hall.objects.filter(operation=operation, pk=data["hall"]).first()
            if hall is None:
                raise ValidationError({"hall": _("The hall is not a hall of this operation.")}, code="invalid")
        sale = services.sale_record(
            actor=request.user, operation=operation, series=series, first_face=data["first_face"],
            last_face=data.get("last_face"), colour=data["colour"], games=games, price_each=data["price_each"],
            hall=hall, buyer=data["buyer"], age_declared=data["age_declared"])
        return Response(SaleSerializer(sale).data, status=status.HTTP_201_CREATED)


class SaleVoidApi(APIView):
    @extend_schema(request=VoidSerializer, responses={200: SaleSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Void a mistaken sale with a reason: its faces may be sold again, the record stays."""
        sale = get_object_or_404(selectors.sale_list(user=request.user), pk=pk)
        serializer = VoidSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sale = services.sale_void(actor=request.user, sale=sale, reason=serializer.validated_data["reason"])
        return Response(SaleSerializer(sale).data)


class CardCountsApi(APIView):
    @extend_schema(responses={200: CardCountsSerializer, 404: ERRORS})
    def get(self, request, pk: int):
        """Faces sold per colour, voids left out: the counts of the financial report (30 DCMR 1404.1(h))."""
        operation = operation_get(user=request.user, pk=pk)
        return Response(CardCountsSerializer(card_counts(operation)).data)
