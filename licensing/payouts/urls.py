"""The payout desk: its portal pages (portal_urlpatterns, in the portal namespace, via licensing/urls.py) and its API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import include, path

from licensing.payouts import api, views
from licensing.payouts.year_end import urls as year_end_urls

portal_urlpatterns: list = [
    path("payouts/", views.payout_desks, name="payout_desks"),
    path("organizations/<int:pk>/payouts/", views.payout_desk, name="payout_desk"),
    path("payouts/<int:pk>/", views.payout_detail, name="payout_detail"),
    path("payouts/<int:pk>/pay/", views.payout_pay, name="payout_pay"),
    path("payouts/<int:pk>/quote/", views.payout_quote, name="payout_quote"),
    path("payouts/<int:pk>/taxpayer-number/", views.payout_tin_reveal, name="payout_tin_reveal"),
    path("board/prizes-paid/", views.board_prizes_paid, name="board_prizes_paid"),
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
