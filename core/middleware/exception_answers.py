"""Middleware that answers one known exception as a clear error instead of a 500: the API's JSON error shape under
/api/, a portal page elsewhere, with one status. A middleware, so every view is covered at once, DRF views
included (DRF re-raises what its exception handler does not know). Subclasses name the exception, the status, the
code and the page (core/middleware/stored_files.py, montecarlo/tournaments/middleware.py,
montecarlo/tables/middleware.py)."""

from django.shortcuts import render

from core.api.errors import api_error_response, is_api_request


class ExceptionAnswerMiddleware:
    exception: type[Exception]
    status: int
    code: str
    template: str

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def message(self, exception) -> str:
        return exception.message

    def context(self, exception) -> dict:
        """What the portal page shows."""
        return {"message": self.message(exception)}

    def process_exception(self, request, exception):
        if not isinstance(exception, self.exception):
            return None
        if is_api_request(request):
            return api_error_response(status_code=self.status, code=self.code, message=self.message(exception))
        return render(request, self.template, self.context(exception), status=self.status)
