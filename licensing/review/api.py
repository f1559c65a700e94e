"""Board review API (/api/v1/review/applications/): thin views over selectors_review (reads) and the review
services (writes). The licenses API is licensing/licenses/api.py."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.api.answers import error_response
from licensing.accounts.permissions import BOARD_ERRORS, IsBoard
from licensing.review import selectors as selectors_review
from licensing.review import services as review_services
from licensing.review.filters import ApplicationReviewFilter
from licensing.review.serializers import (
    DecisionSerializer,
    DeficiencyNoticeSerializer,
    DeficiencyRequestSerializer,
    DenyRequestSerializer,
    ReviewApplicationDetailSerializer,
    ReviewApplicationListSerializer,
    VoteRequestSerializer,
    VoteSerializer,
)


class ReviewApplicationViewSet(viewsets.ReadOnlyModelViewSet):
    """Submitted applications for the Board, oldest first; filters: license_type, license_class, status
    (or `open`), older_than / newer_than (days since submission), findings (blocking, any, none)."""

    permission_classes = [permissions.IsAuthenticated, IsBoard]
    filterset_class = ApplicationReviewFilter

    def get_queryset(self):
        return selectors_review.review_application_list(user=self.request.user)

    def get_serializer_class(self):
        return ReviewApplicationListSerializer if self.action == "list" else ReviewApplicationDetailSerializer

    @extend_schema(request=DeficiencyRequestSerializer, responses={201: DeficiencyNoticeSerializer, **BOARD_ERRORS})
    @action(detail=True, methods=["post"])
    def deficiency(self, request, pk=None):
        """Board staff: send a deficiency notice; the organization has `cure_days` (default: the Board's) to cure."""
        application = self.get_object()
        data = DeficiencyRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        notice = review_services.deficiency_notice_issue(
            actor=request.user, application=application, message=data.validated_data["message"],
            cure_days=data.validated_data.get("cure_days"),
        )
        return Response(DeficiencyNoticeSerializer(notice).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=VoteRequestSerializer,
        responses={
            201: VoteSerializer, **BOARD_ERRORS,
            409: error_response("Already voted (30 DCMR 1202.4)."),
        },
    )
    @action(detail=True, methods=["post"])
    def votes(self, request, pk=None):
        """Board members: vote once. The license issues when the ayes reach the quorum (30 DCMR 1202.4)."""
        application = self.get_object()
        data = VoteRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            vote = review_services.vote_cast(
                application=application, actor=request.user, choice=data.validated_data["choice"],
                comment=data.validated_data["comment"],
            )
        except review_services.VoteAlreadyCast as error:
            body = {"errors": [{"field": None, "code": error.code, "message": error.message, "rule": error.rule}]}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return Response(VoteSerializer(vote).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=DenyRequestSerializer, responses={201: DecisionSerializer, **BOARD_ERRORS})
    @action(detail=True, methods=["post"])
    def deny(self, request, pk=None):
        """Board staff: record the Board's denial with its reasons under 30 DCMR 1210.1 (a)-(f)."""
        application = self.get_object()
        data = DenyRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decision = review_services.application_deny(
            actor=request.user, application=application, reasons=data.validated_data["reasons"],
            explanation=data.validated_data["explanation"],
        )
        return Response(DecisionSerializer(decision).data, status=status.HTTP_201_CREATED)
