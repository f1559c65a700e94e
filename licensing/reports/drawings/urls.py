"""Raffle drawings: the public page (urlpatterns, included by licensing/public/urls.py in the public namespace),
the officers' page (portal_urlpatterns, in the portal namespace) and the API (api_urlpatterns), both gathered by
licensing/reports/urls.py."""

from django.urls import path

from licensing.reports.drawings import api, views

urlpatterns = [
    path("raffles/<int:pk>/", views.drawing_public_page, name="raffle_drawing"),
    path("raffles/<int:pk>/drawing.json", views.drawing_published_download, name="raffle_drawing_json"),
]

portal_urlpatterns = [
    path("licenses/<int:pk>/drawing/", views.license_drawing, name="license_drawing"),
]

api_urlpatterns = [
    path("raffle-drawings/", api.DrawingScheduleApi.as_view(), name="raffle-drawing-schedule"),
    path("raffle-drawings/<int:pk>/", api.DrawingDetailApi.as_view(), name="raffle-drawing-detail"),
    path("raffle-drawings/<int:pk>/close-sales", api.DrawingSalesCloseApi.as_view(), name="raffle-drawing-close-sales"),
    path("raffle-drawings/<int:pk>/witness", api.DrawingWitnessApi.as_view(), name="raffle-drawing-witness"),
    path("raffle-drawings/<int:pk>/draw", api.DrawingDrawApi.as_view(), name="raffle-drawing-draw"),
    path("public/raffle-drawings/<int:pk>/", api.PublicDrawingApi.as_view(), name="public-raffle-drawing"),
]
