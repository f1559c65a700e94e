"""Forms of the caller's console: record a ball, take back a call, hear a claim, void one, close."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField


class RecordForm(forms.Form):
    number = IntegerField(label=_("Ball drawn from the blower"), min_value=1, max_value=75,
                          help_text=_("1 to 75 (30 DCMR 1405.7)."))


class UndoForm(forms.Form):
    reason = forms.CharField(label=_("Reason for taking back the last call"), max_length=300)


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Reason for voiding the claim"), max_length=300)


class ClaimForm(forms.Form):
    face_number = IntegerField(label=_("Face number"), min_value=1,
                               help_text=_("The number printed on the claimed card (30 DCMR 1406.1)."))
    series_code = forms.CharField(label=_("Series (when several were sold)"), max_length=40, required=False)

