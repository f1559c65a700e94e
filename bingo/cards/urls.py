"""Routes of card series, card sheets and the sales register: the portal pages under /bingo/ (namespace
`bingo`), the API under /api/v1/."""

from django.urls import path

from bingo.cards import api, charity_api, views

urlpatterns = [
    path("series/", views.series_list, name="series_list"),
    path("series/new/", views.series_create, name="series_create"),
    path("series/<int:pk>/", views.series_detail, name="series_detail"),
    path("series/<int:pk>/cards.pdf", views.card_sheet_pdf, name="card_sheet_pdf"),
    path("operations/<int:pk>/sales/", views.sales_register, name="sales_register"),
    path("sales/<int:pk>/void/", views.sale_void, name="sale_void"),
    path("operations/<int:pk>/charity-tickets/", views.charity_tickets, name="charity_tickets"),
    path("charity-tickets/<int:pk>/<str:action>/", views.charity_action, name="charity_action"),
]

# The API, under /api/v1/ (bingo.urls.api_urlpatterns).
api_urlpatterns = [
    path("bingo/series/", api.SeriesListApi.as_view(), name="bingo-series-list"),
    path("bingo/series/<int:pk>/", api.SeriesDetailApi.as_view(), name="bingo-series-detail"),
    path("bingo/series/<int:pk>/faces/<int:number>/", api.FaceApi.as_view(), name="bingo-series-face"),
    path("bingo/operations/<int:pk>/sales/", api.SaleListApi.as_view(), name="bingo-operation-sales"),
    path("bingo/operations/<int:pk>/card-counts/", api.CardCountsApi.as_view(),
         name="bingo-operation-card-counts"),
    path("bingo/sales/<int:pk>/void/", api.SaleVoidApi.as_view(), name="bingo-sale-void"),
    path("bingo/operations/<int:pk>/charity-tickets/", charity_api.StockListApi.as_view(),
         name="bingo-operation-charity-tickets"),
    path("bingo/charity-tickets/<int:pk>/approve-sample/", charity_api.SampleApproveApi.as_view(),
         name="bingo-charity-sample-approve"),
    path("bingo/charity-tickets/<int:pk>/sell/", charity_api.SellApi.as_view(), name="bingo-charity-sell"),
    path("bingo/charity-tickets/<int:pk>/return/", charity_api.ReturnApi.as_view(), name="bingo-charity-return"),
]
