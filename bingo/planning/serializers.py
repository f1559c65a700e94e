"""Serializers of the planning API: they check the shape; the services check the rules."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from bingo.models import Game, GameType, Hall, Operation, Pattern, WorkerDuty
from core.money import MoneySerializerField
from core.numbers import AsciiPrimaryKeyField, IntegerSerializerField
from licensing.models import License, Organization, Premises
from licensing.organizations.serializers import VisibleOrganizationField

MONEY = {"max_digits": 10, "decimal_places": 2}


class PlanningFindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    blocking = serializers.BooleanField()


class HallSerializer(serializers.ModelSerializer):
    class Meta:
        model = Hall
        fields = ["id", "name", "premises", "is_drawing_location", "key"]
        read_only_fields = fields


class HallCreateSerializer(serializers.Serializer):
    premises = AsciiPrimaryKeyField(queryset=Premises.objects.all())
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)


class WorkerSerializer(serializers.ModelSerializer):
    # Personal data: written to check the age (30 DCMR 1401.5), never shown back.
    date_of_birth = serializers.DateField(required=False, allow_null=True, write_only=True, help_text=_(
        "No worker under the minimum age in force on the operation's date (worker.minimum_age, 30 DCMR 1401.5). "
        "Omitted: taken from the organization's member records."))

    class Meta:
        model = WorkerDuty
        fields = ["id", "name", "duty", "date_of_birth"]


class GameSerializer(serializers.ModelSerializer):
    # The view narrows this to the operation's patterns (bingo.patterns.selectors.pattern_list_for_organization):
    # another organization's custom pattern is "does not exist", not a hint that it does.
    pattern = serializers.SlugRelatedField(slug_field="slug", queryset=Pattern.objects.none())
    game_type = serializers.ChoiceField(choices=GameType.choices, default=GameType.REGULAR)
    card_price = MoneySerializerField(**MONEY)
    prize = MoneySerializerField(**MONEY)

    class Meta:
        model = Game
        fields = ["id", "number", "game_type", "pattern", "card_price", "prize", "license_class", "status"]
        read_only_fields = ["id", "number", "license_class", "status"]


class GameReorderSerializer(serializers.Serializer):
    order = serializers.ListField(child=IntegerSerializerField(), allow_empty=False,
                                  help_text="Every game id of the operation, in the new order.")


class OperationSerializer(serializers.ModelSerializer):
    license = AsciiPrimaryKeyField(queryset=License.objects.all())
    premises = AsciiPrimaryKeyField(queryset=Premises.objects.all())
    door_prizes_value = MoneySerializerField(**MONEY, required=False)
    games = GameSerializer(many=True, read_only=True)
    workers = WorkerSerializer(many=True, read_only=True)
    halls = HallSerializer(many=True, read_only=True)

    class Meta:
        model = Operation
        # The declarations checked before play: 30 DCMR 1405.12 (rooms, caller_in_largest_room), 1405.15
        # (caller_visible), 1408.4 (cash_prizes_only).
        fields = ["id", "license", "premises", "date", "starts_at", "ends_at", "house_rules", "door_prizes_value",
                  "member_in_charge", "rooms", "caller_in_largest_room", "caller_visible", "cash_prizes_only",
                  "games", "workers", "halls"]
        read_only_fields = ["id", "games", "workers", "halls"]


class OperationUpdateSerializer(OperationSerializer):
    class Meta(OperationSerializer.Meta):
        read_only_fields = ["id", "license", "games", "workers", "halls"]


class CustomPatternSerializer(serializers.ModelSerializer):
    organization = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Pattern
        fields = ["id", "slug", "name_en", "name_es", "masks", "organization"]
        read_only_fields = fields


class CustomPatternCreateSerializer(serializers.Serializer):
    organization = VisibleOrganizationField(queryset=Organization.objects.none())
    name_en = serializers.CharField(max_length=100)
    name_es = serializers.CharField(max_length=100)
    squares = serializers.ListField(child=IntegerSerializerField(min_value=0, max_value=24), allow_empty=False,
                                    help_text="Covered squares, numbered row * 5 + column; the free centre (12) "
                                              "is always covered.")
    any_rotation = serializers.BooleanField(default=False)
