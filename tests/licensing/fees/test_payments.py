"""Receiving an application's fee (licensing.fees.payments): payments add up to the fee and never past it, a
mistake is voided (never deleted), staff may waive the rest, and a license issues on the payment that settles
the fee of an approved application, not before."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, connections
from django.utils import timezone

from licensing.fees.payments import fee_payment_record, fee_payment_void, fee_waive
from licensing.licenses.services import license_issue
from licensing.licenses.settlement import fee_settlement
from licensing.models import AuditEvent, FeePayment, License
from licensing.models.choices import ApplicationStatus
from licensing.models.fees import FeeRecordImmutableError
from tests.licensing.factories import (
    ApplicationFactory,
    MembershipFactory,
    approve,
    board_member,
    board_staff,
    event_types,
)

pytestmark = pytest.mark.django_db
TODAY = timezone.localdate()


@pytest.fixture
def staff():
    return board_staff()


@pytest.fixture
def application():
    return ApplicationFactory(submitted=True)  # a fee of $250.00


def pay(application, staff, amount, method="check", reference="1042", received_on=TODAY):
    return fee_payment_record(actor=staff, application=application, method=method, reference=reference,
                              amount=amount, received_on=received_on)


def test_partial_payments_add_up_and_get_numbers_in_sequence(application, staff):
    first = pay(application, staff, "100.00")
    second = pay(application, staff, Decimal("50.50"), method="money_order", reference="MO-778812")
    third = pay(application, staff, "99.50", method="cash", reference="")
    year = TODAY.year
    assert [p.receipt_number for p in (first, second, third)] == [f"R-{year}-00001", f"R-{year}-00002",
                                                                  f"R-{year}-00003"]
    assert [p.balance_after for p in (first, second, third)] == [Decimal("150.00"), Decimal("99.50"), Decimal("0")]
    settlement = fee_settlement(application=application)
    assert settlement.paid == Decimal("250.00") and settlement.settled
    recorded = AuditEvent.objects.filter(event_type="licensing.fee_payment_recorded").order_by("id")
    assert [event.payload["receipt_number"] for event in recorded] == [f"R-{year}-00001", f"R-{year}-00002",
                                                                      f"R-{year}-00003"]
    assert recorded.first().actor == staff and recorded.first().payload["balance"] == "150.00"


def test_overpayment_is_refused_with_the_balance(application, staff):
    pay(application, staff, "200.00")
    with pytest.raises(ValidationError) as refused:
        pay(application, staff, "60.00")
    message = refused.value.message_dict["amount"][0]
    assert "$50.00" in message and "$250.00" in message
    assert FeePayment.objects.count() == 1
    pay(application, staff, "50.00")
    with pytest.raises(ValidationError) as settled:
        pay(application, staff, "0.01")
    assert "already settled" in settled.value.message_dict["amount"][0]


@pytest.mark.parametrize(("fields", "field"), [
    ({"received_on": "tomorrow"}, "received_on"),  # reckoned when the test runs: a run may cross midnight
    ({"received_on": "2026-01-01"}, "received_on"),
    ({"method": "check", "reference": ""}, "reference"),
    ({"method": "money_order", "reference": "   "}, "reference"),
    ({"reference": "12\x0034"}, "reference"),
    ({"reference": "١٢٣٤"}, "reference"),  # Arabic-Indic digits
    ({"reference": "x" * 41}, "reference"),
    ({"method": "bitcoin"}, "method"),
    ({"amount": "0"}, "amount"),
    ({"amount": "-5"}, "amount"),
    ({"amount": "١٠٠"}, "amount"),
    ({"amount": "12.345"}, "amount"),
    ({"amount": "9" * 40}, "amount"),
    ({"amount": 10.5}, "amount"),
])
def test_bad_input_names_its_field_and_changes_nothing(application, staff, fields, field):
    values = {"method": "check", "reference": "1042", "amount": "10.00", "received_on": TODAY, **fields}
    if values["received_on"] == "tomorrow":
        values["received_on"] = timezone.localdate() + dt.timedelta(days=1)
    with pytest.raises(ValidationError) as refused:
        fee_payment_record(actor=staff, application=application, **values)
    assert field in refused.value.message_dict
    assert FeePayment.objects.count() == 0 and not AuditEvent.objects.filter(
        event_type="licensing.fee_payment_recorded").exists()


def test_cash_and_card_need_no_number(application, staff):
    assert pay(application, staff, "10.00", method="cash", reference="").reference == ""
    assert pay(application, staff, "10.00", method="card", reference="ch_3PqA9").reference == "ch_3PqA9"


def test_only_board_staff_record(application):
    for person in (board_member(), MembershipFactory(organization=application.organization).user):
        with pytest.raises(PermissionDenied):
            pay(application, person, "10.00")


@pytest.mark.parametrize("status", [ApplicationStatus.DRAFT, ApplicationStatus.DENIED, ApplicationStatus.WITHDRAWN])
def test_no_fee_is_received_outside_submission_and_approval(staff, status):
    application = ApplicationFactory(submitted=True, status=status)
    with pytest.raises(ValidationError) as refused:
        pay(application, staff, "10.00")
    assert "application" in refused.value.message_dict


def test_no_payment_on_an_application_without_a_fee(staff):
    application = ApplicationFactory(submitted=True, application_fee=None)
    with pytest.raises(ValidationError) as refused:
        pay(application, staff, "10.00")
    assert "no fee" in refused.value.message_dict["amount"][0]


def test_a_void_keeps_the_payment_and_stops_it_counting(application, staff):
    payment = pay(application, staff, "250.00")
    with pytest.raises(ValidationError) as no_reason:
        fee_payment_void(actor=staff, payment=payment, reason="  ")
    assert "reason" in no_reason.value.message_dict
    fee_payment_void(actor=staff, payment=payment, reason="Check returned unpaid by the bank")
    assert FeePayment.objects.get().is_void
    assert fee_settlement(application=application).balance == Decimal("250.00")
    with pytest.raises(ValidationError):
        fee_payment_void(actor=staff, payment=payment, reason="again")
    event = AuditEvent.objects.get(event_type="licensing.fee_payment_voided")
    assert event.payload["reason"] == "Check returned unpaid by the bank" and event.actor == staff
    # A voided payment's receipt number is never reused.
    assert pay(application, staff, "250.00").receipt_number.endswith("00002")


def test_payments_are_never_changed_or_deleted(application, staff):
    payment = pay(application, staff, "250.00")
    with pytest.raises(FeeRecordImmutableError):
        payment.delete()
    with pytest.raises(FeeRecordImmutableError):
        FeePayment.objects.filter(pk=payment.pk).update(amount=1)
    payment.amount = Decimal("1.00")
    with pytest.raises(FeeRecordImmutableError):
        payment.save()


def test_a_waiver_settles_the_rest_with_its_reason(application, staff):
    pay(application, staff, "100.00")
    with pytest.raises(ValidationError) as no_reason:
        fee_waive(actor=staff, application=application, reason="")
    assert "reason" in no_reason.value.message_dict
    waiver = fee_waive(actor=staff, application=application, reason="Hardship: flood damage to the hall")
    assert waiver.amount == Decimal("150.00")
    assert fee_settlement(application=application).settled
    event = AuditEvent.objects.get(event_type="licensing.fee_waived")
    assert event.payload["reason"] == "Hardship: flood damage to the hall" and event.payload["amount"] == "150.00"
    with pytest.raises(ValidationError):
        fee_waive(actor=staff, application=application, reason="again")
    with pytest.raises(PermissionDenied):
        fee_waive(actor=board_member(), application=ApplicationFactory(submitted=True), reason="no")


# --- A license issues on the payment that settles the fee, not before ---


def test_approval_waits_for_the_fee_and_the_settling_payment_issues_the_license(application, staff, mailoutbox,
                                                                             django_capture_on_commit_callbacks):
    MembershipFactory(organization=application.organization)
    with django_capture_on_commit_callbacks(execute=True):
        approve(application, pay=False)
    application.refresh_from_db()
    assert application.status == ApplicationStatus.APPROVED
    assert not License.objects.filter(application=application).exists()
    assert "fee is due" in mailoutbox[-1].subject
    approved = AuditEvent.objects.get(event_type="licensing.application_approved")
    assert approved.payload["fee_balance"] == "250.00"

    with pytest.raises(ValidationError) as refused:
        license_issue(application=application)
    assert "$250.00 remains" in refused.value.message_dict["fee"][0]
    assert "(30 DCMR 1202.2(r))" in refused.value.message_dict["fee"][0]

    pay(application, staff, "200.00")
    assert not License.objects.filter(application=application).exists()
    with django_capture_on_commit_callbacks(execute=True):
        pay(application, staff, "50.00")
    assert License.objects.get(application=application).organization == application.organization
    types = event_types(application)
    assert types[types.index("licensing.license_issued") - 1] == "licensing.fee_payment_recorded"
    receipt_mail = next(m for m in mailoutbox if "Receipt R-" in m.subject)
    assert "/portal/fee-payments/" in receipt_mail.body and "receipt.pdf" in receipt_mail.body


def test_a_waiver_issues_the_license_of_an_approved_application(application, staff):
    approve(application, pay=False)
    fee_waive(actor=staff, application=application, reason="The Board waived fees for 2026 disaster relief")
    assert License.objects.filter(application=application).exists()


def test_an_application_without_a_fee_is_licensed_on_approval(staff):
    for fee in (None, Decimal("0.00")):
        application = ApplicationFactory(submitted=True, application_fee=fee)
        approve(application, pay=False)
        assert License.objects.filter(application=application).exists()


def test_paying_before_the_vote_lets_the_vote_issue(application, staff):
    pay(application, staff, "250.00")
    approve(application, pay=False)
    assert License.objects.filter(application=application).exists()


# --- Receipt numbers stay unique when payments are recorded at the same moment (PostgreSQL) ---


# PostgreSQL only: the migrated rows come back as the test ends (tests/migrated_data.py).
@pytest.mark.django_db(transaction=True)
def test_receipt_numbers_are_unique_under_concurrency():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite serializes writers: the race needs PostgreSQL")
    staff = board_staff()
    applications = [ApplicationFactory(submitted=True) for _ in range(6)]
    barrier = threading.Barrier(len(applications))
    errors = []

    def record(application):
        try:
            barrier.wait()
            pay(application, staff, "250.00")
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=record, args=(application,)) for application in applications]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    numbers = sorted(FeePayment.objects.values_list("receipt_number", flat=True))
    assert numbers == [f"R-{TODAY.year}-{n:05d}" for n in range(1, 7)]
