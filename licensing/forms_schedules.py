"""Admin forms of the fee and bond schedules: the service's checks, shown inline on the row's fields."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.forms import errors_to_form
from core.money import MoneyField
from licensing.models import BondScheduleRow, FeeScheduleRow
from licensing.services.schedules import schedule_row_change_validate, schedule_row_validate

ROW_FIELDS = ["license_type", "license_class", "period", "senior", "amount", "effective_from", "effective_to", "rule",
              "notes"]
CHECKED = ("license_type", "license_class", "period", "effective_from", "effective_to", "amount")


class ScheduleRowForm(forms.ModelForm):
    def clean(self):
        cleaned = super().clean()
        # Fields shown read-only (a row in effect) are not in the form: check the stored value.
        values = {name: cleaned.get(name, getattr(self.instance, name)) if name in self.fields
                  else getattr(self.instance, name) for name in CHECKED}
        try:
            schedule_row_validate(model=self._meta.model, **values)
            if self.instance.pk is not None:  # the instance still holds the stored values here
                changes = {name: cleaned[name] for name in self.fields if name in cleaned}
                schedule_row_change_validate(stored=self.instance, changes=changes, today=timezone.localdate())
        except ValidationError as error:
            errors_to_form(self, error)
        return cleaned


class FeeScheduleRowForm(ScheduleRowForm):
    class Meta:
        model = FeeScheduleRow
        fields = [*ROW_FIELDS[:2], "kind", *ROW_FIELDS[2:]]
        field_classes = {"amount": MoneyField}


class BondScheduleRowForm(ScheduleRowForm):
    class Meta:
        model = BondScheduleRow
        fields = ROW_FIELDS
        field_classes = {"amount": MoneyField}
