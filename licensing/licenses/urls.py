"""Licenses: the certificate download (urlpatterns, in the portal namespace, via licensing/urls.py) and the
licenses API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from core.api.router import IdRouter
from licensing.licenses import api, views

urlpatterns = [
    path("licenses/<int:pk>/certificate.pdf", views.license_certificate, name="license_certificate"),
]

router = IdRouter()
router.register("licenses", api.LicenseViewSet, basename="license")
api_urlpatterns = router.urls
