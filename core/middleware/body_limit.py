"""A larger request body for the few views that take one (a hall's bundle: 4-5 MB a night), while every other view
keeps Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB).

Django checks that setting the first time anything reads `request.body`, and the NUL guard (null_characters.py) reads
every JSON body before any view runs, so a view cannot raise its own limit. A view marked `body_limit(max_bytes)` has
its body read here first, under its own limit, and Django's check never runs for it. A body over the limit is a 413
naming it (the API's JSON error shape under /api/, a page in the portal), before any of it is kept. A multipart body
is left to Django, which streams its files to disk (the view's form checks the file's size); only its length is
checked here, with room for the parts' headers."""

from __future__ import annotations

from io import BytesIO

from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from core.api.errors import api_error_response, is_api_request

ATTRIBUTE = "body_limit"
CODE = "request_too_large"
MULTIPART_HEADERS = 64 * 1024  # a multipart body's boundaries and part headers around a file at the limit
CHUNK = 1024 * 1024
_WRITES = {"POST", "PUT", "PATCH"}


def body_limit(max_bytes: int):
    """Mark a view (a function, or what a class-based view's as_view() returns) as taking bodies up to
    `max_bytes`."""
    def mark(view):
        setattr(view, ATTRIBUTE, max_bytes)
        return view
    return mark


def view_body_limit(request) -> int | None:
    if request.method not in _WRITES:
        return None
    try:
        match = resolve(request.path_info, getattr(request, "urlconf", None))
    except Resolver404:
        return None
    return getattr(match.func, ATTRIBUTE, None)


def _declared_length(request) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


def read_within(request, limit: int) -> bool:
    """Read the body into request.body unless it is longer than `limit` (False then: it is left unread)."""
    chunks, size = [], 0
    while size <= limit:
        chunk = request.read(min(CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        return False
    request._body = b"".join(chunks)  # what request.body answers from now on, as Django's own read keeps it
    request._stream = BytesIO(request._body)
    return True


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = view_body_limit(request)
        if limit is not None and not self._within(request, limit):
            return self._refuse(request, limit)
        return self.get_response(request)

    @staticmethod
    def _within(request, limit: int) -> bool:
        if (request.content_type or "") == "multipart/form-data":
            return _declared_length(request) <= limit + MULTIPART_HEADERS
        return _declared_length(request) <= limit and read_within(request, limit)

    @staticmethod
    def _refuse(request, limit: int):
        message = _("The request is larger than %(limit)s MB, the most this address takes.") % {
            "limit": f"{limit / (1024 * 1024):g}"}
        if is_api_request(request):
            return api_error_response(status_code=413, code=CODE, message=message)
        return render(request, "bad_input.html", {"problems": [message]}, status=413)
