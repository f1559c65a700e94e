"""The payout API's bodies and answers (licensing/payouts/api.py, licensing/payouts/year_end/api.py).

A list never carries a winner's name, address, identification or taxpayer number: only the number truncated
(***-**-1234). One payout's detail adds the name, address and identification for the desk. No answer and no error
echoes a full taxpayer number: the fields that could hold one (tin, tin_kind) refuse bad input with messages that do
not repeat it."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.dates import DateSerializerField
from core.money import MoneySerializerField
from core.numbers import IntegerSerializerField
from licensing.models import Payout, PayoutGame, PayoutMethod, PayoutStatus
from licensing.payouts.identity import TIN_KINDS
from licensing.payouts.year_end.selectors import FIRST_YEAR, LAST_YEAR
from licensing.payouts.year_end.w2g import BOXES

MONEY = {"max_digits": 12, "decimal_places": 2}


class QuietChoiceField(serializers.ChoiceField):
    """A choice whose refusal does not repeat what was sent (DRF's says '"<input>" is not a valid choice.'): a
    taxpayer number typed in the wrong field is never echoed back."""

    def __init__(self, *, message, **kwargs):
        super().__init__(error_messages={"invalid_choice": message}, **kwargs)


# --- reading payouts ---


class PayoutFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=PayoutStatus.choices, required=False)
    game = serializers.ChoiceField(choices=PayoutGame.choices, required=False)
    organization = IntegerSerializerField(min_value=1, max_value=2**63 - 1, required=False)
    year = IntegerSerializerField(min_value=FIRST_YEAR, max_value=LAST_YEAR, required=False,
                                  help_text=_("The calendar year the prize was paid in."))


class PayoutSerializer(serializers.ModelSerializer):
    """A payout as a list shows it: the prize, its state, what was paid and reported; of the winner only the
    taxpayer number truncated."""

    method = serializers.ChoiceField(choices=PayoutMethod.choices, allow_blank=True, read_only=True,
                                     help_text=_("How it was paid; \"\" until it is."))
    tin_masked = serializers.CharField(read_only=True, help_text=_("***-**-1234, or \"\" when none was given."))
    identity_purged = serializers.SerializerMethodField()
    w2g_url = serializers.SerializerMethodField()

    class Meta:
        model = Payout
        fields = ["id", "organization", "license", "game", "source", "session", "label", "description", "won_on",
                  "prize", "wager", "status", "void_reason", "method", "check_number", "amount", "paid_on", "w2g",
                  "form_number", "reportable", "identical", "withheld", "backup_withholding", "tin_refused",
                  "tin_masked", "identity_purged", "w2g_url"]
        read_only_fields = fields

    def get_identity_purged(self, payout) -> bool:
        return payout.identity_purged_at is not None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_w2g_url(self, payout) -> str | None:
        if not (payout.w2g and payout.status == PayoutStatus.PAID):
            return None
        return reverse("payout-w2g-pdf", kwargs={"pk": payout.pk})


class PayoutWinnerSerializer(serializers.Serializer):
    """The winner as the desk recorded them, without the taxpayer number (truncated on the payout)."""

    name = serializers.CharField()
    street = serializers.CharField()
    city = serializers.CharField()
    state = serializers.CharField()
    postal_code = serializers.CharField()
    tin_kind = serializers.CharField()
    id_first = serializers.CharField()
    id_second = serializers.CharField()


class PayoutDetailSerializer(PayoutSerializer):
    winner = serializers.SerializerMethodField()
    paid_by = serializers.StringRelatedField()

    class Meta(PayoutSerializer.Meta):
        fields = [*PayoutSerializer.Meta.fields, "winner", "check_requested", "annuity_allowed", "paid_at",
                  "paid_by"]
        read_only_fields = fields

    @extend_schema_field(PayoutWinnerSerializer(allow_null=True))
    def get_winner(self, payout):
        identity = self.context.get("identity")
        if not identity:
            return None
        return PayoutWinnerSerializer({name: identity.get(name, "") for name in PayoutWinnerSerializer().fields}).data


# --- the desk: quote, pay, the full number ---


class PayoutQuoteRequestSerializer(serializers.Serializer):
    prize = MoneySerializerField(required=False, allow_null=True, help_text=_(
        "Only where the game did not fix it (a raffle's prize value); otherwise the payout's prize is used."))
    wager = MoneySerializerField(required=False, allow_null=True, help_text=_(
        "Only where the game did not fix it (a raffle ticket's price); otherwise the payout's wager is used."))
    amount = MoneySerializerField(help_text=_("What is paid: the whole prize (30 DCMR 1406.3)."))
    tin_refused = serializers.BooleanField(default=False, help_text=_(
        "The winner will not give a taxpayer number: backup withholding applies to a reported prize."))
    paid_on = DateSerializerField(required=False, help_text=_("The day paid, not in the future (default today): the "
                                                              "IRS figures in force that day apply."))


class PayoutFindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    blocking = serializers.BooleanField()


class PayoutQuoteSerializer(serializers.Serializer):
    prize = serializers.DecimalField(**MONEY)
    wager = serializers.DecimalField(**MONEY)
    w2g = serializers.BooleanField(help_text=_("A Form W-2G is due for this prize."))
    reportable = serializers.DecimalField(**MONEY, help_text=_("Box 1 of the form, when one is due."))
    withheld = serializers.DecimalField(**MONEY, help_text=_("Federal income tax withheld (box 4)."))
    backup_withholding = serializers.BooleanField(source="backup")
    net = serializers.DecimalField(**MONEY, help_text=_("What the winner is handed."))
    findings = PayoutFindingSerializer(many=True)


class PayoutPayRequestSerializer(serializers.Serializer):
    """Paying one prize. The winner's fields are flat, named as the errors name them; what a form needs is
    checked by the desk's service (licensing.payouts.identity), which names every field that is wrong."""

    method = QuietChoiceField(choices=PayoutMethod.choices, message=_(
        "Choose how the prize is paid: cash, check, goods or annuity."))
    amount = MoneySerializerField(help_text=_("The whole prize (30 DCMR 1406.3)."))
    check_number = serializers.CharField(required=False, allow_blank=True, default="", help_text=_(
        "A check's number (30 DCMR 1408.5); only with method check."))
    check_requested = serializers.BooleanField(default=False, help_text=_(
        "The winner asked for a check: a bingo prize over $10 is then paid by check (30 DCMR 1408.5)."))
    prize = MoneySerializerField(required=False, allow_null=True, help_text=_(
        "Only where the game did not fix it (a raffle's prize value)."))
    wager = MoneySerializerField(required=False, allow_null=True, help_text=_(
        "Only where the game did not fix it (a raffle ticket's price)."))
    paid_on = DateSerializerField(required=False, help_text=_("The day paid, not in the future (default today)."))
    name = serializers.CharField(required=False, allow_blank=True, default="", help_text=_("The person paid."))
    street = serializers.CharField(required=False, allow_blank=True, default="")
    city = serializers.CharField(required=False, allow_blank=True, default="")
    state = serializers.CharField(required=False, allow_blank=True, default="")
    postal_code = serializers.CharField(required=False, allow_blank=True, default="")
    tin = serializers.CharField(required=False, allow_blank=True, default="", help_text=_(
        "The winner's SSN or ITIN, nine digits 0-9 (123-45-6789): asked when a Form W-2G is due. Sealed at rest, "
        "never answered back."))
    tin_kind = QuietChoiceField(choices=[(kind, kind.upper()) for kind in TIN_KINDS], required=False,
                                default=TIN_KINDS[0], message=_("Choose ssn or itin."))
    tin_refused = serializers.BooleanField(default=False, help_text=_(
        "The winner will not give a taxpayer number: backup withholding applies."))
    id_first = serializers.CharField(required=False, allow_blank=True, default="", help_text=_(
        "The first identification, described (not scanned): \"DC driver's license ending 4411, photo\"."))
    id_second = serializers.CharField(required=False, allow_blank=True, default="")

    WINNER_FIELDS = ("name", "street", "city", "state", "postal_code", "tin", "tin_kind", "tin_refused", "id_first",
                     "id_second")


class PayoutTinSerializer(serializers.Serializer):
    tin = serializers.CharField(help_text=_("123-45-6789, or \"\" when the winner gave none."))
    tin_kind = serializers.CharField()


# --- the year's forms and the Board's totals ---


def _box_field(box):
    if box.money:
        return serializers.DecimalField(**MONEY, allow_null=True, help_text=box.label)
    if box.number == "2":
        return serializers.DateField(help_text=box.label)
    return serializers.CharField(allow_blank=True, help_text=box.label)


def _box_value(box, value):
    return "" if value is None and not box.money else value


W2gBoxesSerializer = type("W2gBoxesSerializer", (serializers.Serializer,),
                          {box.column: _box_field(box) for box in BOXES})


class W2gPartySerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True)
    street = serializers.CharField(allow_blank=True)
    city = serializers.CharField(allow_blank=True)
    state = serializers.CharField(allow_blank=True)
    postal_code = serializers.CharField(allow_blank=True)


