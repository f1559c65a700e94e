"""Websocket routes of every app, gathered for the ASGI router."""

from django.urls import path, re_path

from bingo.live.consumers import FlashboardConsumer
from core.consumers import NotFoundConsumer, PingConsumer
from montecarlo.nights.consumers import LeaderboardConsumer, NightConsumer
from montecarlo.tournaments.consumers import ClockConsumer, TournamentConsumer

# Public screens that need no session and no user: config/asgi.py routes them around the session
# and auth middleware, which would resolve a user on the one database thread before the socket is
# accepted (a burst of a thousand flashboards would queue a thousand hops there first).
public_websocket_urlpatterns = [
    path("ws/bingo/flashboard/<str:key>/", FlashboardConsumer.as_asgi()),
    path("ws/montecarlo/leaderboard/<str:key>/", LeaderboardConsumer.as_asgi()),
]

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/montecarlo/clock/<str:key>/", ClockConsumer.as_asgi()),
    path("ws/montecarlo/tournaments/<int:pk>/", TournamentConsumer.as_asgi()),
    path("ws/montecarlo/nights/<int:pk>/", NightConsumer.as_asgi()),
    # Last: any other address is closed with 4404 rather than raising in the router.
    re_path(r"", NotFoundConsumer.as_asgi()),
]
