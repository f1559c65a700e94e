"""The form that prepares a kit (the device's public key, as `manage.py hall keygen` printed it on the device), the
upload of a hall's bundle, and the public check of a signed head (the query the hall's QR code carries)."""

import json

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import numbers
from licensing.hall.bundle import MAX_BUNDLE_BYTES, MAX_BUNDLE_MB, chained_model


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


SEQ_MAX = 2**31 - 1  # a row's seq is a PositiveIntegerField


class HeadCheckForm(forms.Form):
    """A signed head as licensing.hall.heads.head_check_url writes it: ASCII only, each part of the shape the
    Board's logs give it (the identity as the results pages print it: licensing.audit.witness.PAGE_HEAD)."""

    log = forms.RegexField(regex=r"\A[a-z_]+\.[a-z_]+\Z", max_length=100, error_messages={
        "invalid": _("A log's name, such as bingo.gameevent.")})
    identity = forms.RegexField(regex=r"\A[A-Za-z0-9:_-]+\Z", max_length=100, error_messages={
        "invalid": _("The log's owner, such as a game's number: letters, digits, “:”, “_” or “-”.")})
    seq = numbers.IntegerField(min_value=1, max_value=SEQ_MAX)
    hash = forms.RegexField(regex=r"\A[0-9a-fA-F]{64}\Z", error_messages={
        "invalid": _("64 hexadecimal digits (0-9, a-f).")})

    def clean_log(self):
        label = self.cleaned_data["log"]
        if chained_model(label) is None:
            raise forms.ValidationError(_("%(log)s is not a log the Board keeps."), params={"log": label},
                                        code="unknown_log")
        return label

    def clean_hash(self):
        return self.cleaned_data["hash"].lower()
