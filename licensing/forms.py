from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


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
        from licensing.accounts.password_reset import normalized_email
        from licensing.accounts.tasks import password_reset_email_send

        password_reset_email_send.delay(email=normalized_email(self.cleaned_data["email"]),
                                        language=get_language() or settings.LANGUAGE_CODE)
