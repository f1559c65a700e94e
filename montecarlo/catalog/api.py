from rest_framework import permissions, viewsets

from montecarlo.catalog.serializers import GameCatalogEntrySerializer
from montecarlo.models import GameCatalogEntry


class GameCatalogViewSet(viewsets.ReadOnlyModelViewSet):
    """Public: the games a Monte Carlo Night may offer (30 DCMR 1602)."""

    serializer_class = GameCatalogEntrySerializer
    permission_classes = [permissions.AllowAny]
    queryset = GameCatalogEntry.objects.all()
    lookup_field = "code"
    filterset_fields = ["is_allowed", "requires_class_2"]
