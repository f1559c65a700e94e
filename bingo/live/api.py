"""The live game under /api/v1/bingo/games/{id}/: its state, and the caller's and checker's
actions. Reads are scoped by bingo.live.selectors (another organization's game is a 404); the
services answer 403 to anyone without the role and 400, with the citation, when a rule is broken."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from bingo.engine import ball_label
from bingo.live import report_handover, selectors, services
from bingo.live.state import game_state
from bingo.planning.selectors import operation_get
from core.api.answers import ERRORS, service_answer
from core.numbers import IntegerSerializerField


class FloorSerializer(serializers.Serializer):
    new = serializers.IntegerField(help_text="Sold faces whose pattern was completed by the last call.")
    complete = serializers.IntegerField(help_text="Sold faces whose pattern is complete.")
    sold = serializers.IntegerField()


class ClaimSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    face_number = serializers.IntegerField(allow_null=True, required=False)
    series = serializers.CharField(allow_null=True, required=False)
    face = serializers.ListField(child=serializers.IntegerField())
    marked = serializers.ListField(child=serializers.IntegerField(), required=False)
    last_call = serializers.IntegerField(allow_null=True)
    valid = serializers.BooleanField()
    complete = serializers.BooleanField()
    missed = serializers.BooleanField(required=False)
    void = serializers.BooleanField(required=False, default=False)
    void_reason = serializers.CharField(required=False, allow_blank=True,
                                        help_text="Why the claim was voided; empty when its call was taken back.")
    sale = serializers.IntegerField(allow_null=True, required=False,
                                    help_text="The card sale of the face: its buyer is the player (30 DCMR 1406.2).")
    repeated = serializers.BooleanField(required=False, default=False,
                                        help_text="True when the face was already checked on this call: the "
                                                  "claim heard then, nothing new recorded.")
    reason = serializers.CharField()
    rule = serializers.CharField()
    completed_on = serializers.IntegerField(allow_null=True)


class GameStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    game_type = serializers.CharField()
    status = serializers.CharField()
    pattern = serializers.CharField()
    prize = serializers.DecimalField(max_digits=12, decimal_places=2)
    license_class = serializers.CharField()
    training = serializers.BooleanField(help_text="A training game: no sales, no prizes, nothing reported.")
    calls = serializers.ListField(child=serializers.IntegerField())
    last_call = serializers.IntegerField(allow_null=True)
    last_label = serializers.CharField()
    floor = FloorSerializer(allow_null=True)
    claims = ClaimSerializer(many=True)
    result = serializers.DictField(allow_null=True)


class RecordSerializer(serializers.Serializer):
    number = IntegerSerializerField(help_text="The ball drawn from the blower, 1 to 75 (30 DCMR 1405.7).")


class UndoSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class ClaimRequestSerializer(serializers.Serializer):
    face_number = IntegerSerializerField(min_value=1)
    series_code = serializers.CharField(max_length=40, required=False, allow_blank=True)


class ClaimVoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class CloseSerializer(serializers.Serializer):
    winners = IntegerSerializerField(min_value=0, required=False, allow_null=True,
                                     help_text="Override: the number of winners, when claims were checked "
                                                 "on paper. By default the valid claims on the last call.")


def state_data(game) -> dict:
    state = game_state(game)
    return {
        "id": game.pk, "number": game.number, "game_type": game.game_type, "status": state.status,
        "pattern": game.pattern.slug, "prize": game.prize, "license_class": game.license_class,
        "training": game.operation.is_training,
        "calls": state.calls, "last_call": state.last_call,
        "last_label": ball_label(state.last_call) if state.last_call else "",
        "floor": state.floor, "claims": state.claims, "result": state.result,
    }


def _state(game) -> dict:
    game.refresh_from_db()
    return GameStateSerializer(state_data(game)).data


class GameStateApi(APIView):
    @extend_schema(responses={200: GameStateSerializer, 404: ERRORS})
    def get(self, request, pk: int):
        """The live state of a game, rebuilt from its event log."""
        return Response(_state(selectors.game_get(user=request.user, pk=pk)))


class GameStartApi(APIView):
    @extend_schema(request=None, responses={200: GameStateSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Start the game: 75 balls, a cleared board (30 DCMR 1405.8, 1405.10)."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(request, call=lambda: services.game_start(actor=request.user, game=game),
                              answer=lambda _: _state(game))


class GameDrawApi(APIView):
    @extend_schema(request=None, responses={201: GameStateSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """The system draws a ball with a secure RNG."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(request, call=lambda: services.ball_draw(actor=request.user, game=game),
                              answer=lambda _: _state(game), status_code=status.HTTP_201_CREATED)


