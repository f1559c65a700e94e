"""The price list on the portal (30 DCMR 1207.2(g), (j)): one row per item, added and removed in a formset,
and the representative's certification. Every value goes to the one service, which refuses a bad row naming
its field and the rule."""

from django import forms
from django.utils.translation import gettext_lazy as _

from vendors.models import SupplyCategory


class ItemForm(forms.Form):
    # Not required here: a half-filled row is refused by the service, naming the field and 1207.2(j).
    catalogue_number = forms.CharField(label=_("Catalogue number"), max_length=40, required=False)
    name = forms.CharField(label=_("Item"), max_length=200, required=False)
    category = forms.ChoiceField(label=_("For"), choices=SupplyCategory.choices, initial=SupplyCategory.BINGO)
    unit = forms.CharField(label=_("Unit"), max_length=60, required=False)
    unit_price = forms.CharField(label=_("Unit price ($)"), max_length=20, required=False)

    def has_item(self) -> bool:
        data = self.cleaned_data
        return not data.get("DELETE") and any(data.get(name) for name in ("catalogue_number", "name", "unit",
                                                                         "unit_price"))


def item_formset(*, blank_rows: int = 0):
    return forms.formset_factory(ItemForm, extra=blank_rows, can_delete=True, max_num=500)


class CertifyForm(forms.Form):
    certify = forms.BooleanField(
        label=_("I certify that these are the prices for the whole license term"), required=False,
        help_text=_("30 DCMR 1207.2(j): the certified price list holds for the license term; a price changes "
                    "during the term only through an amendment the Board approves."))
