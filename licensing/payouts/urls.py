"""The payout desk: its portal pages (portal_urlpatterns, in the portal namespace, via licensing/urls.py) and its API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import path  # noqa: F401

from licensing.payouts import views

portal_urlpatterns: list = [
    path("payouts/", views.payout_desks, name="payout_desks"),
    path("organizations/<int:pk>/payouts/", views.payout_desk, name="payout_desk"),
    path("payouts/<int:pk>/", views.payout_detail, name="payout_detail"),
    path("payouts/<int:pk>/pay/", views.payout_pay, name="payout_pay"),
    path("payouts/<int:pk>/quote/", views.payout_quote, name="payout_quote"),
    path("payouts/<int:pk>/taxpayer-number/", views.payout_tin_reveal, name="payout_tin_reveal"),
    path("board/prizes-paid/", views.board_prizes_paid, name="board_prizes_paid"),
]

api_urlpatterns: list = []
