from rest_framework import serializers

from licensing.models import AuditEvent


class AuditEventSerializer(serializers.ModelSerializer):
    actor_email = serializers.EmailField(source="actor.email", read_only=True, default=None, allow_null=True)

    class Meta:
        model = AuditEvent
        fields = ["id", "event_type", "actor", "actor_email", "organization", "object_type", "object_id", "payload",
                  "created_at", "request_id"]
