"""An organization's profile: portal pages (urlpatterns, in the portal namespace, via licensing/urls.py) and
the profile API (api_urlpatterns, via licensing/urls.py's api_urlpatterns, under /api/v1/). PATCH
/organizations/{id}/ and GET /organizations/{id}/eligibility/ come with the router's OrganizationViewSet
(OrganizationProfileMixin)."""

from django.urls import path

from licensing.organizations import api, views

urlpatterns = [
    path("organizations/<int:pk>/profile/", views.organization_profile, name="organization_profile"),
    path("organizations/<int:pk>/members/", views.members, name="organization_members"),
    path("organizations/<int:pk>/members/add/", views.member_add, name="member_add"),
    path("organizations/<int:pk>/members/import/", views.members_import, name="members_import"),
    path("organizations/<int:pk>/members/export.csv", views.members_export, name="members_export"),
    path("organizations/<int:pk>/members/<int:member_pk>/", views.member_row, name="member_row"),
    path("organizations/<int:pk>/members/<int:member_pk>/edit/", views.member_edit, name="member_edit"),
    path("organizations/<int:pk>/members/<int:member_pk>/deactivate/", views.member_deactivate,
         name="member_deactivate"),
    path("organizations/<int:pk>/responsible-people/", views.responsible_people,
         name="organization_responsible_people"),
    path("organizations/<int:pk>/documents/", views.documents, name="organization_documents"),
    path("organizations/<int:pk>/documents/<int:document_pk>/download/", views.document_download,
         name="document_download"),
]

members = api.MemberViewSet
people = api.ResponsiblePersonViewSet
documents = api.DocumentViewSet

api_urlpatterns = [
    path("organizations/<int:organization_pk>/members/", members.as_view({"get": "list", "post": "create"}),
         name="organization-member-list"),
    path("organizations/<int:organization_pk>/members/import/", api.MemberImportApi.as_view(),
         name="organization-member-import"),
    path("organizations/<int:organization_pk>/members/export.csv", api.MemberExportApi.as_view(),
         name="organization-member-export"),
    path("organizations/<int:organization_pk>/members/<int:pk>/",
         members.as_view({"get": "retrieve", "patch": "partial_update"}), name="organization-member-detail"),
    path("organizations/<int:organization_pk>/members/<int:pk>/deactivate/",
         members.as_view({"post": "deactivate"}), name="organization-member-deactivate"),
    path("organizations/<int:organization_pk>/responsible-people/",
         people.as_view({"get": "list", "post": "create"}), name="organization-responsible-person-list"),
    path("organizations/<int:organization_pk>/documents/", documents.as_view({"get": "list", "post": "create"}),
         name="organization-document-list"),
    path("documents/<int:pk>/download/", api.DocumentDownloadApi.as_view(), name="document-download"),
]
