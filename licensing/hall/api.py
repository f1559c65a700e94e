"""Hall kits in the API: GET /api/v1/hall-kits/ the kits the caller may read (an organization's filing people,
callers and directors: its own; the Board: all), newest first, paged; POST prepares one for an event the caller may
plan or direct (licensing.hall.services.kit_prepare, signed by the Board at once); GET /api/v1/hall-kits/<id>/ one
kit with its signed document, the file the hall device loads; POST /api/v1/hall-kits/<id>/bundles/ sends what the hall
recorded (checked before anything is accepted, licensing.hall.services.bundle_receive) and GET lists the receipts.
GET /api/v1/public/hall/<kit>/check/ is the public check of a signed head, for machines (the page's verdict)."""

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, service_answer
from licensing.hall import selectors, services
from licensing.hall.forms import HeadCheckForm
from licensing.hall.kinds import kit_kind
from licensing.hall.rules import verdict_message
from licensing.hall.serializers import (
    BundleSerializer,
    HeadCheckSerializer,
    KitDetailSerializer,
    KitRequestSerializer,
    KitSerializer,
)
from licensing.models import HallBundle

TAG = "hall"


def _prepare(request, *, kind: str, event: int, device_public_key: str):
    found = kit_kind(kind).event(user=request.user, pk=event)
    return services.kit_prepare(actor=request.user, event=found, device_public_key=device_public_key)


class KitListApi(generics.ListAPIView):
    serializer_class = KitSerializer

    def get_queryset(self):
        return selectors.kit_list(user=self.request.user)

    @extend_schema(operation_id="hall_kits_list", summary="Hall kits", tags=[TAG],
                   description="The kits of the caller's organizations (the Board: every kit), newest first.")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="hall_kits_prepare", summary="Prepare a hall kit for an event", tags=[TAG],
        description=(
            "Signs a kit for one bingo operation (`kind` `bingo`), Monte Carlo Night (`night`) or raffle-drawing/2 "
            "drawing (`drawing`: a raffle-drawing/1 drawing is refused, field `format`) of the caller's "
            "organization and the device that will run it offline. The officers and members in charge who plan an "
            "operation, and a night's directors and officers, may (403 for a reader; 404 for another organization's "
            "event or an unknown kind). An event already past, a license not in force on the event's date (30 DCMR "
            "1200.1) or a key that is no Ed25519 public key answers 400 naming the field and the rule."),
        request=KitRequestSerializer, responses={201: KitDetailSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS},
        examples=[OpenApiExample("A bingo operation", request_only=True, value={
            "kind": "bingo", "event": 12, "device_public_key": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"})],
    )
    def post(self, request):
        return service_answer(request, serializer_class=KitRequestSerializer, status_code=status.HTTP_201_CREATED,
                              call=lambda **data: _prepare(request, **data),
                              answer=lambda kit: KitDetailSerializer(kit).data)


class KitDetailApi(generics.RetrieveAPIView):
    serializer_class = KitDetailSerializer

    def get_object(self):
        return selectors.kit_get(user=self.request.user, kit_id=self.kwargs["kit_id"])

    @extend_schema(operation_id="hall_kits_get", summary="One hall kit with its signed document", tags=[TAG],
                   responses={200: KitDetailSerializer, 404: ERRORS})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class BundleListApi(generics.ListAPIView):
    serializer_class = BundleSerializer

    def _kit(self):
        return selectors.kit_get(user=self.request.user, kit_id=self.kwargs["kit_id"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema's generation reads the model only
            return HallBundle.objects.none()
        return self._kit().bundles.all()

    @extend_schema(operation_id="hall_bundles_list", summary="The bundles received for a kit", tags=[TAG],
                   responses={200: BundleSerializer(many=True), 404: ERRORS})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="hall_bundles_receive", summary="Send the Board what the hall recorded under a kit", tags=[TAG],
        description=(
            "The body is the bundle (format hall-bundle/1, docs/formats/hall-kit.md). The Board checks it before it "
            "accepts anything: the kit is the one it issued, every head is signed by the kit's device, every log's "
            "chain walks with the kit's chain key and ends at its signed head, every row was written on the event's "
            "day, the license was in force (30 DCMR 1200.1). The answer is the receipt: `accepted`, or each reason "
            "refused naming the log and the first bad row (kept for Board staff as possible tampering). 201 for a "
            "new bundle, 200 for one already received (nothing changes); 400 for a bundle of another kit; 404 for "
            "a kit the caller may not read."),
        request={"application/json": {"type": "object"}}, responses={201: BundleSerializer, 200: BundleSerializer,
                                                                     400: ERRORS, 404: ERRORS},
    )
    def post(self, request, *args, **kwargs):
        kit = self._kit()
        received, new = services.bundle_receive(actor=request.user, kit=kit, bundle=request.data)
        return Response(BundleSerializer(received).data, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)


class HeadCheckApi(APIView):
    """Public, no token: the check the hall's QR code points at, for machines."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="public_hall_head_check", summary="Does the Board hold exactly these records?", tags=["public"],
        description=(
            "A head the hall's device signed (the one line under the hall's QR code: log, identity, seq, hash) "
            "against the bundles of the kit the Board accepted. The verdict and the event's public title and date, "
            "nothing of the records. 400 names each parameter it cannot read; 404 for a kit the Board never issued."),
        parameters=[
            OpenApiParameter("log", str, required=True, description="The log's name, such as `bingo.gameevent`."),
            OpenApiParameter("identity", str, required=True, description="The log's owner (a game's id...)."),
            OpenApiParameter("seq", int, required=True, description="The head's row number, from 1."),
            OpenApiParameter("hash", str, required=True, description="The head row's hash, 64 hexadecimal digits."),
        ],
        responses={200: HeadCheckSerializer, 400: ERRORS, 404: ERRORS},
    )
    def get(self, request, kit_id):
        kit = selectors.kit_public_get(kit_id=kit_id)
        form = HeadCheckForm(request.query_params)
        if not form.is_valid():
            raise ValidationError(form.errors.as_data())
        verdict = selectors.head_check(kit=kit, **form.cleaned_data)
        return Response(HeadCheckSerializer({
            "kit": kit.kit_id, "event": {"title": kit.title, "date": kit.event_date}, **form.cleaned_data,
            "verdict": verdict, "message": verdict_message(verdict)}).data)
