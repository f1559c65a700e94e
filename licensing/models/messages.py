"""The reply thread of an application: what Board staff and the organization write to each other about it
(a deficiency notice answered in the portal, a question, a missing paper sent), and the files sent with it.

Correspondence on a regulated filing is part of its record: a message is never edited or deleted, and its
attachments neither (append-only in the model, the queryset and a database trigger, core.models)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.models import AppendOnlyError, AppendOnlyModel

MAX_MESSAGE_CHARACTERS = 5000


class ApplicationMessageImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a message of an application's thread."""


class ApplicationMessage(AppendOnlyModel):
    application = models.ForeignKey("licensing.Application", on_delete=models.PROTECT, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The side that wrote, as it was when the message was posted: a person's roles may change later.
    from_board = models.BooleanField(_("written by board staff"))
    body = models.TextField(_("message"), max_length=MAX_MESSAGE_CHARACTERS)
    # The deficiency notice that was open when the organization wrote: its answer, read beside it.
    deficiency_notice = models.ForeignKey(
        "licensing.DeficiencyNotice", null=True, blank=True, on_delete=models.PROTECT, related_name="replies"
    )
    created_at = models.DateTimeField(_("sent"), default=timezone.now)

    append_only_error = ApplicationMessageImmutableError
    append_only_rows = "Application messages"

    class Meta:
        verbose_name = _("application message")
        verbose_name_plural = _("application messages")
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["application", "created_at"])]

    def __str__(self) -> str:
        return f"Message {self.pk} on #{self.application_id}"


def _attachment_path(instance, filename: str) -> str:
    # Named by content, like documents: the sender's file name never reaches the file system.
    return f"messages/{instance.message.application_id}/{instance.sha256[:2]}/{instance.sha256}"


class MessageAttachment(AppendOnlyModel):
    """A PDF, PNG or JPEG sent with a message, checked by content like every document
    (licensing.organizations.documents.upload_checked), served only to those who may read the thread."""

    message = models.ForeignKey(ApplicationMessage, on_delete=models.PROTECT, related_name="attachments")
    file = models.FileField(_("file"), upload_to=_attachment_path, max_length=200)
    original_name = models.CharField(_("file name"), max_length=200)
    content_type = models.CharField(_("content type"), max_length=50)
    size = models.PositiveIntegerField(_("size in bytes"))
    sha256 = models.CharField(max_length=64)

    append_only_error = ApplicationMessageImmutableError
    append_only_rows = "Message attachments"

    class Meta:
        verbose_name = _("message attachment")
        verbose_name_plural = _("message attachments")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.original_name
