"""Routes of the vendor's people: Board staff's decisions on a DC official's conflict of interest (1206.4(d))."""

from django.urls import path

from vendors.owners import views

urlpatterns = [
    path("<int:pk>/owners/conflicts/", views.owner_conflicts, name="owner_conflicts"),
    path("<int:pk>/owners/<int:owner_pk>/conflict/", views.owner_conflict_decide_page, name="owner_conflict_decide"),
]
