"""The guided application: portal pages (urlpatterns, in the portal namespace, via licensing/urls.py) and the
applications API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path, register_converter

from core.api.router import IdRouter
from licensing.applications import api, views


class StepConverter:
    """Only the wizard's own steps, so no other page under an application (the review's
    "applications/<pk>/status/") is ever taken for a step, whatever order the includes come in."""

    regex = "|".join(views.STEP_HANDLERS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(StepConverter, "application_step")

urlpatterns = [
    path("organizations/<int:organization_pk>/applications/new/", views.application_start, name="application_start"),
    path("applications/<int:pk>/", views.application_detail, name="application_detail"),
    path("applications/<int:pk>/summary.pdf", views.application_summary_download, name="application_summary_pdf"),
    path("applications/<int:pk>/<application_step:step>/", views.application_step, name="application_step"),
]

router = IdRouter()
router.register("applications", api.ApplicationViewSet, basename="application")
api_urlpatterns = router.urls
