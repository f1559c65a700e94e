"""API shapes of card series, faces, sales and card counts (bingo/cards/api.py)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from bingo.cards.services import MAX_SERIES_SIZE
from bingo.models import CardColour, CardSale, CardSeries, SeriesSource
from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField


class SeriesSerializer(serializers.ModelSerializer):
    # The seed is never shown: whoever knows it knows every face (30 DCMR 1405.5, sold at random).
    class Meta:
        model = CardSeries
        fields = ["id", "organization", "code", "size", "source", "seller_license_number", "invoice_number",
                  "invoice_date", "created_at"]
        read_only_fields = fields


class SeriesCreateSerializer(serializers.Serializer):
    organization = IntegerSerializerField(help_text=_("Id of the organization the series belongs to."))
    code = serializers.CharField(max_length=40)
    size = IntegerSerializerField(min_value=1, max_value=MAX_SERIES_SIZE, required=False,
                                  help_text=_("Faces in the series; the default is the BINGO_SERIES_SIZE setting."))
    source = serializers.ChoiceField(choices=SeriesSource.choices, default=SeriesSource.VENDOR, help_text=_(
        "30 DCMR 1403.1: a licensed vendor, or used from another licensed organization; the organization's own "
        "printing only by the Board's decision (the BINGO_OWN_SERIES_ALLOWED setting)."))
    seller_license_number = serializers.CharField(max_length=20, required=False, allow_blank=True, default="",
                                                  help_text=_("The seller's license, in force on the invoice date."))
    invoice_number = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    invoice_date = serializers.DateField(required=False, allow_null=True, default=None)


class FaceSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    series_code = serializers.CharField()
    face_number = serializers.IntegerField()
    squares = serializers.ListField(child=serializers.IntegerField(),
                                    help_text=_("25 numbers row by row (square = row * 5 + column); 0 is FREE."))
    columns = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                    help_text=_("Columns B, I, N, G, O, five numbers each, top to bottom."))


class SaleSerializer(serializers.ModelSerializer):
    series_code = serializers.CharField(source="series.code", read_only=True)
    games = serializers.SerializerMethodField()
    faces = serializers.IntegerField(read_only=True)

    class Meta:
        model = CardSale
        fields = ["id", "operation", "series", "series_code", "first_face", "last_face", "faces", "colour",
                  "games", "price_each", "buyer", "hall", "age_declared", "sold_by", "sold_at", "voided_at",
                  "void_reason"]
        read_only_fields = fields

    def get_games(self, sale) -> list[int]:
        """Ids of the games the faces play."""
        return sorted(game.pk for game in sale.games.all())


class SaleCreateSerializer(serializers.Serializer):
    series = IntegerSerializerField()
    first_face = IntegerSerializerField(min_value=1)
    last_face = IntegerSerializerField(min_value=1, required=False, allow_null=True,
                                       help_text=_("Omit for a single face."))
    colour = serializers.ChoiceField(choices=CardColour.choices, default=CardColour.REGULAR)
    games = serializers.ListField(child=IntegerSerializerField(), required=False,
                                  help_text=_("Game ids; omitted: the games of the colour (30 DCMR 1405.2-1405.4). "
                                              "A regular or extra regular card plays every game its rule gives "
                                              "it, so a list that differs is refused."))
    price_each = MoneySerializerField(max_digits=8, help_text=_(
        "Within the caps of the license's class (30 DCMR 1402.1-1402.6); never free (30 DCMR 1408.10)."))
    buyer = serializers.CharField(max_length=200, required=False, allow_blank=True, default="", help_text=_(
        "The player's name, when known: a worker on duty is not sold cards (30 DCMR 1401.2)."))
    hall = IntegerSerializerField(required=False, allow_null=True)
    age_declared = serializers.BooleanField(default=False, help_text=_(
        "The player declares being of the minimum age in force (player.minimum_age, 30 DCMR 1702.1) or older; "
        "without it the sale is refused."))


class VoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300)


class CardCountsSerializer(serializers.Serializer):
    regular = serializers.IntegerField()
    extra_regular = serializers.IntegerField()
    special = serializers.IntegerField()
