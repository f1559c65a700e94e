"""Portal forms for enforcement. They only collect input: the limits are the service's, and its
errors come back onto the form (`core.forms.errors_to_form`) naming the field and the rule."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.money import MoneyField, money_text
from core.numbers import IntegerField
from licensing.models.choices import DenialReason
from licensing.register.values import value


class _ActionForm(forms.Form):
    action: str
    reasons = forms.MultipleChoiceField(
        label=_("Reasons (30 DCMR 1210.1)"), choices=DenialReason.choices, required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    rules = forms.CharField(
        label=_("Rules broken"), required=False, max_length=500,
        help_text=_("Citations separated by commas, e.g. 30 DCMR 1408.1, 30 DCMR 1412.2. Required with reason (d)."),
    )
    explanation = forms.CharField(label=_("Explanation"), widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", self.action)  # three forms on one page: keep their fields apart
        super().__init__(*args, **kwargs)

    def clean_rules(self) -> list[str]:
        return [rule.strip() for rule in self.cleaned_data["rules"].replace(";", ",").split(",") if rule.strip()]


class SuspendForm(_ActionForm):
    action = "suspend"
    days = IntegerField()  # labelled in __init__: the most in force today (enforcement.suspension_max_days)
    starts_on = forms.DateField(label=_("Starts on"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=_("Today when left empty."))
    field_order = ["days", "starts_on", "reasons", "rules", "explanation"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].label = _("Days (at most %(most)s, 30 DCMR 1210.1)") % {
            "most": value("enforcement.suspension_max_days")}


class RevokeForm(_ActionForm):
    action = "revoke"
    confirm = forms.BooleanField(label=_("I understand that revocation is final."))


class FineForm(_ActionForm):
    action = "fine"
    violations = IntegerField(label=_("Number of violations"), min_value=1, max_value=32767, initial=1)
    amount_per_violation = MoneyField(max_digits=12, decimal_places=2)  # labelled in __init__: the cap in force
    field_order = ["violations", "amount_per_violation", "reasons", "rules", "explanation"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount_per_violation"].label = _(
            "Fine per violation, in dollars (at most %(most)s, 30 DCMR 1704.1)") % {
            "most": money_text(value("enforcement.fine_max_per_violation"))}
