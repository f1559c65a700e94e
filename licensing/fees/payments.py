"""Receiving an application's fee: Board staff record each payment (a numbered receipt for the organization),
void a payment recorded by mistake, or waive what is left of the fee, each with an audit event.

The fee due is the one fixed at submission (Application.application_fee, 30 DCMR 1204). Payments add up; one
that would take the total past the fee is refused. The payment (or waiver) that settles the fee of an
application the Board has approved issues its license in the same transaction (licensing.licenses.services:
a license issues only when its fee is settled)."""

import datetime as dt
import re
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.chain import lock_log
from core.money import money_text, parse_money
from core.public_url import public_url
from licensing.fees import events
from licensing.licenses.services import license_issue
from licensing.licenses.settlement import FeeSettlement, fee_settlement
from licensing.models import Application, FeePayment, FeePaymentVoid, FeeWaiver, License, User
from licensing.models.choices import ApplicationStatus
from licensing.models.fees import METHODS_WITH_REFERENCE, PaymentMethod
from licensing.organizations.mail import organization_email_after_commit

# A fee is received from submission until the license issues (or after, to make good a voided payment).
PAYABLE_STATUSES = (ApplicationStatus.SUBMITTED, ApplicationStatus.DEFICIENT, ApplicationStatus.APPROVED)
RECEIPT_DIGITS = 5
RECEIPT_ATTEMPTS = 5
REFERENCE_MAX = 40
REASON_MAX = 2000
# What a check or money-order number is written with (the bank's own characters, nothing that could hide).
REFERENCE_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._/-]*")


def _require_staff(actor: User) -> None:
    if not actor.is_board_staff:
        raise PermissionDenied(_("Only Board staff record fee payments and waivers."))


def _locked(application: Application) -> Application:
    # One write at a time per application: two payments cannot both fit the same balance.
    return Application.objects.select_for_update().get(pk=application.pk)


def _require_payable(application: Application) -> None:
    if application.status not in PAYABLE_STATUSES:
        raise ValidationError({"application": _(
            "A fee is received for a submitted or approved application only, not for one that is %(status)s."
        ) % {"status": application.get_status_display().lower()}}, code="invalid_status")


def _reason(reason) -> str:
    text = (reason if isinstance(reason, str) else "").strip()
    if not text:
        raise ValidationError({"reason": _("Give the reason; it is kept in the audit trail.")}, code="required")
    if "\x00" in text or len(text) > REASON_MAX:
        raise ValidationError({"reason": _("Write the reason as plain text of at most %(max)d characters.")
                               % {"max": REASON_MAX}}, code="invalid")
    return text


def payment_fields_validate(*, method, reference, amount, received_on, today: dt.date) -> tuple[str, str, Decimal]:
    """The method, the reference (check or money-order number) and the amount as they are stored, or a
    ValidationError naming every field that is wrong (pure: no database)."""
    errors: dict[str, list] = {}
    if method not in PaymentMethod.values:
        errors["method"] = [_("Choose how the fee was paid: check, money order, cash, or card or online.")]
    reference = (reference if isinstance(reference, str) else "").strip()
    if not reference and method in METHODS_WITH_REFERENCE:
        errors["reference"] = [_("Enter the number printed on the check or money order.")]
    elif reference and (len(reference) > REFERENCE_MAX or not REFERENCE_PATTERN.fullmatch(reference)):
        errors["reference"] = [_("Write the number with the letters A-Z and the digits 0-9 (at most %(max)d "
                                 "characters).") % {"max": REFERENCE_MAX}]
    try:
        amount = parse_money(amount, field="amount")
        if amount <= 0:
            errors["amount"] = [_("A payment is more than $0.00.")]
    except ValidationError as error:
        errors.update(error.message_dict)
    if not isinstance(received_on, dt.date) or isinstance(received_on, dt.datetime):
        errors["received_on"] = [_("Enter the date the payment was received.")]
    elif received_on > today:
        errors["received_on"] = [_("A payment cannot be received in the future: enter the day it came in.")]
    if errors:
        raise ValidationError(errors)
    return method, reference, amount


def _overpayment_refuse(*, amount: Decimal, settlement: FeeSettlement) -> None:
    if settlement.due == 0:
        raise ValidationError({"amount": _("This application has no fee to pay.")}, code="no_fee")
    if settlement.settled:
        raise ValidationError({"amount": _("The fee is already settled: nothing is left to pay.")}, code="settled")
    if amount > settlement.balance:
        raise ValidationError({"amount": gettext(
            "That is more than is left to pay: the fee is %(due)s and %(balance)s remains. Record at most "
            "%(balance)s; the Board does not take more than the fee.") % {
                "due": money_text(settlement.due), "balance": money_text(settlement.balance)}}, code="overpayment")


