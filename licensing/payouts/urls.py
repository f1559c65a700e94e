"""The payout desk: its portal pages (portal_urlpatterns, in the portal namespace, via licensing/urls.py) and its API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import include, path

from licensing.payouts import api
from licensing.payouts.year_end import urls as year_end_urls

portal_urlpatterns: list = [
    path("", include(year_end_urls.urlpatterns)),  # a prize's Form W-2G, the year's forms and their CSV
]

api_urlpatterns: list = [
    path("payouts/", api.PayoutListApi.as_view(), name="payout-list"),
    path("payouts/<int:pk>/", api.PayoutDetailApi.as_view(), name="payout-detail"),
    path("payouts/<int:pk>/quote/", api.PayoutQuoteApi.as_view(), name="payout-quote"),
    path("payouts/<int:pk>/pay/", api.PayoutPayApi.as_view(), name="payout-pay"),
    path("payouts/<int:pk>/tin/", api.PayoutTinApi.as_view(), name="payout-tin"),
    path("board/payouts/", api.BoardPayoutsApi.as_view(), name="board-payouts"),
    path("", include(year_end_urls.api_urlpatterns)),  # a prize's Form W-2G, the year's forms and their CSV
]
