from rest_framework import serializers

from licensing.models import OrganizationInvitation, Role


class InvitationSerializer(serializers.ModelSerializer):
    status = serializers.CharField(read_only=True, help_text="pending, accepted, revoked or expired.")
    invited_by_email = serializers.EmailField(source="invited_by.email", read_only=True)

    class Meta:
        model = OrganizationInvitation
        fields = ["id", "organization", "email", "role", "status", "invited_by_email", "created_at", "expires_at",
                  "accepted_at", "revoked_at"]
        read_only_fields = fields


class InvitationCreateSerializer(serializers.Serializer):
    email = serializers.EmailField()
    role = serializers.ChoiceField(choices=Role.choices)


class InvitationAcceptSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=200, help_text="The token at the end of the invitation link.")
