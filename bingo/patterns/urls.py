"""Routes of the pattern library: the public page, and the API under /api/v1/bingo/patterns/."""

from django.urls import path

from bingo.patterns import api, views
from core.api.router import IdRouter

urlpatterns = [
    path("patterns/", views.pattern_library, name="pattern_library"),
]

router = IdRouter()
router.register("bingo/patterns", api.PatternViewSet, basename="bingo-pattern")
api_urlpatterns = router.urls
