"""The form that prepares a kit: the device's public key, as `manage.py hall keygen` printed it on the device."""

import json

from django import forms
from django.utils.translation import gettext_lazy as _


class KitForm(forms.Form):
    device_public_key = forms.CharField(
        label=_("The hall device's public key"), max_length=64, strip=True,
        help_text=_("Run `python manage.py hall keygen` on the laptop that will run the event and copy the public "
                    "key it prints (43 characters). Its private key never leaves that laptop."))


MAX_BUNDLE_BYTES = 50 * 1024 * 1024


class BundleForm(forms.Form):
    bundle = forms.FileField(label=_("The hall's bundle"), help_text=_(
        "The file the hall device exported for this kit (JSON, at most 50 MB)."))

    def clean_bundle(self):
        upload = self.cleaned_data["bundle"]
        if upload.size > MAX_BUNDLE_BYTES:
            raise forms.ValidationError(_("The file is larger than 50 MB: this is not a hall's bundle."))
        try:
            return json.loads(upload.read())
        except (UnicodeDecodeError, ValueError) as error:
            raise forms.ValidationError(_("The file is not JSON, so it is not a hall's bundle.")) from error
