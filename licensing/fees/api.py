"""The fee API: the public quote (what an application costs under the Board's schedules, 30 DCMR 1204, 1205,
1414), and an application's fee as the Board receives it (payments, receipts, voids, a waiver)."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions, renderers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from core.api.renderers import PdfRenderer
from licensing.accounts.permissions import BOARD_ERRORS, IsBoardStaff
from licensing.fees import payments
from licensing.fees import selectors as fee_selectors
from licensing.fees.quotes import fee_quote
from licensing.fees.serializers import (
    FeePaymentRequestSerializer,
    FeePaymentSerializer,
    FeeQuoteQuerySerializer,
    FeeQuoteSerializer,
    FeeStatusSerializer,
    FeeWaiverSerializer,
    ReasonRequestSerializer,
)
from licensing.fees.views import receipt_response
from licensing.licenses.settlement import fee_settlement


class FeeQuoteApi(APIView):
    """Public: the application fee and bond of a license, from the Board's register."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []  # public figures: no session, no token, nothing to check

    @extend_schema(
        operation_id="fees_quote",
        summary="Quote the application fee and bond of a license",
        description=(
            "No sign-in needed. Fees come from the Board's register of dated numbers (30 DCMR 1204.1, "
            "1204.2-1204.5, 1204.16, 1204.19, 1414), as they stand on `on`; money is a string with two decimals. "
            "Raffle fees and bond amounts are set by the Board: until it does, the value is null, `notes` says so "
            "and such an application cannot be submitted (`can_submit` false). A senior group's Class D bingo needs "
            "no bond (1201.3): `bond` is null with a note and `can_submit` stays true.\n\n"
            "Multi-hall: the bond is the highest prize offered plus the register's margin in force on `on` "
            "(multihall.bond_margin, 30 DCMR 1414.9), to the cent. The regular fee is prorated to the base bingo "
            "license's expiry (1414): fee x (base_expires_on - "
            "on, in days) / 365, rounded half up to the cent, never more than the full fee; a limited-period fee is "
            "not prorated.\n\n"
            "A combination that does not exist (a class not of the type, Class D for a group that is not a "
            "senior group, a limited-period raffle or Monte Carlo Night, multi-hall without highest_prize) "
            "answers 400 naming the field and the rule."
        ),
        parameters=[FeeQuoteQuerySerializer],
        responses={
            200: FeeQuoteSerializer,
            400: OpenApiResponse(description="The combination does not exist or a value is invalid: "
                                             "{\"errors\": [{\"field\", \"code\", \"message\", \"rule\"}]}."),
        },
        tags=["fees"],
        examples=[
            OpenApiExample(
                "Bingo Class A",
                value={"application_fee": "500.00", "bond": None, "citations": ["30 DCMR 1204.1"],
                       "notes": ["30 DCMR 1205.2: the Board has not set a bond amount for a Bingo Class A license "
                                 "yet; an application cannot be submitted until it does."], "can_submit": False},
                response_only=True,
            ),
        ],
    )
    def get(self, request):
        query = FeeQuoteQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        quote = fee_quote(**query.validated_data)
        return Response(FeeQuoteSerializer(quote).data)


# --- An application's fee: payments, receipts, voids, waiver (licensing.fees.payments) ---


def _fee_status(application) -> dict:
    settlement = fee_settlement(application=application)
    payments = application.fee_payments.select_related("recorded_by", "void__voided_by").order_by(
        "received_on", "pk")
    return {"due": settlement.due, "paid": settlement.paid, "waived": settlement.waived,
            "balance": settlement.balance, "settled": settlement.settled, "payments": payments}


class FeePaymentListApi(APIView):
    """An application's fee and its payments: read by its organization's people and the Board; Board staff
    record a payment."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="fees_payments_list", summary="An application's fee, payments and balance",
        description="Voided payments are listed (with their void) and do not count toward `paid`. Another "
                    "organization's application is a 404.",
        responses={200: FeeStatusSerializer, 404: ERRORS}, tags=["fees"],
    )
    def get(self, request, pk: int):
        application = fee_selectors.fee_application_get(user=request.user, pk=pk)
        return Response(FeeStatusSerializer(_fee_status(application)).data)

    @extend_schema(
        operation_id="fees_payments_create", summary="Record a payment of an application's fee (Board staff)",
        description="Method check, money_order, cash or card; `reference` (the check or money order number) is "
                    "required for a check or a money order. The amount is at most the balance (an overpayment is "
                    "refused with 400 naming `amount`); `received_on` is not in the future. The payment gets the "
                    "next receipt number of the year (R-2026-00001) and the organization an email with the "
                    "receipt's link. The payment that settles the fee of an approved application issues its "
                    "license.",
        request=FeePaymentRequestSerializer,
        responses={201: FeePaymentSerializer, **BOARD_ERRORS, 404: ERRORS}, tags=["fees"],
    )
    def post(self, request, pk: int):
        application = fee_selectors.fee_application_get(user=request.user, pk=pk)
        if not request.user.is_board_staff:
            raise PermissionDenied(_("Only Board staff record fee payments and waivers."))
        return service_answer(
            request, serializer_class=FeePaymentRequestSerializer, status_code=status.HTTP_201_CREATED,
            call=lambda **data: payments.fee_payment_record(actor=request.user, application=application, **data),
            answer=lambda payment: FeePaymentSerializer(payment).data,
        )


class FeeWaiverApi(APIView):
    permission_classes = [permissions.IsAuthenticated, IsBoardStaff]

    @extend_schema(
        operation_id="fees_waive", summary="Waive what is left of an application's fee (Board staff)",
        description="With a reason (kept in the audit trail). An approved application waiting for its fee gets "
                    "its license.",
        request=ReasonRequestSerializer, responses={201: FeeWaiverSerializer, **BOARD_ERRORS, 404: ERRORS},
        tags=["fees"],
    )
    def post(self, request, pk: int):
        application = fee_selectors.fee_application_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=ReasonRequestSerializer, status_code=status.HTTP_201_CREATED,
            call=lambda reason: payments.fee_waive(actor=request.user, application=application, reason=reason),
            answer=lambda waiver: FeeWaiverSerializer(waiver).data,
        )


class FeePaymentVoidApi(APIView):
    permission_classes = [permissions.IsAuthenticated, IsBoardStaff]

    @extend_schema(
        operation_id="fees_payment_void", summary="Void a payment recorded by mistake (Board staff)",
        description="The payment stays on file with its receipt number and stops counting toward the fee.",
        request=ReasonRequestSerializer, responses={201: FeePaymentSerializer, **BOARD_ERRORS, 404: ERRORS},
        tags=["fees"],
    )
    def post(self, request, pk: int):
        payment = fee_selectors.fee_payment_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=ReasonRequestSerializer, status_code=status.HTTP_201_CREATED,
            call=lambda reason: payments.fee_payment_void(actor=request.user, payment=payment, reason=reason),
            answer=lambda void: FeePaymentSerializer(void.payment).data,
        )


class FeeReceiptApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    renderer_classes = [renderers.JSONRenderer, PdfRenderer]

    @extend_schema(
        operation_id="fees_receipt", summary="A payment's numbered receipt (PDF)",
        description="For the organization's people and the Board; another organization's receipt is a 404.",
        responses={(200, "application/pdf"): OpenApiTypes.BINARY, 404: ERRORS}, tags=["fees"],
    )
    def get(self, request, pk: int):
        return receipt_response(fee_selectors.fee_payment_get(user=request.user, pk=pk))
