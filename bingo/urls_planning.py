"""urls_planning: filled in by its feature."""

urlpatterns = []
