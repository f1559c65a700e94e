"""Fees: the public fee calculator (urlpatterns, in the public namespace, via licensing/public/urls.py) and the
quote API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.fees import api, views

urlpatterns = [
    path("fees/", views.fee_calculator, name="fee_calculator"),
]

api_urlpatterns = [
    path("fees/quote", api.FeeQuoteApi.as_view(), name="fee-quote"),
]
