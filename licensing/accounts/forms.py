from allauth.account.forms import LoginForm
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
