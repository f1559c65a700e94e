from rest_framework.routers import SimpleRouter

from bingo import api, api_cards_urls, api_live_urls, api_planning_urls

router = SimpleRouter()
router.register("bingo/patterns", api.PatternViewSet, basename="bingo-pattern")
urlpatterns = [
    *api_planning_urls.urlpatterns,
    *api_cards_urls.urlpatterns,
    *api_live_urls.urlpatterns,
    *router.urls,
]
