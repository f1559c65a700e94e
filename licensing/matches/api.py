"""The possible-match API for Board staff (30 DCMR 1401.13, 1206.4(e)): GET /api/v1/matches/ lists the open possible
matches (`status=open`, the default) or the ties found (`status=ties`); GET /api/v1/matches/decisions/ staff's
decisions, newest first; POST /api/v1/matches/decide confirms or dismisses one, with a reason. Anyone but Board
staff gets 403."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import service_answer
from licensing.accounts.permissions import IsBoardStaff
from licensing.matches import selectors
from licensing.matches.serializers import (
    MatchDecideSerializer,
    MatchDecisionSerializer,
    MatchListQuerySerializer,
    MatchSerializer,
)
from licensing.matches.services import match_decide


class MatchListApi(APIView):
    """The possible matches still to decide, or the ties found (Board staff)."""

    permission_classes = [IsBoardStaff]

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=[selectors.OPEN, selectors.TIES], required=False,
                                     description="open (default): possible matches to decide; ties: the same name "
                                                 "and date of birth, or a possible match staff confirmed.")],
        responses={200: MatchSerializer(many=True)},
    )
    def get(self, request):
        query = MatchListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        matches = selectors.match_list(user=request.user, status=query.validated_data["status"])
        return Response(MatchSerializer(matches, many=True).data)


class MatchDecisionListApi(generics.ListAPIView):
    """Staff's decisions on possible matches, newest first, a page at a time (Board staff)."""

    permission_classes = [IsBoardStaff]
    serializer_class = MatchDecisionSerializer

    def get_queryset(self):
        return selectors.match_decision_list(user=self.request.user)


class MatchDecideApi(APIView):
    """Confirm (same: true) or dismiss (same: false) a possible match, with a reason; final (Board staff)."""

    permission_classes = [IsBoardStaff]

    @extend_schema(request=MatchDecideSerializer, responses={201: MatchDecisionSerializer})
    def post(self, request):
        return service_answer(
            request, serializer_class=MatchDecideSerializer,
            call=lambda **data: match_decide(actor=request.user, **data),
            answer=lambda decision: MatchDecisionSerializer(decision).data, status_code=status.HTTP_201_CREATED)
