"""The form that prepares a kit: the device's public key, as `manage.py hall keygen` printed it on the device; and the
upload of a hall's bundle."""

import json

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from licensing.hall.bundle import MAX_BUNDLE_BYTES, MAX_BUNDLE_MB


class KitForm(forms.Form):
    device_public_key = forms.CharField(
        label=_("The hall device's public key"), max_length=64, strip=True,
        help_text=_("Run `python manage.py hall keygen` on the laptop that will run the event and copy the public "
                    "key it prints (43 characters). Its private key never leaves that laptop."))


class BundleForm(forms.Form):
    bundle = forms.FileField(label=_("The hall's bundle"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bundle"].help_text = gettext(
            "The file the hall device exported for this kit (JSON, at most %(limit)s MB).") % {"limit": MAX_BUNDLE_MB}

    def clean_bundle(self):
        upload = self.cleaned_data["bundle"]
        if upload.size > MAX_BUNDLE_BYTES:
            raise forms.ValidationError(_("The file is larger than %(limit)s MB: this is not a hall's bundle."),
                                        params={"limit": MAX_BUNDLE_MB}, code="too_large")
        try:
            return json.loads(upload.read())
        except (UnicodeDecodeError, ValueError) as error:
            raise forms.ValidationError(_("The file is not JSON, so it is not a hall's bundle.")) from error

