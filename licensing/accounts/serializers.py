from rest_framework import serializers

from licensing.accounts.rules import INVITABLE_ROLES
from licensing.accounts.selectors import board_roles
from licensing.models import User


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
