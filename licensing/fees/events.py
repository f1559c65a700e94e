"""The audit events of licensing/fees, one typed function each."""

import datetime as dt
from decimal import Decimal

from licensing.audit.events import audit_event_record
from licensing.licenses.settlement import FeeSettlement, fee_settlement
from licensing.models import Application, AuditEvent, FeePayment, FeeWaiver, User


def fee_payment_recorded(*, actor: User, application: Application, payment: FeePayment, method: str, reference: str,
                         amount: Decimal, received_on: dt.date, settlement: FeeSettlement) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.fee_payment_recorded", actor=actor, organization=application.organization,
        target=payment, payload={"application": application.pk, "receipt_number": payment.receipt_number,
                                 "method": method, "reference": reference, "amount": amount,
                                 "received_on": received_on, "balance": settlement.balance},
    )


def fee_payment_voided(*, actor: User, application: Application, payment: FeePayment, reason: str) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.fee_payment_voided", actor=actor, organization=application.organization,
        target=payment, payload={"application": application.pk, "receipt_number": payment.receipt_number,
                                 "amount": payment.amount, "reason": reason,
                                 "balance": fee_settlement(application=application).balance},
    )


def fee_waived(*, actor: User, application: Application, reason: str, waiver: FeeWaiver,
               settlement: FeeSettlement) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.fee_waived", actor=actor, organization=application.organization, target=application,
        payload={"application": application.pk, "amount": waiver.amount, "due": settlement.due,
                 "paid": settlement.paid, "reason": reason},
    )
