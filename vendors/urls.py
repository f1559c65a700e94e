from django.urls import path

from config.api.router import IdRouter
from vendors import api, views

app_name = "vendors"
urlpatterns = [
    path("", views.vendor_list, name="vendor_list"),
    path("<int:pk>/", views.vendor_detail, name="vendor_detail"),
]

router = IdRouter()
router.register("vendors", api.VendorViewSet, basename="vendor")
api_urlpatterns = router.urls
