"""In-portal notifications: a copy of every email a person is sent, kept in the portal so nothing sent by
mail is lost in a spam folder. Written by core.mail's mirror hook (licensing.notifications.services); a row
is only ever marked read, never deleted."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="notifications")
    subject = models.CharField(_("subject"), max_length=300)
    body = models.TextField(_("message"))
    link = models.CharField(_("link"), max_length=500, blank=True)  # the first address the email gives
    created_at = models.DateTimeField(_("sent at"), default=timezone.now, db_index=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-id"]
        # The bell counts one person's unread rows on every page.
        indexes = [models.Index(fields=["user", "read_at"], name="lic_notification_unread")]

    def __str__(self) -> str:
        return self.subject

    @property
    def is_read(self) -> bool:
        return self.read_at is not None
