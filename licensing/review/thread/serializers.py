"""Serializers of the thread API (/api/v1/applications/<id>/messages/)."""

from django.urls import reverse
from rest_framework import serializers

from licensing.models import ApplicationMessage, MessageAttachment
from licensing.models.messages import MAX_MESSAGE_CHARACTERS


class MessageAttachmentSerializer(serializers.ModelSerializer):
    download_url = serializers.SerializerMethodField()

    class Meta:
        model = MessageAttachment
        fields = ["id", "original_name", "content_type", "size", "sha256", "download_url"]
        read_only_fields = fields

    def get_download_url(self, attachment) -> str:
        return reverse("application-message-attachment",
                       args=[attachment.message.application_id, attachment.pk])


class ApplicationMessageSerializer(serializers.ModelSerializer):
    author_name = serializers.CharField(source="author.full_name", read_only=True)
    attachments = MessageAttachmentSerializer(many=True, read_only=True)

    class Meta:
        model = ApplicationMessage
        fields = ["id", "application", "author", "author_name", "from_board", "body", "deficiency_notice",
                  "created_at", "attachments"]
        read_only_fields = fields


class MessagePostSerializer(serializers.Serializer):
    body = serializers.CharField(max_length=MAX_MESSAGE_CHARACTERS)
    attachments = serializers.ListField(
        child=serializers.FileField(), required=False, default=list,
        help_text="Up to 5 files (multipart, one `attachments` part each): PDF, PNG or JPEG, checked by content, "
                  "at most 10 MB each.",
    )
