"""Routes of the card series and sales register API (bingo/api_cards.py), under /api/v1/."""

from django.urls import path

from bingo import api_cards

urlpatterns = [
    path("bingo/series/", api_cards.SeriesListApi.as_view(), name="bingo-series-list"),
    path("bingo/series/<int:pk>/", api_cards.SeriesDetailApi.as_view(), name="bingo-series-detail"),
    path("bingo/series/<int:pk>/faces/<int:number>/", api_cards.FaceApi.as_view(), name="bingo-series-face"),
    path("bingo/operations/<int:pk>/sales/", api_cards.SaleListApi.as_view(), name="bingo-operation-sales"),
    path("bingo/operations/<int:pk>/card-counts/", api_cards.CardCountsApi.as_view(),
         name="bingo-operation-card-counts"),
    path("bingo/sales/<int:pk>/void/", api_cards.SaleVoidApi.as_view(), name="bingo-sale-void"),
]
