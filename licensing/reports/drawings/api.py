"""Raffle drawing API: the organization's officers schedule, close sales, enter the witness value (raffle-drawing/2)
and draw; anyone reads a drawing's published values (GET /api/v1/public/raffle-drawings/<id>/)."""

from collections.abc import Callable

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from licensing.models import RaffleDrawing
from licensing.reports.drawings.selectors import (
    drawing_get,
    drawing_public,
    drawing_public_get,
    license_for_drawing_get,
)
from licensing.reports.drawings.serializers import (
    DrawingDrawSerializer,
    DrawingSalesCloseSerializer,
    DrawingScheduleSerializer,
    DrawingSerializer,
    DrawingWitnessSerializer,
)
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule, drawing_witness

RESPONSES = {400: ERRORS, 403: ERRORS, 404: ERRORS}


def _answer(drawing) -> dict:
    return DrawingSerializer(drawing_public(drawing)).data


class DrawingScheduleApi(APIView):
    """Schedule a drawing under a raffle license: publishes the commitment to its secret seed."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="raffle_drawings_schedule", request=DrawingScheduleSerializer,
                   responses={201: DrawingSerializer, **RESPONSES}, tags=["raffle drawings"])
    def post(self, request):
        def call(*, license, prizes, format):
            return drawing_schedule(actor=request.user, prizes=prizes, format=format,
                                    license=license_for_drawing_get(user=request.user, pk=license))

        return service_answer(request, serializer_class=DrawingScheduleSerializer, call=call, answer=_answer,
                              status_code=status.HTTP_201_CREATED)


class DrawingDetailApi(APIView):
    """A drawing, for its organization's officers and the Board."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="raffle_drawings_retrieve", responses={200: DrawingSerializer, 404: ERRORS},
                   tags=["raffle drawings"])
    def get(self, request, pk: int):
        return Response(_answer(drawing_get(user=request.user, pk=pk)))


class _DrawingStepApi(APIView):
    """A step the officers take on a drawing: the body read by `body`, then `service(actor, drawing, **body)`."""

    permission_classes = [permissions.IsAuthenticated]
    body: type[serializers.Serializer]
    service: Callable[..., RaffleDrawing]

    def post(self, request, pk: int):
        drawing = drawing_get(user=request.user, pk=pk)
        service = type(self).service
        return service_answer(request, serializer_class=self.body, answer=_answer,
                              call=lambda **data: service(actor=request.user, drawing=drawing, **data))


def _step_schema(operation_id: str, body: type[serializers.Serializer]):
    return extend_schema_view(post=extend_schema(operation_id=operation_id, request=body, tags=["raffle drawings"],
                                                 responses={200: DrawingSerializer, **RESPONSES}))


@_step_schema("raffle_drawings_close_sales", DrawingSalesCloseSerializer)
class DrawingSalesCloseApi(_DrawingStepApi):
    """Close ticket sales: the eligible tickets are those sold less those returned; publishes their hash. The
    sellers declare every buyer of the minimum age in force or older (`buyers_age_declared`; player.minimum_age,
    30 DCMR 1702.1)."""

    body = DrawingSalesCloseSerializer
    service = staticmethod(drawing_sales_close)


@_step_schema("raffle_drawings_witness", DrawingWitnessSerializer)
class DrawingWitnessApi(_DrawingStepApi):
    """raffle-drawing/2: enter the witness value produced in the room after sales close (dice rolled or bingo balls
    drawn, read aloud) and the witness's name. Once: a second entry, an entry before sales close and an entry for a
    raffle-drawing/1 drawing are refused, naming the field `witness` and the format's section."""

    body = DrawingWitnessSerializer
    service = staticmethod(drawing_witness)


@_step_schema("raffle_drawings_draw", DrawingDrawSerializer)
class DrawingDrawApi(_DrawingStepApi):
    """Hold the drawing: draws the winners with the secret seed (raffle-drawing/2: and the witness value) and reveals
    it. Refused while the license is not in force (30 DCMR 1200.1), before the time it states (1202.2(n)), and unless
    `in_charge` names the member in charge or the alternate present (1301.5)."""

    body = DrawingDrawSerializer
    service = staticmethod(drawing_draw)


class PublicDrawingApi(APIView):
    """Public: a drawing's commitment, tickets hash, witness value, seed and winners as far as published, and the
    published drawing (raffle-drawing/1 or /2) once drawn."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="public_raffle_drawings_retrieve", responses={200: DrawingSerializer, 404: ERRORS},
                   tags=["public"])
    def get(self, request, pk: int):
        return Response(_answer(drawing_public_get(pk=pk)))
