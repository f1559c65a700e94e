from django import forms
from django.utils.translation import gettext_lazy as _

from licensing.accounts.rules import INVITABLE_ROLES


class BoardAccountInviteForm(forms.Form):
    full_name = forms.CharField(label=_("Full name"), max_length=150)
    email = forms.EmailField(label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "off"}))
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    role = forms.ChoiceField(label=_("Role"), choices=[(role.value, role.label) for role in INVITABLE_ROLES],
                             widget=forms.RadioSelect,
                             help_text=_("Board staff review applications and keep the fee schedules; board "
                                         "members vote."))
