"""Bingo's routes: each feature package's portal patterns under /bingo/ (namespace `bingo`), and its API
patterns under /api/v1/ (`api_urlpatterns`, mounted by config/urls.py)."""

from bingo.cards import urls as cards
from bingo.live import urls as live
from bingo.patterns import urls as patterns
from bingo.planning import urls as planning

app_name = "bingo"
urlpatterns = [
    *patterns.urlpatterns,
    *planning.urlpatterns,
    *cards.urlpatterns,
    *live.urlpatterns,
]
api_urlpatterns = [
    *planning.api_urlpatterns,
    *cards.api_urlpatterns,
    *live.api_urlpatterns,
    *patterns.api_urlpatterns,
]