class W2gPayerSerializer(W2gPartySerializer):
    phone = serializers.CharField(allow_blank=True)
    tin = serializers.CharField(allow_blank=True, help_text=_(
        "The payer's federal identification number: the organization's EIN (12-3456789), from its facts; \"\" "
        "until it gives one."))


class W2gSerializer(serializers.Serializer):
    payout = serializers.IntegerField(source="payout_id")
    form_number = serializers.CharField()
    calendar_year = serializers.IntegerField(source="year")
    paid_on = serializers.DateField()
    game = serializers.CharField()
    payer = W2gPayerSerializer()
    winner = W2gPartySerializer()
    boxes = serializers.SerializerMethodField()
    tin_refused = serializers.BooleanField()
    backup_withholding = serializers.BooleanField()
    identity_purged = serializers.BooleanField()

    @extend_schema_field(W2gBoxesSerializer)
    def get_boxes(self, form):
        return W2gBoxesSerializer({box.column: _box_value(box, form.box(box.number)) for box in BOXES}).data


class Form1096Serializer(serializers.Serializer):
    ein = serializers.CharField(allow_blank=True, help_text=_(
        "Form 1096, box 1: the filer's employer identification number, the organization's EIN (12-3456789); \"\" "
        "until its facts give it."))
    type_of_return = serializers.CharField(help_text=_("Form 1096, box 6: W-2G."))
    type_code = serializers.CharField(help_text=_("Form 1096, box 6: the code of Form W-2G, 32."))
    forms = serializers.IntegerField(help_text=_("Form 1096, box 3: the total number of forms."))
    withheld = serializers.DecimalField(**MONEY, help_text=_("Form 1096, box 4: federal income tax withheld, the sum "
                                                              "of the forms' box 4."))
    reported = serializers.DecimalField(**MONEY, help_text=_("Form 1096, box 5: the total amount reported, the sum "
                                                              "of the forms' box 1."))


class W2gYearSerializer(serializers.Serializer):
    organization = serializers.IntegerField()
    year = serializers.IntegerField()
    totals = Form1096Serializer()
    forms = W2gSerializer(many=True)


class BoardPayoutsQuerySerializer(serializers.Serializer):
    year = IntegerSerializerField(min_value=FIRST_YEAR, max_value=LAST_YEAR, required=False,
                                  help_text=_("The calendar year paid (default this year)."))


class BoardPayoutFiguresSerializer(serializers.Serializer):
    payouts = serializers.IntegerField(help_text=_("Prizes paid."))
    paid = serializers.DecimalField(**MONEY, help_text=_("Amount paid."))
    forms = serializers.IntegerField(help_text=_("Forms W-2G."))
    reportable = serializers.DecimalField(**MONEY, help_text=_("Reported on the forms (box 1)."))
    withheld = serializers.DecimalField(**MONEY, help_text=_("Federal income tax withheld (box 4)."))


class BoardPayoutOrganizationSerializer(BoardPayoutFiguresSerializer):
    organization = serializers.IntegerField()
    name = serializers.CharField()


class BoardPayoutsSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    totals = BoardPayoutFiguresSerializer()
    organizations = BoardPayoutOrganizationSerializer(many=True)