class GameRecordApi(APIView):
    @extend_schema(request=RecordSerializer, responses={201: GameStateSerializer, 400: ERRORS, 403: ERRORS,
                                                        404: ERRORS})
    def post(self, request, pk: int):
        """Record a ball drawn from the physical blower."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=RecordSerializer,
            call=lambda number: services.ball_record(actor=request.user, game=game, number=number),
            answer=lambda _: _state(game), status_code=status.HTTP_201_CREATED)


class GameUndoApi(APIView):
    @extend_schema(request=UndoSerializer, responses={201: GameStateSerializer, 400: ERRORS, 403: ERRORS,
                                                      404: ERRORS})
    def post(self, request, pk: int):
        """Take back the last call, with the reason (audited)."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=UndoSerializer,
            call=lambda reason: services.call_undo(actor=request.user, game=game, reason=reason),
            answer=lambda _: _state(game), status_code=status.HTTP_201_CREATED)


class GameClaimsApi(APIView):
    @extend_schema(responses={200: ClaimSerializer(many=True), 404: ERRORS})
    def get(self, request, pk: int):
        """Every claim heard in the game, in order."""
        game = selectors.game_get(user=request.user, pk=pk)
        return Response(ClaimSerializer(game_state(game).claims, many=True).data)

    @extend_schema(request=ClaimRequestSerializer, responses={201: ClaimSerializer, 200: ClaimSerializer,
                                                              400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """A claim by face number, checked against the calls (30 DCMR 1405.16, 1406.1). The same face
        checked again on the same call answers 200 with the claim already heard (`repeated`)."""
        game = selectors.game_get(user=request.user, pk=pk)
        serializer = ClaimRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = services.claim_face(actor=request.user, game=game, face_number=serializer.validated_data["face_number"],
                                    series_code=serializer.validated_data.get("series_code") or None)
        return Response(ClaimSerializer({**event.payload, "seq": event.seq, "repeated": event.repeated}).data,
                        status=status.HTTP_200_OK if event.repeated else status.HTTP_201_CREATED)


class GameClaimVoidApi(APIView):
    @extend_schema(request=ClaimVoidSerializer, responses={201: GameStateSerializer, 400: ERRORS, 403: ERRORS,
                                                      404: ERRORS})
    def post(self, request, pk: int, seq: int):
        """Void the claim heard at event `seq`, with the reason (audited, kept in the log): it no
        longer wins, and calls may go on (30 DCMR 1406.3)."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=ClaimVoidSerializer,
            call=lambda reason: services.claim_void(actor=request.user, game=game, claim_seq=seq, reason=reason),
            answer=lambda _: _state(game), status_code=status.HTTP_201_CREATED)


class GameCloseApi(APIView):
    @extend_schema(request=CloseSerializer, responses={200: GameStateSerializer, 400: ERRORS, 403: ERRORS,
                                                       404: ERRORS})
    def post(self, request, pk: int):
        """Close the game: winners and amounts paid (30 DCMR 1406.2, 1406.3)."""
        game = selectors.game_get(user=request.user, pk=pk)
        return service_answer(
            request, serializer_class=CloseSerializer,
            call=lambda winners=None: services.game_close(actor=request.user, game=game, winners=winners),
            answer=lambda _: _state(game))


class ReportHandoverSerializer(serializers.Serializer):
    report = serializers.IntegerField(help_text="The financial report now holding the operation's record.")
    event_date = serializers.DateField()
    version = serializers.IntegerField()
    status = serializers.CharField(help_text="draft, or submitted: a submitted report keeps what it filed, the "
                                             "new record beside it for its next correction.")
    source = serializers.CharField()
    recorded = serializers.DictField(help_text="The figures handed over, by part of the report.")


class OperationReportSendApi(APIView):
    @extend_schema(request=None, responses={200: ReportHandoverSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Send the operation's record (cards sold by colour, closed games with their winners and prizes paid) to
        the financial report of its day; again to send the latest record (30 DCMR 1404.1(h), 1413.1)."""
        operation = operation_get(user=request.user, pk=pk)
        return service_answer(
            request, call=lambda: report_handover.operation_report_send(actor=request.user, operation=operation),
            answer=lambda report: ReportHandoverSerializer({
                "report": report.pk, "event_date": report.event_date, "version": report.version,
                "status": report.status, "source": report.source, "recorded": report.recorded}).data)
