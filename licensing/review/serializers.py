"""Serializers of the Board review API. Money comes out as strings ("250.00")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.numbers import IntegerSerializerField
from licensing.licenses.serializers import LicensePremisesSerializer
from licensing.models import (
    Application,
    BingoOccasion,
    Decision,
    DeficiencyNotice,
    Document,
    License,
    Vote,
)
from licensing.models.choices import DenialReason, VoteChoice
from licensing.models.review import MAX_VOTE_COMMENT_CHARACTERS
from licensing.premises.serializers import PremisesCorrectionSerializer
from licensing.review.selectors import application_documents
from licensing.review.services import MAX_CURE_DAYS


class ReviewFindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True, required=False)
    blocking = serializers.BooleanField()


class ReviewOccasionSerializer(serializers.ModelSerializer):
    class Meta:
        model = BingoOccasion
        fields = ["date", "starts_at", "ends_at", "premises"]


class ReviewDocumentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Document
        fields = ["id", "kind", "original_name", "content_type", "size", "application", "uploaded_at"]


class DeficiencyNoticeSerializer(serializers.ModelSerializer):
    is_open = serializers.BooleanField(read_only=True)

    class Meta:
        model = DeficiencyNotice
        fields = ["id", "application", "message", "cure_by", "issued_at", "cured_at", "expired_at", "is_open"]


class VoteSerializer(serializers.ModelSerializer):
    member_name = serializers.CharField(source="member.full_name", read_only=True)
    application_status = serializers.CharField(source="application.status", read_only=True)

    class Meta:
        model = Vote
        fields = ["id", "application", "member", "member_name", "choice", "comment", "cast_at", "application_status"]


class DecisionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Decision
        fields = ["id", "application", "approved", "reasons", "explanation", "ayes", "nays", "decided_at"]


class LicenseBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = License
        fields = ["id", "number", "status", "effective_on", "expires_on"]


class ReviewApplicationListSerializer(serializers.ModelSerializer):
    organization_name = serializers.CharField(source="organization.name", read_only=True)
    age_days = serializers.SerializerMethodField()
    findings_count = serializers.SerializerMethodField()
    has_blocking_findings = serializers.BooleanField(read_only=True)
    ayes = serializers.IntegerField(read_only=True)
    nays = serializers.IntegerField(read_only=True)
    votes_count = serializers.IntegerField(read_only=True)
    cure_by = serializers.DateField(read_only=True, allow_null=True)

    class Meta:
        model = Application
        fields = [
            "id", "organization", "organization_name", "license_type", "license_class", "period", "kind", "status",
            "base_license", "submitted_at", "age_days", "findings_count", "has_blocking_findings", "application_fee",
            "bond_amount", "ayes", "nays", "votes_count", "cure_by",
        ]

    def get_age_days(self, application) -> int | None:
        # The queue's days waiting, computed by the selector (selectors_review.review_application_list: `waiting`).
        waiting = getattr(application, "waiting", None)
        return None if waiting is None else waiting.days

    def get_findings_count(self, application) -> int:
        return len(application.findings)


class ReviewApplicationDetailSerializer(ReviewApplicationListSerializer):
    findings = ReviewFindingSerializer(many=True, read_only=True)
    occasions = ReviewOccasionSerializer(many=True, read_only=True)
    premises = LicensePremisesSerializer(read_only=True, allow_null=True)
    documents = serializers.SerializerMethodField()
    deficiency_notices = DeficiencyNoticeSerializer(many=True, read_only=True)
    votes = VoteSerializer(many=True, read_only=True)
    decision = serializers.SerializerMethodField()
    license = serializers.SerializerMethodField()
    premises_corrections = PremisesCorrectionSerializer(many=True, read_only=True)

    class Meta(ReviewApplicationListSerializer.Meta):
        fields = [
            *ReviewApplicationListSerializer.Meta.fields, "as_senior_group", "lawful_purpose", "premises",
            "premises_leased", "fee_rules", "findings", "occasions", "documents", "deficiency_notices", "votes",
            "decision", "license", "decided_at", "premises_corrections",
        ]

    @extend_schema_field(ReviewDocumentSerializer(many=True))
    def get_documents(self, application):
        return ReviewDocumentSerializer(application_documents(application=application), many=True).data

    @extend_schema_field(DecisionSerializer(allow_null=True))
    def get_decision(self, application):
        decision = Decision.objects.filter(application=application).first()
        return DecisionSerializer(decision).data if decision else None

    @extend_schema_field(LicenseBriefSerializer(allow_null=True))
    def get_license(self, application):
        license = License.objects.filter(application=application).first()
        return LicenseBriefSerializer(license).data if license else None


class DeficiencyRequestSerializer(serializers.Serializer):
    message = serializers.CharField()
    cure_days = IntegerSerializerField(min_value=1, max_value=MAX_CURE_DAYS, required=False, allow_null=True)


class VoteRequestSerializer(serializers.Serializer):
    choice = serializers.ChoiceField(choices=VoteChoice.choices)
    comment = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=MAX_VOTE_COMMENT_CHARACTERS,
        help_text="Optional: what the rest of the Board reads with the vote (never shown to the organization).",
    )


class DenyRequestSerializer(serializers.Serializer):
    # Checked by the service, which answers with the citation of 30 DCMR 1210.1.
    reasons = serializers.ListField(
        child=serializers.CharField(), required=False, default=list,
        help_text="One or more of " + ", ".join(DenialReason.values) + " (30 DCMR 1210.1 (a)-(f)).",
    )
    explanation = serializers.CharField(allow_blank=True, required=False, default="")
