"""Routes of the price lists: every version of a vendor's list (the Board, the vendor's representatives), and the
price list API of a vendor application (api_urlpatterns, via vendors/urls.py); its portal page is a step of the
guided application (vendors/applications/views.py)."""

from django.urls import path

from vendors.price_lists import api, views

urlpatterns = [
    path("<int:pk>/price-lists/", views.price_list_history_page, name="price_list_history"),
]

price_list = api.PriceListViewSet

api_urlpatterns = [
    path("vendors/<int:vendor_pk>/applications/<int:application_pk>/price-list/",
         price_list.as_view({"get": "retrieve", "put": "update"}), name="vendor-price-list"),
    path("vendors/<int:vendor_pk>/applications/<int:application_pk>/price-list/certify/",
         price_list.as_view({"post": "certify"}), name="vendor-price-list-certify"),
    path("vendors/<int:vendor_pk>/price-lists/", api.PriceListHistoryViewSet.as_view({"get": "list"}),
         name="vendor-price-list-history"),
]
