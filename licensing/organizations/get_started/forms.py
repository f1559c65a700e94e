from django import forms

from licensing.models import Organization


class OrganizationRegisterForm(forms.ModelForm):
    """The facts a new organization starts with (30 DCMR 1202.2(c)); the rest of its profile is filled later."""

    class Meta:
        model = Organization
        fields = ["name", "organization_type", "street_address", "city", "state", "postal_code", "phone", "email",
                  "is_senior_group"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["organization_type"].required = True
