"""Organizations API: the organizations and memberships the caller may see, the profile facts
(PATCH /organizations/{id}/), members, member CSV import, responsible people, documents and their download.

Reads are scoped like the portal (another organization's records are 404): the organization itself for everyone
of it, its records (members, responsible people, documents, eligibility findings) for those who file for it and
the Board, a 404 for its game roles; writes need a filing role in the organization (403 for game roles and the
Board)."""

from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS, FILE_GONE
from licensing.accounts.serializers import MembershipSerializer
from licensing.models import Application, Document, Organization, OrganizationMember, ResponsiblePerson
from licensing.organizations import documents as document_services
from licensing.organizations import selectors as organization_selectors
from licensing.organizations import services as profile_services
from licensing.organizations.eligibility import organization_findings
from licensing.organizations.filters import OrganizationFilter
from licensing.organizations.member_csv import members_export_csv
from licensing.organizations.serializers import (
    DocumentSerializer,
    DocumentUploadSerializer,
    EligibilityFindingSerializer,
    MemberImportResultSerializer,
    MemberImportSerializer,
    MemberSerializer,
    OrganizationProfileSerializer,
    OrganizationSerializer,
    ResponsiblePersonSerializer,
)
from licensing.organizations.views import document_file_response


class OrganizationProfileMixin:
    """Added to OrganizationViewSet: PATCH the profile facts, GET the eligibility findings."""

    @extend_schema(request=OrganizationProfileSerializer, responses={200: OrganizationProfileSerializer,
                                                                     400: ERRORS, 403: ERRORS, 404: ERRORS})
    def partial_update(self, request, pk=None):
        organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
        serializer = OrganizationProfileSerializer(organization, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        organization = profile_services.organization_profile_update(
            actor=request.user, organization=organization, **serializer.validated_data
        )
        return Response(OrganizationProfileSerializer(organization).data)

    @extend_schema(responses=EligibilityFindingSerializer(many=True), filters=False,
                   operation_id="v1_organizations_eligibility_retrieve")
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def eligibility(self, request, pk=None):
        """What the profile lacks for 30 DCMR 1200.2, 1201.1 and 1202.2(j),(k), no exemption assumed. Drawn from the
        member roll and the responsible people: for those who read the organization's records."""
        organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
        return Response(EligibilityFindingSerializer(organization_findings(organization), many=True).data)


class _OrganizationScopedViewSet(viewsets.GenericViewSet):
    """A collection of the organization's records under /organizations/{organization_pk}/: 404 unless the caller
    reads its records (files for it, or the Board)."""

    model: type

    def organization(self) -> Organization:
        if not hasattr(self, "_organization"):
            self._organization = organization_selectors.records_organization_get(
                user=self.request.user, pk=self.kwargs["organization_pk"]
            )
        return self._organization

    def filing_organization(self) -> Organization:
        return organization_selectors.organization_get_for_filing(
            user=self.request.user, pk=self.kwargs["organization_pk"]
        )

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation has no organization
            return self.model.objects.none()
        return self.scoped_queryset()


class OrganizationViewSet(OrganizationProfileMixin, viewsets.ReadOnlyModelViewSet):
    """Organizations the caller may see: their own, or all for the Board. PATCH: the profile facts
    (licensing/organizations/api.py), by the organization's filing roles only."""

    serializer_class = OrganizationSerializer
    filterset_class = OrganizationFilter

    def get_queryset(self):
        return organization_selectors.organization_list(user=self.request.user)


class MembershipViewSet(viewsets.ReadOnlyModelViewSet):
    """Who acts for an organization in which role, with their email address: every membership of the
    organizations the caller files for (all for the Board), and the caller's own elsewhere (a game role reads its
    own memberships only)."""

    serializer_class = MembershipSerializer
    filterset_fields = ["organization", "role", "is_active"]

    def get_queryset(self):
        return organization_selectors.membership_list(user=self.request.user)


class MemberViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, _OrganizationScopedViewSet):
    """Members in good standing (30 DCMR 1200.2(c), 1202.2(l)). Never deleted: deactivate instead."""

    model = OrganizationMember
    serializer_class = MemberSerializer
    filterset_fields = ["is_active"]

    def scoped_queryset(self):
        return organization_selectors.member_list(user=self.request.user, organization=self.organization(),
                                                  query=self.request.query_params.get("q", ""))

    @extend_schema(parameters=[OpenApiParameter("q", str, description="Find members by name or address.")])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={201: MemberSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, organization_pk=None):
        organization = self.filing_organization()
        serializer = MemberSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        member = profile_services.member_add(actor=request.user, organization=organization, **serializer.validated_data)
        return Response(MemberSerializer(member).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: MemberSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def partial_update(self, request, organization_pk=None, pk=None):
        member = self._member_for_filing(pk)
        serializer = MemberSerializer(member, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        member = profile_services.member_update(actor=request.user, member=member, **serializer.validated_data)
        return Response(MemberSerializer(member).data)

    @extend_schema(request=None, responses={200: MemberSerializer, 403: ERRORS, 404: ERRORS})
    def deactivate(self, request, organization_pk=None, pk=None):
        """The member no longer counts as in good standing; the record is kept."""
        member = profile_services.member_deactivate(actor=request.user, member=self._member_for_filing(pk))
        return Response(MemberSerializer(member).data)

    def _member_for_filing(self, pk) -> OrganizationMember:
        organization = self.filing_organization()
        return organization_selectors.member_get(user=self.request.user, organization=organization, pk=pk)


class MemberImportApi(APIView):
    """Import members from a CSV file: 201 with the count, or 400 listing every bad row (nothing written)."""

    parser_classes = [MultiPartParser]

    @extend_schema(request=MemberImportSerializer,
                   responses={201: MemberImportResultSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, organization_pk: int):
        organization = organization_selectors.organization_get_for_filing(user=request.user, pk=organization_pk)
        serializer = MemberImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = profile_services.members_import_csv(
            actor=request.user, organization=organization, file=serializer.validated_data["file"]
        )
        if not result.ok:
            errors = [{"field": error.path, "code": error.code, "message": error.message, "rule": None}
                      for error in result.errors]
            return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"created": result.created}, status=status.HTTP_201_CREATED)


class ResponsiblePersonViewSet(mixins.ListModelMixin, _OrganizationScopedViewSet):
    """Member in charge, alternate, gross-receipts member (30 DCMR 1202.2(j),(k)); current and former."""

    model = ResponsiblePerson
    serializer_class = ResponsiblePersonSerializer
    filterset_fields = ["role", "is_current"]

    def scoped_queryset(self):
        return organization_selectors.responsible_people(
            user=self.request.user, organization=self.organization(), current=None
        )

    @extend_schema(responses={201: ResponsiblePersonSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, organization_pk=None):
        """Name the person for a role, replacing the current one; of the minimum age in force or older
        (worker.minimum_age, 30 DCMR 1401.5)."""
        organization = self.filing_organization()
        serializer = ResponsiblePersonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        person = profile_services.responsible_person_set(
            actor=request.user, organization=organization, **serializer.validated_data
        )
        return Response(ResponsiblePersonSerializer(person).data, status=status.HTTP_201_CREATED)


class DocumentViewSet(mixins.ListModelMixin, _OrganizationScopedViewSet):
    """Bylaws, determination letter, lease, certificate of occupancy, printer's affidavit."""

    model = Document
    serializer_class = DocumentSerializer
    filterset_fields = ["kind", "application"]
    parser_classes = [MultiPartParser]

    def scoped_queryset(self):
        return organization_selectors.document_list(user=self.request.user, organization=self.organization())

    @extend_schema(request=DocumentUploadSerializer,
                   responses={201: DocumentSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def create(self, request, organization_pk=None):
        organization = self.filing_organization()
        serializer = DocumentUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        document = document_services.document_upload(
            actor=request.user, organization=organization, kind=data["kind"], uploaded_file=data["file"],
            application=self._application(organization, data.get("application")),
        )
        return Response(DocumentSerializer(document).data, status=status.HTTP_201_CREATED)

    @staticmethod
    def _application(organization: Organization, pk: int | None) -> Application | None:
        if pk is None:
            return None
        # Looked up within the organization only, so another organization's application ids stay unknown.
        application = organization.applications.filter(pk=pk).first()
        if application is None:
            raise ValidationError({"application": [ValidationError(
                _("This organization has no such application."), code="does_not_exist")]})
        return application


class AnyAcceptNegotiation(BaseContentNegotiation):
    """A file download answers whatever the client accepts; errors still come out as JSON."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


# What an uploaded file's download answers (uploads are PDF, PNG or JPEG, checked by content), or the one error shape.
UPLOAD_DOWNLOAD_RESPONSES = {
    (200, "application/pdf"): OpenApiTypes.BINARY,
    (200, "image/png"): OpenApiTypes.BINARY,
    (200, "image/jpeg"): OpenApiTypes.BINARY,
    404: ERRORS,
    410: FILE_GONE,
}


class DocumentDownloadApi(APIView):
    """The stored file, as an attachment, for those who file for the organization and the Board; 404 for anyone
    else, its game roles included."""

    content_negotiation_class = AnyAcceptNegotiation

    @extend_schema(responses=UPLOAD_DOWNLOAD_RESPONSES)
    def get(self, request, pk: int):
        return document_file_response(organization_selectors.document_get(user=request.user, pk=pk))


class MemberExportApi(APIView):
    """The organization's active members as CSV in the import's columns, so an export imports back as it is; for
    those who file for the organization and the Board, 404 for anyone else (its game roles included)."""

    content_negotiation_class = AnyAcceptNegotiation

    @extend_schema(parameters=[OpenApiParameter("q", str, description="Only the members a search finds.")],
                   responses={(200, "text/csv"): OpenApiTypes.STR, 401: ERRORS, 404: ERRORS})
    def get(self, request, organization_pk: int):
        organization = organization_selectors.records_organization_get(user=request.user, pk=organization_pk)
        members = organization_selectors.member_list(user=request.user, organization=organization, active=True,
                                                     query=request.query_params.get("q", ""))
        response = HttpResponse(members_export_csv(members), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="members.csv"'
        response["Cache-Control"] = "private, no-store"
        return response
