"""The portal's report forms, built from the report schema (licensing.reports.content.schema) so a report's shape
is written once: one form per one-group section, a formset per list section, and the small forms that open,
correct and submit a report; and the public "when is it due" helper's question."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyField
from core.numbers import IntegerField, ModelChoiceField
from licensing.models.choices import LICENSE_CLASS_CHOICES, LICENSE_CLASSES, LicenseType, Period
from licensing.reports.content import schema
from licensing.reports.deadlines import query_errors
from licensing.reports.filing.serializers import EVENT_TYPES

EXTRA_ROWS = 3
REASON_MAX = 2000


def _form_field(field: schema.Field) -> forms.Field:
    common = {"label": field.label, "required": False}
    if field.type == schema.MONEY:
        return MoneyField(**common)
    if field.type == schema.COUNT:
        return IntegerField(min_value=0, max_value=schema.MAX_COUNT, **common)
    if field.type == schema.DATE:
        return DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), **common)
    if field.type == schema.TIME:
        return forms.TimeField(widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"), **common)
    if field.type == schema.BOOL:
        return forms.BooleanField(**common)
    if field.type == schema.CHOICE:
        return forms.ChoiceField(choices=[("", "—"), *field.choices], **common)
    return forms.CharField(max_length=schema.TEXT_MAX, **common)


def _document_value(field: schema.Field, value):
    """A form's cleaned value as the report document holds it."""
    if value in (None, ""):
        return False if field.type == schema.BOOL else None
    if field.type == schema.MONEY:
        return format(value, "f")
    if field.type == schema.DATE:
        return value.isoformat()
    if field.type == schema.TIME:
        return value.strftime("%H:%M")
    return value


def _initial_value(field: schema.Field, value):
    if value in (None, ""):
        return None
    if field.type == schema.DATE:
        return dt.date.fromisoformat(value)
    if field.type == schema.TIME:
        return dt.time.fromisoformat(value)
    return value


class SectionForm(forms.Form):
    section: schema.Section

    def document(self) -> dict:
        return {f.name: _document_value(f, self.cleaned_data.get(f.name)) for f in self.section.fields}

    def is_empty_row(self) -> bool:
        return all(self.cleaned_data.get(f.name) in (None, "", False) for f in self.section.fields)


def section_form_class(kind: str, section_name: str) -> type[SectionForm]:
    found = schema.section(kind, section_name)
    attrs = {f.name: _form_field(f) for f in found.fields}
    attrs["section"] = found
    return type(f"{found.name.title()}Form", (SectionForm,), attrs)


def section_initial(section: schema.Section, values: dict) -> dict:
    return {f.name: _initial_value(f, values.get(f.name)) for f in section.fields}


class RowsFormSet(forms.BaseFormSet):
    def add_fields(self, form, index):
        super().add_fields(form, index)
        # The inputs sit in table cells under column headings: each says its own name and row to a screen reader.
        row = _("row %(number)s") % {"number": (index or 0) + 1} if index is not None else ""
        for field in form.fields.values():
            field.widget.attrs["aria-label"] = f"{field.label}, {row}" if row else str(field.label)

    def rows(self) -> list[dict]:
        """The filled rows in order: empty extra rows and rows marked for removal dropped."""
        return [form.document() for form in self.forms
                if form.cleaned_data and not form.cleaned_data.get("DELETE") and not form.is_empty_row()]


def section_formset_class(kind: str, section_name: str):
    return forms.formset_factory(section_form_class(kind, section_name), formset=RowsFormSet, extra=EXTRA_ROWS,
                                 can_delete=True, max_num=schema.MAX_ROWS, validate_max=True,
                                 absolute_max=schema.MAX_ROWS + EXTRA_ROWS)


class ReportOpenForm(forms.Form):
    license = ModelChoiceField(label=_("License"), queryset=None)
    event_date = DateField(label=_("Date of the operation, drawing or event"),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def __init__(self, *args, licenses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["license"].queryset = licenses
        self.fields["license"].label_from_instance = lambda license: (
            f"{license.number} · {license.get_license_type_display()} · {license.organization.name}")


class NotHeldForm(ReportOpenForm):
    """30 DCMR 1413.1: a scheduled event that was not held has no report; the officers say why."""

    reason = forms.CharField(label=_("Why it was not held"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event_date"].label = _("Date of the scheduled operation, drawing or event")


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the correction"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 3}))


class CorrectionsForm(forms.Form):
    """A reason for each recorded figure the report changes (30 DCMR 1410)."""

    def __init__(self, *args, changes: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.paths = {}
        for index, change in enumerate(changes):
            name = f"reason_{index}"
            self.paths[name] = change["path"]
            self.fields[name] = forms.CharField(
                label=change["label"], max_length=schema.TEXT_MAX, required=False, initial=change["reason"],
                help_text=_("Recorded %(recorded)s, reported %(reported)s.") % {
                    "recorded": change["recorded"] if change["recorded"] not in (None, "") else "—",
                    "reported": change["reported"] if change["reported"] not in (None, "") else "—"})

    def reasons(self) -> dict[str, str]:
        return {self.paths[name]: value for name, value in self.cleaned_data.items() if value}


class SubmitForm(forms.Form):
    confirm = forms.BooleanField(label=_(
        "I attest that this report is complete and true; once submitted it is frozen, and any change is a "
        "correction the Board can read."))


# --- The public "when is it due" helper (licensing/reports/filing/views.py deadline_helper) ---


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
