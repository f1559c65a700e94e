"""urls_live: filled in by its feature."""

urlpatterns = []
