from rest_framework.routers import SimpleRouter

from vendors import api

router = SimpleRouter()
router.register("vendors", api.VendorViewSet, basename="vendor")
urlpatterns = router.urls
