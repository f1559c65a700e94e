"""Registration and the guided vendor application: portal pages (urlpatterns, in the vendors namespace, via
vendors/urls.py) and the vendors, suppliers and vendor applications API (api_urlpatterns, via vendors/urls.py)."""

from django.urls import path, register_converter

from vendors.applications import api, views


class VendorStepConverter:
    """Only the guided form's own steps."""

    regex = "|".join(views.STEP_HANDLERS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(VendorStepConverter, "vendor_step")

urlpatterns = [
    path("register/", views.vendor_register, name="vendor_register"),
    path("<int:pk>/applications/new/", views.application_start, name="application_start"),
    path("applications/<int:pk>/", views.application_detail, name="application_detail"),
    path("applications/<int:pk>/<vendor_step:step>/", views.application_step, name="application_step"),
]

suppliers = api.SupplierViewSet
applications = api.VendorApplicationViewSet

api_urlpatterns = [
    path("vendors/<int:vendor_pk>/suppliers/", suppliers.as_view({"get": "list", "post": "create"}),
         name="vendor-supplier-list"),
    path("vendors/<int:vendor_pk>/suppliers/<int:pk>/", suppliers.as_view({"get": "retrieve"}),
         name="vendor-supplier-detail"),
    path("vendors/<int:vendor_pk>/suppliers/<int:pk>/end/", suppliers.as_view({"post": "end"}),
         name="vendor-supplier-end"),
    path("vendors/<int:vendor_pk>/applications/", applications.as_view({"get": "list", "post": "create"}),
         name="vendor-application-list"),
]
