"""The pattern library API under /api/v1/bingo/patterns/."""

from rest_framework import permissions, viewsets

from bingo.models import Pattern
from bingo.patterns.selectors import pattern_list
from bingo.patterns.serializers import PatternSerializer


class PatternViewSet(viewsets.ReadOnlyModelViewSet):
    """Public: the standard pattern library (30 DCMR 1405.17); signed in, also the custom patterns of
    the caller's organizations (all of them for the Board)."""

    serializer_class = PatternSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Pattern.objects.none()
    lookup_field = "slug"

    def get_queryset(self):
        return pattern_list(user=self.request.user)
