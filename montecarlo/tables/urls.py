"""The dealer's screen, one per table, under /montecarlo/ (namespace montecarlo), and the tables API under
/api/v1/."""

from django.urls import path

from core.api.router import IdRouter
from montecarlo.tables import api, views

urlpatterns = [
    path("tournaments/<int:pk>/tables/<int:table>/", views.table_dealer, name="table_dealer"),
    path("tournaments/<int:pk>/tables/<int:table>/do/<slug:command>/", views.table_command, name="table_command"),
    path("nights/<int:pk>/tables/new/", views.game_table_create, name="game_table_create"),
    path("nights/<int:pk>/tables/<int:number>/", views.game_table, name="game_table"),
    path("nights/<int:pk>/tables/<int:number>/do/<slug:command>/", views.game_table_command,
         name="game_table_command"),
]

router = IdRouter()
router.register("montecarlo/tables", api.TableViewSet, basename="montecarlo-table")
api_urlpatterns = router.urls
