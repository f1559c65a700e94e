"""Possible matches: Board staff's review page (urlpatterns, in the portal namespace, via licensing/urls.py) and its
API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.matches import api, views

urlpatterns = [
    path("matches/", views.match_review, name="match_review"),
]

api_urlpatterns = [
    path("matches/", api.MatchListApi.as_view(), name="match-list"),
    path("matches/decisions/", api.MatchDecisionListApi.as_view(), name="match-decision-list"),
    path("matches/decide", api.MatchDecideApi.as_view(), name="match-decide"),
]
