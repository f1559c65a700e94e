"""urls_cards: filled in by its feature."""

urlpatterns = []
