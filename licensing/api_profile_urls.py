"""Routes of the organization profile API (licensing/api_profile.py), under /api/v1/.
PATCH /organizations/{id}/ and GET /organizations/{id}/eligibility/ come with the router's
OrganizationViewSet (OrganizationProfileMixin)."""

from django.urls import path

from licensing import api_profile

members = api_profile.MemberViewSet
people = api_profile.ResponsiblePersonViewSet
documents = api_profile.DocumentViewSet

urlpatterns = [
    path("organizations/<int:organization_pk>/members/", members.as_view({"get": "list", "post": "create"}),
         name="organization-member-list"),
    path("organizations/<int:organization_pk>/members/import/", api_profile.MemberImportApi.as_view(),
         name="organization-member-import"),
    path("organizations/<int:organization_pk>/members/<int:pk>/",
         members.as_view({"get": "retrieve", "patch": "partial_update"}), name="organization-member-detail"),
    path("organizations/<int:organization_pk>/members/<int:pk>/deactivate/",
         members.as_view({"post": "deactivate"}), name="organization-member-deactivate"),
    path("organizations/<int:organization_pk>/responsible-people/",
         people.as_view({"get": "list", "post": "create"}), name="organization-responsible-person-list"),
    path("organizations/<int:organization_pk>/documents/", documents.as_view({"get": "list", "post": "create"}),
         name="organization-document-list"),
    path("documents/<int:pk>/download/", api_profile.DocumentDownloadApi.as_view(), name="document-download"),
]
