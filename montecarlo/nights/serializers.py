"""The nights API's payloads: what a director sends (validated here, decided by the services: the rules and
their citations are the services') and what the API answers: a night with its chip balance, its participants,
a participant's ledger, the leaderboard, the published chip drawing and the Board's house-rules approvals.

Chips are counted, never priced (30 DCMR 1603.21): no figure here is money except the admission and the
posted prize values."""

from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.dates import DateSerializerField
from core.money import MoneySerializerField
from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING, IntegerSerializerField, require_ascii_digits
from core.public_url import public_url
from licensing.licenses.serializers import VisibleLicenseField
from licensing.models import License, ResponsiblePerson
from licensing.reports.drawings.serializers import PublishedDrawingSerializer
from montecarlo.models import ChipLedgerEntry, GameApproval, Night, Participant, PrizeMethod
from montecarlo.nights import rules

ADMISSION_DIGITS = 8  # the admission and prize values are stored with max_digits=8 (montecarlo.models.nights)
HOUSE_RULES_MAX = 20000


class AsciiTimeField(serializers.TimeField):
    """A local time of day ("18:30") written with the digits 0 to 9: DRF's TimeField reads "١٨:٣٠" as 18:30."""

    def to_internal_value(self, value):
        try:
            require_ascii_digits(value, message=_("Write the time with the digits 0 to 9, as HH:MM."))
        except ValidationError as exc:
            raise serializers.ValidationError(exc.messages, code=exc.code) from None
        return super().to_internal_value(value)


class PrizeSerializer(serializers.Serializer):
    """One prize of the posted list (30 DCMR 1603.2), first place first: a thing with its value in dollars."""

    description = serializers.CharField(max_length=200)
    value = MoneySerializerField(max_digits=ADMISSION_DIGITS)


class AwardSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    participant = serializers.IntegerField(help_text=_("The participant's number."))
    name = serializers.CharField()
    description = serializers.CharField()
    value = serializers.CharField(help_text=_("The prize's posted value in dollars (never the chips': 1603.21)."))
    chips = serializers.IntegerField(allow_null=True, help_text=_("The participant's chips at the count."))
    ticket = serializers.IntegerField(required=False, help_text=_("The chip drawn (a drawing night)."))


class BalanceSerializer(serializers.Serializer):
    """Both sides of the night's chips, from its ledgers: issued = held + house won - house paid."""

    issued = serializers.IntegerField()
    in_hand = serializers.IntegerField()
    at_stake = serializers.IntegerField()
    held = serializers.IntegerField()
    house_won = serializers.IntegerField()
    house_paid = serializers.IntegerField()
    balances = serializers.BooleanField()


class NightSerializer(serializers.ModelSerializer):
    """A Monte Carlo Night as planned (30 DCMR 1204.16, 1204.17) and where it stands. A single night (retrieve and
    the answers of its actions) carries its number of participants and its chip balance (issued = held + house
    won - house paid); a list leaves them null."""

    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    license = VisibleLicenseField(queryset=License.objects.none(),
                                  help_text=_("A Monte Carlo Night license of the caller's organization."))
    license_number = serializers.CharField(source="license.number", read_only=True)
    organization = serializers.IntegerField(source="license.organization_id", read_only=True)
    organization_name = serializers.CharField(source="license.organization.name", read_only=True)
    date = DateSerializerField()
    starts_at = AsciiTimeField()
    ends_at = AsciiTimeField()
    admission_price = MoneySerializerField(max_digits=ADMISSION_DIGITS,
                                           help_text=_("Paid in US currency (30 DCMR 1603.4)."))
    starting_chips = IntegerSerializerField(min_value=1, max_value=rules.MAX_CHIPS, help_text=_(
        "The same for every participant, whatever they paid or donated (30 DCMR 1603.8)."))
    prize_method = serializers.ChoiceField(choices=PrizeMethod.choices, default=PrizeMethod.RANKING)
    prizes = PrizeSerializer(many=True, required=False, max_length=rules.MAX_PRIZES,
                             help_text=_("The posted prize list, first place first (30 DCMR 1603.2)."))
    house_rules = serializers.CharField(required=False, allow_blank=True, max_length=HOUSE_RULES_MAX,
                                        help_text=_("Posted at the entrance and at each table (30 DCMR 1603.2, "
                                                    "1604.5)."))
    training = serializers.BooleanField(default=False, help_text=_(
        "Practice: no prizes, nothing reported, played at any hour; the engine may draw the outcomes."))
    in_charge = serializers.PrimaryKeyRelatedField(
        queryset=ResponsiblePerson.objects.filter(is_current=True), required=False, allow_null=True, help_text=_(
            "The id of the license's member in charge or alternate, present throughout the night (30 DCMR 1301.5); "
            "required unless training."))
    in_charge_name = serializers.CharField(source="in_charge.full_name", read_only=True, default=None, allow_null=True)
    awards = AwardSerializer(many=True, read_only=True)
    participants = serializers.SerializerMethodField()
    balance = serializers.SerializerMethodField()

    class Meta:
        model = Night
        fields = ["id", "license", "license_number", "organization", "organization_name", "name", "date",
                  "starts_at", "ends_at", "premises", "admission_price", "starting_chips", "prize_method", "prizes",
                  "house_rules", "training", "in_charge", "in_charge_name",
                  "status", "public_key", "drawing_commitment", "awards", "counted_at",
                  "awarded_at", "created_at", "participants", "balance"]
        read_only_fields = ["premises", "status", "public_key", "drawing_commitment", "counted_at", "awarded_at",
                            "created_at"]

    def get_participants(self, night) -> int | None:
        return night.participants.count() if "balance" in self.context else None

    @extend_schema_field(BalanceSerializer(allow_null=True))
    def get_balance(self, night) -> dict | None:
        balance = self.context.get("balance")
        if balance is None:
            return None
        return {"issued": balance.issued, "in_hand": balance.in_hand, "at_stake": balance.at_stake,
                "held": balance.held, "house_won": balance.house_won, "house_paid": balance.house_paid,
                "balances": balance.balances}


