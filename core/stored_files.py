"""Opening an uploaded file that a record names (a document, a thread's attachment, a license certificate).

The record says the file exists; the storage may disagree (a media folder restored from an older backup, a file
removed by hand). That is not a crash of the request but a known loss: `stored_file_open` logs it at ERROR, naming
the record and the file so staff can restore it, and raises StoredFileMissing, which core/middleware/stored_files.py
answers 410 Gone (the portal's page, or the API's error shape) instead of a 500."""

import logging

from django.core.files import File
from django.db.models.fields.files import FieldFile

logger = logging.getLogger(__name__)


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
