from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from montecarlo.catalog.edges import edges_of
from montecarlo.models import GameCatalogEntry


class EdgeSerializer(serializers.Serializer):
    variant = serializers.CharField()
    bet = serializers.CharField()
    house_edge_pct = serializers.FloatField()
    method = serializers.ChoiceField(choices=["exact", "simulated"])
    ci95_pct = serializers.ListField(child=serializers.FloatField(), required=False)


class GameCatalogEntrySerializer(serializers.ModelSerializer):
    house_edges = serializers.SerializerMethodField()

    class Meta:
        model = GameCatalogEntry
        fields = ["code", "name_en", "name_es", "approval", "is_allowed", "requires_class_2", "rule", "notes",
                  "house_edges"]

    @extend_schema_field(EdgeSerializer(many=True))
    def get_house_edges(self, entry) -> list[dict]:
        """Every bet's house edge (30 DCMR 1602.1 games with a dealer screen); empty for the others."""
        return [{key: value for key, value in edge.items() if key != "game"} for edge in edges_of(entry.code)]
