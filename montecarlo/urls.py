"""Monte Carlo's routes, gathered from its features: `urlpatterns` are the portal pages under
/montecarlo/ (namespace montecarlo), `api_urlpatterns` the API under /api/v1/ (config/urls.py mounts both)."""

from montecarlo.catalog import urls as catalog
from montecarlo.nights import urls as nights
from montecarlo.tables import urls as tables
from montecarlo.tournaments import urls as tournaments

app_name = "montecarlo"
urlpatterns = [*catalog.urlpatterns, *nights.urlpatterns, *tournaments.urlpatterns, *tables.urlpatterns]
api_urlpatterns = [*catalog.api_urlpatterns, *nights.api_urlpatterns, *tournaments.api_urlpatterns,
                   *tables.api_urlpatterns]
