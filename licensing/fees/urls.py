"""Fees: the public fee calculator (urlpatterns, in the public namespace, via licensing/public/urls.py), a payment's
receipt (portal_urlpatterns, in the portal namespace, via licensing/urls.py), and the
quote and payments API (api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.fees import api, views

urlpatterns = [
    path("fees/", views.fee_calculator, name="fee_calculator"),
]

portal_urlpatterns = [
    path("fee-payments/<int:pk>/receipt.pdf", views.fee_receipt, name="fee_receipt"),
]

api_urlpatterns = [
    path("fees/quote", api.FeeQuoteApi.as_view(), name="fee-quote"),
    path("applications/<int:pk>/payments/", api.FeePaymentListApi.as_view(), name="fee-payment-list"),
    path("applications/<int:pk>/fee-waiver/", api.FeeWaiverApi.as_view(), name="fee-waiver"),
    path("payments/<int:pk>/receipt.pdf", api.FeeReceiptApi.as_view(), name="fee-receipt"),
    path("payments/<int:pk>/void/", api.FeePaymentVoidApi.as_view(), name="fee-payment-void"),
]
