"""Websocket routes of every app, gathered for the ASGI router."""

from django.urls import path

from config.consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
]
