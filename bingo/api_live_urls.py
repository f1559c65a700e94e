"""api_live_urls: filled in by its feature."""

urlpatterns = []
