"""Tables API under /api/v1/montecarlo/tables/: a night's table games, scoped like the dealer's screens (another
organization's table is a 404). Directors set tables up, close them and move a round's bets; dealers play them
through the engine (every payout posted to the participants' ledgers by the service). Each write is one service
call; a refusal comes back in the house error shape with its rule. A table whose stored log does not replay
answers 409 (its event named; montecarlo.tables.middleware) and nothing is written."""

import django_filters
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.api.answers import error_response, service_answer
from core.numbers import IntegerField
from montecarlo.models import GameApproval, GameTable
from montecarlo.nights import selectors as night_selectors
from montecarlo.tables import services
from montecarlo.tables.serializers import (
    BetsTransferSerializer,
    TableCloseSerializer,
    TableCreateSerializer,
    TableEventSerializer,
    TableSerializer,
)
from montecarlo.tables.state import load_engine

NOT_FOUND = error_response(_("No such table, or another organization's."))
REPLAY = error_response(_("The table's stored events do not replay (the refused event is named); nothing is "
                          "written until the record is repaired."))
WRITE_ERRORS = {
    400: error_response(_("Bad input, or an event, bet or setting the game or a rule refuses (the rule is cited).")),
    403: error_response(_("Not one of the organization's people who may do this (directors set up and close "
                          "tables, dealers and directors play them; the Board reads).")),
    404: NOT_FOUND,
}
PLAY = {200: TableSerializer, **WRITE_ERRORS, 409: REPLAY}


@extend_schema_field(OpenApiTypes.INT)
class NightFilter(django_filters.NumberFilter):
    """A night's id, digits 0 to 9, within what an id column holds: a larger number is a 400, not a database's
    overflow (SQLite refuses to bind it)."""

    field_class = IntegerField


class TableFilter(django_filters.rest_framework.FilterSet):
    night = NightFilter(field_name="night_id", min_value=1, max_value=2**63 - 1)

    class Meta:
        model = GameTable
        fields = ["night", "status"]


def table_answer(table: GameTable, view: dict | None = None) -> dict:
    """The table's facts (read afresh: its log's head moved) with the engine's view, as every answer gives it."""
    table = GameTable.objects.select_related("night", "game").get(pk=table.pk)
    if view is None:
        view = load_engine(table).view()
    approval = GameApproval.objects.filter(night_id=table.night_id, game_id=table.game_id).values_list(
        "status", flat=True).first()
    return TableSerializer(table, context={"table_view": view, "approval": approval}).data


class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Table games of the user's organizations' nights (the Board reads all); `?night=` for one night's."""

    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_class = TableFilter

    def get_queryset(self):
        return night_selectors.table_list(user=self.request.user).order_by("night_id", "number")

    def _validated(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    @extend_schema(request=TableCreateSerializer, responses={201: TableSerializer, **WRITE_ERRORS})
    def create(self, request):
        """Set up a table of a night: an allowed game of the catalog, its limits and variant (1602.1, 1602.2,
        1603.16); an "other approved game" asks the Agency to approve the night's house rules (1602.1)."""
        table = services.table_create(actor=request.user, **self._validated(TableCreateSerializer))
        return Response(table_answer(table), status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: TableSerializer, 404: NOT_FOUND, 409: REPLAY})
    def retrieve(self, request, *args, **kwargs):
        return Response(table_answer(self.get_object()))

    @extend_schema(request=TableEventSerializer, responses=PLAY)
    @action(detail=True, methods=["post"])
    def play(self, request, pk=None):
        """One engine event: open a round, a bet, a decision, take a bet down, the outcome (the engine settles and
        every payout lands on the ledgers), a void spin or throw, a void hand or round."""
        table = self.get_object()
        return service_answer(request, serializer_class=TableEventSerializer,
                              call=lambda **event: services.table_play(actor=request.user, table=table, event=event),
                              answer=lambda view: table_answer(table, view))

    @extend_schema(request=None, responses=PLAY)
    @action(detail=True, methods=["post"])
    def draw(self, request, pk=None):
        """Training nights only: the engine draws the outcome and settles it."""
        table = self.get_object()
        return service_answer(request, call=lambda: services.outcome_draw(actor=request.user, table=table),
                              answer=lambda view: table_answer(table, view))

    @extend_schema(request=TableCloseSerializer, responses=PLAY)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        """Close the table; bets still at stake are returned first (a void round with the reason)."""
        table = self.get_object()
        return service_answer(request, serializer_class=TableCloseSerializer,
                              call=lambda **data: services.table_close(actor=request.user, table=table, **data),
                              answer=table_answer)

    @extend_schema(request=BetsTransferSerializer, responses=PLAY)
    @action(detail=True, methods=["post"])
    def transfer(self, request, pk=None):
        """Move the bets of a round still taking bets to another table of the game whose round is open; answers
        the table the bets moved to."""
        table = self.get_object()
        data = self._validated(BetsTransferSerializer)
        view = services.bets_transfer(actor=request.user, table=table, **data)
        return Response(table_answer(data["to_table"], view))
