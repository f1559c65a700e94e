"""The night's routes: staff pages and the Board's approvals under /montecarlo/ (namespace montecarlo), the
public posted rules, leaderboard and drawing by the night's key, and the nights API under /api/v1/."""

from django.urls import path

from core.api.router import IdRouter
from montecarlo.nights import api, views

urlpatterns = [
    path("nights/", views.night_list, name="night_list"),
    path("nights/new/", views.night_create, name="night_create"),
    path("nights/<int:pk>/", views.night_detail, name="night_detail"),
    path("nights/<int:pk>/do/<slug:command>/", views.night_command, name="night_command"),
    path("nights/<int:pk>/participants/<int:number>/", views.participant_ledger, name="participant_ledger"),
    path("nights/<int:pk>/participants/<int:number>/receipt/", views.participant_receipt,
         name="participant_receipt"),
    path("r/<str:code>/", views.receipt_scan, name="receipt_scan"),
    path("approvals/", views.approval_list, name="approval_list"),
    path("approvals/<int:pk>/decide/", views.approval_decide, name="approval_decide"),
    path("night/<str:key>/", views.night_public, name="night_public"),
    path("night/<str:key>/house-rules.pdf", views.night_sheet, name="night_sheet"),
    path("night/<str:key>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("night/<str:key>/leaderboard/heads/", views.leaderboard_heads, name="leaderboard_heads"),
    path("night/<str:key>/drawing.json", views.drawing_json, name="drawing_json"),
]

router = IdRouter()
router.register("montecarlo/nights", api.NightViewSet, basename="montecarlo-night")
router.register("montecarlo/approvals", api.ApprovalViewSet, basename="montecarlo-approval")
api_urlpatterns = [
    path("public/montecarlo/nights/<str:key>/leaderboard", api.PublicLeaderboardApi.as_view(),
         name="public-montecarlo-night-leaderboard"),
    *router.urls,
]
