"""The project's URLs plus a view that crashes, under /api/ and in the portal (tests of handler500)."""

from django.core.exceptions import PermissionDenied
from django.urls import path

from config.urls import *  # noqa: F403  (handler400/403/404/500 come with them)
from config.urls import urlpatterns as project_urlpatterns


def boom(request):
    raise RuntimeError("a bug")


def forbidden(request):
    raise PermissionDenied("internal reason")


urlpatterns = [path("api/v1/boom/", boom), path("portal/boom/", boom), path("portal/forbidden/", forbidden),
               *project_urlpatterns]
