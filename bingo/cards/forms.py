"""Portal forms of card series, card sheets and the sales register. They only shape the input;
the rules (ranges, games, the 3/4 cutoff) are the services' and come back as field errors."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from bingo.cards.services import MAX_SERIES_SIZE
from bingo.cards.sheets import FACES_PER_PAGE, MAX_FACES_PER_SHEET
from bingo.models import CardColour, CardSeries, Game, Hall, SeriesSource, TicketSource
from core.money import MoneyField
from core.numbers import IntegerField, ModelChoiceField, ModelMultipleChoiceField
from licensing.models import Organization
from licensing.register.values import value


def age_declared_label(on=None) -> str:
    """The player's declaration at the sale, with the age in force on `on` (default today): 30 DCMR 1702.1."""
    return _("The player declares being %(age)s or older (30 DCMR 1702.1)") % {"age": value("player.minimum_age", on)}


class SeriesForm(forms.Form):
    organization = ModelChoiceField(queryset=Organization.objects.none(), label=_("Organization"))
    code = forms.CharField(label=_("Series code"), max_length=40,
                           help_text=_("Printed on every card of the series (30 DCMR 1404.1(c))."))
    size = IntegerField(label=_("Faces"), min_value=1, max_value=MAX_SERIES_SIZE)
    source = forms.ChoiceField(label=_("Where the cards come from"), choices=SeriesSource.choices,
                               initial=SeriesSource.VENDOR,
                               help_text=_("30 DCMR 1403.1: a licensed vendor, or used from another licensed "
                                           "organization; the organization's own printing only by the Board's "
                                           "decision."))
    seller_license_number = forms.CharField(label=_("Seller's license number"), max_length=20, required=False,
                                            help_text=_("The vendor's license (or the selling organization's), in "
                                                        "force on the invoice date (30 DCMR 1403.1)."))
    invoice_number = forms.CharField(label=_("Invoice number"), max_length=60, required=False)
    invoice_date = forms.DateField(label=_("Invoice date"), required=False,
                                   widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def __init__(self, *args, organizations, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["organization"].queryset = organizations
        self.fields["size"].initial = settings.BINGO_SERIES_SIZE
        if organizations.count() == 1:
            self.fields["organization"].initial = organizations.first()


class SheetForm(forms.Form):
    """Which faces to print, and how many a page."""

    first = IntegerField(label=_("First face"), min_value=1, initial=1)
    last = IntegerField(label=_("Last face"), min_value=1, initial=6)
    per_page = forms.TypedChoiceField(label=_("Faces a page"), coerce=int, initial=6,
                                      choices=[(n, str(n)) for n in FACES_PER_PAGE])

    def __init__(self, *args, series: CardSeries, **kwargs):
        super().__init__(*args, **kwargs)
        self.series = series
        self.fields["first"].max_value = series.size
        self.fields["last"].max_value = series.size
        self.fields["first"].widget.attrs["max"] = series.size
        self.fields["last"].widget.attrs["max"] = series.size

    def clean(self):
        data = super().clean()
        first, last = data.get("first"), data.get("last")
        if first is None or last is None:
            return data
        if first > self.series.size or last > self.series.size:
            self.add_error("last", _("Series %(code)s has faces 1 to %(size)s.")
                           % {"code": self.series.code, "size": self.series.size})
        elif last < first:
            self.add_error("last", _("The last face comes after the first face."))
        elif last - first + 1 > MAX_FACES_PER_SHEET:
            self.add_error("last", _("Print at most %(max)s faces at a time.") % {"max": MAX_FACES_PER_SHEET})
        return data


class SaleForm(forms.Form):
    series = ModelChoiceField(queryset=CardSeries.objects.none(), label=_("Series"))
    first_face = IntegerField(label=_("First face"), min_value=1)
    last_face = IntegerField(label=_("Last face"), min_value=1, required=False,
                             help_text=_("Leave empty for a single face."))
    colour = forms.ChoiceField(label=_("Colour"), choices=CardColour.choices, initial=CardColour.REGULAR,
                               help_text=_("Only the card that comes with the admission is regular (30 DCMR 1402.1); a "
                                           "player's other cards are extra regular, within the cap of the license's "
                                           "class (1402.3, 1402.4). The two differ in colour (30 DCMR 1405.3)."))
    games = ModelMultipleChoiceField(
        queryset=Game.objects.none(), label=_("Games"), required=False, widget=forms.CheckboxSelectMultiple,
        help_text=_("A regular card plays every regular game (30 DCMR 1405.2) and an extra regular card the "
                    "regular games after its purchase (1405.4): leave these empty for them. Tick a special "
                    "card's games; none ticked: every special, early-bird and multi-hall game."))
    price_each = MoneyField(label=_("Price per face"), max_digits=8,
                            help_text=_("Within the caps of the license's class (30 DCMR 1402.1-1402.6); never "
                                        "free (30 DCMR 1408.10)."))
    buyer = forms.CharField(label=_("Buyer"), max_length=200, required=False,
                            help_text=_("The player's name, when known: a worker on duty is not sold cards "
                                        "(30 DCMR 1401.2)."))
    hall = ModelChoiceField(queryset=Hall.objects.none(), label=_("Hall"), required=False)
    age_declared = forms.BooleanField(required=False)  # labelled in __init__: the age in force (player.minimum_age)

    def __init__(self, *args, operation, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["series"].queryset = CardSeries.objects.filter(
            organization_id=operation.license.organization_id)
        self.fields["games"].queryset = operation.games.order_by("number")
        self.fields["games"].label_from_instance = lambda game: _("Game %(number)s (%(type)s, %(status)s)") % {
            "number": game.number, "type": game.get_game_type_display(), "status": game.get_status_display()}
        self.fields["hall"].queryset = operation.halls.all()
        self.fields["age_declared"].label = age_declared_label(operation.date)


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the void"), max_length=300)


class CharityStockForm(forms.Form):
    """A deal of charity game tickets received for the operation (30 DCMR 1409.2)."""

    deal = forms.CharField(label=_("Deal or series"), max_length=60)
    tickets = IntegerField(label=_("Tickets in the deal"), min_value=1, max_value=100_000)
    price_each = MoneyField(label=_("Price per ticket"), max_digits=8)
    source = forms.ChoiceField(label=_("Where the tickets come from"), choices=TicketSource.choices,
                               initial=TicketSource.BOARD, help_text=_(
                                   "30 DCMR 1409.2: from the Board; from a licensed vendor only when the Board has "
                                   "none, and then sold only once the Board approved a sample (1409.3)."))
    vendor_license_number = forms.CharField(label=_("Vendor's license number"), max_length=20, required=False)
    invoice_number = forms.CharField(label=_("Invoice number"), max_length=60, required=False)
    invoice_date = forms.DateField(label=_("Invoice date"), required=False,
                                   widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


class CharitySellForm(forms.Form):
    count = IntegerField(label=_("Tickets sold"), min_value=1)
    age_declared = forms.BooleanField(required=False)  # labelled in __init__: the age in force (player.minimum_age)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["age_declared"].label = age_declared_label()


class CharityReturnForm(forms.Form):
    count = IntegerField(label=_("Unsold tickets returned to the Board"), min_value=0,
                         help_text=_("Every unsold ticket, for destruction (30 DCMR 1409.4)."))
