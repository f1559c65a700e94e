"""What the fee block of a page shows (templates/licensing/fees/_payments.html): the Board's review page (with
staff's forms) and the organization's application pages (read-only)."""

from django.conf import settings

from licensing.fees.forms import FeePaymentForm, FeePaymentVoidForm, FeeWaiverForm
from licensing.fees.payments import PAYABLE_STATUSES
from licensing.fees.providers import payment_provider
from licensing.licenses.settlement import fee_settlement
from licensing.models import Application, License, User
from licensing.models.choices import ApplicationStatus


def fee_context(*, application: Application, user: User | None = None, forms: dict | None = None) -> dict:
    """`user` given and Board staff: the forms to record a payment, waive the fee and void a payment."""
    forms = forms or {}
    settlement = fee_settlement(application=application)
    has_license = License.objects.filter(application=application).exists()
    context = {
        "fee": settlement,
        "fee_payments": application.fee_payments.select_related("recorded_by", "void__voided_by").order_by(
            "received_on", "pk"),
        "fee_awaiting": application.status == ApplicationStatus.APPROVED and not has_license
        and not settlement.settled,
        "fee_online": payment_provider() is not None,
        "fee_payable_to": settings.FEE_PAYABLE_TO,
        "fee_payment_form": None, "fee_waiver_form": None, "fee_void_form": None,
    }
    if user is not None and user.is_board_staff:
        receivable = application.status in PAYABLE_STATUSES and not settlement.settled
        if receivable:
            context["fee_payment_form"] = forms.get("fee_payment_form") or FeePaymentForm()
        if receivable and settlement.waiver is None:
            context["fee_waiver_form"] = forms.get("fee_waiver_form") or FeeWaiverForm()
        context["fee_void_form"] = forms.get("fee_void_form") or FeePaymentVoidForm()
    return context
