"""The Rules and fees page's forms: a proposed change (checked by the register's own rules, its errors shown on the
field), and a second person's decision on one (a note; a refusal says why)."""

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from licensing.register.rules import CITATION_MAX, REASON_MAX
from licensing.register.selectors import key_choices
from licensing.register.services import NOTE_MAX

VALUE_MAX = 40  # BoardNumber.value


def _tomorrow() -> dt.date:
    return timezone.localdate() + dt.timedelta(days=1)


class DayInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%d")


class ProposalForm(forms.Form):
    """KEY = VALUE from a future day. The form checks the shapes (a date, text of a length); the register's rules
    (number_propose, and selectors.proposal_problems before it) check the rest and name the key."""

    key = forms.ChoiceField(label=_("Number"), choices=key_choices,
                            help_text=_("Each number of the Board's register, by section; the key is in brackets."))
    value = forms.CharField(label=_("New value"), max_length=VALUE_MAX,
                            help_text=_("An amount such as 600.00, a whole number, a time as HH:MM or a percent."))
    effective_from = DateField(label=_("In force from"), widget=DayInput(),
                               help_text=_("Tomorrow at the earliest: what was in force before is never changed."))
    effective_to = DateField(label=_("Until (optional)"), widget=DayInput(), required=False,
                             help_text=_("The first day it no longer applies; leave empty until a later value "
                                         "takes over."))
    citation = forms.CharField(label=_("Citation"), max_length=CITATION_MAX,
                               help_text=_("The section that sets the number, such as 30 DCMR 1204.1."))
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False,
                             widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=_("Why the Board changes it (a meeting, an amended rule); kept with the row."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tomorrow = _tomorrow().isoformat()
        self.fields["effective_from"].widget.attrs["min"] = tomorrow
        self.fields["effective_to"].widget.attrs["min"] = tomorrow


class ApproveForm(forms.Form):
    note = forms.CharField(label=_("Note (optional)"), max_length=NOTE_MAX, required=False)


class RefuseForm(forms.Form):
    note = forms.CharField(label=_("Why it is refused"), max_length=NOTE_MAX,
                           help_text=_("The person who proposed the change reads it."))
