from django.urls import include, path

from licensing import views, views_profile
from licensing.applications import urls as applications_urls
from licensing.enforcement import urls as enforcement_urls

app_name = "portal"
urlpatterns = [
    path("", include("licensing.review.urls")),  # Board review
    path("", include("licensing.accounts.urls")),  # the Board administrator's accounts pages
    path("", views.dashboard, name="dashboard"),
    path("organizations/<int:pk>/", views.organization_detail, name="organization_detail"),
    # Organization profile: facts, members, responsible people, documents (licensing/views_profile.py).
    path("organizations/<int:pk>/profile/", views_profile.organization_profile, name="organization_profile"),
    path("organizations/<int:pk>/members/", views_profile.members, name="organization_members"),
    path("organizations/<int:pk>/members/add/", views_profile.member_add, name="member_add"),
    path("organizations/<int:pk>/members/import/", views_profile.members_import, name="members_import"),
    path("organizations/<int:pk>/members/<int:member_pk>/", views_profile.member_row, name="member_row"),
    path("organizations/<int:pk>/members/<int:member_pk>/edit/", views_profile.member_edit, name="member_edit"),
    path("organizations/<int:pk>/members/<int:member_pk>/deactivate/", views_profile.member_deactivate,
         name="member_deactivate"),
    path("organizations/<int:pk>/responsible-people/", views_profile.responsible_people,
         name="organization_responsible_people"),
    path("organizations/<int:pk>/documents/", views_profile.documents, name="organization_documents"),
    path("organizations/<int:pk>/documents/<int:document_pk>/download/", views_profile.document_download,
         name="document_download"),
    path("", include(applications_urls.urlpatterns)),  # the guided application; its steps are only its own
    path("", include(enforcement_urls.urlpatterns)),  # the license's enforcement page
]
