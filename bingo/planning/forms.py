"""Portal forms of operation planning. They check the shape of the input; the services
(bingo.planning.services) check the rules, and their cited errors are put back on these forms."""

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from bingo.models import GameType, Operation, Pattern, WorkerDuty
from core.money import MoneyField
from core.numbers import IntegerField, ModelChoiceField
from licensing.models import License, Organization, Premises
from licensing.register.values import value

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
MONEY = {"max_digits": 10, "decimal_places": 2}


class PatternChoiceField(ModelChoiceField):
    """Patterns named in the language the planner reads (English or Spanish)."""

    def label_from_instance(self, obj: Pattern) -> str:
        return obj.name_for(get_language())


class OperationForm(forms.ModelForm):
    license = ModelChoiceField(queryset=License.objects.none(), label=_("Bingo license"))
    premises = ModelChoiceField(queryset=Premises.objects.none(), label=_("Premises"),
                                      help_text=_("30 DCMR 1400.7: a premises named on the license."))
    door_prizes_value = MoneyField(label=_("Retail value of door prizes"), initial=0, **MONEY,
                                   help_text=_("30 DCMR 1405.1: shown on the program sheet."))

    class Meta:
        model = Operation
        fields = ["license", "premises", "date", "starts_at", "ends_at", "member_in_charge", "door_prizes_value",
                  "house_rules", "rooms", "caller_in_largest_room", "caller_visible", "cash_prizes_only"]
        widgets = {"date": DATE, "starts_at": TIME, "ends_at": TIME, "house_rules": forms.Textarea(attrs={"rows": 4})}
        field_classes = {"rooms": IntegerField}  # ASCII digits only, as every count in the portal
        help_texts = {
            "date": _("30 DCMR 1202.2(m): a date and hours on the license's schedule."),
            "member_in_charge": _("30 DCMR 1405.1: named on the program sheet."),
            "rooms": _("30 DCMR 1405.12: the rooms where the game is played at the premises."),
            "caller_in_largest_room": _("30 DCMR 1405.12: with more than one room, declared before the first game."),
            "caller_visible": _("30 DCMR 1405.15: declared before the first game (not needed for a Class C "
                                "multi-hall game)."),
            "cash_prizes_only": _("30 DCMR 1408.4: declared before the first game."),
        }

    def __init__(self, *args, licenses=None, premises=None, **kwargs):
        super().__init__(*args, **kwargs)
        if licenses is None:
            del self.fields["license"]
        else:
            self.fields["license"].queryset = licenses
        self.fields["premises"].queryset = premises if premises is not None else Premises.objects.none()
        self.fields["rooms"].required = False  # empty: one room
        self.fields["rooms"].initial = 1

    def clean_rooms(self) -> int:
        rooms = self.cleaned_data.get("rooms")
        return 1 if rooms is None else rooms  # 0 goes on to the service, which names the rule


class GameForm(forms.Form):
    game_type = forms.ChoiceField(label=_("Game type"), choices=GameType.choices, initial=GameType.REGULAR)
    pattern = PatternChoiceField(queryset=Pattern.objects.none(), label=_("Pattern"))
    card_price = MoneyField(label=_("Card price"), **MONEY, help_text=_(
        "30 DCMR 1402: the price of a card for this game. For a regular game it is the price of an extra regular card "
        "(within the cap of the license's class, 1402.3, 1402.4): the card that comes with the admission is the only "
        "regular card (1402.1)."))
    prize = MoneyField(label=_("Prize"), **MONEY, help_text=_("30 DCMR 1408: the prize of this game."))

    def __init__(self, *args, patterns=None, **kwargs):
        super().__init__(*args, **kwargs)
        if patterns is not None:
            self.fields["pattern"].queryset = patterns


class WorkerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    duty = forms.ChoiceField(label=_("Duty"), choices=WorkerDuty.Duty.choices)
    date_of_birth = forms.DateField(label=_("Date of birth"), required=False, widget=DATE)

    def __init__(self, *args, on=None, **kwargs):
        """`on`: the operation's date, the day the worker's age counts (the age in force then, 30 DCMR 1401.5)."""
        super().__init__(*args, **kwargs)
        self.fields["date_of_birth"].help_text = _(
            "30 DCMR 1401.5: no worker under %(age)s. Leave empty to take it from the organization's member "
            "records.") % {"age": value("worker.minimum_age", on)}


class HallForm(forms.Form):
    premises = ModelChoiceField(queryset=Premises.objects.all(), label=_("Participating premises"),
                                      help_text=_("30 DCMR 1405.13: another licensed premises that receives "
                                                  "every call of the multi-hall games."))
    name = forms.CharField(label=_("Hall name"), max_length=200, required=False)


class CustomPatternForm(forms.Form):
    organization = ModelChoiceField(queryset=Organization.objects.none(), label=_("Organization"))
    name_en = forms.CharField(label=_("Name (English)"), max_length=100)
    name_es = forms.CharField(label=_("Name (Spanish)"), max_length=100)
    squares = forms.CharField(widget=forms.HiddenInput, required=False)
    any_rotation = forms.BooleanField(label=_("Also wins turned a quarter, half or three-quarter turn"),
                                      required=False)

    def __init__(self, *args, organizations=None, **kwargs):
        super().__init__(*args, **kwargs)
        if organizations is not None:
            self.fields["organization"].queryset = organizations
            if organizations.count() == 1:
                self.fields["organization"].initial = organizations.first()

    def clean_squares(self) -> list[int]:
        raw = self.cleaned_data.get("squares") or ""
        try:
            return sorted({int(part) for part in raw.split(",") if part.strip()})
        except ValueError:
            raise forms.ValidationError(_("Squares are numbered 0 to 24."), code="invalid") from None


class MultiHallAgreementForm(forms.Form):
    """A multi-hall service provider's written agreement (30 DCMR 1401.7-1401.11)."""

    organization = ModelChoiceField(queryset=Organization.objects.none(), label=_("Organization"))
    provider = forms.CharField(label=_("Service provider"), max_length=200)
    services = forms.CharField(label=_("Services provided"), max_length=300,
                               help_text=_("Advertising or financial services (30 DCMR 1401.7)."))
    signed_on = forms.DateField(label=_("Signed on"), widget=DATE)
    ends_on = forms.DateField(label=_("Ends on"), widget=DATE, required=False)
    audit_clause = forms.BooleanField(
        label=_("Lets the Agency review, inspect and audit the books, records and operations of both parties"),
        required=False, help_text=_("Required before the Agency approves it (30 DCMR 1401.8)."))
    reimburses_audit_fees = forms.BooleanField(label=_("The provider reimburses the Agency's audit fees (1401.9)"),
                                               required=False)
    provider_gives_bond = forms.BooleanField(label=_("The provider gives the bond (1401.10)"), required=False)

    def __init__(self, *args, organizations, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["organization"].queryset = organizations
        if organizations.count() == 1:
            self.fields["organization"].initial = organizations.first()


class AnnuityForm(forms.Form):
    """A multi-hall prize of at least the floor in force paid, in whole or part, by annuity (30 DCMR 1408.6-1408.8)."""

    years = IntegerField(label=_("Annuity term (years)"), min_value=1, required=False)
    amount = MoneyField(label=_("Part of the prize paid by annuity"), required=False, **MONEY)
    insurer = forms.CharField(label=_("Insurer"), max_length=200, required=False)
    insurer_dc_licensed = forms.BooleanField(
        label=_("A nationally recognized insurer licensed to operate in DC (30 DCMR 1408.8)"), required=False)

    def __init__(self, *args, on=None, **kwargs):
        """`on`: the game's day, whose annuity term in force applies (30 DCMR 1408.6)."""
        super().__init__(*args, **kwargs)
        self.fields["years"].help_text = _(
            "At most %(years)s years (30 DCMR 1408.6); empty: the prize is paid in cash.") % {
            "years": value("bingo.annuity_max_years", on)}
