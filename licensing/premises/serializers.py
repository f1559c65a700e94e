from rest_framework import serializers

from licensing.models import PremisesCorrection


class PremisesCorrectionSerializer(serializers.ModelSerializer):
    premises_name = serializers.CharField(source="premises.name", read_only=True)
    filed_by = serializers.EmailField(source="filed_by.email", read_only=True)

    class Meta:
        model = PremisesCorrection
        fields = ["id", "premises", "premises_name", "application", "organization", "name",
                  "certificate_of_occupancy", "name_on_record", "certificate_on_record", "status", "filed_by",
                  "filed_at", "decided_at"]
        read_only_fields = fields
