from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from licensing.accounts.password_reset import normalized_email
from licensing.accounts.rules import INVITABLE_ROLES
from licensing.accounts.tasks import password_reset_email_send


class BoardAccountInviteForm(forms.Form):
    full_name = forms.CharField(label=_("Full name"), max_length=150)
    email = forms.EmailField(label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "off"}))
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    role = forms.ChoiceField(label=_("Role"), choices=[(role.value, role.label) for role in INVITABLE_ROLES],
                             widget=forms.RadioSelect,
                             help_text=_("Board staff review applications and keep the fee schedules; board "
                                         "members vote."))


class EmailAuthenticationForm(AuthenticationForm):
    """Django's login form, labelled for an email address (the user model's login field)."""

    username = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autofocus": True, "autocomplete": "email"})
    )


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, but the request only queues the address: the account lookup, the token and the
    email are the task's (licensing.accounts.password_reset), so a known and an unknown address cost the
    page the same."""

    def save(self, **kwargs) -> None:
        password_reset_email_send.delay(email=normalized_email(self.cleaned_data["email"]),
                                        language=get_language() or settings.LANGUAGE_CODE)
