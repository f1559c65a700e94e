from bingo import api, api_cards_urls, api_live_urls, api_planning_urls
from config.api_router import IdRouter

router = IdRouter()
router.register("bingo/patterns", api.PatternViewSet, basename="bingo-pattern")
urlpatterns = [
    *api_planning_urls.urlpatterns,
    *api_cards_urls.urlpatterns,
    *api_live_urls.urlpatterns,
    *router.urls,
]
