"""The fee forms: the public fee calculator (the same inputs as GET /api/v1/fees/quote), and the admin forms of the
fee and bond schedules (the service's checks, shown inline on the row's fields)."""

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.forms import errors_to_form
from core.money import MoneyField
from licensing.fees.payments import REASON_MAX, REFERENCE_MAX
from licensing.fees.services import schedule_row_change_validate, schedule_row_validate
from licensing.models import BondScheduleRow, FeeScheduleRow, PaymentMethod
from licensing.models.choices import LICENSE_CLASS_CHOICES, ApplicationKind, LicenseType, Period


class FeeCalculatorForm(forms.Form):
    license_type = forms.ChoiceField(label=_("License type"), choices=LicenseType.choices)
    license_class = forms.ChoiceField(
        label=_("License class"), required=False,
        choices=[("", _("None (vendor)")), *LICENSE_CLASS_CHOICES],
        help_text=_("A to D for bingo (Class D: senior groups only), A to C for multi-hall bingo, "
                    "1 to 5 for raffles, 1 or 2 for Monte Carlo Night (Class 2 includes Texas Hold'em); "
                    "none for a vendor."),
    )
    period = forms.ChoiceField(
        label=_("Period"), choices=Period.choices, initial=Period.REGULAR,
        help_text=_("A limited period exists for bingo and multi-hall bingo only."),
    )
    senior = forms.BooleanField(
        label=_("We apply as a senior group"), required=False,
        help_text=_("Every member 60 or older (55 if disabled), at least 10 members (30 DCMR 1201.1)."),
    )
    kind = forms.ChoiceField(label=_("Application"), choices=ApplicationKind.choices, initial=ApplicationKind.ORIGINAL)
    highest_prize = MoneyField(
        label=_("Highest prize offered (multi-hall bingo)"), required=False, max_digits=11, decimal_places=2,
        min_value=Decimal("0.01"), help_text=_("The multi-hall bond is this prize plus 15% (30 DCMR 1414.9)."),
    )
    base_expires_on = forms.DateField(
        label=_("Base bingo license expires on (multi-hall bingo)"), required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("The regular multi-hall fee is prorated to this date (30 DCMR 1414)."),
    )
    gross_sales = MoneyField(
        label=_("Prior-year gross sales to licensed organizations (vendor renewal)"), required=False,
        max_digits=12, decimal_places=2,
        help_text=_("A vendor's renewal fee follows them: under $5,000, $100; to $19,999.99, $200; to $49,999.99, "
                    "$400; above, $600 (30 DCMR 1208.4)."),
    )
    staffing_income = MoneyField(
        label=_("Prior-year staffing income from licensed organizations (vendor renewal, if any)"), required=False,
        max_digits=12, decimal_places=2,
        help_text=_("Counted with the gross sales of supplies and equipment for the renewal fee (30 DCMR 1208.4)."),
    )
    # The fee in force on the day the application is submitted (30 DCMR 1202.2(r)): a future day shows a change the
    # Board has already approved. fee_quote takes it as `on`; empty, today.
    on = DateField(
        label=_("Applying on"), required=False, initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("The day the application is submitted (default today): the fee in force that day applies."),
    )


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


# --- Receiving the fee (Board staff, on the review page; licensing.fees.payments) ---


class FeePaymentForm(forms.Form):
    method = forms.ChoiceField(label=_("Method"), choices=PaymentMethod.choices)
    reference = forms.CharField(
        label=_("Check or money order number"), required=False, max_length=REFERENCE_MAX,
        help_text=_("Required for a check or a money order."),
    )
    amount = MoneyField(label=_("Amount"), help_text=_("In dollars and cents, such as 250 or 125.50."))
    received_on = DateField(label=_("Received on"), widget=forms.DateInput(attrs={"type": "date"}),
                            initial=timezone.localdate)


class FeeWaiverForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the waiver"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 3}))


class FeePaymentVoidForm(forms.Form):
    reason = forms.CharField(label=_("Reason for voiding"), max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 2}))