class InChargeSerializer(serializers.Serializer):
    """Which of the license's member in charge and alternate is present throughout the night (30 DCMR 1301.5)."""

    in_charge = serializers.PrimaryKeyRelatedField(queryset=ResponsiblePerson.objects.all(), help_text=_(
        "The id of the license's member in charge or alternate (30 DCMR 1301.5)."))


class TermsSerializer(serializers.Serializer):
    """What is posted, changed before the first participant is admitted (30 DCMR 1603.2); new house rules send
    every "other approved game" back to the Agency (1602.1)."""

    house_rules = serializers.CharField(required=False, allow_blank=True, max_length=HOUSE_RULES_MAX)
    prizes = PrizeSerializer(many=True, required=False, max_length=rules.MAX_PRIZES)
    prize_method = serializers.ChoiceField(choices=PrizeMethod.choices, required=False)

    def validate(self, attrs):
        if not attrs:
            raise serializers.ValidationError(_("Give the house rules, the prizes or the prize method to post."),
                                              code="required")
        return attrs


class ParticipantSerializer(serializers.ModelSerializer):
    """A participant: chips in hand, at stake on a table and at the count. The receipt's code (and the address
    its QR code opens) only for the night's staff: directors print receipts, dealers scan them."""

    serializer_field_mapping = STRICT_SERIALIZER_FIELD_MAPPING
    receipt_code = serializers.SerializerMethodField()
    receipt_url = serializers.SerializerMethodField()
    admission_paid = MoneySerializerField(max_digits=ADMISSION_DIGITS, read_only=True)

    class Meta:
        model = Participant
        fields = ["number", "name", "show_name", "chips", "at_stake", "counted", "admission_paid", "created_at",
                  "receipt_code", "receipt_url"]
        read_only_fields = fields

    def _staff(self) -> bool:
        return bool(self.context.get("staff"))

    def get_receipt_code(self, participant) -> str | None:
        return participant.receipt_code if self._staff() else None

    def get_receipt_url(self, participant) -> str | None:
        if not self._staff():
            return None
        path = reverse("montecarlo:receipt_scan", args=[participant.receipt_code])
        return public_url(path)


class ParticipantRegisterSerializer(serializers.Serializer):
    """Admit one participant: admission paid in US currency (1603.4), the minimum age in force declared
    (player.minimum_age, 1702.1)."""

    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    show_name = serializers.BooleanField(default=False, help_text=_(
        "The name on the public leaderboard only if the participant agrees; the number otherwise."))
    admission_paid = MoneySerializerField(max_digits=ADMISSION_DIGITS, help_text=_("In US dollars (1603.4)."))
    age_declared = serializers.BooleanField(help_text=_(
        "Declares being of the minimum age in force or older (player.minimum_age, 30 DCMR 1702.1)."))


class LedgerEntrySerializer(serializers.ModelSerializer):
    """One entry of a participant's chip ledger (append-only, hash-chained): the change to the chips in hand and
    at stake, the house's side, the balance in hand after it."""

    table = serializers.IntegerField(source="table.number", allow_null=True, read_only=True,
                                     help_text=_("The table's number at the night."))

    class Meta:
        model = ChipLedgerEntry
        fields = ["seq", "kind", "chips", "stake", "house", "balance", "table", "bet", "round", "note", "created_at"]
        read_only_fields = fields


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField(help_text=_("Empty unless the participant agreed to show it."))
    chips = serializers.IntegerField()


class LeaderboardAwardSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    number = serializers.IntegerField()
    description = serializers.CharField()


class LeaderboardSerializer(serializers.Serializer):
    """Chip counts by participant number, most first (names only with consent); the prizes once awarded."""

    name = serializers.CharField()
    status = serializers.CharField(help_text=_("The night's status: open, counted or awarded."))
    participants = serializers.IntegerField()
    rows = LeaderboardRowSerializer(many=True)
    awards = LeaderboardAwardSerializer(many=True)


class ChipDrawingSerializer(PublishedDrawingSerializer):
    """The night's chip drawing as published (raffle-drawing/1, shared/formats/raffle-drawing.md), the same object
    as a raffle's: anyone re-runs it with `python -m licensing.reports.drawings.engine verify`."""


class ApprovalSerializer(serializers.ModelSerializer):
    """A night's house rules for an "other approved game", waiting for (or given) the Agency's decision
    (30 DCMR 1602.1)."""

    night_name = serializers.CharField(source="night.name", read_only=True)
    night_date = serializers.DateField(source="night.date", read_only=True)
    organization_name = serializers.CharField(source="night.license.organization.name", read_only=True)
    license_number = serializers.CharField(source="night.license.number", read_only=True)
    game = serializers.CharField(source="game.code", read_only=True)
    game_name = serializers.CharField(source="game.name_en", read_only=True)

    class Meta:
        model = GameApproval
        fields = ["id", "night", "night_name", "night_date", "organization_name", "license_number", "game",
                  "game_name", "status", "house_rules", "note", "requested_at", "decided_at"]
        read_only_fields = fields


class DecisionSerializer(serializers.Serializer):
    approve = serializers.BooleanField(help_text=_("true approves the house rules; false refuses them."))
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="",
                                 help_text=_("Required to refuse: why (30 DCMR 1602.1)."))
