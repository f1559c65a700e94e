"""The Board review: portal pages (in the portal namespace, via licensing/urls.py) and the API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from core.api.router import IdRouter
from licensing.premises import views as premises_views
from licensing.review import api, views
from licensing.review.thread import api as thread_api

urlpatterns = [
    path("review/", views.review_queue, name="review_queue"),
    path("review/<int:pk>/", views.review_detail, name="review_detail"),
    path("review/<int:pk>/deficiency/", views.review_deficiency, name="review_deficiency"),
    path("review/<int:pk>/deny/", views.review_deny, name="review_deny"),
    path("review/<int:pk>/vote/", views.review_vote, name="review_vote"),
    path("review/<int:pk>/documents/<int:document_pk>/preview/", views.review_document_preview,
         name="review_document_preview"),
    path("review/<int:pk>/fee/payments/", views.review_fee_payment, name="fee_payment_record"),
    path("review/<int:pk>/fee/waiver/", views.review_fee_waive, name="fee_waive"),
    path("review/<int:pk>/fee/payments/<int:payment>/void/", views.review_fee_payment_void,
         name="fee_payment_void"),
    path("review/premises-corrections/<int:pk>/accept/", premises_views.correction_accept,
         name="premises_correction_accept"),
    path("review/premises-corrections/<int:pk>/reject/", premises_views.correction_reject,
         name="premises_correction_reject"),
    path("votes/", views.votes_awaiting, name="votes_awaiting"),
    # Not a step of the application pages' "applications/<pk>/<step>/": their converter knows only their steps.
    path("applications/<int:pk>/status/", views.application_status, name="application_status"),
    path("applications/<int:pk>/messages/", views.application_message, name="application_message"),
    path("applications/<int:pk>/messages/attachments/<int:attachment_pk>/", views.application_message_attachment,
         name="application_message_attachment"),
]

router = IdRouter()
router.register("review/applications", api.ReviewApplicationViewSet, basename="review-application")
api_urlpatterns = [
    *router.urls,
    path("applications/<int:pk>/messages/", thread_api.ApplicationMessageListApi.as_view(),
         name="application-message-list"),
    path("applications/<int:pk>/messages/attachments/<int:attachment_pk>/",
         thread_api.MessageAttachmentDownloadApi.as_view(), name="application-message-attachment"),
]
