"""The tables API's payloads: a table set up by a director, the engine events a dealer sends (their shape checked
here, the game's rules decided by the engine with their citations), and the table as the API answers it: its
facts and the engine's view rebuilt from the table's log.

An event is stored in the table's append-only log as sent, so only the fields an engine reads are taken (any
other key is dropped), each of its type and size; what a field may hold in a game (a card, a die, a bet kind,
the limits) is the engine's to say."""

import re

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.numbers import AsciiPrimaryKeyField, IntegerSerializerField
from montecarlo.models import GameTable, Night
from montecarlo.nights import selectors as night_selectors
from montecarlo.tablegames.base import MAX_CHIPS
from montecarlo.tables.services import DEALER_EVENTS

PARTICIPANT_MAX = 10**9  # the engines' bound on a participant's number
PARTICIPANT_KEY = re.compile(r"[1-9][0-9]{0,8}")  # a participant's number as a JSON object's key
HANDS_MAX = 7  # Caribbean poker's ante boxes (000 art. 2 a.1): more hands than that are never shown


class VisibleNightField(AsciiPrimaryKeyField):
    """A night of the caller's organizations: another organization's reads as unknown, like a missing one."""

    def get_queryset(self):
        return night_selectors.night_list(user=self.context["request"].user)


class VisibleTableField(AsciiPrimaryKeyField):
    """A table of the caller's organizations: another organization's reads as unknown, like a missing one."""

    def get_queryset(self):
        return night_selectors.table_list(user=self.context["request"].user)


class TableCreateSerializer(serializers.Serializer):
    """A table of an allowed game with its limits and variant: house rules, posted and recorded by the table's
    first event (30 DCMR 1603.2, 1604.5)."""

    night = VisibleNightField(queryset=Night.objects.none(), help_text=_("A night of the caller's organization."))
    game = serializers.CharField(max_length=40, help_text=_(
        "The game's catalog code (GET /api/v1/montecarlo/games/), e.g. punto-banca, wheel, craps."))
    min_bet = IntegerSerializerField(min_value=1, max_value=MAX_CHIPS)
    max_bet = IntegerSerializerField(min_value=1, max_value=MAX_CHIPS)
    settings = serializers.DictField(required=False, default=dict, help_text=_(
        "The game's variant settings (e.g. punto-banca: decks, banker_pays, modality); the engine refuses any it "
        "does not take."))
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


def _card():
    return serializers.CharField(max_length=3, help_text=_("A card: rank 2-9, T, J, Q, K, A and suit c, d, h, s."))


