from rest_framework import serializers

from bingo.models import Pattern


class PatternSerializer(serializers.ModelSerializer):
    class Meta:
        model = Pattern
        fields = ["slug", "name_en", "name_es", "masks", "is_standard"]
