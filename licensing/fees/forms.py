"""The fee forms: the public fee calculator (the same inputs as GET /api/v1/fees/quote), and the Board staff's forms
that record a fee's payment, waiver or void. The fees themselves are the Board's register (licensing.register)."""

from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.dates import DateField
from core.money import MoneyField, money_text
from licensing.fees.payments import REASON_MAX, REFERENCE_MAX
from licensing.fees.quotes import MULTIHALL_BOND_MARGIN, VENDOR_RENEWAL_BANDS, VENDOR_RENEWAL_TOP_FEE
from licensing.models import PaymentMethod
from licensing.models.choices import LICENSE_CLASS_CHOICES, ApplicationKind, LicenseType, Period
from licensing.register.kinds import PERCENT, shown
from licensing.register.values import value


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
    )  # help_text: the ages and the count in force (__init__)
    kind = forms.ChoiceField(label=_("Application"), choices=ApplicationKind.choices, initial=ApplicationKind.ORIGINAL)
    highest_prize = MoneyField(
        label=_("Highest prize offered (multi-hall bingo)"), required=False, max_digits=11, decimal_places=2,
        min_value=Decimal("0.01"),  # help_text: the margin in force (__init__)
    )
    base_expires_on = forms.DateField(
        label=_("Base bingo license expires on (multi-hall bingo)"), required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("The regular multi-hall fee is prorated to this date (30 DCMR 1414)."),
    )
    gross_sales = MoneyField(
        label=_("Prior-year gross sales to licensed organizations (vendor renewal)"), required=False,
        max_digits=12, decimal_places=2,  # help_text: the bands in force (__init__)
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


    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The figures in force today, read from the register: the help never states one the Board has changed.
        self.fields["highest_prize"].help_text = gettext("The multi-hall bond is this prize plus %(margin)s "
                                                         "(30 DCMR 1414.9).") % {
            "margin": shown(PERCENT, value(MULTIHALL_BOND_MARGIN))}
        self.fields["senior"].help_text = gettext(
            "Every member %(age)s or older (%(age_disabled)s if disabled), at least %(members)s members "
            "(30 DCMR 1201.1).") % {"age": value("senior.age"), "age_disabled": value("senior.age_disabled"),
                                    "members": value("senior.minimum_members")}
        self.fields["gross_sales"].help_text = gettext(
            "A vendor's renewal fee follows them: %(bands)s (30 DCMR 1208.4).") % {"bands": renewal_bands_text()}


def renewal_bands_text() -> str:
    """30 DCMR 1208.4's bands as they stand today: "under $5,000.00, $100.00; ...; more, $600.00"."""
    bands = [gettext("under %(sales)s, %(fee)s") % {"sales": money_text(value(below)), "fee": money_text(value(fee))}
             for below, fee in VENDOR_RENEWAL_BANDS]
    return "; ".join([*bands, gettext("more, %(fee)s") % {"fee": money_text(value(VENDOR_RENEWAL_TOP_FEE))}])


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
