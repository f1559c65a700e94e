"""The vendors app's patterns, gathered from its features: the portal (urlpatterns, under /vendors/, in the vendors
namespace, by config/urls.py) and the API (api_urlpatterns, under /api/v1/, by config/urls.py)."""

from django.urls import include, path

from vendors.registry import urls as registry_urls

app_name = "vendors"
urlpatterns: list = [
    path("", include("vendors.registry.urls")),  # the public registry
    path("", include("vendors.price_lists.urls")),  # every price list version (the Board, the vendor)
    path("", include("vendors.owners.urls")),  # the Board's decisions on a DC official's conflict (1206.4(d))
]
api_urlpatterns: list = [
    path("", include(registry_urls.api_urlpatterns)),  # the public registry API
]
