"""Refuse NUL characters in a request before any view sees it.

PostgreSQL text cannot hold a NUL (0x00): a query or an insert carrying one fails inside the
database driver, which a view answers with a 500. Django's form CharFields and DRF's CharFields
refuse NUL already, but much input reaches the database without them: raw `request.GET` reads,
django-filter filters, JSON and dict fields stored as JSON, cookies (the session key). One guard
here covers every path; uploaded files' contents are left to their importers (licensing/organizations/member_csv.py
names the row and column).

The answer is a 400 naming each field: the API's JSON error shape under /api/, a page in the portal.
A NUL in the address itself is a 404: no record has such a name. A JSON body nested deeper than any form of ours
(MAX_DEPTH) is refused here too: Python's json reader, and DRF's after it, would exhaust the interpreter's stack
on it (a RecursionError, a 500), and so would the walk below."""

import json
from collections.abc import Iterator

from django.http import JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.api.errors import api_error, api_error_response, is_api_request

NUL = "\x00"
CODE = "null_characters_not_allowed"
MAX_DEPTH = 64  # JSON nesting; our deepest body (an event in a table's play) is 3 levels deep
DEPTH_CODE = "json_too_deep"


class TooDeep(ValueError):
    """A JSON body nested deeper than MAX_DEPTH."""
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _shown(name: str) -> str:
    return name.replace(NUL, "\\x00")


def _in_query_dict(data: QueryDict) -> Iterator[str]:
    for key, values in data.lists():
        if NUL in key or any(isinstance(value, str) and NUL in value for value in values):
            yield _shown(key)


def _in_json(value, path: str | None = None, depth: int = 0) -> Iterator[str | None]:
    if depth > MAX_DEPTH:
        raise TooDeep(path)
    if isinstance(value, str):
        if NUL in value:
            yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{_shown(key)}" if path else _shown(key)
            if NUL in key:
                yield child
            else:
                yield from _in_json(item, child, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _in_json(item, f"{path}[{index}]" if path else f"[{index}]", depth + 1)


def _in_files(request) -> Iterator[str]:
    for key, files in request.FILES.lists():
        if NUL in key or any(NUL in (file.name or "") for file in files):
            yield _shown(key)


def _in_body(request) -> Iterator[str | None]:
    content_type = request.content_type or ""
    if content_type == "application/json" or content_type.endswith("+json"):
        try:
            data = json.loads(request.body)
        except RecursionError:
            raise TooDeep(None) from None
        except (ValueError, UnicodeDecodeError):
            return  # not JSON: the API's parser answers that with its own 400
        yield from _in_json(data)
    elif content_type in _FORM_TYPES:
        if request.method == "POST":
            yield from _in_query_dict(request.POST)
            yield from _in_files(request)
        elif content_type == _FORM_TYPES[0]:
            yield from _in_query_dict(QueryDict(request.body, encoding=request.encoding))


def fields_with_nul(request) -> list[str | None]:
    """Every field of the query string, cookies and body holding a NUL, in the order met."""
    found = list(_in_query_dict(request.GET))
    found += [f"cookie {_shown(name)}" for name, value in request.COOKIES.items() if NUL in name or NUL in value]
    found += list(_in_body(request))
    return list(dict.fromkeys(found))


class NullCharacterMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path:
            return self._not_found(request)
        try:
            fields = fields_with_nul(request)
        except TooDeep:
            return self._too_deep(request)
        if fields:
            return self._refuse(request, fields)
        return self.get_response(request)

    @staticmethod
    def _message(field: str | None) -> str:
        if field is None:
            return _("The request contains a NUL character (\\x00); no text may contain one.")
        return _("“%(field)s” contains a NUL character (\\x00); no text may contain one.") % {"field": field}

    def _refuse(self, request, fields: list[str | None]):
        if is_api_request(request):
            errors = [api_error(code=CODE, message=self._message(field), field=field) for field in fields]
            return JsonResponse({"errors": errors}, status=400)
        messages = [self._message(field) for field in fields]
        return render(request, "bad_input.html", {"problems": messages}, status=400)

    @staticmethod
    def _too_deep(request):
        message = _("The JSON body is nested more than %(depth)s levels deep; no request of this site is.") % {
            "depth": MAX_DEPTH}
        if is_api_request(request):
            return api_error_response(status_code=400, code=DEPTH_CODE, message=message)
        return render(request, "bad_input.html", {"problems": [message]}, status=400)

    @staticmethod
    def _not_found(request):
        message = _("No page has a NUL character (\\x00) in its address.")
        if is_api_request(request):
            return api_error_response(status_code=404, code="not_found", message=message)
        return render(request, "bad_input.html", {"problems": [message]}, status=404)
