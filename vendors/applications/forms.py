"""Portal forms of a vendor's account and its guided application. They check the shape of the input; the
services check the rules (30 DCMR 1207.2), and their errors are put back on these forms."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyField
from core.numbers import IntegerField, ModelChoiceField
from licensing.models import Application, License
from licensing.models.choices import ApplicationKind
from vendors.models import Vendor

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
# The business's name, address and contact: the licensing organization's (1207.2(a)).
CONTACT_FIELDS = ("name", "street_address", "city", "state", "postal_code", "phone", "email")
PROFILE_FIELDS = ("business_type", "established_on", "established_place", "years_in_business", "organized_in_dc",
                  "dc_business_license", "resident_agent_name", "resident_agent_address")


class VendorDetailsForm(forms.ModelForm):
    """What 1207.2 (a)-(c), (h), (i) ask of the business, for registration and the first step of the form."""

    name = forms.CharField(label=_("Name of the business"), max_length=200,
                           help_text=_("30 DCMR 1207.2(a)."))
    street_address = forms.CharField(label=_("Street address"), max_length=200)
    city = forms.CharField(label=_("City"), max_length=100, initial="Washington")
    state = forms.CharField(label=_("State"), max_length=2, initial="DC")
    postal_code = forms.CharField(label=_("ZIP code"), max_length=10)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    email = forms.EmailField(label=_("Email"), required=False)

    class Meta:
        model = Vendor
        fields = list(PROFILE_FIELDS)
        field_classes = {"established_on": DateField, "years_in_business": IntegerField}
        widgets = {"established_on": DATE}
        help_texts = {
            "business_type": _("30 DCMR 1207.2(b)."),
            "established_on": _("30 DCMR 1207.2(c)."),
            "established_place": _("30 DCMR 1207.2(c): the city and state, or the country."),
            "years_in_business": _("30 DCMR 1207.2(h): years in the bingo and Monte Carlo Night supply business."),
            "organized_in_dc": _("30 DCMR 1207.2(i): a business organized in the District gives its DC business "
                                 "license; one organized elsewhere names a resident agent."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            organization = self.instance.organization
            for name in CONTACT_FIELDS:
                self.initial.setdefault(name, getattr(organization, name))
        self.order_fields([*CONTACT_FIELDS, *PROFILE_FIELDS])


class AmendmentForm(forms.ModelForm):
    """What changed, for an amendment during the license term (30 DCMR 1202.3)."""

    class Meta:
        model = Application
        fields = ["change_date", "change_description"]
        field_classes = {"change_date": DateField}
        widgets = {"change_date": DATE, "change_description": forms.Textarea(attrs={"rows": 3})}


class SupplierForm(forms.Form):
    name = forms.CharField(label=_("Supplier or manufacturer"), max_length=200)
    address = forms.CharField(label=_("Address"), max_length=300, required=False,
                              help_text=_("30 DCMR 1207.2(f): each supplier's address."))


class OwnSuppliesForm(forms.Form):
    makes_own_supplies = forms.BooleanField(
        label=_("We make all our own supplies and buy them from nobody"), required=False,
        help_text=_("30 DCMR 1207.2(f): a manufacturer that buys from nobody names no supplier."))


class GrossReceiptsForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["gross_sales", "staffing_income"]
        # Negative amounts reach the service, which refuses them citing 1207.2(e) or 1208.4.
        field_classes = {"gross_sales": lambda **kwargs: MoneyField(allow_negative=True, **kwargs),
                         "staffing_income": lambda **kwargs: MoneyField(allow_negative=True, **kwargs)}
        labels = {"gross_sales": _("Prior year's gross receipts from supplies sold, leased or distributed to "
                                   "licensed organizations ($)"),
                  "staffing_income": _("Prior year's income from staffing provided to licensed organizations, if "
                                       "any ($)")}
        help_texts = {"gross_sales": _("30 DCMR 1207.2(e): 0.00 if none. A renewal's fee follows them, with the "
                                       "staffing income below (30 DCMR 1208.4)."),
                      "staffing_income": _("30 DCMR 1208.4: a renewal's fee follows the gross sales of supplies, "
                                           "equipment and staffing together. Leave empty if you provide no "
                                           "staffing.")}


class StartForm(forms.Form):
    kind = forms.ChoiceField(label=_("This application is"), choices=ApplicationKind.choices,
                             initial=ApplicationKind.ORIGINAL)
    base_license = ModelChoiceField(label=_("License renewed or amended"), queryset=License.objects.none(),
                                          required=False)

    def __init__(self, *args, licenses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["base_license"].queryset = licenses
