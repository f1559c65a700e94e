"""The reports' portal forms: the public "when is it due" helper's question, Board staff's waiver of an overdue
report, the vendor cross-check's question (licensing/reports/views.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.numbers import IntegerField
from licensing.models.choices import LICENSE_CLASS_CHOICES, LICENSE_CLASSES, LicenseType, Period
from licensing.reports.deadlines import EARLIEST, LATEST, query_errors
from licensing.reports.overdue import REASON_MAX
from licensing.reports.serializers import EVENT_TYPES


class DeadlinesForm(forms.Form):
    license_type = forms.ChoiceField(label=_("License type"), choices=EVENT_TYPES)
    license_class = forms.ChoiceField(label=_("License class"), choices=[("", "—"), *LICENSE_CLASS_CHOICES],
                                      required=False)
    period = forms.ChoiceField(label=_("Period"), choices=Period.choices, initial=Period.REGULAR, required=False)
    event_date = DateField(label=_("Date of the operation, drawing or event"),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "due_%s")  # its own ids: the fee calculator page shows it beside its form
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        data["period"] = data.get("period") or Period.REGULAR
        if self.errors:
            return data
        errors = query_errors(license_type=data["license_type"], license_class=data.get("license_class", ""),
                              period=data["period"], event_date=data["event_date"],
                              classes=LICENSE_CLASSES[LicenseType(data["license_type"])])
        for field, message in errors.items():
            self.add_error(field, message)
        return data


class ReportWaiveForm(forms.Form):
    """Board staff's waiver of an overdue report's hold on new applications (licensing.reports.overdue)."""

    report = IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the waiver"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))


class VendorCrossCheckForm(forms.Form):
    year = IntegerField(label=_("Year"), required=False, min_value=EARLIEST.year, max_value=LATEST.year)
    flagged = forms.BooleanField(label=_("Only the years flagged for staff"), required=False)
