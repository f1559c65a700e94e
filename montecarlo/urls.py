"""Monte Carlo's routes, gathered from its features: `urlpatterns` are the portal pages under
/montecarlo/ (namespace montecarlo), `api_urlpatterns` the API under /api/v1/ (config/urls.py mounts both)."""

from montecarlo.catalog import urls as catalog
from montecarlo.tables import urls as tables
from montecarlo.tournaments import urls as tournaments

app_name = "montecarlo"
urlpatterns = [*catalog.urlpatterns, *tournaments.urlpatterns, *tables.urlpatterns]
api_urlpatterns = [*catalog.api_urlpatterns, *tournaments.api_urlpatterns]
