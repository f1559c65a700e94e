from rest_framework.routers import SimpleRouter

from montecarlo import api

router = SimpleRouter()
router.register("montecarlo/games", api.GameCatalogViewSet, basename="montecarlo-game")
urlpatterns = router.urls
