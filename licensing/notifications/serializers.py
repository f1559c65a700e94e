from rest_framework import serializers

from licensing.models import Notification


class NotificationSerializer(serializers.ModelSerializer):
    is_read = serializers.BooleanField(read_only=True)

    class Meta:
        model = Notification
        fields = ["id", "subject", "body", "link", "created_at", "read_at", "is_read"]
        read_only_fields = fields


class MarkedReadSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many notifications were unread and are now read.")
