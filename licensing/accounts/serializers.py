from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from licensing.accounts.lockout.second_step import second_step_code_check
from licensing.accounts.rules import INVITABLE_ROLES
from licensing.accounts.selectors import board_roles
from licensing.models import Membership, User
from licensing.selectors import user_memberships


class BoardAccountSerializer(serializers.ModelSerializer):
    roles = serializers.SerializerMethodField(help_text="Board roles: board_staff, board_member, board_admin.")
    invitation_pending = serializers.SerializerMethodField(help_text="True until the holder chooses a password.")

    class Meta:
        model = User
        fields = ["id", "email", "full_name", "phone", "roles", "is_active", "is_superuser", "invitation_pending",
                  "last_login", "date_joined"]
        read_only_fields = fields

    def get_roles(self, account) -> list[str]:
        return [role.value for role in board_roles(account)]

    def get_invitation_pending(self, account) -> bool:
        return not account.has_usable_password()


class BoardAccountInviteSerializer(serializers.Serializer):
    """Only these fields are read: a body naming is_superuser, groups or another role changes nothing."""

    email = serializers.EmailField()
    full_name = serializers.CharField(max_length=150)
    phone = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    role = serializers.ChoiceField(choices=[(role.value, role.label) for role in INVITABLE_ROLES])


class TokenRequestSerializer(serializers.Serializer):
    email = serializers.EmailField()
    password = serializers.CharField(trim_whitespace=False, write_only=True, style={"input_type": "password"})
    otp = serializers.CharField(
        required=False, allow_blank=True, max_length=64, write_only=True,
        help_text="The second factor, for an account that has one (required of the Board's people): the current "
                  "code of the authenticator app, or one of the recovery codes (used up). Wrong codes count with wrong "
                  "passwords towards the sign-in lock (5 lock the account).")

    def validate(self, attrs):
        # authenticate() with the Django request lets django-axes count failures and lock out.
        request = self.context["request"]._request
        user = authenticate(request=request, username=attrs["email"].lower(), password=attrs["password"])
        if user is None:
            raise serializers.ValidationError(
                {"password": _("No active account matches this email and password.")}, code="authentication"
            )
        attrs["user"], attrs["second_factor"] = user, None
        if user.has_second_factor and attrs.get("otp"):
            try:
                attrs["second_factor"] = second_step_code_check(request, user, attrs["otp"]).type
            except DjangoValidationError as error:
                raise serializers.ValidationError({"otp": error.messages}, code=error.code)
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
        return MembershipSerializer(user_memberships(user=user), many=True).data
