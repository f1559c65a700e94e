"""api_planning_urls: filled in by its feature."""

urlpatterns = []
