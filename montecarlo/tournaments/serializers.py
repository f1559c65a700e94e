"""The tournament API's payloads: what a director or dealer sends (validated here, decided by the
services) and the state the API answers with."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.money import MoneySerializerField
from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING, AsciiPrimaryKeyField, IntegerSerializerField
from licensing.licenses.serializers import VisibleLicenseField
from licensing.models import License
from montecarlo.holdem.tournament import TEMPLATES
from montecarlo.models import Night, Tournament
from montecarlo.nights.selectors import night_list
from montecarlo.tournaments.services import ACTIONS


class TournamentSerializer(serializers.ModelSerializer):
    # The entry fee, chips and seats typed by people: ASCII digits, the fee in cents (core.money).
    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    license = VisibleLicenseField(queryset=License.objects.none())
    template = serializers.ChoiceField(choices=list(TEMPLATES), write_only=True, required=False)
    prizes = serializers.ListField(child=MoneySerializerField(max_digits=8), required=False)
    levels = serializers.ListField(child=serializers.DictField(), required=False)
    night = AsciiPrimaryKeyField(queryset=Night.objects.none(), required=False, allow_null=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        request = self.context.get("request")
        # Only a night the caller may see (another organization's is "not found", as everywhere).
        self.fields["night"].queryset = night_list(user=request.user) if request else Night.objects.none()

    class Meta:
        model = Tournament
        fields = ["id", "license", "night", "name", "date", "starts_at", "ends_at", "entry_fee", "starting_chips",
                  "max_per_table", "finish_method", "stop_at", "levels", "template", "prizes", "training", "status",
                  "prize_cap", "seats_limit", "public_key", "head_seq", "published_at"]
        # prize_cap and seats_limit: the Board's figures in force on the tournament's date, recorded when planned.
        read_only_fields = ["prize_cap", "seats_limit", "status", "public_key", "head_seq", "published_at"]


class RegisterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    date_of_birth = serializers.DateField(help_text=_(
        "Of the minimum age in force on the tournament's date or older (player.minimum_age, 30 DCMR 1702.1)."))
    board_player_id = serializers.CharField(max_length=40, required=False, allow_blank=True,
                                            help_text=_("The Board's id of the player, when the player has one."))


class TablesSerializer(serializers.Serializer):
    tables = IntegerSerializerField(min_value=1, required=False)


class ClockSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=["start", "pause", "resume"])


class TableSerializer(serializers.Serializer):
    table = IntegerSerializerField(min_value=1)


class ActionSerializer(TableSerializer):
    seat = IntegerSerializerField(min_value=1)
    action = serializers.ChoiceField(choices=ACTIONS)
    to = IntegerSerializerField(min_value=0, required=False, allow_null=True)


class ShowdownSerializer(TableSerializer):
    board = serializers.ListField(child=serializers.CharField(max_length=2), min_length=5, max_length=5)
    shown = serializers.DictField(child=serializers.ListField(child=serializers.CharField(max_length=2),
                                                              min_length=2, max_length=2),
                                  help_text=_("The cards of each hand shown, by seat number."))
    mucked = serializers.ListField(child=IntegerSerializerField(min_value=1), required=False, max_length=7,
                                   help_text=_("The seats that muck (30 DCMR 1604.3(t)(2)): never the hand that "
                                               "made the last bet or raise, nor any when nobody bet."))


class ChipCorrectionSerializer(serializers.Serializer):
    """A miscount put right at one table: chips move from one player to another (1603.20, 1603.30)."""

    from_player = serializers.CharField(max_length=20)
    to_player = serializers.CharField(max_length=20)
    chips = IntegerSerializerField(min_value=1)
    reason = serializers.CharField(max_length=300)


class MoveSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=20)
    table = IntegerSerializerField(min_value=1)
    seat = IntegerSerializerField(min_value=1)


class StateSerializer(serializers.Serializer):
    """The tournament's state rebuilt from its events: clock, tables, standings, proposals."""

    status = serializers.CharField()
    clock = serializers.DictField()
    tables = serializers.ListField(child=serializers.DictField())
    standings = serializers.ListField(child=serializers.DictField())
    moves = serializers.ListField(child=serializers.DictField())
