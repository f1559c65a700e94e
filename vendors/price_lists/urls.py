"""Routes of the price lists: every version of a vendor's list (the Board, the vendor's representatives)."""

from django.urls import path

from vendors.price_lists import views

urlpatterns = [
    path("<int:pk>/price-lists/", views.price_list_history_page, name="price_list_history"),
]
