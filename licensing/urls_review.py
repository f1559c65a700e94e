"""Portal routes of the Board review, included into the portal namespace by licensing/urls.py."""

from django.urls import path

from licensing import views_review
from licensing.premises import views as premises_views

urlpatterns = [
    path("review/", views_review.review_queue, name="review_queue"),
    path("review/<int:pk>/", views_review.review_detail, name="review_detail"),
    path("review/<int:pk>/deficiency/", views_review.review_deficiency, name="review_deficiency"),
    path("review/<int:pk>/deny/", views_review.review_deny, name="review_deny"),
    path("review/<int:pk>/vote/", views_review.review_vote, name="review_vote"),
    path("review/premises-corrections/<int:pk>/accept/", premises_views.correction_accept,
         name="premises_correction_accept"),
    path("review/premises-corrections/<int:pk>/reject/", premises_views.correction_reject,
         name="premises_correction_reject"),
    path("votes/", views_review.votes_awaiting, name="votes_awaiting"),
    # Before the application pages' "applications/<pk>/<step>/", which would otherwise take "status".
    path("applications/<int:pk>/status/", views_review.application_status, name="application_status"),
    path("licenses/<int:pk>/certificate.pdf", views_review.license_certificate, name="license_certificate"),
]
