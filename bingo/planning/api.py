"""Planning API under /api/v1/bingo/: operations, their games in order, workers on duty, halls,
the planning findings, and the organization's custom patterns.

Reads are scoped like the portal (another organization's operation is a 404); writes need a
planning role in the organization (403 for callers, checkers and the Board). A broken rule is a
400 in the house error shape with the regulation in `rule`."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.response import Response

from bingo.models import Game, Operation, WorkerDuty
from bingo.patterns import services as pattern_services
from bingo.patterns.selectors import pattern_list, pattern_list_for_organization
from bingo.planning import checks as planning_checks
from bingo.planning import selectors as planning
from bingo.planning import services
from bingo.planning.serializers import (
    CustomPatternCreateSerializer,
    CustomPatternSerializer,
    GameReorderSerializer,
    GameSerializer,
    HallCreateSerializer,
    HallSerializer,
    OperationSerializer,
    OperationUpdateSerializer,
    PlanningFindingSerializer,
    WorkerSerializer,
)
from core.api.answers import ERRORS


def _finding_data(findings) -> list[dict]:
    return [{"rule": f.rule, "message": f.message, "field": f.field, "blocking": f.blocking} for f in findings]


class OperationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = OperationSerializer
    queryset = Operation.objects.none()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Operation.objects.none()
        return planning.operation_list(user=self.request.user).prefetch_related(
            "games__pattern", "workers", "halls").order_by("-date", "-starts_at")

    def get_serializer(self, *args, **kwargs):
        serializer = super().get_serializer(*args, **kwargs)
        if "license" in getattr(serializer, "fields", {}) and not getattr(self, "swagger_fake_view", False):
            # Only the licenses the caller may plan under: anything else is "does not exist".
            serializer.fields["license"].queryset = planning.plannable_licenses(user=self.request.user)
        return serializer

    def _planned(self, pk) -> Operation:
        return planning.operation_get_for_planning(user=self.request.user, pk=pk)

    def _game_serializer(self, operation: Operation, *args, **kwargs) -> GameSerializer:
        serializer = GameSerializer(*args, **kwargs)
        serializer.fields["pattern"].queryset = pattern_list_for_organization(
            user=self.request.user, organization_id=operation.license.organization_id)
        return serializer

    @extend_schema(request=OperationSerializer, responses={201: OperationSerializer, 400: ERRORS, 403: ERRORS})
    def create(self, request):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        operation = services.operation_create(actor=request.user, **serializer.validated_data)
        return Response(OperationSerializer(operation).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=OperationUpdateSerializer, responses={200: OperationSerializer, 400: ERRORS,
                                                                 403: ERRORS, 404: ERRORS})
    def partial_update(self, request, pk=None):
        operation = self._planned(pk)
        serializer = OperationUpdateSerializer(operation, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        operation = services.operation_update(actor=request.user, operation=operation, **serializer.validated_data)
        return Response(OperationSerializer(Operation.objects.get(pk=operation.pk)).data)

    @extend_schema(responses={200: PlanningFindingSerializer(many=True), 404: ERRORS})
    def findings(self, request, pk=None):
        """Every planning check with its citation; `blocking` false marks what is still to do."""
        operation = planning.operation_get(user=request.user, pk=pk)
        findings = _finding_data(planning_checks.operation_check(operation))
        return Response(PlanningFindingSerializer(findings, many=True).data)

    @extend_schema(responses={200: PlanningFindingSerializer(many=True), 404: ERRORS})
    def ready(self, request, pk=None):
        """What stops a game of this operation from starting now (an empty list: ready)."""
        operation = planning.operation_get(user=request.user, pk=pk)
        findings = _finding_data(planning_checks.operation_ready(operation))
        return Response(PlanningFindingSerializer(findings, many=True).data)

    # --- games ---

    @extend_schema(responses={200: GameSerializer(many=True), 404: ERRORS})
    def games(self, request, pk=None):
        operation = planning.operation_get(user=request.user, pk=pk)
        return Response(GameSerializer(operation.games.select_related("pattern").order_by("number"), many=True).data)

    @extend_schema(request=GameSerializer, responses={201: GameSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def game_create(self, request, pk=None):
        operation = self._planned(pk)
        serializer = self._game_serializer(operation, data=request.data)
        serializer.is_valid(raise_exception=True)
        game = services.game_add(actor=request.user, operation=operation, **serializer.validated_data)
        return Response(GameSerializer(game).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=GameSerializer, responses={200: GameSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def game_update(self, request, pk=None, game_pk=None):
        operation = self._planned(pk)
        game = get_object_or_404(Game, operation=operation, pk=game_pk)
        serializer = self._game_serializer(operation, game, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        game = services.game_update(actor=request.user, game=game, **serializer.validated_data)
        return Response(GameSerializer(game).data)

    @extend_schema(request=None, responses={204: None, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def game_destroy(self, request, pk=None, game_pk=None):
        operation = self._planned(pk)
        services.game_remove(actor=request.user, game=get_object_or_404(Game, operation=operation, pk=game_pk))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=GameReorderSerializer, responses={200: GameSerializer(many=True), 400: ERRORS,
                                                             403: ERRORS, 404: ERRORS})
    def game_reorder(self, request, pk=None):
        operation = self._planned(pk)
        serializer = GameReorderSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        games = services.game_reorder(actor=request.user, operation=operation, order=serializer.validated_data["order"])
        return Response(GameSerializer(games, many=True).data)

    # --- workers and halls ---

    @extend_schema(responses={200: WorkerSerializer(many=True), 404: ERRORS})
    def workers(self, request, pk=None):
        operation = planning.operation_get(user=request.user, pk=pk)
        return Response(WorkerSerializer(operation.workers.order_by("duty", "name"), many=True).data)

    @extend_schema(request=WorkerSerializer, responses={201: WorkerSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def worker_create(self, request, pk=None):
        operation = self._planned(pk)
        serializer = WorkerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        worker = services.worker_add(actor=request.user, operation=operation, **serializer.validated_data)
        return Response(WorkerSerializer(worker).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def worker_destroy(self, request, pk=None, worker_pk=None):
        operation = self._planned(pk)
        services.worker_remove(actor=request.user, worker=get_object_or_404(WorkerDuty, operation=operation,
                                                                            pk=worker_pk))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: HallSerializer(many=True), 404: ERRORS})
    def halls(self, request, pk=None):
        operation = planning.operation_get(user=request.user, pk=pk)
        return Response(HallSerializer(operation.halls.order_by("-is_drawing_location", "name"), many=True).data)

    @extend_schema(request=HallCreateSerializer, responses={201: HallSerializer, 400: ERRORS, 403: ERRORS,
                                                            404: ERRORS})
    def hall_create(self, request, pk=None):
        operation = self._planned(pk)
        serializer = HallCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hall = services.hall_add(actor=request.user, operation=operation, **serializer.validated_data)
        return Response(HallSerializer(hall).data, status=status.HTTP_201_CREATED)


class CustomPatternViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The custom patterns of the caller's organizations (the standard library is /bingo/patterns/)."""

    serializer_class = CustomPatternSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return CustomPatternSerializer.Meta.model.objects.none()
        return pattern_list(user=self.request.user).filter(organization__isnull=False).order_by("slug")

    @extend_schema(request=CustomPatternCreateSerializer, responses={201: CustomPatternSerializer, 400: ERRORS,
                                                                     403: ERRORS})
    def create(self, request):
        serializer = CustomPatternCreateSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        organization = data.pop("organization")  # one the caller may see; the service checks the role (403)
        pattern = pattern_services.pattern_create(actor=request.user, organization=organization, **data)
        return Response(CustomPatternSerializer(pattern).data, status=status.HTTP_201_CREATED)
