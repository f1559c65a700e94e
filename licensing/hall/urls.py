"""Hall mode's pages (urlpatterns, in the portal namespace, via licensing/urls.py), its public page (public_urlpatterns,
in the public namespace, via licensing/public/urls.py) and API (api_urlpatterns, under /api/v1/, via
licensing/urls.py)."""

from django.urls import path

from core.middleware.body_limit import body_limit
from licensing.hall import api, views
from licensing.hall.bundle import MAX_BUNDLE_BYTES

# A hall's bundle is larger than Django's DATA_UPLOAD_MAX_MEMORY_SIZE: its two uploads take up to MAX_BUNDLE_BYTES.
takes_a_bundle = body_limit(MAX_BUNDLE_BYTES)

urlpatterns = [
    path("hall/", views.kit_list, name="hall_kits"),
    path("hall/new/<slug:kind>/<int:pk>/", views.kit_new, name="hall_kit_new"),
    path("hall/kits/<str:kit_id>/", views.kit_detail, name="hall_kit"),
    path("hall/kits/<str:kit_id>/kit.json", views.kit_download, name="hall_kit_download"),
    path("hall/kits/<str:kit_id>/bundles/", takes_a_bundle(views.bundle_upload), name="hall_bundle_upload"),
    path("hall/bundles/<int:pk>/", views.bundle_detail, name="hall_bundle"),
]

public_urlpatterns = [
    path("hall/<uuid:kit_id>/check/", views.head_check, name="hall_check"),  # licensing.hall.heads.head_check_url
]

api_urlpatterns = [
    path("hall-kits/", api.KitListApi.as_view(), name="hall-kits"),
    path("hall-kits/<str:kit_id>/", api.KitDetailApi.as_view(), name="hall-kit"),
    path("hall-kits/<str:kit_id>/bundles/", takes_a_bundle(api.BundleListApi.as_view()), name="hall-kit-bundles"),
    path("public/hall/<uuid:kit_id>/check/", api.HeadCheckApi.as_view(), name="public-hall-check"),
]
