from rest_framework import permissions, serializers, viewsets

from bingo.models import Pattern
from bingo.selectors import pattern_list


class PatternSerializer(serializers.ModelSerializer):
    class Meta:
        model = Pattern
        fields = ["slug", "name_en", "name_es", "masks", "is_standard"]


class PatternViewSet(viewsets.ReadOnlyModelViewSet):
    """Public: the standard pattern library (30 DCMR 1405.17); signed in, also the custom patterns of
    the caller's organizations (all of them for the Board)."""

    serializer_class = PatternSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Pattern.objects.none()
    lookup_field = "slug"

    def get_queryset(self):
        return pattern_list(user=self.request.user)
