"""Hall kits in the API: a kit's summary in lists, the signed document on its own page, and what preparing one
takes; a bundle's receipt; the public check of a signed head."""

from rest_framework import serializers

from licensing.hall.rules import VERDICTS
from licensing.models import HallBundle, HallKit


class KitSerializer(serializers.ModelSerializer):
    id = serializers.UUIDField(source="kit_id", read_only=True)
    organization = serializers.IntegerField(source="organization_id", read_only=True)
    license = serializers.CharField(source="license.number", read_only=True)
    event = serializers.IntegerField(source="event_id", read_only=True)
    prepared_by = serializers.SerializerMethodField()

    class Meta:
        model = HallKit
        fields = ["id", "kind", "event", "event_date", "title", "organization", "license", "device_public_key",
                  "prepared_by", "prepared_at"]
        read_only_fields = fields

    def get_prepared_by(self, kit: HallKit) -> str:
        return kit.prepared_by.get_full_name() or kit.prepared_by.email


class KitDetailSerializer(KitSerializer):
    document = serializers.JSONField(read_only=True, help_text="The signed kit, as the hall device loads it "
                                                               "(format hall-kit/1, docs/formats/hall-kit.md).")

    class Meta(KitSerializer.Meta):
        fields = [*KitSerializer.Meta.fields, "document"]
        read_only_fields = fields


class KitRequestSerializer(serializers.Serializer):
    kind = serializers.CharField(max_length=20, help_text="What the event is: `bingo` (an operation), `night` "
                                                          "(a Monte Carlo Night) or `drawing` (a raffle drawing).")
    event = serializers.IntegerField(min_value=1, max_value=2**31 - 1,
                                     help_text="The operation's, night's or raffle drawing's id.")
    device_public_key = serializers.CharField(max_length=64, help_text="The hall device's Ed25519 public key, as "
                                                                       "`manage.py hall keygen` printed it.")


class BundleFindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)


class BundleSerializer(serializers.ModelSerializer):
    kit = serializers.UUIDField(source="kit.kit_id", read_only=True)
    findings = BundleFindingSerializer(many=True, read_only=True,
                                 help_text="Each reason the Board refused the bundle, naming the log and the first "
                                           "bad row; empty when accepted.")

    class Meta:
        model = HallBundle
        fields = ["id", "kit", "digest", "accepted", "findings", "logs", "rows", "received_at"]
        read_only_fields = fields


class HeadCheckEventSerializer(serializers.Serializer):
    title = serializers.CharField()
    date = serializers.DateField()


class HeadCheckSerializer(serializers.Serializer):
    kit = serializers.UUIDField()
    event = HeadCheckEventSerializer(help_text="The event's public title and date.")
    log = serializers.CharField()
    identity = serializers.CharField()
    seq = serializers.IntegerField()
    hash = serializers.CharField()
    verdict = serializers.ChoiceField(choices=VERDICTS, help_text=(
        "`holds_exactly`: an accepted bundle of the kit holds this log and its row at `seq` has this hash (and none "
        "holds another); `not_yet_received`: no accepted bundle of the kit holds the log as far as `seq`; "
        "`differs`: the Board holds the log that far and its row at `seq` has another hash."))
    message = serializers.CharField(help_text="The verdict in words, in the caller's language.")
