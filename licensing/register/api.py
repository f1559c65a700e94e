"""The register's API. Open data for everyone (no sign-in): GET /api/v1/public/rules/ every approved row, filtered by
key, group or day; GET /api/v1/public/rules/<key>/ one key's approved history. The Board's writes with the same four
eyes as the portal: POST /api/v1/board/rules/proposals/ proposes, GET lists the changes waiting, and
POST .../proposals/<id>/approve/, refuse/ and withdraw/ decide one (licensing.register.services checks who may)."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from licensing.accounts.mfa import mfa_refusal
from licensing.accounts.permissions import BOARD_ERRORS
from licensing.register import selectors, services
from licensing.register.catalog import entry
from licensing.register.serializers import (
    BoardNumberSerializer,
    DecisionRequestSerializer,
    ProposalRequestSerializer,
    PublicRuleQuerySerializer,
    PublicRuleSerializer,
    RuleHistorySerializer,
)

TAG = "rules"
_ROW = {"key": "fee.bingo.A.original", "label": "Bingo Class A original fee", "group": "fee", "kind": "money",
        "value": "500.00", "shown_value": "$500.00", "effective_from": "2000-01-01", "effective_to": None,
        "citation": "30 DCMR 1204.1"}


class MayDecideNumbers(permissions.BasePermission):
    """The Board administrator, board members, and Board staff given the permission (selectors.may_approve), behind
    two-factor authentication like every Board endpoint."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        message = mfa_refusal(user, api=True)
        if message:
            raise ApiPermissionDenied(message, code="mfa_required")
        return selectors.may_approve(user)


class PublicRuleListApi(APIView):
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []  # open data: no session, no token, nothing to check

    @extend_schema(
        operation_id="public_rules_list", summary="The Board's numbers (open data)",
        description=(
            "Every approved row of the Board's register: each fee, bond, cap, deadline and threshold a rule uses, "
            "from the day it takes effect (`effective_from`) to the day it stops (`effective_to`, exclusive; null "
            "until a later row of the key takes over), with the section that sets it. Past, current and scheduled "
            "rows alike. `on` keeps the rows in force that day; `key` and `group` narrow the list. An unknown key "
            "or group, or a date that is not YYYY-MM-DD, answers 400 naming the field. `label` is in the "
            "request's language (Accept-Language: es)."),
        parameters=[PublicRuleQuerySerializer], responses={200: PublicRuleSerializer(many=True)}, tags=[TAG],
        examples=[OpenApiExample("The Bingo Class A original fee", response_only=True, value=[_ROW])],
    )
    def get(self, request):
        query = PublicRuleQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        filters = query.validated_data
        rows = selectors.public_rows(key=filters.get("key"), on=filters.get("on"))
        group = filters.get("group")
        rows = [row for row in rows if entry(row.key) is not None and (not group or row.key.split(".")[0] == group)]
        return Response(PublicRuleSerializer(rows, many=True).data)


class PublicRuleHistoryApi(APIView):
    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="public_rules_history", summary="One number's approved history (open data)",
        description="Every approved row of one key, oldest first. A key the register does not know answers 404; a "
                    "known key the Board has never set answers its rows as an empty list.",
        parameters=[OpenApiParameter("key", str, OpenApiParameter.PATH, description="A key of the register.")],
        responses={200: RuleHistorySerializer, 404: ERRORS}, tags=[TAG],
    )
    def get(self, request, key: str):
        known = entry(key)
        if known is None:
            raise Http404(_("No number of the register has that key."))
        return Response(RuleHistorySerializer({
            "key": known.key, "label": known.describe(), "group": known.group, "kind": known.kind,
            "citation": known.citation, "rows": list(selectors.public_rows(key=key))}).data)


