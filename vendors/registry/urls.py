"""Routes of the public vendor registry: the pages under /vendors/registry/ (vendors namespace) and the API under
/api/v1/public/vendors/. A vendor certificate's QR code reverses "vendors:registry_detail" by name."""

from django.urls import path

from vendors.registry import api, views

urlpatterns = [
    path("registry/", views.registry_list, name="registry_list"),
    path("registry/<str:number>/", views.registry_detail, name="registry_detail"),
]

api_urlpatterns = [
    path("public/vendors/", api.PublicVendorListApi.as_view(), name="public-vendor-list"),
    path("public/vendors/<str:number>/", api.PublicVendorDetailApi.as_view(), name="public-vendor-detail"),
]
