from rest_framework import serializers

from licensing.audit.types import event_type_label
from licensing.models import AuditEvent


class AuditEventSerializer(serializers.ModelSerializer):
    actor_email = serializers.EmailField(source="actor.email", read_only=True, default=None, allow_null=True)
    event_label = serializers.SerializerMethodField(
        help_text="What a person reads for the type; an old spelling stored before a rename reads the same.")

    class Meta:
        model = AuditEvent
        fields = ["id", "event_type", "event_label", "actor", "actor_email", "organization", "object_type",
                  "object_id", "payload", "created_at", "request_id"]

    def get_event_label(self, event: AuditEvent) -> str:
        return event_type_label(event.event_type)