class TableEventSerializer(serializers.Serializer):
    """One engine event at the table, e.g. {"type": "open"}; {"type": "bet", "participant": 3, "kind": "banker",
    "amount": 40}; {"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]}. Which fields an event needs
    depends on its type and the game (montecarlo.tablegames)."""

    type = serializers.ChoiceField(choices=sorted(DEALER_EVENTS))
    participant = IntegerSerializerField(min_value=1, max_value=PARTICIPANT_MAX, required=False,
                                         help_text=_("The participant's number (bet, decision, void_hand)."))
    kind = serializers.CharField(max_length=24, required=False, help_text=_("The bet's kind (bet)."))
    amount = IntegerSerializerField(min_value=1, max_value=MAX_CHIPS, required=False,
                                    help_text=_("Chips bet (bet)."))
    number = IntegerSerializerField(min_value=0, max_value=MAX_CHIPS, required=False,
                                    help_text=_("The number a bet names (craps: a place bet)."))
    backs = serializers.CharField(max_length=24, required=False,
                                  help_text=_("The line bet an odds bet backs, by its id (craps)."))
    choice = serializers.CharField(max_length=10, required=False,
                                   help_text=_("raise or fold (Caribbean poker's decision)."))
    bet = serializers.CharField(max_length=24, required=False, help_text=_("A bet's id (craps: remove)."))
    why = serializers.CharField(max_length=40, required=False,
                                help_text=_("Why a spin or throw is void (void_outcome)."))
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True,
                                   help_text=_("The dealer's words (void_outcome, void_hand, void_round)."))
    player = serializers.ListField(child=_card(), max_length=3, required=False,
                                   help_text=_("Punto y banca: the player's cards in the order dealt."))
    banker = serializers.ListField(child=_card(), max_length=3, required=False,
                                   help_text=_("Punto y banca: the banker's cards in the order dealt."))
    dealer = serializers.ListField(child=_card(), max_length=5, required=False,
                                   help_text=_("Caribbean poker: the dealer's five cards."))
    hands = serializers.DictField(child=serializers.ListField(child=_card(), max_length=5), required=False,
                                  help_text=_("Caribbean poker: each raised hand's five cards by participant number."))
    symbol = serializers.CharField(max_length=20, required=False, help_text=_("Wheel: the symbol the marker shows."))
    slot = IntegerSerializerField(min_value=0, max_value=MAX_CHIPS, required=False,
                                  help_text=_("Wheel: the slot, when the dealer gives it."))
    dice = serializers.ListField(child=IntegerSerializerField(min_value=0, max_value=MAX_CHIPS), max_length=3,
                                 required=False, help_text=_("Dice games: each die's face."))
    lifted_unannounced = serializers.BooleanField(required=False, help_text=_(
        "Banca francesa: the dice were lifted before the result was announced (003 s. 25 V)."))

    def validate_hands(self, hands):
        if len(hands) > HANDS_MAX:
            raise serializers.ValidationError(_("At most %(most)s hands.") % {"most": HANDS_MAX}, code="max_length")
        for key in hands:
            if not PARTICIPANT_KEY.fullmatch(key):
                raise serializers.ValidationError(_("Each hand is keyed by a participant's number, written with the "
                                                    "digits 0 to 9."), code="invalid")
        return {key: list(cards) for key, cards in hands.items()}

    def validate(self, attrs):
        # Only what was sent: a form's missing checkbox reads as false, and the log keeps the event as sent.
        return {name: value for name, value in attrs.items() if name in self.initial_data}


class TableCloseSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="", help_text=_(
        "Why; bets still at stake are returned with it as a void round."))


class BetsTransferSerializer(serializers.Serializer):
    to_table = VisibleTableField(queryset=GameTable.objects.none(), help_text=_(
        "Another open table of the same game at the same night, its round open."))
    reason = serializers.CharField(max_length=200, help_text=_("Why the bets move (a dealer or a shoe changed)."))


class TableSerializer(serializers.ModelSerializer):
    """A table's facts: its game, limits and variant (`settings`, as its first event recorded them). A single table
    (retrieve and the answers of its actions) adds the engine's view rebuilt from its log (round, phase, what the
    dealer does next, the bets at stake, the last outcome, the limits) and, for an "other approved game", the
    Agency's decision on the night's house rules (30 DCMR 1602.1); a list leaves both null."""

    night_name = serializers.CharField(source="night.name", read_only=True)
    game = serializers.CharField(source="game.code", read_only=True)
    game_name = serializers.CharField(source="game.name_en", read_only=True)
    settings = serializers.DictField(source="game_settings", read_only=True)
    approval = serializers.SerializerMethodField(help_text=_(
        "pending, approved or refused: the Agency's decision on the house rules of an \"other approved game\"; null "
        "when the game needs none."))
    view = serializers.SerializerMethodField()

    class Meta:
        model = GameTable
        fields = ["id", "night", "night_name", "number", "name", "game", "game_name", "status", "settings",
                  "head_seq", "created_at", "approval", "view"]
        read_only_fields = fields

    def get_approval(self, table) -> str | None:
        return self.context.get("approval")

    def get_view(self, table) -> dict | None:
        return self.context.get("table_view")
