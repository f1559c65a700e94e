"""The form that prepares a kit: the device's public key, as `manage.py hall keygen` printed it on the device."""

from django import forms
from django.utils.translation import gettext_lazy as _


class KitForm(forms.Form):
    device_public_key = forms.CharField(
        label=_("The hall device's public key"), max_length=64, strip=True,
        help_text=_("Run `python manage.py hall keygen` on the laptop that will run the event and copy the public "
                    "key it prints (43 characters). Its private key never leaves that laptop."))
