"""Portal routes of card series, card sheets and the sales register (bingo/views_cards.py)."""

from django.urls import path

from bingo import views_cards

urlpatterns = [
    path("series/", views_cards.series_list, name="series_list"),
    path("series/new/", views_cards.series_create, name="series_create"),
    path("series/<int:pk>/", views_cards.series_detail, name="series_detail"),
    path("series/<int:pk>/cards.pdf", views_cards.card_sheet_pdf, name="card_sheet_pdf"),
    path("operations/<int:pk>/sales/", views_cards.sales_register, name="sales_register"),
    path("sales/<int:pk>/void/", views_cards.sale_void, name="sale_void"),
]
