"""The payout desk's API: the payouts of the organizations whose desk the caller works (list, one payout), the
desk's quote before paying, paying, and a winner's full taxpayer number for the organization's filing people;
and for Board staff the year's counts and amounts per organization, never an identity. A payout of an organization
whose desk the caller does not work is a 404, as one that does not exist. The forms (a payout's Form W-2G, the
year's list) are in licensing/payouts/year_end/api.py."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, permissions
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from core.replica import reads_from_replica
from licensing.accounts.permissions import BOARD_ERRORS, IsBoardStaff
from licensing.models import Payout
from licensing.payouts import services
from licensing.payouts.selectors import board_totals, desk_payouts
from licensing.payouts.serializers import (
    BoardPayoutsQuerySerializer,
    BoardPayoutsSerializer,
    PayoutDetailSerializer,
    PayoutFilterSerializer,
    PayoutPayRequestSerializer,
    PayoutQuoteRequestSerializer,
    PayoutQuoteSerializer,
    PayoutSerializer,
    PayoutTinSerializer,
)

RESPONSES = {400: ERRORS, 403: ERRORS, 404: ERRORS}
ZERO = Decimal("0.00")


def payout_get(request, pk: int) -> Payout:
    """One payout of the caller's desk; 404 otherwise."""
    return get_object_or_404(desk_payouts(user=request.user).select_related("paid_by"), pk=pk)


def payout_detail(payout: Payout) -> dict:
    return PayoutDetailSerializer(payout, context={"identity": services.payout_identity(payout)}).data


class PayoutPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 500


class PayoutListApi(generics.ListAPIView):
    permission_classes = [permissions.IsAuthenticated]
    serializer_class = PayoutSerializer
    pagination_class = PayoutPagination

    def get_queryset(self) -> QuerySet[Payout]:
        if getattr(self, "swagger_fake_view", False):  # the schema's generation: no caller
            return Payout.objects.none()
        query = PayoutFilterSerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        filters = query.validated_data
        payouts = desk_payouts(user=self.request.user)
        if "status" in filters:
            payouts = payouts.filter(status=filters["status"])
        if "game" in filters:
            payouts = payouts.filter(game=filters["game"])
        if "organization" in filters:
            payouts = payouts.filter(organization_id=filters["organization"])
        if "year" in filters:
            payouts = payouts.filter(paid_on__year=filters["year"])
        return payouts.order_by("-won_on", "-pk")

    @extend_schema(
        operation_id="payouts_list", summary="The payouts of your organizations' payout desks",
        description=(
            "For the organizations whose payout desk you work (officers, member in charge and alternate, member "
            "responsible for gross receipts, tournament director), newest first; filter by `status`, `game`, "
            "`organization` (an id) and `year` (the calendar year paid). A list never carries a winner's name, "
            "address, identification or taxpayer number: only the number truncated, `tin_masked`."),
        parameters=[PayoutFilterSerializer], responses={200: PayoutSerializer(many=True), 400: ERRORS},
        tags=["payouts"])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class PayoutDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="payouts_retrieve", summary="One payout, with the winner as the desk recorded them",
        description="The winner's name, address and identification for the desk; the taxpayer number truncated "
                    "(the full number: POST .../tin/, filing people only). Another organization's payout is a 404.",
        responses={200: PayoutDetailSerializer, 404: ERRORS}, tags=["payouts"])
    def get(self, request, pk: int):
        return Response(payout_detail(payout_get(request, pk)))


class PayoutQuoteApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="payouts_quote", summary="What paying this prize asks: the form, the withholding, the net",
        description=(
            "Nothing is written. Whether a Form W-2G is due and what is withheld, by the IRS figures of the "
            "Board's register in force on `paid_on` (bingo: a form from $2,000 paid in 2026, $1,200 before, never "
            "withheld on; a raffle or other wagering: from $600, $2,000 in 2026, and 300 times the wager, 24% "
            "withheld on proceeds over $5,000; a poker tournament: winnings less the buy-in over $5,000), each "
            "finding with its citation. `tin_refused`: backup withholding on a reported prize. Refused with 400 "
            "naming the field: a payout not due (pending, paid, void: `payout`), an amount other than the whole "
            "prize (30 DCMR 1406.3), a prize or wager the game already fixed is ignored, one it did not is "
            "required (`prize`)."),
        request=PayoutQuoteRequestSerializer, responses={200: PayoutQuoteSerializer, **RESPONSES}, tags=["payouts"],
        examples=[OpenApiExample("A $2,500 bingo prize in 2026", request_only=True,
                                 value={"amount": "2500.00", "tin_refused": False, "paid_on": "2026-06-06"})])
    def post(self, request, pk: int):
        payout = payout_get(request, pk)
        return service_answer(
            request, serializer_class=PayoutQuoteRequestSerializer,
            call=lambda **data: services.payout_quote_asked(actor=request.user, payout=payout, **data),
            answer=lambda quote: PayoutQuoteSerializer({
                "prize": quote.prize, "wager": quote.wager, "w2g": quote.w2g,
                "reportable": quote.reportable if quote.w2g else ZERO, "withheld": quote.withheld,
                "backup": quote.backup, "net": quote.net,
                "findings": [{"rule": f.rule, "message": f.message, "field": f.field, "blocking": f.blocking}
                             for f in quote.findings]}).data)


class PayoutPayApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="payouts_pay", summary="Pay a prize at the desk",
        description=(
            "The method (a check with its number, 30 DCMR 1408.5; an annuity only for a multi-hall prize of "
            "$10,000 or more, 1408.6), the whole prize (1406.3), to whom. With a Form W-2G due: the winner's "
            "street, city, state, ZIP code, taxpayer number (or `tin_refused`: backup withholding) and two forms "
            "of identification, described (IRS Instructions for Forms W-2G and 5754, boxes 9, 11 and 12); the form "
            "gets the organization's next number of the year (W2G-2026-00001). Bad input is a 400 naming each "
            "field, and nothing is written; no error repeats the taxpayer number."),
        request=PayoutPayRequestSerializer, responses={200: PayoutDetailSerializer, **RESPONSES}, tags=["payouts"])
    def post(self, request, pk: int):
        payout = payout_get(request, pk)

        def call(**data):
            winner = {name: data.pop(name) for name in PayoutPayRequestSerializer.WINNER_FIELDS}
            return services.payout_pay(actor=request.user, payout=payout, winner=winner, **data)

        return service_answer(request, serializer_class=PayoutPayRequestSerializer, call=call, answer=payout_detail)


class PayoutTinApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="payouts_tin", summary="A winner's full taxpayer number (filing people only, audited)",
        description="For the organization's filing people (officers, member in charge, alternate, member "
                    "responsible for gross receipts): the number in full, each view in the audit trail. The rest of "
                    "the desk gets a 403; anyone else a 404.",
        request=None, responses={200: PayoutTinSerializer, 403: ERRORS, 404: ERRORS}, tags=["payouts"])
    def post(self, request, pk: int):
        payout = payout_get(request, pk)
        tin = services.payout_tin_reveal(actor=request.user, payout=payout)
        kind = services.payout_identity(payout).get("tin_kind", "") if tin else ""
        return Response(PayoutTinSerializer({"tin": tin, "tin_kind": kind}).data)


def _figures(row: dict) -> dict:
    return {"payouts": row["payouts"], "paid": row["paid"] or ZERO, "forms": row["forms"],
            "reportable": row["reportable"] or ZERO, "withheld": row["withheld"] or ZERO}


class BoardPayoutsApi(APIView):
    permission_classes = [permissions.IsAuthenticated, IsBoardStaff]

    @extend_schema(
        operation_id="board_payouts", summary="Prizes paid, Forms W-2G and tax withheld, per organization (Board)",
        description="For Board staff: per organization, the prizes paid in the calendar year, the amount, the "
                    "forms, what they report and what was withheld. No winner's identity.",
        parameters=[BoardPayoutsQuerySerializer], responses={200: BoardPayoutsSerializer, **BOARD_ERRORS},
        tags=["payouts"])
    @reads_from_replica
    def get(self, request):
        query = BoardPayoutsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        year = query.validated_data.get("year") or timezone.localdate().year
        rows = [{"organization": row["organization_id"], "name": row["organization__name"], **_figures(row)}
                for row in board_totals(year=year)]
        totals = {**{name: sum(row[name] for row in rows) for name in ("payouts", "forms")},
                  **{name: sum((row[name] for row in rows), ZERO) for name in ("paid", "reportable", "withheld")}}
        return Response(BoardPayoutsSerializer({"year": year, "totals": totals, "organizations": rows}).data)
