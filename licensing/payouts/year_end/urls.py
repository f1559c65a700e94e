"""The year-end routes: the portal's (urlpatterns, included by licensing/payouts/urls.py into its
portal_urlpatterns, in the portal namespace) and the API's (api_urlpatterns, included by its api_urlpatterns)."""

from django.urls import path

from licensing.payouts.year_end import api, views

urlpatterns = [
    path("payouts/<int:pk>/w2g.pdf", views.payout_w2g_pdf, name="payout_w2g_pdf"),
    path("organizations/<int:pk>/w2g/<int:year>/", views.payouts_year, name="payouts_year"),
    path("organizations/<int:pk>/w2g/<int:year>.csv", views.payouts_year_csv, name="payouts_year_csv"),
]

api_urlpatterns = [
    path("payouts/<int:pk>/w2g.pdf", api.PayoutW2gPdfApi.as_view(), name="payout-w2g-pdf"),
    path("organizations/<int:organization_pk>/w2g/<int:year>/", api.W2gYearApi.as_view(), name="payout-w2g-year"),
    path("organizations/<int:organization_pk>/w2g/<int:year>.csv", api.W2gYearCsvApi.as_view(),
         name="payout-w2g-year-csv"),
]
