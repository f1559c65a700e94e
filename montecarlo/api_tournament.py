"""Tournament API under /api/v1/montecarlo/tournaments/: the same services as the screens,
scoped by the same selectors (another organization's tournament is a 404); broken rules come
back in the house error shape with their citation (config.api_errors)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from core.api import service_answer
from core.money import MoneySerializerField
from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING, IntegerSerializerField
from licensing.models import License
from licensing.serializers import VisibleLicenseField
from montecarlo import selectors, services_play, services_tournament
from montecarlo.holdem.tournament import TEMPLATES
from montecarlo.models import Tournament, TournamentStatus
from montecarlo.services_state import clock_state, load_engine


class TournamentSerializer(serializers.ModelSerializer):
    # The entry fee, chips and seats typed by people: ASCII digits, the fee in cents (core.money).
    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    license = VisibleLicenseField(queryset=License.objects.none())
    template = serializers.ChoiceField(choices=list(TEMPLATES), write_only=True, required=False)
    prizes = serializers.ListField(child=MoneySerializerField(max_digits=8), required=False)
    levels = serializers.ListField(child=serializers.DictField(), required=False)

    class Meta:
        model = Tournament
        fields = ["id", "license", "name", "date", "starts_at", "ends_at", "entry_fee", "starting_chips",
                  "max_per_table", "finish_method", "stop_at", "levels", "template", "prizes", "training", "status",
                  "public_key", "head_seq", "published_at"]
        read_only_fields = ["status", "public_key", "head_seq", "published_at"]


class RegisterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    date_of_birth = serializers.DateField(help_text=_("30 DCMR 1702.1: 18 or older on the tournament's date."))
    board_player_id = serializers.CharField(max_length=40, required=False, allow_blank=True,
                                            help_text=_("The Board's id of the player, when the player has one."))


class TablesSerializer(serializers.Serializer):
    tables = IntegerSerializerField(min_value=1, required=False)


class ClockSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=["start", "pause", "resume"])


class TableSerializer(serializers.Serializer):
    table = IntegerSerializerField(min_value=1)


class ActionSerializer(TableSerializer):
    seat = IntegerSerializerField(min_value=1)
    action = serializers.ChoiceField(choices=services_play.ACTIONS)
    to = IntegerSerializerField(min_value=0, required=False, allow_null=True)


class ShowdownSerializer(TableSerializer):
    board = serializers.ListField(child=serializers.CharField(max_length=2), min_length=5, max_length=5)
    shown = serializers.DictField(child=serializers.ListField(child=serializers.CharField(max_length=2),
                                                              min_length=2, max_length=2),
                                  help_text=_("The cards of each hand shown, by seat number."))
    mucked = serializers.ListField(child=IntegerSerializerField(min_value=1), required=False, max_length=7,
                                   help_text=_("The seats that muck (30 DCMR 1604.3(t)(2)): never the hand that "
                                               "made the last bet or raise, nor any when nobody bet."))


class ChipCorrectionSerializer(serializers.Serializer):
    """A miscount put right at one table: chips move from one player to another (1603.20, 1603.30)."""

    from_player = serializers.CharField(max_length=20)
    to_player = serializers.CharField(max_length=20)
    chips = IntegerSerializerField(min_value=1)
    reason = serializers.CharField(max_length=300)


class MoveSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=20)
    table = IntegerSerializerField(min_value=1)
    seat = IntegerSerializerField(min_value=1)


class StateSerializer(serializers.Serializer):
    """The tournament's state rebuilt from its events: clock, tables, standings, proposals."""

    status = serializers.CharField()
    clock = serializers.DictField()
    tables = serializers.ListField(child=serializers.DictField())
    standings = serializers.ListField(child=serializers.DictField())
    moves = serializers.ListField(child=serializers.DictField())


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
        serializer.instance = services_tournament.tournament_create(actor=self.request.user, license=license, **data)

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
        return self._run(request, RegisterSerializer, lambda t, d: services_tournament.player_register(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TablesSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def seats(self, request, pk=None):
        return self._run(request, TablesSerializer, lambda t, d: services_tournament.seats_draw(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ClockSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def clock(self, request, pk=None):
        return self._run(request, ClockSerializer, lambda t, d: services_tournament.clock_control(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TableSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="hands")
    def hand_start(self, request, pk=None):
        return self._run(request, TableSerializer, lambda t, d: services_play.hand_start(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ActionSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="action")
    def hand_action(self, request, pk=None):
        return self._run(request, ActionSerializer, lambda t, d: services_play.action_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ShowdownSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def showdown(self, request, pk=None):
        return self._run(request, ShowdownSerializer, lambda t, d: services_play.showdown_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=TableSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def misdeal(self, request, pk=None):
        return self._run(request, TableSerializer, lambda t, d: services_play.misdeal_record(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=ChipCorrectionSerializer, responses=STATE)
    @action(detail=True, methods=["post"], url_path="chip-corrections")
    def chip_corrections(self, request, pk=None):
        return self._run(request, ChipCorrectionSerializer, lambda t, d: services_tournament.chip_correction(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=MoveSerializer, responses=STATE)
    @action(detail=True, methods=["post"])
    def moves(self, request, pk=None):
        return self._run(request, MoveSerializer, lambda t, d: services_tournament.move_approve(
            actor=request.user, tournament=t, **d))

    @extend_schema(request=None, responses=STATE)
    @action(detail=True, methods=["post"])
    def stop(self, request, pk=None):
        return self._run(request, None, lambda t, d: services_tournament.tournament_stop(
            actor=request.user, tournament=t))

    @extend_schema(methods=["GET"], request=None, responses=STATE)
    @extend_schema(methods=["POST"], request=None, responses=STATE)
    @action(detail=True, methods=["get", "post"])
    def results(self, request, pk=None):
        if request.method == "POST":
            return self._run(request, None, lambda t, d: services_tournament.results_publish(
                actor=request.user, tournament=t))
        tournament = self.get_object()
        if tournament.status == TournamentStatus.PUBLISHED:
            return Response({"status": tournament.status, "results": tournament.results})
        return Response(state_payload(tournament))


class HandHistoryView(viewsets.ViewSet):
    """A completed hand (numbered 1.. in the order completed) in the hand-history format."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={
        200: OpenApiResponse(description=_("The hand history (shared hand-history format).")), 409: STATE[409]})
    def retrieve(self, request, pk=None, number=None):
        tournament = selectors.tournament_get(user=request.user, pk=int(pk))
        engine = load_engine(tournament)
        number = int(number)
        if not 1 <= number <= len(engine.hands):
            raise NotFound
        return Response(engine.hands[number - 1]["history"])

