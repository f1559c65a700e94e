from django.urls import include, path

from licensing import views
from licensing.applications import urls as applications_urls
from licensing.enforcement import urls as enforcement_urls
from licensing.organizations import urls as organizations_urls

app_name = "portal"
urlpatterns = [
    path("", include("licensing.review.urls")),  # Board review
    path("", include("licensing.accounts.urls")),  # the Board administrator's accounts pages
    path("", views.dashboard, name="dashboard"),
    path("organizations/<int:pk>/", views.organization_detail, name="organization_detail"),
    path("", include(organizations_urls.urlpatterns)),  # the profile: facts, members, responsible people, documents
    path("", include(applications_urls.urlpatterns)),  # the guided application; its steps are only its own
    path("", include(enforcement_urls.urlpatterns)),  # the license's enforcement page
]
