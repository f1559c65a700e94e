"""Portal forms of the organization profile. They check the shape of the input; the
services check the rules, and their errors are put back on these forms."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.findings import RuleError
from licensing.models import Document, Organization, OrganizationMember, ResponsiblePerson
from licensing.organizations.rules import ein_findings, ein_normalized
from licensing.register.values import value

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class OrganizationProfileForm(forms.ModelForm):
    # The model's label and help text; typed digits, so phones and tablets show a number pad. Longer than the column:
    # a Social Security number typed in its place gets the rule's message, saying what to write instead.
    ein = Organization._meta.get_field("ein").formfield(max_length=40, widget=forms.TextInput(
        attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": "12-3456789"}))

    class Meta:
        model = Organization
        fields = ["name", "organization_type", "street_address", "city", "state", "postal_code", "phone", "email",
                  "is_senior_group", "incorporated_in_dc", "determination_letter", "founded_on", "purpose",
                  "operates_without_profit", "ein"]
        widgets = {"founded_on": DATE, "purpose": forms.Textarea(attrs={"rows": 4})}
        help_texts = {
            "incorporated_in_dc": _("30 DCMR 1200.2(a)."),
            "determination_letter": _("30 DCMR 1200.2, 1202.2(f): contributions are tax deductible."),
            "founded_on": _("30 DCMR 1200.2(d): at least one year before applying."),
            "purpose": _("30 DCMR 1200.2(b): as authorized by the constitution or bylaws."),
        }

    def clean_ein(self) -> str:
        """The EIN as the IRS writes it (12-3456789), so the model's 10 characters hold it; refused here with the
        rule's message (the service checks it again, for the API), before the model would only say "too long"."""
        ein = self.cleaned_data["ein"]
        findings = ein_findings(ein)
        if findings:
            raise ValidationError([RuleError(finding) for finding in findings])
        return ein_normalized(ein)


class MemberForm(forms.ModelForm):
    class Meta:
        model = OrganizationMember
        fields = ["full_name", "street_address", "city", "state", "postal_code", "date_of_birth", "is_disabled"]
        widgets = {"date_of_birth": DATE}

    def __init__(self, *args, inline_form_id: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if inline_form_id:
            # Edited inside a table row: the inputs sit in cells and join the row's form by its id;
            # the column header is not a label, so each input names itself.
            for field in self.fields.values():
                field.widget.attrs.update({"form": inline_form_id, "aria-label": str(field.label)})


class MemberImportForm(forms.Form):
    file = forms.FileField(
        label=_("Member list (CSV)"),
        help_text=_("Columns: full_name, street_address, city, state, postal_code, and optionally "
                    "date_of_birth (YYYY-MM-DD) and is_disabled (yes/no). UTF-8, at most 1 MB and 5,000 rows."),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )


class ResponsiblePersonForm(forms.ModelForm):
    class Meta:
        model = ResponsiblePerson
        fields = ["role", "full_name", "street_address", "city", "state", "postal_code", "phone", "date_of_birth"]
        widgets = {"date_of_birth": DATE}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Checked against the age in force on the day the person is named (organizations.services).
        self.fields["date_of_birth"].help_text = _("30 DCMR 1401.5: %(age)s or older.") % {
            "age": value("worker.minimum_age")}


class DocumentUploadForm(forms.ModelForm):
    file = forms.FileField(
        label=_("File"), help_text=_("PDF, PNG or JPEG, at most 10 MB."),
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}),
    )

    class Meta:
        model = Document
        fields = ["kind"]

