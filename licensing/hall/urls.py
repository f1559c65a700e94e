"""Hall mode's pages (urlpatterns, in the portal namespace, via licensing/urls.py) and API (api_urlpatterns, under
/api/v1/, via licensing/urls.py)."""

from django.urls import path

from licensing.hall import api, views

urlpatterns = [
    path("hall/", views.kit_list, name="hall_kits"),
    path("hall/new/<slug:kind>/<int:pk>/", views.kit_new, name="hall_kit_new"),
    path("hall/kits/<str:kit_id>/", views.kit_detail, name="hall_kit"),
    path("hall/kits/<str:kit_id>/kit.json", views.kit_download, name="hall_kit_download"),
    path("hall/kits/<str:kit_id>/bundles/", views.bundle_upload, name="hall_bundle_upload"),
    path("hall/bundles/<int:pk>/", views.bundle_detail, name="hall_bundle"),
]

api_urlpatterns = [
    path("hall-kits/", api.KitListApi.as_view(), name="hall-kits"),
    path("hall-kits/<str:kit_id>/", api.KitDetailApi.as_view(), name="hall-kit"),
    path("hall-kits/<str:kit_id>/bundles/", api.BundleListApi.as_view(), name="hall-kit-bundles"),
]
