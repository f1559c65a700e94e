from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.numbers import AsciiDigitsSerializerMixin
from licensing.models import AuditEvent, Membership, Organization, User
from licensing.review.selectors import license_list
from licensing.selectors import organization_list


class AsciiPrimaryKeyField(AsciiDigitsSerializerMixin, serializers.PrimaryKeyRelatedField):
    """A primary key written with the digits 0 to 9: int() would read "١٠" as the id 10."""


class VisibleOrganizationField(AsciiPrimaryKeyField):
    """One of the caller's organizations: another organization's id reads as unknown, like a missing one."""

    def get_queryset(self):
        return organization_list(user=self.context["request"].user)


class VisibleLicenseField(AsciiPrimaryKeyField):
    """A license of the caller's organizations: another organization's reads as unknown, like a missing one."""

    def get_queryset(self):
        return license_list(user=self.context["request"].user)


class TokenRequestSerializer(serializers.Serializer):
    email = serializers.EmailField()
    password = serializers.CharField(trim_whitespace=False, write_only=True, style={"input_type": "password"})

    def validate(self, attrs):
        # authenticate() with the Django request lets django-axes count failures and lock out.
        user = authenticate(request=self.context["request"]._request, username=attrs["email"].lower(),
                            password=attrs["password"])
        if user is None:
            raise serializers.ValidationError(
                {"password": _("No active account matches this email and password.")}, code="authentication"
            )
        attrs["user"] = user
        return attrs


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class MembershipSerializer(serializers.ModelSerializer):
    organization_name = serializers.CharField(source="organization.name", read_only=True)
    user_email = serializers.EmailField(source="user.email", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "organization", "organization_name", "user_email", "role", "is_active", "created_at"]


class MeSerializer(serializers.ModelSerializer):
    memberships = serializers.SerializerMethodField()
    board_groups = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = ["id", "email", "full_name", "phone", "board_groups", "memberships"]

    def get_board_groups(self, user) -> list[str]:
        flags = (("board_staff", user.is_board_staff), ("board_member", user.is_board_member),
                 ("board_admin", user.is_board_admin))
        return [name for name, flag in flags if flag]

    def get_memberships(self, user) -> list[dict]:
        from licensing.selectors import user_memberships

        return MembershipSerializer(user_memberships(user=user), many=True).data


class OrganizationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Organization
        fields = ["id", "name", "organization_type", "street_address", "city", "state", "postal_code", "phone",
                  "email", "is_senior_group", "incorporated_in_dc", "determination_letter", "founded_on", "purpose",
                  "operates_without_profit", "created_at"]


class AuditEventSerializer(serializers.ModelSerializer):
    actor_email = serializers.EmailField(source="actor.email", read_only=True, default=None, allow_null=True)

    class Meta:
        model = AuditEvent
        fields = ["id", "event_type", "actor", "actor_email", "organization", "object_type", "object_id", "payload",
                  "created_at", "request_id"]
