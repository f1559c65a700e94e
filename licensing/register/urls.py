"""The register's pages and API: the Board's Rules and fees pages (urlpatterns, in the portal namespace, via
licensing/urls.py), the public list (public_urlpatterns, in the public namespace, via licensing/public/urls.py) and
the API (api_urlpatterns, under /api/v1/, via licensing/urls.py)."""

from django.urls import path

from licensing.register import api, views

urlpatterns = [
    path("board/rules/", views.rules_page, name="rules"),
    path("board/rules/propose/", views.rule_propose, name="rule_propose"),
    path("board/rules/preview/", views.rule_preview, name="rule_preview"),
    path("board/rules/proposals/<int:pk>/approve/", views.proposal_approve, name="proposal_approve"),
    path("board/rules/proposals/<int:pk>/refuse/", views.proposal_refuse, name="proposal_refuse"),
    path("board/rules/proposals/<int:pk>/withdraw/", views.proposal_withdraw, name="proposal_withdraw"),
    path("board/rules/<str:key>/", views.rule_history, name="rule_history"),
]

public_urlpatterns = [
    path("rules/", views.public_rules, name="rules"),
]

api_urlpatterns = [
    path("public/rules/", api.PublicRuleListApi.as_view(), name="public-rules"),
    path("public/rules/<str:key>/", api.PublicRuleHistoryApi.as_view(), name="public-rule-history"),
    path("board/rules/proposals/", api.ProposalListApi.as_view(), name="board-rule-proposals"),
    path("board/rules/proposals/<int:pk>/approve/", api.ProposalApproveApi.as_view(), name="board-rule-approve"),
    path("board/rules/proposals/<int:pk>/refuse/", api.ProposalRefuseApi.as_view(), name="board-rule-refuse"),
    path("board/rules/proposals/<int:pk>/withdraw/", api.ProposalWithdrawApi.as_view(), name="board-rule-withdraw"),
]
