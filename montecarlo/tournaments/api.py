"""Tournament API under /api/v1/montecarlo/tournaments/: the same services as the screens,
scoped by the same selectors (another organization's tournament is a 404); broken rules come
back in the house error shape with their citation (core.api.errors)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from core.api.answers import service_answer
from montecarlo.models import Tournament, TournamentStatus
from montecarlo.tournaments import selectors, services
from montecarlo.tournaments.serializers import (
    ActionSerializer,
    ChipCorrectionSerializer,
    ClockSerializer,
    MoveSerializer,
    RegisterSerializer,
    ShowdownSerializer,
    StateSerializer,
    TableSerializer,
    TablesSerializer,
    TournamentSerializer,
)
from montecarlo.tournaments.state import clock_state, load_engine


def state_payload(tournament: Tournament) -> dict:
    tournament.refresh_from_db()
    engine = load_engine(tournament)
    standings = [{**row, "prize": str(row["prize"]) if row["prize"] is not None else None}
                 for row in engine.standings()]
    return {
        "status": tournament.status,
        "clock": clock_state(tournament, engine),
        "tables": [engine.table_view(n) for n, t in sorted(engine.tables.items()) if not t.broken],
        "standings": standings,
        "moves": engine.balancing_moves(),
    }


STATE = {
    200: OpenApiResponse(StateSerializer, description=_("The tournament's state after the change.")),
    409: OpenApiResponse(description=_("The tournament's stored events do not replay (the event is named).")),
}


class TournamentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                        viewsets.GenericViewSet):
    """Texas Hold'em tournaments of the user's organizations (the Board sees all)."""

    serializer_class = TournamentSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["status", "date"]

    def get_queryset(self):
        return selectors.tournament_list(user=self.request.user)

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        license = data.pop("license")  # one the caller may see (VisibleLicenseField); the service checks the role
        serializer.instance = services.tournament_create(actor=self.request.user, license=license, **data)

    def _run(self, request, serializer_class, call):
        tournament = self.get_object()
        return service_answer(request, serializer_class=serializer_class, call=lambda **data: call(tournament, data),
                              answer=lambda _: state_payload(tournament))

    @extend_schema(request=None, responses=STATE)
    @action(detail=True, methods=["get"])
    def state(self, request, pk=None):
        return Response(state_payload(self.get_object()))

    @extend_schema(request=RegisterSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def register(self, request, pk=None):
        return self._run(request, RegisterSerializer, lambda t, d: services.player_register(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TablesSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def seats(self, request, pk=None):
        return self._run(request, TablesSerializer, lambda t, d: services.seats_draw(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ClockSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def clock(self, request, pk=None):
        return self._run(request, ClockSerializer, lambda t, d: services.clock_control(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TableSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="hands")
    def hand_start(self, request, pk=None):
        return self._run(request, TableSerializer, lambda t, d: services.hand_start(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ActionSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="action")
    def hand_action(self, request, pk=None):
        return self._run(request, ActionSerializer, lambda t, d: services.action_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ShowdownSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def showdown(self, request, pk=None):
        return self._run(request, ShowdownSerializer, lambda t, d: services.showdown_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TableSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def misdeal(self, request, pk=None):
        return self._run(request, TableSerializer, lambda t, d: services.misdeal_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ChipCorrectionSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="chip-corrections")
    def chip_corrections(self, request, pk=None):
        return self._run(request, ChipCorrectionSerializer, lambda t, d: services.chip_correction(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=MoveSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def moves(self, request, pk=None):
        return self._run(request, MoveSerializer, lambda t, d: services.move_approve(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=None, responses=STATE)
    @action(detail=True, methods=["post"])
    def stop(self, request, pk=None):
        return self._run(request, None, lambda t, d: services.tournament_stop(
            actor=request.user, tournament=t))

    @extend_schema(methods=["GET"], request=None, responses=STATE)
    @extend_schema(methods=["POST"], request=None, responses=STATE)
    @action(detail=True, methods=["get", "post"])
    def results(self, request, pk=None):
        if request.method == "POST":
            return self._run(request, None, lambda t, d: services.results_publish(
                actor=request.user, tournament=t))
        tournament = self.get_object()
        if tournament.status == TournamentStatus.PUBLISHED:
            return Response({"status": tournament.status, "results": tournament.results})
        return Response(state_payload(tournament))


class HandHistoryView(viewsets.ViewSet):
    """A completed hand (numbered 1.. in the order completed) in the hand-history format."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={
        200: OpenApiResponse(OpenApiTypes.OBJECT, description=_("The hand history (shared hand-history format).")),
        409: STATE[409]})
    def retrieve(self, request, pk=None, number=None):
        tournament = selectors.tournament_get(user=request.user, pk=int(pk))
        engine = load_engine(tournament)
        number = int(number)
        if not 1 <= number <= len(engine.hands):
            raise NotFound
        return Response(engine.hands[number - 1]["history"])

