"""An officer's invitation to join the organization in a role, by email (licensing.organizations.invitations).

The link's token is stored only as its SHA-256 hash: whoever reads the database cannot accept an invitation.
An invitation is used once (accepted_at), can be revoked (revoked_at) and expires (expires_at,
ORGANIZATION_INVITATION_DAYS after it is sent); the row is kept either way, as the record of who was invited."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from licensing.models.organizations import Organization, Role


class InvitationStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    ACCEPTED = "accepted", _("Accepted")
    REVOKED = "revoked", _("Revoked")
    EXPIRED = "expired", _("Expired")


class OrganizationInvitation(models.Model):
    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="invitations")
    email = models.EmailField(_("email address"))
    role = models.CharField(_("role"), max_length=30, choices=Role.choices)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+")
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("organization invitation")
        verbose_name_plural = _("organization invitations")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["organization", "accepted_at", "revoked_at"])]

    def __str__(self) -> str:
        return f"{self.email} · {self.get_role_display()} · {self.organization}"

    @property
    def status(self) -> str:
        if self.accepted_at:
            return InvitationStatus.ACCEPTED
        if self.revoked_at:
            return InvitationStatus.REVOKED
        if self.expires_at <= timezone.now():
            return InvitationStatus.EXPIRED
        return InvitationStatus.PENDING

    def get_status_display(self) -> str:
        return InvitationStatus(self.status).label
