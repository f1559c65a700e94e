"""Nights API under /api/v1/montecarlo/nights/ and the Board's house-rules approvals under
/api/v1/montecarlo/approvals/: the same services as the night's pages, scoped by the same selectors (another
organization's night is a 404); every write is one service call, and a broken rule comes back in the house
error shape with its citation (core.api.errors). The public leaderboard, by the night's key alone:
/api/v1/public/montecarlo/nights/<key>/leaderboard."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, error_response, service_answer
from licensing.accounts.permissions import IsBoard
from montecarlo.models import Night
from montecarlo.nights import selectors, services
from montecarlo.nights.drawing import published_drawing
from montecarlo.nights.leaderboard import leaderboard_state
from montecarlo.nights.ledger import night_balance
from montecarlo.nights.serializers import (
    ApprovalSerializer,
    ChipDrawingSerializer,
    DecisionSerializer,
    InChargeSerializer,
    LeaderboardSerializer,
    LedgerEntrySerializer,
    NightSerializer,
    ParticipantRegisterSerializer,
    ParticipantSerializer,
    TermsSerializer,
)

WRITE_ERRORS = {
    400: error_response(_("Bad input or a broken rule (the 30 DCMR rule is cited).")),
    403: error_response(_("Not one of the organization's people who may do this (directors and officers run a "
                          "night; the Board reads).")),
    404: error_response(_("No such night, or another organization's.")),
}
READ_ERRORS = {404: WRITE_ERRORS[404]}


def night_answer(request, night: Night) -> dict:
    """A night with its participants and chip balance, as retrieve, create and every night action answer it."""
    return NightSerializer(night, context={"request": request, "balance": night_balance(night)}).data


def participant_answer(request, night: Night, participants, *, many: bool = False):
    staff = selectors.can_deal(user=request.user, night=night)
    return ParticipantSerializer(participants, many=many, context={"request": request, "staff": staff}).data


class NightViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                   viewsets.GenericViewSet):
    """Monte Carlo Nights of the user's organizations (the Board reads all). Directors and officers plan and run
    them; dealers deal at their tables (montecarlo/tables/); other readers read."""

    serializer_class = NightSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["status", "date", "training"]

    def get_queryset(self):
        return selectors.night_list(user=self.request.user)

    @extend_schema(responses={201: NightSerializer, **WRITE_ERRORS})
    def create(self, request, *args, **kwargs):
        """Plan a night under a Monte Carlo Night license, on its licensed date, hours and place (1202.2(o)), at
        most two a year (1204.17); the chip drawing's commitment is published from now on."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The license is one the caller may see (VisibleLicenseField); the service checks the role.
        night = services.night_create(actor=request.user, **serializer.validated_data)
        return Response(night_answer(request, night), status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: NightSerializer, **READ_ERRORS})
    def retrieve(self, request, *args, **kwargs):
        return Response(night_answer(request, self.get_object()))

    def _run(self, request, serializer_class, call):
        """One service call on the night, answered with the night as it stands after it."""
        night = self.get_object()
        return service_answer(request, serializer_class=serializer_class, call=lambda **data: call(night, data),
                              answer=lambda changed: night_answer(request, changed))

    @extend_schema(request=TermsSerializer, responses={200: NightSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def terms(self, request, pk=None):
        """Change the posted house rules, prize list or prize method, until the first participant is admitted
        (30 DCMR 1603.2)."""
        return self._run(request, TermsSerializer, lambda night, data: services.night_update(
            actor=request.user, night=night, **data))

    @extend_schema(request=InChargeSerializer, responses={200: NightSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"], url_path="in-charge")
    def in_charge(self, request, pk=None):
        """Record which of the license's member in charge and alternate is present throughout the night (30 DCMR
        1301.5); a night that is not training admits and plays only with it recorded."""
        return self._run(request, InChargeSerializer, lambda night, data: services.night_in_charge_record(
            actor=request.user, night=night, **data))

    @extend_schema(methods=["GET"], request=None, responses={200: ParticipantSerializer(many=True), **READ_ERRORS},
                   description=_("The night's participants by number; `receipt_code` and `receipt_url` only for "
                                 "the night's directors, officers and dealers (null for other readers)."))
    @extend_schema(methods=["POST"], request=ParticipantRegisterSerializer, responses={201: ParticipantSerializer,
                                                                           **WRITE_ERRORS},
                   description=_("Admit a participant (1603.4, 1702.1): the ledger opens with the night's chips, "
                                 "the same for everyone (1603.8)."))
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def participants(self, request, pk=None):
        night = self.get_object()
        if request.method == "POST":
            return service_answer(
                request, serializer_class=ParticipantRegisterSerializer, status_code=status.HTTP_201_CREATED,
                call=lambda **data: services.participant_register(actor=request.user, night=night, **data),
                answer=lambda participant: participant_answer(request, night, participant))
        return Response(participant_answer(request, night, selectors.participant_list(night=night), many=True))

    @extend_schema(request=None, responses={200: LedgerEntrySerializer(many=True), **READ_ERRORS},
                   parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH,
                                                description=_("The participant's number at the night."))])
    @action(detail=True, methods=["get"], url_path=r"participants/(?P<number>[0-9]+)/ledger", pagination_class=None,
            filter_backends=[])
    def participant_ledger(self, request, pk=None, number=None):
        """A participant's chip ledger, oldest entry first."""
        participant = selectors.participant_get(night=self.get_object(), number=int(number))
        return Response(LedgerEntrySerializer(participant.ledger.select_related("table").order_by("seq"),
                                              many=True).data)

    @extend_schema(request=None, responses={200: NightSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def count(self, request, pk=None):
        """The end-of-night count: every table closed first; each participant's chips recorded, no more play."""
        return self._run(request, None, lambda night, data: services.night_count(actor=request.user, night=night))

    @extend_schema(request=None, responses={200: NightSerializer, **WRITE_ERRORS})
    @action(detail=True, methods=["post"])
    def award(self, request, pk=None):
        """Award the posted prizes after the count, by ranking or by a drawing in which each chip is a chance
        (1603.2); the values go to the night's financial report."""
        return self._run(request, None, lambda night, data: services.prizes_award(actor=request.user, night=night))

    @extend_schema(request=None, responses={200: LeaderboardSerializer, **READ_ERRORS})
    @action(detail=True, methods=["get"])
    def leaderboard(self, request, pk=None):
        """The leaderboard as the public screen shows it."""
        return Response(LeaderboardSerializer(leaderboard_state(self.get_object())).data)

    @extend_schema(request=None, responses={
        200: ChipDrawingSerializer, 404: error_response(_("No such night, or no drawing published yet."))})
    @action(detail=True, methods=["get"])
    def drawing(self, request, pk=None):
        """The chip drawing as published (raffle-drawing/1), once the prizes are awarded by drawing."""
        drawing = published_drawing(self.get_object())
        if drawing is None:
            raise NotFound(_("No chip drawing is published for this night."))
        return Response(ChipDrawingSerializer(drawing).data)


class ApprovalViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Nights' house rules waiting for (or given) the Agency's decision (30 DCMR 1602.1); `?status=pending`
    for those waiting. The Board reads them (anyone else: 403, as the review queue answers); Board staff decide."""

    serializer_class = ApprovalSerializer
    permission_classes = [permissions.IsAuthenticated, IsBoard]
    filterset_fields = ["status"]

    def get_queryset(self):
        return selectors.approval_queue(user=self.request.user)

    @extend_schema(request=DecisionSerializer, responses={
        200: ApprovalSerializer, 400: ERRORS,
        403: error_response(_("Not Board staff: only they decide on house rules (30 DCMR 1602.1).")),
        404: error_response(_("No such approval."))})
    @action(detail=True, methods=["post"])
    def decide(self, request, pk=None):
        """Approve or refuse the night's house rules for the game; a refusal says why."""
        approval = self.get_object()
        return service_answer(
            request, serializer_class=DecisionSerializer,
            call=lambda **data: services.approval_decide(actor=request.user, approval=approval, **data),
            answer=lambda decided: ApprovalSerializer(decided).data)


class PublicLeaderboardApi(APIView):
    """Public: a night's leaderboard by the night's unguessable key (the key of its leaderboard screen):
    participant numbers and chips, names only where the participant agreed."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="public_montecarlo_night_leaderboard", responses={
        200: LeaderboardSerializer, 404: OpenApiResponse(description=_("No night has that key."))}, tags=["public"])
    def get(self, request, key: str):
        return Response(LeaderboardSerializer(leaderboard_state(selectors.night_by_key(key=key))).data)
