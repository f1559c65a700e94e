"""The vendor cross-check page's question: a year, and only the flagged years."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.reports.deadlines import EARLIEST, LATEST


class VendorCrossCheckForm(forms.Form):
    year = IntegerField(label=_("Year"), required=False, min_value=EARLIEST.year, max_value=LATEST.year)
    flagged = forms.BooleanField(label=_("Only the years flagged for staff"), required=False)
