"""Forms of the guided application: one per step, each saved as a draft when posted."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.money import MoneyField
from core.numbers import IntegerField, ModelChoiceField
from licensing.models import Application, BingoOccasion, License
from licensing.models.choices import LICENSE_CLASSES, ORGANIZATION_LICENSE_TYPES, ApplicationKind, LicenseType, Period
from licensing.premises.services import FILE_CORRECTION, USE_RECORD


def amount(**kwargs) -> MoneyField:
    # Negative amounts reach the service, which refuses them citing the section the amount answers to.
    return MoneyField(allow_negative=True, **kwargs)

DATE = forms.DateInput(attrs={"type": "date"})
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


# Each license type's classes as the start form lists them (30 DCMR 1204.1, 1204.16, 1414.1; raffle classes 1-5,
# 1202.2(n)): grouped under their type, so the list reads right without JavaScript, and a small static script
# (static/js/license_class.js) shows only the chosen type's group.
CLASS_GROUPS = [
    (LicenseType.BINGO, [("A", _("A: 500 players or more")), ("B", _("B: 251-499 players")),
                         ("C", _("C: 250 players or fewer")), ("D", _("D: senior groups, recreational"))]),
    (LicenseType.RAFFLE, [(c, _("Class %(class)s") % {"class": c}) for c in LICENSE_CLASSES[LicenseType.RAFFLE]]),
    (LicenseType.MONTECARLO, [("1", _("Class 1")), ("2", _("Class 2: with Texas Hold'em"))]),
    (LicenseType.MULTIHALL, [("A", _("A: on a Class A bingo license")), ("B", _("B: on a Class B bingo license")),
                             ("C", _("C: on a Class C bingo license"))]),
]


class LicenseClassSelect(forms.Select):
    """Options grouped by license type, each option naming its type (data-license-type) for the script."""

    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        for (license_type, _options), (_group, options, _index) in zip(CLASS_GROUPS, groups, strict=True):
            for option in options:
                option["attrs"]["data-license-type"] = license_type.value
        return groups


class StartForm(forms.Form):
    license_type = forms.ChoiceField(label=_("License type"), choices=ORGANIZATION_LICENSE_TYPES)
    license_class = forms.ChoiceField(
        label=_("License class"), widget=LicenseClassSelect(attrs={"data-follows": "license_type"}),
        choices=[(license_type.label, options) for license_type, options in CLASS_GROUPS],
        help_text=_("Bingo: A-D (30 DCMR 1204.1). Multi-hall: A-C, the class of the bingo license (1414.1). "
                    "Raffle: 1-5. Monte Carlo Night: 1, or 2 with Texas Hold'em (1204.16)."),
    )
    period = forms.ChoiceField(label=_("Period"), choices=Period.choices, initial=Period.REGULAR)
    kind = forms.ChoiceField(label=_("This application is"), choices=ApplicationKind.choices,
                             initial=ApplicationKind.ORIGINAL)
    base_license = ModelChoiceField(
        label=_("License renewed, amended or extended (multi-hall)"), queryset=License.objects.none(), required=False
    )
    # No "senior group" box: that status is read from the organization's checked profile (30 DCMR 1201.1).

    def __init__(self, *args, organization, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["base_license"].queryset = organization.licenses.all()

    def clean(self):
        cleaned = super().clean()
        license_type, license_class = cleaned.get("license_type"), cleaned.get("license_class")
        if license_type and license_class and license_class not in LICENSE_CLASSES[LicenseType(license_type)]:
            self.add_error("license_class", _(
                "A %(type)s license has no class %(class)s; choose one of %(allowed)s (30 DCMR 1204.1, 1204.16, "
                "1414.1).") % {"type": LicenseType(license_type).label, "class": license_class,
                               "allowed": ", ".join(LICENSE_CLASSES[LicenseType(license_type)])})
        return cleaned


class PremisesForm(forms.Form):
    premises_name = forms.CharField(label=_("Name of the premises"), max_length=200)
    premises_street_address = forms.CharField(label=_("Street address"), max_length=200)
    premises_postal_code = forms.CharField(label=_("ZIP code"), max_length=10)
    certificate_of_occupancy = forms.CharField(label=_("Certificate of occupancy number (30 DCMR 1400.8)"),
                                               max_length=60, required=False)
    # Shown only when a premises is on record at the address and says something else (licensing.premises).
    resolution = forms.ChoiceField(
        label=_("A premises is already on record at this address"), required=False, widget=forms.RadioSelect,
        choices=[(USE_RECORD, _("Use the premises as it is on record")),
                 (FILE_CORRECTION, _("Use it, and send what I typed to board staff as a correction"))],
    )

    def __init__(self, *args, on_record=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.on_record = on_record
        if on_record is None:
            self.fields["resolution"].widget = forms.HiddenInput()


class RaffleForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["ticket_price", "tickets_printed", "first_ticket_number", "last_ticket_number",
                  "aggregate_prize_value", "drawing_at", "drawing_place"]
        widgets = {"drawing_at": DATETIME}
        field_classes = {"ticket_price": amount, "aggregate_prize_value": amount,
                         "tickets_printed": IntegerField, "first_ticket_number": IntegerField,
                         "last_ticket_number": IntegerField}


class MonteCarloForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["event_starts_at", "event_ends_at"]
        widgets = {"event_starts_at": DATETIME, "event_ends_at": DATETIME}


class MultiHallForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["highest_prize"]
        field_classes = {"highest_prize": amount}


class AmendmentForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["change_date", "change_description"]
        widgets = {"change_date": DATE}


class OccasionForm(forms.ModelForm):
    class Meta:
        model = BingoOccasion
        fields = ["date", "starts_at", "ends_at"]
        widgets = {"date": DATE, "starts_at": TIME, "ends_at": TIME}


def occasion_formset(*, blank_rows: int = 0):
    """Blank rows are "extra" forms, which may stay empty; rows already saved must validate."""
    return forms.formset_factory(OccasionForm, extra=blank_rows, can_delete=True, max_num=400)


class LeaseForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["premises_leased", "rent_amount", "rent_is_share_of_receipts", "lease_other_charges",
                  "lease_purpose", "lease_starts_on", "lease_ends_on", "lease_signed_on", "lessor_name",
                  "lessor_address", "lessor_identification"]
        widgets = {"lease_starts_on": DATE, "lease_ends_on": DATE, "lease_signed_on": DATE,
                   "lease_other_charges": forms.Textarea(attrs={"rows": 3})}
        field_classes = {"rent_amount": amount}
        help_texts = {"rent_is_share_of_receipts": _("Not allowed: rent must be a fixed fair amount (30 DCMR 1400.2).")}


class LeaseDocumentForm(forms.Form):
    """The copy of the written lease, filed on the lease step itself (30 DCMR 1400.4)."""

    file = forms.FileField(
        label=_("Copy of the written lease (30 DCMR 1400.4)"), required=False,
        help_text=_("PDF, PNG or JPEG, at most 10 MB. It is filed with this application."),
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,image/png,image/jpeg"}),
    )


class PurposeForm(forms.ModelForm):
    class Meta:
        model = Application
        fields = ["lawful_purpose"]
        widgets = {"lawful_purpose": forms.Textarea(attrs={"rows": 4})}
        help_texts = {"lawful_purpose": _("How the net proceeds will be used (30 DCMR 1202.2(p)).")}
