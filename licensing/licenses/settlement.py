"""Where an application's fee stands: what is due, what the payments that count add up to, what was waived,
and what is left. A license issues only once nothing is left (licensing.licenses.services.license_issue); Board
staff receive the fee through licensing.fees.payments.

The fee due is the one computed when the application was submitted (Application.application_fee, the fee in
force in the Board's register that day, 30 DCMR 1204); an application with no fee (none or zero) is settled from
the start."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum

from licensing.models import Application, FeePayment, FeeWaiver

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class FeeSettlement:
    due: Decimal
    paid: Decimal
    waived: Decimal
    waiver: FeeWaiver | None

    @property
    def balance(self) -> Decimal:
        return max(self.due - self.paid - self.waived, ZERO)

    @property
    def settled(self) -> bool:
        return self.balance == ZERO


def fee_settlement(*, application: Application) -> FeeSettlement:
    """Voided payments do not count; a waiver covers what was left when it was granted."""
    paid = FeePayment.objects.filter(application=application, void__isnull=True).aggregate(total=Sum("amount"))
    waiver = FeeWaiver.objects.filter(application=application).first()
    return FeeSettlement(
        due=application.application_fee or ZERO, paid=paid["total"] or ZERO,
        waived=waiver.amount if waiver else ZERO, waiver=waiver,
    )
