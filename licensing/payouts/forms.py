"""The payout desk's forms: the desk's filters (game, day won) and paying one prize. The pay form checks only what
a form can (lengths, no NUL characters, a choice); the money, the method, the winner and every IRS rule are
checked by licensing.payouts.services.payout_pay, whose errors come back on the fields of the same names, all at
once (so the amounts are text fields here, read by the service's one money parser)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyInput
from licensing.models import Payout, PayoutGame, PayoutMethod
from licensing.payouts.identity import ITIN, SSN, TEXT_MAX

MONEY_TEXT_MAX = 30  # "$1,234,567,890.00" and then some; the service says what is wrong with it
CHECK_NUMBER_MAX = 20
TIN_TEXT_MAX = 20  # "123-45-6789" with spaces; identity.tin_clean says what is wrong with it
WINNER_FIELDS = ("name", "street", "city", "state", "postal_code", "tin", "tin_kind", "id_first", "id_second")


class DeskFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False, choices=[("", _("Every game")), *PayoutGame.choices])
    day = DateField(label=_("Won on"), required=False, widget=forms.DateInput(attrs={"type": "date"},
                                                                               format="%Y-%m-%d"))


class NoEchoInput(forms.TextInput):
    """A text box that never writes its value back into the page: a taxpayer number typed at the desk is sent once
    and, when the form comes back with an error, typed again (it is never in a page, a cache or a screenshot)."""

    def format_value(self, value):
        return None


def _text(label, max_length: int, *, required: bool = False, **kwargs) -> forms.CharField:
    return forms.CharField(label=label, max_length=max_length, required=required, **kwargs)


def _money(label, **kwargs) -> forms.CharField:
    # quote-input: typing in it asks the desk's quote again (templates/licensing/payouts/pay.html).
    return forms.CharField(label=label, required=False, max_length=MONEY_TEXT_MAX,
                           widget=MoneyInput(attrs={"class": "quote-input"}), **kwargs)


class PayoutPayForm(forms.Form):
    # Not required here: the service's refusal says what to choose.
    method = forms.ChoiceField(label=_("Paid by"), choices=PayoutMethod.choices, required=False,
                               widget=forms.RadioSelect)
    check_number = _text(_("Check number"), CHECK_NUMBER_MAX,
                         help_text=_("For a prize paid by check: the number printed on it (30 DCMR 1408.5)."))
    check_requested = forms.BooleanField(label=_("The winner asked for a check"), required=False,
                                         help_text=_("30 DCMR 1408.5: a prize over the Board's figure is paid by "
                                                     "check when the winner asks."))
    prize = _money(_("Prize value"), help_text=_("A raffle's drawing names only the winning ticket: enter what the "
                                                 "prize is worth."))
    wager = _money(_("Ticket price"), help_text=_("The price of the winning ticket (five for $5 is $1.00 a "
                                                  "ticket)."))
    amount = _money(_("Amount paid"), help_text=_("The whole prize; what is withheld is shown apart."))
    name = _text(_("Winner's name"), TEXT_MAX["name"], widget=forms.TextInput(attrs={"autocomplete": "off"}))
    street = _text(_("Street address"), TEXT_MAX["street"], widget=forms.TextInput(attrs={"autocomplete": "off"}))
    city = _text(_("City"), TEXT_MAX["city"], widget=forms.TextInput(attrs={"autocomplete": "off"}))
    state = _text(_("State"), TEXT_MAX["state"], widget=forms.TextInput(attrs={"autocomplete": "off"}))
    postal_code = _text(_("ZIP code"), TEXT_MAX["postal_code"],
                        widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "numeric"}))
    tin_kind = forms.ChoiceField(label=_("Kind of taxpayer number"), required=False, initial=SSN,
                                 choices=[(SSN, _("Social Security number (SSN)")),
                                          (ITIN, _("Individual taxpayer identification number (ITIN)"))],
                                 widget=forms.RadioSelect)
    tin = _text(_("Taxpayer number"), TIN_TEXT_MAX,
                help_text=_("Nine digits, as on the card (XXX-XX-XXXX). It is stored sealed and shown with its last "
                            "four digits only; if the form comes back with an error, type it again."),
                widget=NoEchoInput(attrs={"autocomplete": "off", "inputmode": "numeric", "spellcheck": "false"}))
    tin_refused = forms.BooleanField(label=_("The winner refuses to give a taxpayer number"), required=False)
    id_first = _text(_("First identification"), TEXT_MAX["id_first"],
                     help_text=_("Describe it, do not scan it: \"DC driver's license ending 4411, with photo\"."))
    id_second = _text(_("Second identification"), TEXT_MAX["id_second"],
                      help_text=_("Another document: \"Voter registration card\", \"Utility bill\"."))

    def __init__(self, *args, payout: Payout, **kwargs):
        super().__init__(*args, **kwargs)
        self.payout = payout
        # The choices offered are the ones this prize may be paid by; a value sent anyway is the service's to refuse,
        # with its rule (30 DCMR 1408.4, 1408.6), so the field keeps every method as valid.
        offered = [(PayoutMethod.CASH, PayoutMethod.CASH.label), (PayoutMethod.CHECK, PayoutMethod.CHECK.label)]
        if payout.description:
            offered.append((PayoutMethod.GOODS, PayoutMethod.GOODS.label))
        if payout.annuity_allowed:
            offered.append((PayoutMethod.ANNUITY, PayoutMethod.ANNUITY.label))
        self.fields["method"].widget.choices = offered
        self.fields["method"].initial = PayoutMethod.CASH
        if payout.prize is not None:
            # The game fixed the prize and the wager: the desk does not restate them.
            del self.fields["prize"], self.fields["wager"]
            self.fields["amount"].initial = payout.prize

    @property
    def asks_prize(self) -> bool:
        return "prize" in self.fields

    def payment_terms(self) -> dict:
        """The keyword arguments of payout_pay, from the cleaned form."""
        data = self.cleaned_data
        terms = {"method": data["method"], "check_number": data["check_number"],
                 "check_requested": data["check_requested"], "amount": data["amount"], "winner": self.winner()}
        if self.asks_prize:
            terms.update(prize=data["prize"], wager=data["wager"])
        return terms

    def winner(self) -> dict:
        data = self.cleaned_data
        winner = {name: data.get(name, "") for name in WINNER_FIELDS}
        winner["tin_refused"] = data.get("tin_refused") is True
        return winner