class ProposalListApi(APIView):
    permission_classes = [MayDecideNumbers]

    @extend_schema(
        operation_id="board_rules_proposals_list", summary="The changes waiting for a second person (the Board)",
        description="The Board administrator, board members and Board staff given the permission: each proposed "
                    "change with what it would do (`preview`). Anyone else gets 403.",
        responses={200: BoardNumberSerializer(many=True), **BOARD_ERRORS}, tags=[TAG],
    )
    def get(self, request):
        return Response(BoardNumberSerializer(selectors.proposals(request.user), many=True).data)

    @extend_schema(
        operation_id="board_rules_propose", summary="Propose a change to one of the Board's numbers",
        description=(
            "The Board administrator, or Board staff given the permission `licensing.edit_board_numbers` (403 for "
            "anyone else). The new value takes effect from `effective_from`, tomorrow at the earliest, once "
            "another person approves it (four eyes). A key the register does not know, a value not of the key's "
            "kind, a day in the past or today, or a period that overlaps another row of the key answers 400 "
            "naming the field and the key."),
        request=ProposalRequestSerializer, responses={201: BoardNumberSerializer, **BOARD_ERRORS}, tags=[TAG],
        examples=[OpenApiExample("A new Bingo Class A fee", request_only=True, value={
            "key": "fee.bingo.A.original", "value": "600.00", "effective_from": "2027-01-01",
            "citation": "30 DCMR 1204.1", "reason": "The Board's December meeting."})],
    )
    def post(self, request):
        if not selectors.may_propose(request.user):
            raise PermissionDenied(_("Only the Board administrator, or Board staff given the permission, propose a "
                                     "change to the Board's numbers."))
        return service_answer(
            request, serializer_class=ProposalRequestSerializer, status_code=status.HTTP_201_CREATED,
            call=lambda **data: services.number_propose(actor=request.user, **data),
            answer=lambda number: BoardNumberSerializer(number).data)


def _proposal(request, pk: int):
    number = selectors.number_for(request.user, pk)
    if number is None:
        raise Http404(_("No change of the register has that number."))
    return number


class _DecisionApi(APIView):
    permission_classes = [MayDecideNumbers]
    decide = None  # the service: (actor, number, data) -> BoardNumber
    body = True

    def post(self, request, pk: int):
        number = _proposal(request, pk)
        return service_answer(
            request, serializer_class=DecisionRequestSerializer if self.body else None,
            call=lambda **data: type(self).decide(request.user, number, data),
            answer=lambda decided: BoardNumberSerializer(decided).data)


_DECISION_ERRORS = {200: BoardNumberSerializer, **BOARD_ERRORS, 404: ERRORS}


class ProposalApproveApi(_DecisionApi):
    @staticmethod
    def decide(actor, number, data):
        return services.number_approve(actor=actor, number=number, note=data.get("note", ""))

    @extend_schema(
        operation_id="board_rules_approve", summary="Approve a change (a second person)",
        description="Anyone who may decide but the person who proposed it (four eyes: 403 for them). A change "
                    "already decided, or whose day has come, answers 400 naming the field.",
        request=DecisionRequestSerializer, responses=_DECISION_ERRORS, tags=[TAG],
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class ProposalRefuseApi(_DecisionApi):
    @staticmethod
    def decide(actor, number, data):
        return services.number_refuse(actor=actor, number=number, note=data.get("note", ""))

    @extend_schema(
        operation_id="board_rules_refuse", summary="Refuse a change, saying why",
        description="`note` is required (400 naming it when empty). A change already decided answers 400.",
        request=DecisionRequestSerializer, responses=_DECISION_ERRORS, tags=[TAG],
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class ProposalWithdrawApi(_DecisionApi):
    body = False

    @staticmethod
    def decide(actor, number, data):
        return services.number_withdraw(actor=actor, number=number)

    @extend_schema(
        operation_id="board_rules_withdraw", summary="Withdraw a change before anyone decides it",
        description="The person who proposed it, or the Board administrator (403 for anyone else).",
        request=None, responses=_DECISION_ERRORS, tags=[TAG],
    )
    def post(self, request, pk: int):
        return super().post(request, pk)
