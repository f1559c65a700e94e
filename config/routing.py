"""Websocket routes of every app, gathered for the ASGI router."""

from django.urls import path

from bingo.consumers import FlashboardConsumer
from config.consumers import PingConsumer
from montecarlo.consumers import ClockConsumer, TournamentConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/montecarlo/clock/<str:key>/", ClockConsumer.as_asgi()),
    path("ws/montecarlo/tournaments/<int:pk>/", TournamentConsumer.as_asgi()),
    path("ws/bingo/flashboard/<str:key>/", FlashboardConsumer.as_asgi()),
]
