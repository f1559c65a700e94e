"""The form Board staff decide a possible match with. It only collects the input: the reason required, the pair
still open and its rule are the service's, and its errors come back onto the form (core.forms.errors_to_form)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from licensing.matches.services import REASON_MAX_LENGTH

SAME, ANOTHER = "same", "another"


class MatchDecisionForm(forms.Form):
    rule = forms.CharField(widget=forms.HiddenInput, max_length=30)
    person = forms.CharField(widget=forms.HiddenInput, max_length=60)
    other = forms.CharField(widget=forms.HiddenInput, max_length=60)
    # The reason is required by the service, which cites the rule; an empty one reaches it.
    reason = forms.CharField(label=_("Reason"), required=False, max_length=REASON_MAX_LENGTH,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("What shows the two records are, or are not, the same person."))
    decision = forms.ChoiceField(choices=[(SAME, _("The same person: confirm")),
                                          (ANOTHER, _("Another person: dismiss"))],
                                 widget=forms.HiddenInput, required=False)

    @property
    def key(self) -> str:
        data = self.data if self.is_bound else self.initial
        return f"{data.get('rule', '')}|{data.get('person', '')}|{data.get('other', '')}"

    def clean_decision(self) -> str:
        decision = self.cleaned_data.get("decision")
        if decision not in (SAME, ANOTHER):
            raise forms.ValidationError(_("Confirm or dismiss the possible match."), code="required")
        return decision
