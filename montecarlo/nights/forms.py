"""Forms of the night's pages; the services do the rule checks."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyField, money_value
from core.numbers import IntegerField, ModelChoiceField
from licensing.models import ResponsiblePerson
from licensing.register.values import value
from montecarlo.models import PrizeMethod
from montecarlo.nights.rules import IN_CHARGE_ROLES


def in_charge_choices(organization_ids):
    """The license's member in charge and alternate (30 DCMR 1202.2(j)): the organizations' current ones."""
    return ResponsiblePerson.objects.filter(organization_id__in=organization_ids, role__in=IN_CHARGE_ROLES,
                                            is_current=True).order_by("organization_id", "role", "full_name")


class InChargeChoiceField(ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.full_name} ({obj.get_role_display()})"


IN_CHARGE_LABEL = _("Member in charge present (30 DCMR 1301.5)")
IN_CHARGE_HELP = _("The member in charge or the alternate, present throughout the night (30 DCMR 1301.5); a night "
                   "that is not training admits and plays only with it recorded.")


def parse_prize_lines(text: str) -> list[dict]:
    """One prize a line, "description | value" ("Dinner for two | 80.00"), first place first."""
    prizes = []
    for number, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        description, bar, value = line.rpartition("|")
        if not bar:
            raise ValidationError(_("Line %(line)s: write the prize as \"description | value\".") % {"line": number})
        try:
            amount = money_value(value.strip().lstrip("$"), max_digits=8)
        except ValidationError as exc:
            raise ValidationError(_("Line %(line)s: %(message)s") % {"line": number,
                                                                      "message": " ".join(exc.messages)}) from exc
        prizes.append({"description": description.strip(), "value": str(amount)})
    return prizes


def prize_lines(prizes: list[dict]) -> str:
    return "\n".join(f"{prize['description']} | {prize['value']}" for prize in prizes)


class PrizeLinesField(forms.CharField):
    widget = forms.Textarea(attrs={"rows": 4})

    def to_python(self, value):
        return parse_prize_lines(super().to_python(value))


PRIZES_HELP = _("One prize a line, first place first, as \"description | value in dollars\"; posted with the house "
                "rules (30 DCMR 1603.2). Chips are never worth money (30 DCMR 1603.21).")


class NightForm(forms.Form):
    license = ModelChoiceField(label=_("License"), queryset=None)
    name = forms.CharField(label=_("Name"), max_length=200)
    date = DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    starts_at = forms.TimeField(label=_("Starts at"), widget=forms.TimeInput(attrs={"type": "time"}))
    ends_at = forms.TimeField(label=_("Ends at"), widget=forms.TimeInput(attrs={"type": "time"}),
                              help_text=_("Within the licensed date and hours (30 DCMR 1202.2(o)); at most two "
                                          "nights a year (30 DCMR 1204.17)."))
    admission_price = MoneyField(label=_("Admission (US dollars)"), max_digits=8,
                                 help_text=_("Paid in US currency (30 DCMR 1603.4)."))
    starting_chips = IntegerField(label=_("Chips for each participant"), min_value=1, initial=1000,
                                  help_text=_("The same for everyone, whatever they paid or donated (30 DCMR 1603.8)."))
    prize_method = forms.ChoiceField(label=_("How prizes are awarded"), choices=PrizeMethod.choices)
    prizes = PrizeLinesField(label=_("Prize list"), required=False, help_text=PRIZES_HELP)
    house_rules = forms.CharField(label=_("House rules"), required=False, widget=forms.Textarea(attrs={"rows": 6}),
                                  help_text=_("Posted at the entrance and at every table (30 DCMR 1603.2, 1604.5)."))
    training = forms.BooleanField(label=_("Training night"), required=False,
                                  help_text=_("For practice: no prizes and nothing reported, so it may be played "
                                              "outside the licensed hours; the engine may draw the outcomes."))

    in_charge = InChargeChoiceField(label=IN_CHARGE_LABEL, queryset=ResponsiblePerson.objects.none(), required=False,
                                    help_text=IN_CHARGE_HELP)

    def __init__(self, *args, licenses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["license"].queryset = licenses
        self.fields["in_charge"].queryset = in_charge_choices(licenses.values("organization_id"))


class InChargeForm(forms.Form):
    in_charge = InChargeChoiceField(label=IN_CHARGE_LABEL, queryset=ResponsiblePerson.objects.none(),
                                    help_text=IN_CHARGE_HELP)

    def __init__(self, *args, night, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["in_charge"].queryset = in_charge_choices([night.license.organization_id])


class TermsForm(forms.Form):
    prize_method = forms.ChoiceField(label=_("How prizes are awarded"), choices=PrizeMethod.choices)
    prizes = PrizeLinesField(label=_("Prize list"), required=False, help_text=PRIZES_HELP)
    house_rules = forms.CharField(label=_("House rules"), required=False, widget=forms.Textarea(attrs={"rows": 6}))


class AdmitForm(forms.Form):
    name = forms.CharField(label=_("Name (optional)"), max_length=100, required=False)
    show_name = forms.BooleanField(label=_("Show the name on the leaderboard"), required=False,
                                   help_text=_("Only if the participant agrees; otherwise the number is shown."))
    admission_paid = MoneyField(label=_("Admission paid (US dollars)"), max_digits=8)
    age_declared = forms.BooleanField(required=False)  # labelled in __init__: the age in force on the night

    def __init__(self, *args, on=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["age_declared"].label = _("Declares being %(age)s or older (30 DCMR 1702.1)") % {
            "age": value("player.minimum_age", on)}


class ApprovalForm(forms.Form):
    decision = forms.ChoiceField(label=_("Decision"), choices=[("approve", _("Approve")), ("refuse", _("Refuse"))])
    note = forms.CharField(label=_("Note (required to refuse)"), max_length=2000, required=False)
