"""The media folder's storage (STORAGES["default"]): Django's FileSystemStorage, except that a file is stored whole
or not at all.

Django's own writes the file in place: when the disk fills up (ENOSPC) or the quota runs out (EDQUOT) half way, the
half-written file stays under the name a record would have pointed to. Worse, an upload spooled to a temporary file
(over FILE_UPLOAD_MAX_MEMORY_SIZE) is copied onto another file system with os.write, whose short write on a full
disk is no error: the copy can end short without any error at all.

Here every file is first written under a staging name of its own in the same folder and, when it was copied from a
temporary file, its size checked against the original's; only a complete file is linked under its real name (a hard
link: it fails, rather than overwrites, when that name was taken meanwhile, and needs no room for a second copy), and
the staging name is removed whatever happens. core.stored_files.stored_file_save tells the reader which upload
failed."""

from __future__ import annotations

import contextlib
import errno
import os
import uuid

from django.core.files.storage import FileSystemStorage

STAGING_PREFIX = ".incoming-"


class WholeFileSystemStorage(FileSystemStorage):
    def _save(self, name, content):
        staging = os.path.join(os.path.dirname(name), f"{STAGING_PREFIX}{uuid.uuid4().hex}")
        staging_path = self.path(staging)
        # The temporary file's size before Django moves it away (it removes the original once copied).
        spooled = os.path.getsize(content.temporary_file_path()) if hasattr(content, "temporary_file_path") else None
        try:
            super()._save(staging, content)
            if spooled is not None and os.path.getsize(staging_path) != spooled:
                raise OSError(errno.ENOSPC, "the copy of the upload ended short: the disk is full", staging_path)
            if self._allow_overwrite:
                os.replace(staging_path, self.path(name))  # the new file takes the name
            else:
                name = self._link(staging_path, name)
        finally:
            with contextlib.suppress(FileNotFoundError):  # never written (no room even to create it)
                os.remove(staging_path)
        return os.path.relpath(self.path(name), self.location).replace("\\", "/")

    def _link(self, staging_path: str, name: str) -> str:
        while True:
            try:
                os.link(staging_path, self.path(name))
                return name
            except FileExistsError:  # taken since Storage.save chose it: choose again, as Django does
                name = self.get_available_name(name)
