from rest_framework import permissions, viewsets

from montecarlo.catalog.serializers import GameCatalogEntrySerializer
from montecarlo.models import GameCatalogEntry


class GameCatalogViewSet(viewsets.ReadOnlyModelViewSet):
    """Public: the games a Monte Carlo Night may offer (30 DCMR 1602), each with its approval state and, for the
    table games, every bet's house edge."""

    serializer_class = GameCatalogEntrySerializer
    permission_classes = [permissions.AllowAny]
    queryset = GameCatalogEntry.objects.all()
    lookup_field = "code"
    filterset_fields = ["approval", "is_allowed", "requires_class_2"]
