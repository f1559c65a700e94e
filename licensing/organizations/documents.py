"""Documents an organization files with the Board: bylaws (30 DCMR 1202.2(s)), the tax
determination letter (1202.2(f)), the lease (1400.4), the certificate of occupancy (1400.8),
the printer's affidavit (1202.2(n)).

The type is decided from the bytes, never from the name or the browser's claim: a text
file called x.pdf is refused. Files go to the default storage under a name derived from
their content, never the uploader's file name, and are served only through the scoped
download views."""

import hashlib
import os
from dataclasses import dataclass

import filetype
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.stored_files import stored_file_save
from licensing.models import Application, Document, Organization, User
from licensing.models.choices import DocumentKind
from licensing.organizations import events

MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
# filetype reads signatures from the first 8 KiB (filetype.utils._NUM_SIGNATURE_BYTES).
SIGNATURE_BYTES = 8192
ALLOWED_TYPES = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg"}


def detect_content_type(head: bytes) -> str | None:
    """The MIME type of an accepted file from its first bytes, or None if it is not one."""
    kind = filetype.guess(head)
    if kind is None or kind.mime not in ALLOWED_TYPES:
        return None
    return kind.mime


def _size_of(uploaded_file) -> int:
    size = getattr(uploaded_file, "size", None)
    if size is None:
        uploaded_file.seek(0, os.SEEK_END)
        size = uploaded_file.tell()
    return size


def _sha256(uploaded_file) -> str:
    digest = hashlib.sha256()
    uploaded_file.seek(0)
    for chunk in iter(lambda: uploaded_file.read(64 * 1024), b""):
        digest.update(chunk)
    uploaded_file.seek(0)
    return digest.hexdigest()


def _display_name(name: str) -> str:
    # Only for showing in the portal: path parts and control characters never leave here.
    base = os.path.basename(str(name).replace("\\", "/")).strip()
    base = "".join(character for character in base if character.isprintable())
    return base[:200] or "document"


@dataclass(frozen=True)
class CheckedFile:
    """What the checks learned of an accepted upload: its type from its bytes, its size and digest, and the
    name to show (never the name it is stored under)."""

    content_type: str
    size: int
    sha256: str
    display_name: str

    @property
    def extension(self) -> str:
        return ALLOWED_TYPES[self.content_type]


def upload_checked(uploaded_file, *, field: str = "file") -> CheckedFile:
    """The checks every upload to the Board passes (documents, the reply thread's attachments): not empty, at
    most MAX_DOCUMENT_BYTES, a PDF, PNG or JPEG by its content. A ValidationError on `field` otherwise."""
    size = _size_of(uploaded_file)
    if size == 0:
        raise ValidationError({field: [ValidationError(_("The file is empty."), code="empty")]})
    if size > MAX_DOCUMENT_BYTES:
        raise ValidationError({field: [ValidationError(
            _("The file is larger than %(limit)s MB.") % {"limit": MAX_DOCUMENT_BYTES // (1024 * 1024) or 1},
            code="too_large",
        )]})
    uploaded_file.seek(0)
    content_type = detect_content_type(uploaded_file.read(SIGNATURE_BYTES))
    if content_type is None:
        raise ValidationError({field: [ValidationError(
            _("Only PDF, PNG and JPEG files are accepted; this file's content is none of these."), code="file_type",
        )]})
    return CheckedFile(content_type=content_type, size=size, sha256=_sha256(uploaded_file),
                       display_name=_display_name(getattr(uploaded_file, "name", "")))


@transaction.atomic
def document_upload(*, actor: User, organization: Organization, kind: str, uploaded_file,
                    application: Application | None = None) -> Document:
    """Store a PDF, PNG or JPEG of at most MAX_DOCUMENT_BYTES for the organization."""
    errors: dict[str, list] = {}
    if kind not in DocumentKind.values:
        errors["kind"] = [ValidationError(_("Choose the kind of document."), code="invalid_choice")]
    if application is not None and application.organization_id != organization.pk:
        errors["application"] = [ValidationError(_("This application belongs to another organization."),
                                                 code="invalid")]
    checked = None
    try:
        checked = upload_checked(uploaded_file)
    except ValidationError as error:
        errors.update(error.error_dict)
    if errors:
        raise ValidationError(errors)

    document = Document(
        organization=organization, application=application, kind=kind, content_type=checked.content_type,
        size=checked.size, original_name=checked.display_name, uploaded_by=actor, sha256=checked.sha256,
    )
    # upload_to builds the stored name from sha256 (set above); the name passed here is ignored.
    # A full disk is a ValidationError on the file field (core.stored_files.StorageFull): no row, no file.
    stored_file_save(document.file, f"{document.sha256}.{checked.extension}", uploaded_file, field="file")
    try:
        document.full_clean()
        document.save()
        events.document_uploaded(actor=actor, organization=organization, document=document, kind=kind,
                                 content_type=checked.content_type, size=checked.size, application=application)
    except Exception:
        document.file.delete(save=False)  # no stored file without its row
        raise
    return document
