"""The thread's portal form: a message and its files. It only shapes input; the service checks the files."""

from django import forms
from django.utils.translation import gettext_lazy as _

from licensing.models.messages import MAX_MESSAGE_CHARACTERS


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files from one input (Django's documented recipe): a list, possibly empty."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        if isinstance(data, (list, tuple)):
            return [super(MultipleFileField, self).clean(item, initial) for item in data if item]
        return [super().clean(data, initial)] if data else []


class MessageForm(forms.Form):
    body = forms.CharField(label=_("Message"), max_length=MAX_MESSAGE_CHARACTERS,
                           widget=forms.Textarea(attrs={"rows": 4}))
    attachments = MultipleFileField(
        label=_("Files"), required=False,
        help_text=_("Up to 5 files: PDF, PNG or JPEG, at most 10 MB each."),  # MAX_ATTACHMENTS
    )
