"""The portal's own 404 page under DEBUG too (`make run`): never Django's technical 404, which lists the URL
patterns and the exception's repr.

With DEBUG off Django answers an Http404 with handler404 (core.api.errors.page_not_found). With DEBUG on it
answers with its debug page instead, and before any view runs when no URL matches. This middleware gives both
cases the same answer as production: an Http404 raised by a view (process_exception), and an address that
matches no URL (resolved here first, only under DEBUG). Placed after CommonMiddleware, so a missing trailing
slash is still redirected (APPEND_SLASH) rather than answered 404."""

from django.conf import settings
from django.http import Http404
from django.urls import Resolver404, resolve

from core.api.errors import page_not_found


class NotFoundPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG:
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404 as exception:
                return page_not_found(request, exception)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if settings.DEBUG and isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None
