"""What an organization tells the Board about itself: members, responsible people, documents."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import DocumentKind, ResponsibleRole


class OrganizationMember(models.Model):
    """A member in good standing (30 DCMR 1200.2(c), 1202.2(l)); ended members are kept inactive."""

    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="members")
    full_name = models.CharField(_("full name"), max_length=150)
    street_address = models.CharField(_("street address"), max_length=200)
    city = models.CharField(_("city"), max_length=100, default="Washington")
    state = models.CharField(_("state"), max_length=2, default="DC")
    postal_code = models.CharField(_("ZIP code"), max_length=10)
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)  # senior groups, 1201.1
    is_disabled = models.BooleanField(_("has a disability"), default=False)  # 55+ counts for 1201.1
    is_active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["full_name"]
        indexes = [models.Index(fields=["organization", "is_active"])]

    def __str__(self) -> str:
        return self.full_name


class ResponsiblePerson(models.Model):
    """Member in charge, alternate, gross-receipts member (30 DCMR 1202.2(j),(k)); 18 or older."""

    organization = models.ForeignKey(
        "licensing.Organization", on_delete=models.PROTECT, related_name="responsible_people"
    )
    role = models.CharField(_("role"), max_length=20, choices=ResponsibleRole.choices)
    full_name = models.CharField(_("full name"), max_length=150)
    street_address = models.CharField(_("street address"), max_length=200)
    city = models.CharField(_("city"), max_length=100, default="Washington")
    state = models.CharField(_("state"), max_length=2, default="DC")
    postal_code = models.CharField(_("ZIP code"), max_length=10)
    phone = models.CharField(_("phone"), max_length=40)
    date_of_birth = models.DateField(_("date of birth"))
    is_current = models.BooleanField(_("current"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("responsible person")
        verbose_name_plural = _("responsible people")
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "role"], condition=models.Q(is_current=True), name="one_current_per_role"
            )
        ]

    def __str__(self) -> str:
        return f"{self.full_name} ({self.get_role_display()})"


def _document_path(instance, filename: str) -> str:
    # The stored name is random: the uploader's file name never reaches the file system.
    return f"documents/{instance.organization_id}/{instance.sha256[:2]}/{instance.sha256}"


class Document(models.Model):
    """A PDF, PNG or JPEG checked by content, at most 10 MB, served only to its organization and the Board."""

    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="documents")
    application = models.ForeignKey(
        "licensing.Application", null=True, blank=True, on_delete=models.PROTECT, related_name="documents"
    )
    kind = models.CharField(_("kind"), max_length=30, choices=DocumentKind.choices)
    file = models.FileField(_("file"), upload_to=_document_path, max_length=200)
    original_name = models.CharField(_("file name"), max_length=200)
    content_type = models.CharField(_("content type"), max_length=50)
    size = models.PositiveIntegerField(_("size in bytes"))
    sha256 = models.CharField(max_length=64)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        ordering = ["-uploaded_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.original_name}"
