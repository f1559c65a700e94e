"""Portal forms of a vendor's owners and officers (30 DCMR 1207.2(d)), their 1206.4 declarations and their police
clearance report (1207.2(l)), and Board staff's decision on a DC official's conflict of interest (1206.4(d)). The
services check the rules; their errors are put back on these forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyField
from vendors.models import Owner

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
OWNER_FORM_FIELDS = [
    "role", "full_name", "street_address", "city", "state", "postal_code", "date_of_birth", "share", "through",
    "felony_convicted", "felony_pardoned", "supervision_ended_on", "gambler", "relative_disqualified",
    "dc_official", "dc_position",
]


def _share(**kwargs) -> MoneyField:
    # A percentage with cents; out of 0-100 the service refuses it citing 1207.2(d).
    kwargs.update(max_digits=5, decimal_places=2)
    return MoneyField(allow_negative=True, **kwargs)


class OwnerForm(forms.ModelForm):
    class Meta:
        model = Owner
        fields = OWNER_FORM_FIELDS
        field_classes = {"date_of_birth": DateField, "supervision_ended_on": DateField, "share": _share}
        widgets = {"date_of_birth": DATE, "supervision_ended_on": DATE}
        help_texts = {
            "role": _("30 DCMR 1207.2(d): every officer, director, partner, shareholder or other owner; and every "
                      "employee: no agent, servant or employee of a supplier may work at bingo, whatever their share "
                      "(1401.13), nor may the firm employ a disqualified person (1206.4(c))."),
            "date_of_birth": _("Asked of owners and officers (30 DCMR 1207.2(d)); for an employee it is optional, but "
                               "it tells people of the same name apart (30 DCMR 1206.4, 1401.13)."),
            "share": _("Percent of the ownership, 0 to 100 (30 DCMR 1207.2(d))."),
            "through": _("If the interest is held through another firm, its name (30 DCMR 1401.14)."),
            "felony_convicted": _("30 DCMR 1206.4(a)."),
            "supervision_ended_on": _("30 DCMR 1206.4(a): the date released from parole or probation, if any."),
            "gambler": _("30 DCMR 1206.4(b)."),
            "relative_disqualified": _("30 DCMR 1206.4(c): the name and relationship of a spouse or first-degree "
                                       "relative disqualified under 1206.4(a) or (b); leave empty if none."),
            "dc_official": _("30 DCMR 1206.4(d): the Board decides whether there is a conflict of interest."),
            "dc_position": _("30 DCMR 1206.4(d): the office or employment."),
        }


CLEARANCE_CHOICES = [
    ("dc", _("the District of Columbia")),
    ("residence", _("the jurisdiction where the person lives")),
    ("business", _("the jurisdiction of the business")),
]


class ClearanceForm(forms.Form):
    jurisdiction = forms.ChoiceField(
        label=_("Police clearance report of"), choices=CLEARANCE_CHOICES, initial="dc", required=False,
        help_text=_("Owners and officers give the District's report and those of the jurisdictions where they live "
                    "and where the business is (30 DCMR 1207.2(l))."))
    file = forms.FileField(
        label=_("Police clearance report"), help_text=_("PDF, PNG or JPEG, at most 10 MB (30 DCMR 1207.2(l))."),
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}),
    )

    def __init__(self, *args, jurisdictions: list[str] | None = None, **kwargs):
        """`jurisdictions`: the reports asked of this person (vendors.selectors.owner_clearances_needed); only those
        are offered, and none is to choose when the District's is the only one."""
        super().__init__(*args, **kwargs)
        if jurisdictions:
            field = self.fields["jurisdiction"]
            field.choices = [(key, label) for key, label in CLEARANCE_CHOICES if key in jurisdictions]
            if len(field.choices) == 1:
                field.widget = forms.HiddenInput()

    def clean_jurisdiction(self) -> str:
        return self.cleaned_data.get("jurisdiction") or "dc"  # the District's report, unless said otherwise


YES, NO = "yes", "no"


class ConflictDecisionForm(forms.Form):
    conflict = forms.TypedChoiceField(
        label=_("Does this office or employment conflict with holding a vendor license? (30 DCMR 1206.4(d))"),
        choices=[(YES, _("Yes: a conflict of interest (the license may not issue)")), (NO, _("No conflict"))],
        coerce=lambda value: value == YES, widget=forms.RadioSelect)
    # Required by the service, which says so with the rule (1206.4(d)); the form only carries it.
    reason = forms.CharField(label=_("Reason for the decision"), required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3}))
