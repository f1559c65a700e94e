"""api_cards_urls: filled in by its feature."""

urlpatterns = []
