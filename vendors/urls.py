from django.urls import path  # noqa: F401  (features add their patterns below)

app_name = "vendors"
urlpatterns: list = []
api_urlpatterns: list = []
