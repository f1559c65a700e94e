from rest_framework import permissions, serializers, viewsets

from bingo.models import Pattern


class PatternSerializer(serializers.ModelSerializer):
    class Meta:
        model = Pattern
        fields = ["slug", "name_en", "name_es", "masks", "is_standard"]


class PatternViewSet(viewsets.ReadOnlyModelViewSet):
    """Public: the pattern library (30 DCMR 1405.17)."""

    serializer_class = PatternSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Pattern.objects.all()
    lookup_field = "slug"
