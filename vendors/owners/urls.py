"""Routes of the vendor's people: Board staff's decisions on a DC official's conflict of interest (1206.4(d)), and
the owners and officers API (api_urlpatterns, via vendors/urls.py); their portal pages are a step of the guided
application (vendors/applications/views.py)."""

from django.urls import path

from vendors.owners import api, views

urlpatterns = [
    path("<int:pk>/owners/conflicts/", views.owner_conflicts, name="owner_conflicts"),
    path("<int:pk>/owners/<int:owner_pk>/conflict/", views.owner_conflict_decide_page, name="owner_conflict_decide"),
]

owners = api.OwnerViewSet

api_urlpatterns = [
    path("vendors/<int:vendor_pk>/owners/", owners.as_view({"get": "list", "post": "create"}),
         name="vendor-owner-list"),
    path("vendors/<int:vendor_pk>/owners/<int:pk>/", owners.as_view({"get": "retrieve", "patch": "partial_update"}),
         name="vendor-owner-detail"),
    path("vendors/<int:vendor_pk>/owners/<int:pk>/end/", owners.as_view({"post": "end"}), name="vendor-owner-end"),
    path("vendors/<int:vendor_pk>/owners/<int:pk>/police-clearance/", api.OwnerPoliceClearanceApi.as_view(),
         name="vendor-owner-police-clearance"),
]
