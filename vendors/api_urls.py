from config.api_router import IdRouter
from vendors import api

router = IdRouter()
router.register("vendors", api.VendorViewSet, basename="vendor")
urlpatterns = router.urls
