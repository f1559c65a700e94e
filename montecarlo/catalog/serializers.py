from rest_framework import serializers

from montecarlo.models import GameCatalogEntry


class GameCatalogEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = GameCatalogEntry
        fields = ["code", "name_en", "name_es", "is_allowed", "requires_class_2", "rule", "notes"]
