"""The registry's search, for the page and the API alike: a bad value is refused naming its field (400)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from licensing.public.selectors import QUERY_MAX_LENGTH
from vendors.models import SupplyCategory
from vendors.registry.selectors import LICENSED, STATUS_CHOICES


class RegistrySearchForm(forms.Form):
    q = forms.CharField(label=_("Vendor name, city or license number"), required=False,
                        max_length=QUERY_MAX_LENGTH)
    status = forms.ChoiceField(label=_("Status"), choices=STATUS_CHOICES, required=False)
    category = forms.ChoiceField(label=_("Supplies for"), required=False,
                                 choices=[("", _("Any supplies")), *SupplyCategory.choices])

    def clean_q(self) -> str:
        return " ".join(self.cleaned_data["q"].split())

    def clean_status(self) -> str:
        return self.cleaned_data["status"] or LICENSED

