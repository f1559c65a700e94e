"""API shapes of the organization profile. Serializers check the input's shape; the
services in licensing/organizations/services.py and licensing/organizations/documents.py check the rules."""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.numbers import AsciiPrimaryKeyField, IntegerSerializerField
from licensing.models import Document, Organization, OrganizationMember, ResponsiblePerson
from licensing.models.choices import DocumentKind
from licensing.organizations.selectors import organization_list
from licensing.organizations.services import MEMBER_FIELDS, PROFILE_FIELDS


class VisibleOrganizationField(AsciiPrimaryKeyField):
    """One of the caller's organizations: another organization's id reads as unknown, like a missing one."""

    def get_queryset(self):
        return organization_list(user=self.context["request"].user)


class OrganizationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Organization
        fields = ["id", "name", "organization_type", "street_address", "city", "state", "postal_code", "phone",
                  "email", "is_senior_group", "incorporated_in_dc", "determination_letter", "founded_on", "purpose",
                  "operates_without_profit", "ein", "created_at"]


class AmendmentDueSerializer(serializers.Serializer):
    license = serializers.CharField(source="license.number")
    kind = serializers.CharField()
    changed_on = serializers.DateField()
    due_on = serializers.DateField()


class OrganizationProfileSerializer(serializers.ModelSerializer):
    amendments_due = serializers.SerializerMethodField(help_text=_(
        "Substantial changes (name, address, responsible people) made while a license is held, each waiting for "
        "its amended application, due within the days in force (amendment.filing_days, 30 DCMR 1202.3)."))

    class Meta:
        model = Organization
        fields = ["id", *sorted(PROFILE_FIELDS), "created_at", "amendments_due"]
        read_only_fields = ["id", "created_at"]
        # An EIN a little too long (a Social Security number typed in its place) reaches the service, whose message
        # says what to write; the column's 10 characters would only say "too long".
        extra_kwargs = {"ein": {"max_length": 40}}

    @extend_schema_field(AmendmentDueSerializer(many=True))
    def get_amendments_due(self, organization) -> list:
        changes = organization.substantial_changes.filter(resolved_at__isnull=True).select_related("license")
        return AmendmentDueSerializer(changes.order_by("due_on", "pk"), many=True).data


class EligibilityFindingSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text=_("The regulation cited, e.g. 30 DCMR 1200.2(c)."))
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    blocking = serializers.BooleanField()


class MemberSerializer(serializers.ModelSerializer):
    class Meta:
        model = OrganizationMember
        fields = ["id", "organization", *sorted(MEMBER_FIELDS), "is_active", "created_at"]
        read_only_fields = ["id", "organization", "is_active", "created_at"]


class MemberImportSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=_(
        "CSV, UTF-8, header full_name, street_address, city, state, postal_code and optionally date_of_birth "
        "(YYYY-MM-DD) and is_disabled; at most 1 MB and 5,000 rows. All or nothing: any bad row and nothing is "
        "written; each bad row is reported as rows[N].column, N being the spreadsheet row (the header is row 1)."
    ))


class MemberImportResultSerializer(serializers.Serializer):
    created = IntegerSerializerField()


class ResponsiblePersonSerializer(serializers.ModelSerializer):
    class Meta:
        model = ResponsiblePerson
        fields = ["id", "organization", "role", "full_name", "street_address", "city", "state", "postal_code",
                  "phone", "date_of_birth", "is_current", "created_at"]
        read_only_fields = ["id", "organization", "is_current", "created_at"]
        # The service replaces the current holder of the role; the one-current constraint is its business.
        validators: list = []


class DocumentSerializer(serializers.ModelSerializer):
    uploaded_by = serializers.EmailField(source="uploaded_by.email", read_only=True)
    download_url = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = ["id", "organization", "application", "kind", "original_name", "content_type", "size", "sha256",
                  "uploaded_by", "uploaded_at", "download_url"]
        read_only_fields = fields

    def get_download_url(self, document) -> str:
        return reverse("document-download", args=[document.pk])


class DocumentUploadSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=DocumentKind.choices)
    file = serializers.FileField(help_text=_("PDF, PNG or JPEG (checked by content), at most 10 MB."))
    application = IntegerSerializerField(
        required=False, allow_null=True, help_text=_("One of this organization's applications, if the document "
                                                     "belongs to a single application.")
    )
