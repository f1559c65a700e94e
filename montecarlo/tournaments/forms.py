"""Forms of the director's and dealers' screens; the services do the rule checks."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.money import MoneyField, money_value
from core.numbers import IntegerField, ModelChoiceField
from licensing.licenses.limits import holdem_prize_cap
from licensing.register.values import value
from montecarlo.holdem.tournament import TEMPLATES
from montecarlo.models import FinishMethod
from montecarlo.tournaments.rules import MIN_PER_TABLE, cap_text
from montecarlo.tournaments.selectors import night_choices


class TournamentForm(forms.Form):
    license = ModelChoiceField(label=_("License"), queryset=None)
    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    starts_at = forms.TimeField(label=_("Starts at"), widget=forms.TimeInput(attrs={"type": "time"}))
    ends_at = forms.TimeField(label=_("Ends at"), widget=forms.TimeInput(attrs={"type": "time"}))
    entry_fee = MoneyField(label=_("Entry fee"), max_digits=8)
    starting_chips = IntegerField(label=_("Starting chips"), min_value=1, initial=10000)
    max_per_table = IntegerField(label=_("Players per table at most"), min_value=MIN_PER_TABLE)
    finish_method = forms.ChoiceField(label=_("Finishing order"), choices=FinishMethod.choices)
    stop_at = forms.TimeField(label=_("Stops at (timed tournament)"), required=False,
                              widget=forms.TimeInput(attrs={"type": "time"}))
    template = forms.ChoiceField(label=_("Blind structure"), choices=[(name, name) for name in TEMPLATES])
    prizes = forms.CharField(label=_("Prizes by place"), required=False)
    training = forms.BooleanField(label=_("Training tournament"), required=False,
                                  help_text=_("For practice: no prizes and nothing reported, so it may be dealt "
                                              "outside the licensed hours (30 DCMR 1603.19). It cannot be changed "
                                              "later."))

    night = ModelChoiceField(label=_("Monte Carlo Night"), queryset=None, required=False,
                                   help_text=_("The night the tournament is played at, if it is planned already."))

    def __init__(self, *args, licenses, **kwargs):
        super().__init__(*args, **kwargs)
        # The figures in force today, as the register says (the service checks the tournament's date).
        most, cap = value("holdem.players_per_table"), holdem_prize_cap()
        self.most_per_table, self.prize_cap_text = most, cap_text(cap)  # the page's summary of the rules says them too
        self.fields["max_per_table"].initial = most
        self.fields["max_per_table"].help_text = _("30 DCMR 1603.23: at most %(most)s.") % {"most": most}
        self.fields["prizes"].help_text = _("Dollar amounts separated by commas, first place first; each at most "
                                            "%(cap)s (30 DCMR 1603.26).") % {"cap": cap_text(cap)}
        self.fields["license"].queryset = licenses
        self.fields["night"].queryset = night_choices(licenses=licenses)

    def clean_prizes(self):
        raw = [part.strip().lstrip("$") for part in self.cleaned_data["prizes"].split(",") if part.strip()]
        try:
            return [str(money_value(part, max_digits=8)) for part in raw]
        except ValidationError as exc:
            raise forms.ValidationError(_("Write the prizes as amounts, such as 300, 150, 50.") + " "
                                        + " ".join(exc.messages)) from exc


class RegisterForm(forms.Form):
    name = forms.CharField(label=_("Player's name"), max_length=100)
    date_of_birth = forms.DateField(label=_("Date of birth"), widget=forms.DateInput(attrs={"type": "date"}))
    board_player_id = forms.CharField(label=_("Board player id (if any)"), max_length=40, required=False)

    def __init__(self, *args, on=None, **kwargs):
        """`on`: the tournament's date, the day the player's age counts (the age in force then)."""
        super().__init__(*args, **kwargs)
        self.fields["date_of_birth"].help_text = _(
            "%(age)s or older on the day of the tournament (30 DCMR 1702.1).") % {
            "age": value("player.minimum_age", on)}


class ChipCorrectionForm(forms.Form):
    """A miscount at one table put right by moving chips between two of its players (1603.20, 1603.30)."""

    from_player = forms.ChoiceField(label=_("Chips from"))
    to_player = forms.ChoiceField(label=_("Chips to (same table)"))
    chips = IntegerField(label=_("Chips to move"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["from_player"].choices = list(players)
        self.fields["to_player"].choices = list(players)
