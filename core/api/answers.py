"""A DRF view that calls a service, answered one way, and the OpenAPI error response declared once.

The view validates its body with a serializer, calls one service and serializes what it returns. A
service's ValidationError (400, naming the field and the rule) or PermissionDenied (403) is not caught
here: the API's exception handler (REST_FRAMEWORK["EXCEPTION_HANDLER"]) answers every one of them in
the one error shape, {"errors": [{"field", "code", "message", "rule"}]}."""

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

ERROR_SHAPE = '{"errors": [{"field", "code", "message", "rule"}]}'


def error_response(description: str = ERROR_SHAPE) -> OpenApiResponse:
    """An error answer for `extend_schema(responses=...)`. It is declared without a body: the schema's
    postprocessing hook gives every body-less error answer the shared error schema."""
    return OpenApiResponse(description=description)


ERRORS = error_response()
# A download whose stored file the storage no longer holds (core.stored_files): 410 Gone, logged.
FILE_GONE = error_response("The record's stored file is missing from the file store; the error is logged. "
                           + ERROR_SHAPE)


def service_answer(
    request: Request,
    *,
    call: Callable[..., Any],
    answer: Callable[[Any], Any],
    serializer_class: type[serializers.Serializer] | None = None,
    status_code: int = status.HTTP_200_OK,
) -> Response:
    """Validate the body (when the operation reads one), call the service with the validated data as
    keyword arguments, and answer `answer(result)`."""
    data: dict = {}
    if serializer_class is not None:
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
    return Response(answer(call(**data)), status=status_code)
