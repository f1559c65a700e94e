from allauth.account.forms import LoginForm
from allauth.core import context
from allauth.mfa.base.forms import AuthenticateForm, ReauthenticateForm
from allauth.mfa.webauthn.forms import AuthenticateWebAuthnForm, ReauthenticateWebAuthnForm
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from licensing.accounts.lockout.second_step import second_step_failed, second_step_refuse_if_locked
from licensing.accounts.rules import INVITABLE_ROLES


class BoardAccountInviteForm(forms.Form):
    full_name = forms.CharField(label=_("Full name"), max_length=150)
    email = forms.EmailField(label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "off"}))
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)
    role = forms.ChoiceField(label=_("Role"), choices=[(role.value, role.label) for role in INVITABLE_ROLES],
                             widget=forms.RadioSelect,
                             help_text=_("Board staff review applications and read the records in the admin; "
                                         "board members vote."))


class PortalLoginForm(LoginForm):
    """allauth's sign-in form, its field labelled as the portal always has: the email address is the login."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Email address")
        self.fields["login"].widget.attrs.update({"autofocus": True, "autocomplete": "email"})
        self.fields["login"].widget.attrs.pop("placeholder", None)
        self.fields["password"].widget.attrs.pop("placeholder", None)


class SignupDetailsForm(forms.Form):
    """What allauth's sign-up form adds for this user model: the person's full name (ACCOUNT_SIGNUP_FORM_CLASS).
    The adapter (licensing.accounts.allauth_adapter) puts it on the user before the first save."""

    full_name = forms.CharField(label=_("Full name"), max_length=150,
                                widget=forms.TextInput(attrs={"autocomplete": "name"}))

    def signup(self, request, user) -> None:
        """allauth's hook after the user is saved: the name is already on it."""


# --- The second step of allauth's sign-in and re-authentication (MFA_FORMS): under the sign-in lockout ---


class _LockedOut:
    """A locked account's second step refuses every answer; a wrong one counts as a failed sign-in
    (licensing.accounts.lockout.second_step)."""

    factor = "code"
    # allauth reads a security key's answer as given: a malformed one raises these rather than its own error.
    malformed = (KeyError, TypeError, ValueError, AttributeError)

    def _checked(self, clean):
        request = context.request
        second_step_refuse_if_locked(request, self.user)
        try:
            return clean()
        except ValidationError:
            second_step_failed(request, self.user, factor=self.factor)
            raise
        except self.malformed:
            second_step_failed(request, self.user, factor=self.factor)
            raise ValidationError(_("That is not a security key's answer: try again with your key or use a code."),
                                  code="incorrect_code")


class SecondStepCodeForm(_LockedOut, AuthenticateForm):
    """An authenticator app's code or a recovery code at sign-in."""

    def clean_code(self):
        return self._checked(super().clean_code)


class SecondStepCodeReauthenticateForm(_LockedOut, ReauthenticateForm):
    def clean_code(self):
        return self._checked(super().clean_code)


class SecondStepWebAuthnForm(_LockedOut, AuthenticateWebAuthnForm):
    """A security key's or passkey's answer at sign-in."""

    factor = "webauthn"

    def clean_credential(self):
        return self._checked(super().clean_credential)


class SecondStepWebAuthnReauthenticateForm(_LockedOut, ReauthenticateWebAuthnForm):
    factor = "webauthn"

    def clean_credential(self):
        return self._checked(super().clean_credential)
