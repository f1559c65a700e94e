"""An application's fee as the Board's staff receive it: each payment with its numbered receipt, the entry
that voids a payment recorded by mistake, and a waiver. All three are append-only records: a payment is never
changed or deleted, a mistake is reversed by a voiding entry (with its reason), so the receipts handed out
always stay explained (licensing.fees.payments writes them)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.models import AppendOnlyError, AppendOnlyModel

MONEY = {"max_digits": 12, "decimal_places": 2}


class FeeRecordImmutableError(AppendOnlyError):
    """A fee payment, its void or a waiver was about to be changed or removed."""


class PaymentMethod(models.TextChoices):
    # "Check" is also the poker action ("Pasar") and a flag to verify: the context keeps "Cheque" here.
    CHECK = "check", pgettext_lazy("payment method", "Check")
    MONEY_ORDER = "money_order", _("Money order")
    CASH = "cash", _("Cash")
    CARD = "card", _("Card or online")


# A check and a money order carry a number the bank and the Board trace them by: it is on the receipt.
METHODS_WITH_REFERENCE = (PaymentMethod.CHECK, PaymentMethod.MONEY_ORDER)


class FeePayment(AppendOnlyModel):
    append_only_error = FeeRecordImmutableError
    append_only_rows = "Fee payments"

    application = models.ForeignKey("licensing.Application", on_delete=models.PROTECT, related_name="fee_payments")
    method = models.CharField(_("method"), max_length=12, choices=PaymentMethod.choices)
    reference = models.CharField(_("check or money order number"), max_length=40, blank=True)
    amount = models.DecimalField(_("amount"), **MONEY)
    received_on = models.DateField(_("received on"))
    receipt_number = models.CharField(_("receipt number"), max_length=20, unique=True)
    # What was left of the fee once this payment counted: the receipt says it as it was that day.
    balance_after = models.DecimalField(_("balance remaining"), **MONEY)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("fee payment")
        verbose_name_plural = _("fee payments")
        ordering = ["received_on", "pk"]

    def __str__(self) -> str:
        return self.receipt_number

    @property
    def is_void(self) -> bool:
        return hasattr(self, "void")


class FeePaymentVoid(AppendOnlyModel):
    """Reverses one payment (a bounced check, a wrong amount typed): the payment stays, it no longer counts."""

    append_only_error = FeeRecordImmutableError
    append_only_rows = "Fee payment voids"

    payment = models.OneToOneField(FeePayment, on_delete=models.PROTECT, related_name="void")
    reason = models.TextField(_("reason"))
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    voided_at = models.DateTimeField(_("voided at"), auto_now_add=True)

    class Meta:
        verbose_name = _("fee payment void")
        verbose_name_plural = _("fee payment voids")

    def __str__(self) -> str:
        return f"Void of {self.payment_id}"


class FeeWaiver(AppendOnlyModel):
    """The Board's staff excuse what is left of an application's fee, with their reason."""

    append_only_error = FeeRecordImmutableError
    append_only_rows = "Fee waivers"

    application = models.OneToOneField("licensing.Application", on_delete=models.PROTECT, related_name="fee_waiver")
    amount = models.DecimalField(_("amount waived"), **MONEY)
    reason = models.TextField(_("reason"))
    waived_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    waived_at = models.DateTimeField(_("waived at"), auto_now_add=True)

    class Meta:
        verbose_name = _("fee waiver")
        verbose_name_plural = _("fee waivers")

    def __str__(self) -> str:
        return f"Waiver on {self.application_id}"
