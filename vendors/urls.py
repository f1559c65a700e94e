"""The vendors app's patterns, gathered from its features: the portal (urlpatterns, under /vendors/, in the vendors
namespace, by config/urls.py) and the API (api_urlpatterns, under /api/v1/, by config/urls.py)."""

from django.urls import include, path

from core.api.router import IdRouter
from vendors import views
from vendors.applications import api as applications_api
from vendors.applications import urls as applications_urls
from vendors.owners import urls as owners_urls
from vendors.price_lists import urls as price_lists_urls
from vendors.registry import urls as registry_urls

app_name = "vendors"
urlpatterns = [
    path("", views.vendor_list, name="vendor_list"),
    path("<int:pk>/", views.vendor_detail, name="vendor_detail"),
    path("", include(applications_urls.urlpatterns)),  # registration and the guided application
    path("", include("vendors.registry.urls")),  # the public registry
    path("", include(price_lists_urls.urlpatterns)),  # every price list version (the Board, the vendor)
    path("", include(owners_urls.urlpatterns)),  # the Board's decisions on a DC official's conflict (1206.4(d))
]

router = IdRouter()
router.register("vendors", applications_api.VendorViewSet, basename="vendor")
api_urlpatterns = [
    *router.urls,
    *applications_urls.api_urlpatterns,  # suppliers, vendor applications
    *owners_urls.api_urlpatterns,  # owners and officers, police clearance reports
    *price_lists_urls.api_urlpatterns,  # the price list of an application
    path("", include(registry_urls.api_urlpatterns)),  # the public registry API
]
