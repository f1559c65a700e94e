from django.urls import path

from licensing import views

app_name = "portal"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("organizations/<int:pk>/", views.organization_detail, name="organization_detail"),
]
