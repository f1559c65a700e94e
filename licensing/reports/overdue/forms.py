"""The overdue list's form: Board staff's waiver of an overdue report's hold on new applications."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.reports.overdue.services import REASON_MAX


class ReportWaiveForm(forms.Form):
    """Board staff's waiver of an overdue report's hold on new applications (licensing.reports.overdue)."""

    report = IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the waiver"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))
