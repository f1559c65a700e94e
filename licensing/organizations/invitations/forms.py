from django import forms
from django.utils.translation import gettext_lazy as _

from licensing.organizations.invitations.rules import invitable_roles


class InvitationForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "off"}))
    role = forms.ChoiceField(label=_("Role"))

    def __init__(self, *args, organization, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = [(role.value, role.label) for role in invitable_roles(organization)]
