"""A stored file the storage no longer holds (core.stored_files.StoredFileMissing) answers 410 Gone, not a 500.

The record proves the file was uploaded, so the answer is Gone rather than Not Found: the portal's error page, or
under /api/ the JSON error shape, with the same status. core.stored_files has logged it at ERROR."""

from django.utils.translation import gettext_lazy as _

from core.middleware.exception_answers import ExceptionAnswerMiddleware
from core.stored_files import StoredFileMissing

MESSAGE = _("This file was uploaded, but the file store no longer holds it. The error is logged for the Board's "
            "staff to restore it; ask them if you need the file sooner.")


class StoredFileMissingMiddleware(ExceptionAnswerMiddleware):
    exception = StoredFileMissing
    status = 410
    code = "stored_file_missing"
    template = "410.html"

    def message(self, exception) -> str:
        return MESSAGE
