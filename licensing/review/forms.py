"""Portal forms of the Board review. They only shape input; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.models.choices import DenialReason, VoteChoice
from licensing.models.review import MAX_VOTE_COMMENT_CHARACTERS
from licensing.register.values import value
from licensing.review.rules import CURE_DAYS_KEY
from licensing.review.services import MAX_CURE_DAYS


class DeficiencyNoticeForm(forms.Form):
    message = forms.CharField(
        label=_("What is deficient"), widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Say what is missing or wrong and what the organization must send."),
    )
    cure_days = IntegerField(
        label=_("Days to cure"), min_value=1, max_value=MAX_CURE_DAYS, required=False,
        help_text=_("Left empty: the Board's standard time to cure."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cure_days"].widget.attrs["placeholder"] = str(value(CURE_DAYS_KEY))


class DenialForm(forms.Form):
    # Not required here: the service refuses an empty choice with the citation of 30 DCMR 1210.1.
    reasons = forms.MultipleChoiceField(
        label=_("Reasons (30 DCMR 1210.1)"), choices=DenialReason.choices, required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    explanation = forms.CharField(label=_("Explanation to the organization"), widget=forms.Textarea(attrs={"rows": 4}))


class VoteForm(forms.Form):
    choice = forms.ChoiceField(label=_("Your vote"), choices=VoteChoice.choices, widget=forms.RadioSelect)
    comment = forms.CharField(
        label=_("Comment to the Board (optional)"), required=False, max_length=MAX_VOTE_COMMENT_CHARACTERS,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Shown with your vote to the other board members and staff, never to the organization."),
    )

