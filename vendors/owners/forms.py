"""Board staff's decision on a DC official's conflict of interest (30 DCMR 1206.4(d))."""

from django import forms
from django.utils.translation import gettext_lazy as _

YES, NO = "yes", "no"


class ConflictDecisionForm(forms.Form):
    conflict = forms.TypedChoiceField(
        label=_("Does this office or employment conflict with holding a vendor license? (30 DCMR 1206.4(d))"),
        choices=[(YES, _("Yes: a conflict of interest (the license may not issue)")), (NO, _("No conflict"))],
        coerce=lambda value: value == YES, widget=forms.RadioSelect)
    # Required by the service, which says so with the rule (1206.4(d)); the form only carries it.
    reason = forms.CharField(label=_("Reason for the decision"), required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3}))
