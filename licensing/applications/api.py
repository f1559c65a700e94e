"""Applications API: thin views over applications.selectors (reads) and applications.services (writes)."""

from dataclasses import asdict

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from core.api.parsers import JSONArrayParser
from licensing.applications import services
from licensing.applications.checks import application_findings, quote_for
from licensing.applications.fixes import fix_url
from licensing.applications.selectors import application_list
from licensing.applications.serializers import (
    ApplicationCreateSerializer,
    ApplicationSerializer,
    CheckSerializer,
    OccasionSerializer,
    PremisesInputSerializer,
    refuse_gross_sales,
    refuse_senior_box,
)


def _as_api_error(call):
    """Services raise Django's PermissionDenied; DRF answers 403 only for its own."""
    try:
        return call()
    except DjangoPermissionDenied as exc:
        raise PermissionDenied(str(exc))


class ApplicationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Applications of the caller's organizations and vendors (all of them for the Board).

    Create a draft, fill it in with PATCH, set its schedule and premises, check it, then submit it.
    Blocking findings stop submission with HTTP 400: each error names the field and the 30 DCMR rule.
    A vendor's application is started at /api/v1/vendors/{id}/applications/ and filled in there (owners,
    suppliers, price list) and here (PATCH gross_sales, 30 DCMR 1207.2(e)); it is checked and submitted here."""

    serializer_class = ApplicationSerializer
    filterset_fields = ["organization", "license_type", "license_class", "status", "kind"]

    def get_queryset(self):
        return application_list(user=self.request.user).prefetch_related("occasions")

    @extend_schema(request=ApplicationCreateSerializer, responses={201: ApplicationSerializer})
    def create(self, request):
        refuse_senior_box(request.data)
        serializer = ApplicationCreateSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        application = _as_api_error(
            lambda: services.application_create(actor=request.user, **serializer.validated_data))
        return Response(ApplicationSerializer(application).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=ApplicationSerializer, responses=ApplicationSerializer)
    def partial_update(self, request, pk=None):
        application = self.get_object()
        refuse_senior_box(request.data)
        refuse_gross_sales(application, request.data)
        serializer = ApplicationSerializer(application, data=request.data, partial=True, context={"request": request})
        serializer.is_valid(raise_exception=True)
        fields = {k: v for k, v in serializer.validated_data.items() if k in services.EDITABLE_FIELDS}
        application = _as_api_error(
            lambda: services.application_update(actor=request.user, application=application, **fields))
        return Response(ApplicationSerializer(application).data)

    @extend_schema(request=PremisesInputSerializer, responses=ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def premises(self, request, pk=None):
        """Set the premises by address; one hall is one record however it is typed. A hall on record there under
        another name or certificate of occupancy answers 400 naming those fields, until `resolution` says to use
        the record or to file a correction (30 DCMR 1202.2(m), 1400.8)."""
        application = self.get_object()
        serializer = PremisesInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)

        return Response(ApplicationSerializer(_as_api_error(lambda: services.application_premises_set(
            actor=request.user, application=application, **serializer.validated_data))).data)

    @extend_schema(request=OccasionSerializer(many=True), responses=ApplicationSerializer)
    @action(detail=True, methods=["put"], parser_classes=[JSONArrayParser])
    def occasions(self, request, pk=None):
        """Replace the bingo schedule: each operation's date, hours and premises (30 DCMR 1202.2(m))."""
        application = self.get_object()
        serializer = OccasionSerializer(data=request.data, many=True)
        serializer.is_valid(raise_exception=True)
        _as_api_error(lambda: services.application_occasions_set(
            actor=request.user, application=application, occasions=serializer.validated_data))
        application.refresh_from_db()
        return Response(ApplicationSerializer(application).data)

    @extend_schema(request=None, responses=CheckSerializer)
    @action(detail=True, methods=["get"])
    def check(self, request, pk=None):
        """Every finding with its citation, and the fee and bond as computed. Read-only: the findings
        are kept on the application only when it is submitted."""
        application = self.get_object()
        findings = application_findings(application)
        try:
            quote = asdict(quote_for(application))
        except ValidationError:
            quote = None
        return Response(CheckSerializer({
            "findings": [{**asdict(f), "fix_url": fix_url(application, f)} for f in findings],
            "can_submit": not any(f.blocking for f in findings),
            "quote": quote,
        }).data)

    @extend_schema(request=None, responses=ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def submit(self, request, pk=None):
        application = self.get_object()
        application = _as_api_error(lambda: services.application_submit(application=application, actor=request.user))
        return Response(ApplicationSerializer(application).data)

    @extend_schema(request=None, responses=ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        application = self.get_object()
        application = _as_api_error(lambda: services.application_withdraw(application=application, actor=request.user))
        return Response(ApplicationSerializer(application).data)