def _next_receipt_number(year: int) -> str:
    prefix = f"R-{year}-"
    # Zero-padded, so the highest number sorts last as text (as license numbers are made).
    last = (FeePayment.objects.filter(receipt_number__startswith=prefix).order_by("-receipt_number")
            .values_list("receipt_number", flat=True).first())
    sequence = int(last.rsplit("-", 1)[1]) + 1 if last else 1
    return f"{prefix}{sequence:0{RECEIPT_DIGITS}d}"


def _payment_create(**fields) -> FeePayment:
    """Payments recorded at once for different applications would race for the same number: the year's
    numbering is locked until the transaction ends (PostgreSQL), and the unique index stays the last word (the
    loser takes the next number)."""
    year = timezone.localdate().year
    lock_log("licensing.receipt_numbers", str(year))
    for attempt in range(RECEIPT_ATTEMPTS):
        try:
            with transaction.atomic():
                return FeePayment.objects.create(receipt_number=_next_receipt_number(year), **fields)
        except IntegrityError:
            if attempt == RECEIPT_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def receipt_url(payment: FeePayment) -> str:
    return public_url(reverse("portal:fee_receipt", kwargs={"pk": payment.pk}))


def _license_issue_if_due(application: Application) -> License | None:
    """The approved application waiting for its fee gets its license now that the fee is settled."""
    if application.status != ApplicationStatus.APPROVED or License.objects.filter(application=application).exists():
        return None
    return license_issue(application=application)


@transaction.atomic
def fee_payment_record(
    *, actor: User, application: Application, method: str, amount, received_on: dt.date, reference: str = "",
    today: dt.date | None = None,
) -> FeePayment:
    """Record one payment of the application's fee and give it the next receipt number of the year."""
    _require_staff(actor)
    method, reference, amount = payment_fields_validate(
        method=method, reference=reference, amount=amount, received_on=received_on,
        today=today or timezone.localdate())
    application = _locked(application)
    _require_payable(application)
    before = fee_settlement(application=application)
    _overpayment_refuse(amount=amount, settlement=before)

    payment = _payment_create(application=application, method=method, reference=reference, amount=amount,
                              received_on=received_on, recorded_by=actor, balance_after=before.balance - amount)
    settlement = fee_settlement(application=application)
    events.fee_payment_recorded(actor=actor, application=application, payment=payment, method=method,
                                reference=reference, amount=amount, received_on=received_on, settlement=settlement)
    organization_email_after_commit(
        organization=application.organization,
        subject=gettext("Receipt %(number)s for your application #%(pk)d") % {
            "number": payment.receipt_number, "pk": application.pk},
        template="licensing/email/fee_payment_recorded.txt",
        context={"application": application, "payment": payment, "amount": money_text(amount),
                 "balance": money_text(settlement.balance), "receipt_url": receipt_url(payment)},
    )
    if settlement.settled:
        _license_issue_if_due(application)
    return payment


@transaction.atomic
def fee_payment_void(*, actor: User, payment: FeePayment, reason: str) -> FeePaymentVoid:
    """Reverse a payment recorded by mistake (or a check that bounced): it stays on file with its receipt
    number and stops counting. A license already issued stays; the balance shows as due again."""
    _require_staff(actor)
    reason = _reason(reason)
    application = _locked(payment.application)
    if FeePaymentVoid.objects.filter(payment=payment).exists():
        raise ValidationError({"payment": _("This payment is already void.")}, code="already_void")
    void = FeePaymentVoid.objects.create(payment=payment, reason=reason, voided_by=actor)
    events.fee_payment_voided(actor=actor, application=application, payment=payment, reason=reason)
    return void


@transaction.atomic
def fee_waive(*, actor: User, application: Application, reason: str) -> FeeWaiver:
    """Waive what is left of the fee, for the reason given; an approved application's license issues."""
    _require_staff(actor)
    reason = _reason(reason)
    application = _locked(application)
    _require_payable(application)
    settlement = fee_settlement(application=application)
    if settlement.waiver is not None:
        raise ValidationError({"application": _("This application's fee has already been waived.")},
                              code="already_waived")
    if settlement.settled:
        raise ValidationError({"application": _("The fee is already settled: nothing is left to waive.")},
                              code="settled")
    waiver = FeeWaiver.objects.create(application=application, amount=settlement.balance, reason=reason,
                                      waived_by=actor)
    events.fee_waived(actor=actor, application=application, reason=reason, waiver=waiver, settlement=settlement)
    _license_issue_if_due(application)
    return waiver
