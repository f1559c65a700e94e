from rest_framework.routers import SimpleRouter

from bingo import api

router = SimpleRouter()
router.register("bingo/patterns", api.PatternViewSet, basename="bingo-pattern")
urlpatterns = router.urls
