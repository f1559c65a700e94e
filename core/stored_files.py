"""Opening an uploaded file that a record names (a document, a thread's attachment, a license certificate), and
saving one.

The record says the file exists; the storage may disagree (a media folder restored from an older backup, a file
removed by hand). That is not a crash of the request but a known loss: `stored_file_open` logs it at ERROR, naming
the record and the file so staff can restore it, and raises StoredFileMissing, which core/middleware/stored_files.py
answers 410 Gone (the portal's page, or the API's error shape) instead of a 500.

Saving may find the media folder's disk full (ENOSPC) or its quota used up (EDQUOT): `stored_file_save` turns that
into StorageFull, a ValidationError naming the form's or the API's file field, so the form shows it next to the field
and the API answers 507 Insufficient Storage in its error shape. The storage has left no partial file
(core.media_storage) and the service's transaction rolls back, so nothing of the upload is kept."""

import errno
import logging

from django.core.exceptions import ValidationError
from django.core.files import File
from django.db.models.fields.files import FieldFile
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

STORAGE_FULL_ERRORS = {errno.ENOSPC, errno.EDQUOT}
STORAGE_FULL_MESSAGE = _("The file could not be stored: the server's storage is full. Nothing was saved. The error "
                         "is logged for the Board's staff; try again later.")


class StorageFull(ValidationError):
    """The media storage had no room for an upload; a ValidationError on the upload's field. `status_code` is the
    API's answer (core.api.errors.api_exception_handler)."""

    status_code = 507

    def __init__(self, field: str):
        super().__init__({field: [ValidationError(STORAGE_FULL_MESSAGE, code="storage_full")]})


def stored_file_save(stored: FieldFile, name: str, content, *, field: str) -> None:
    """Save `content` into the record's file field (the record itself is saved by the caller), or raise StorageFull
    on `field` when the storage has no room."""
    try:
        stored.save(name, content, save=False)
    except OSError as error:
        if error.errno not in STORAGE_FULL_ERRORS:
            raise
        logger.error("The media storage is full: an upload (%s, for %s.%s) was not stored: %s", field,
                     stored.instance._meta.label, stored.field.name, error.strerror)
        raise StorageFull(field) from error


class StoredFileMissing(Exception):
    """A record's stored file is not in the storage."""

    def __init__(self, stored: FieldFile):
        self.name = stored.name
        self.record = f"{stored.instance._meta.label} {stored.instance.pk}"
        super().__init__(f"the stored file {self.name!r} of {self.record} ({stored.field.name}) is missing")


def stored_file_open(stored: FieldFile) -> File:
    """The stored file, open for reading; StoredFileMissing (logged) if the storage no longer holds it."""
    try:
        return stored.open("rb")
    except FileNotFoundError:
        missing = StoredFileMissing(stored)
        logger.error("%s: restore it from a backup", missing)
        raise missing from None
