"""One JSON shape for every API error:

    {"errors": [{"field": "email", "code": "required", "message": "...", "rule": null}]}

`field` is a dotted path into the request body (null for the request as a whole),
`rule` is the regulation citation when a rule of 30 DCMR was broken."""

import sys
from urllib.parse import quote

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponseNotFound, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import status
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler

from core.findings import RuleError

_WHOLE_REQUEST = {NON_FIELD_ERRORS, "non_field_errors", "detail"}


def _django_errors(exc: DjangoValidationError) -> list[dict]:
    pairs = exc.error_dict.items() if hasattr(exc, "error_dict") else [(None, exc.error_list)]
    errors = []
    for field, error_list in pairs:
        for error in error_list:
            message = error.message % error.params if error.params else error.message
            errors.append({
                "field": None if field in _WHOLE_REQUEST else field,
                "code": error.code or "invalid",
                "message": str(message),
                "rule": getattr(error, "rule", None) if isinstance(error, RuleError) else None,
            })
    return errors


def _drf_errors(data, path: str | None = None) -> list[dict]:
    if isinstance(data, dict):
        errors = []
        for key, value in data.items():
            child = None if key in _WHOLE_REQUEST else (f"{path}.{key}" if path else str(key))
            errors.extend(_drf_errors(value, child if key not in _WHOLE_REQUEST else path))
        return errors
    if isinstance(data, list):
        errors = []
        for index, value in enumerate(data):
            nested = isinstance(value, (dict, list))
            errors.extend(_drf_errors(value, f"{path}[{index}]" if nested and path else path))
        return errors
    return [{
        "field": path,
        "code": getattr(data, "code", "invalid"),
        "message": str(data),
        "rule": getattr(data, "rule", None),
    }]


def _throttled(response: Response, exc: Throttled) -> Response:
    """A 429 of the API's rate limits (settings.REST_FRAMEWORK's throttle rates): a security policy of this
    system, not a rule of 30 DCMR, and it says so. Retry-After always comes with it."""
    seconds = exc.wait or 1  # DRF has no wait when the history outgrew a rate lowered meanwhile
    response["Retry-After"] = str(seconds)
    response.data = {"errors": [api_error(code=exc.default_code, message=_(
        "Too many requests: this is the API's rate limit, a security policy of the Board's systems and not a "
        "rule of 30 DCMR. Try again in %(seconds)s s.") % {"seconds": seconds})]}
    return response


def api_exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        # 400, or the status a ValidationError names (core.stored_files.StorageFull: 507, the storage is full)
        return Response({"errors": _django_errors(exc)},
                        status=getattr(exc, "status_code", status.HTTP_400_BAD_REQUEST))
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, Throttled):
        return _throttled(response, exc)
    response.data = {"errors": _drf_errors(response.data)}
    return response


# --- Django's own error views (handler400/403/404/500 in config/urls.py) ---
# Errors raised outside a DRF view (no URL matched, an int converter refused the id, a crash in
# middleware) reach Django's handlers, which answer HTML. Under /api/ a client expects JSON.

API_PREFIX = "/api/"


def is_api_request(request) -> bool:
    return request.path.startswith(API_PREFIX)


def api_error(*, code: str, message, field: str | None = None) -> dict:
    return {"field": field, "code": code, "message": str(message), "rule": None}


def api_error_response(*, status_code: int, code: str, message, field: str | None = None) -> JsonResponse:
    return JsonResponse({"errors": [api_error(code=code, message=message, field=field)]}, status=status_code)


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    if is_api_request(request):
        return api_error_response(status_code=400, code="bad_request", message=_("The request is malformed."))
    return defaults.bad_request(request, exception, template_name)


def permission_denied(request, exception, template_name=defaults.ERROR_403_TEMPLATE_NAME):
    if is_api_request(request):
        return api_error_response(status_code=403, code="permission_denied",
                                  message=_("You do not have permission to perform this action."))
    return defaults.permission_denied(request, exception, template_name)


def not_found_message(exception) -> str | None:
    """The sentence an Http404 was raised with ("No license with that number."), for the page to say; None for
    the ones that carry no sentence: no URL matched (Resolver404's dict), a bare Http404, or Django's
    get_object_or_404, whose "No <ModelName> matches the given query." names a class, not a thing."""
    message = exception.args[0] if exception is not None and exception.args else None
    if not isinstance(message, str) or message.endswith("matches the given query."):
        return None
    return message


def page_not_found(request, exception, template_name=defaults.ERROR_404_TEMPLATE_NAME):
    if is_api_request(request):
        return api_error_response(status_code=404, code="not_found", message=_("Not found."))
    body = loader.get_template(template_name).render(
        {"request_path": quote(request.path), "message": not_found_message(exception)}, request)
    return HttpResponseNotFound(body)


def server_error(request, template_name=defaults.ERROR_500_TEMPLATE_NAME):
    # A database that failed to answer in a middleware (the session read before any view): 503, not a bug's 500.
    # Django logs it next (django.request, ERROR, "Service Unavailable") with its traceback. Imported here:
    # core.database_failures answers in this module's error shape.
    from core.database_failures import database_failure, database_failure_response

    exception = sys.exc_info()[1]
    kind = database_failure(exception)
    if kind is not None:
        return database_failure_response(request, exception, kind, log=False)
    # Django has already logged the exception (django.request, ERROR) with its traceback.
    if is_api_request(request):
        return api_error_response(status_code=500, code="server_error",
                                  message=_("Something went wrong on our side; the error is logged."))
    return defaults.server_error(request, template_name)
