"""Invitations and the "get started" page: portal patterns (portal namespace, via licensing/urls.py) and the API
(api_urlpatterns, via licensing/urls.py)."""

from django.urls import path

from licensing.organizations.get_started import views as get_started_views
from licensing.organizations.invitations import api, views

urlpatterns = [
    path("get-started/", get_started_views.get_started, name="get_started"),
    path("organizations/<int:pk>/invitations/", views.invitations, name="organization_invitations"),
    path("organizations/<int:pk>/invitations/<int:invitation_pk>/revoke/", views.invitation_revoke,
         name="organization_invitation_revoke"),
    path("invitations/<str:token>/", views.invitation_accept, name="invitation_accept"),
]

invitations = api.InvitationViewSet
api_urlpatterns = [
    path("organizations/<int:organization_pk>/invitations/", invitations.as_view({"get": "list", "post": "create"}),
         name="organization-invitation-list"),
    path("organizations/<int:organization_pk>/invitations/<int:pk>/revoke/", invitations.as_view({"post": "revoke"}),
         name="organization-invitation-revoke"),
    path("invitations/accept/", api.InvitationAcceptApi.as_view(), name="invitation-accept"),
]
