"""Online payment of application fees: the interface a payment provider's adapter implements, and the one
configured (setting PAYMENT_PROVIDER, a dotted path to the adapter's class; none by default).

There is deliberately no fake provider: with none configured the portal asks for a check or money order
(settings.FEE_PAYABLE_TO) and Board staff record it by hand (licensing.fees.payments). An adapter for a real
provider (a card processor, the District's payment gateway) implements `PaymentProvider`:

1. `create_checkout` is called when an organization chooses to pay online: the provider answers with the
   address to send the payer to and its own reference for the checkout.
2. The provider later calls the portal back (a webhook). `verify_webhook` checks the call's signature with
   the provider's secret and reads it into a `WebhookEvent`; an unsigned or forged call raises
   `WebhookRejected` and changes nothing.
3. A `PAID` event is recorded with `fee_payment_record(method=PaymentMethod.CARD, reference=<the provider's
   reference>, ...)` by the Board's system account, so an online payment gets the same numbered receipt, the
   same overpayment check and the same license issue as a check; `FAILED` and `CANCELED` record nothing.
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Protocol, runtime_checkable

from django.conf import settings
from django.utils.module_loading import import_string


class CheckoutStatus(StrEnum):
    PENDING = "pending"  # the payer has not finished
    PAID = "paid"  # the provider holds the money: record the payment
    FAILED = "failed"  # declined; nothing to record
    CANCELED = "canceled"  # the payer gave up; nothing to record


@dataclass(frozen=True)
class Checkout:
    reference: str  # the provider's own id of this checkout (kept as the payment's reference)
    redirect_url: str  # where the payer goes to pay
    status: CheckoutStatus = CheckoutStatus.PENDING


@dataclass(frozen=True)
class WebhookEvent:
    reference: str  # the checkout it is about
    status: CheckoutStatus
    amount: Decimal  # what the provider says was paid, in dollars with cents


class WebhookRejected(Exception):
    """The callback's signature did not verify, or its body could not be read."""


@runtime_checkable
class PaymentProvider(Protocol):
    name: str

    def create_checkout(self, *, application_id: int, amount: Decimal, description: str, return_url: str,
                        ) -> Checkout:
        """Open a checkout for `amount` (at most the balance left) and say where the payer goes."""
        ...

    def verify_webhook(self, *, headers: dict[str, str], body: bytes) -> WebhookEvent:
        """Check the provider's signature over the raw body; raise WebhookRejected when it does not verify."""
        ...


def payment_provider() -> PaymentProvider | None:
    """The configured provider, or None (the portal then offers a check or money order only)."""
    path = getattr(settings, "PAYMENT_PROVIDER", None)
    if not path:
        return None
    provider = import_string(path)()
    if not isinstance(provider, PaymentProvider):
        raise TypeError(f"PAYMENT_PROVIDER {path} does not implement licensing.fees.providers.PaymentProvider")
    return provider
