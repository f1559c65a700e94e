"""The fee on the pages and in the API, as a matrix of roles x own / other organization: Board staff record and
waive on the review page and through the API; the organization's people read their payments and download their
receipts; another organization's are a 404. Bad input answers 400 naming the field, never 500."""

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.fees.payments import fee_payment_record
from licensing.models import FeePayment, FeeWaiver, License
from tests.licensing.factories import (
    ApplicationFactory,
    MembershipFactory,
    OrganizationFactory,
    approve,
    board_member,
    board_staff,
)

pytestmark = pytest.mark.django_db
TODAY = timezone.localdate().isoformat()
PAYMENT = {"method": "check", "reference": "4471", "amount": "250.00", "received_on": TODAY}


@pytest.fixture
def application():
    return ApplicationFactory(submitted=True, organization=OrganizationFactory(name="Shepherd Park Civic"))


@pytest.fixture
def payment(application):
    return fee_payment_record(actor=board_staff(), application=application, method="check", reference="4470",
                              amount="100.00", received_on=timezone.localdate())


def _people(application):
    other = ApplicationFactory(submitted=True).organization
    return {
        "officer_own": MembershipFactory(organization=application.organization).user,
        "officer_other": MembershipFactory(organization=other).user,
        "board_staff": board_staff(),
        "board_member": board_member(),
    }


# role -> (review page, record on the page, receipt, status page, API list, API create, API receipt, API waiver)
MATRIX = {
    "anonymous": (302, 302, 302, 302, 401, 401, 401, 401),
    "officer_own": (403, 403, 200, 200, 200, 403, 200, 403),
    "officer_other": (403, 403, 404, 404, 404, 404, 404, 403),
    "board_staff": (200, 302, 200, 200, 200, 201, 200, 201),
    "board_member": (200, 403, 200, 200, 200, 403, 200, 403),
}


@pytest.mark.parametrize("role", list(MATRIX))
def test_role_matrix_on_pages_api_and_receipts(client, application, payment, role):
    people = _people(application)
    if role != "anonymous":
        client.force_login(people[role])
    pk = application.pk
    expected = MATRIX[role]
    got = (
        client.get(reverse("portal:review_detail", args=[pk])).status_code,
        client.post(reverse("portal:fee_payment_record", args=[pk]), {**PAYMENT, "amount": "10.00"}).status_code,
        client.get(reverse("portal:fee_receipt", args=[payment.pk])).status_code,
        client.get(reverse("portal:application_status", args=[pk])).status_code,
        client.get(reverse("fee-payment-list", args=[pk])).status_code,
        client.post(reverse("fee-payment-list", args=[pk]), {**PAYMENT, "amount": "20.00"},
                    content_type="application/json").status_code,
        client.get(reverse("fee-receipt", args=[payment.pk])).status_code,
        client.post(reverse("fee-waiver", args=[pk]), {"reason": "Hardship"},
                    content_type="application/json").status_code,
    )
    assert got == expected
    recorded = FeePayment.objects.filter(application=application).count()
    assert recorded == (3 if role == "board_staff" else 1)
    assert FeeWaiver.objects.exists() == (role == "board_staff")


def test_staff_see_the_forms_and_members_only_the_figures(client, application, payment):
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_detail", args=[application.pk])).content.decode()
    assert "Record a payment" in page and "Waive the fee" in page and payment.receipt_number in page
    assert "$150.00" in page  # the balance
    client.force_login(board_member())
    page = client.get(reverse("portal:review_detail", args=[application.pk])).content.decode()
    assert "Record a payment" not in page and "Void this payment" not in page and "$150.00" in page


def test_the_organization_sees_its_payments_receipts_and_how_to_pay(client, application, payment):
    client.force_login(MembershipFactory(organization=application.organization).user)
    page = client.get(reverse("portal:application_status", args=[application.pk])).content.decode()
    assert payment.receipt_number in page and reverse("portal:fee_receipt", args=[payment.pk]) in page
    assert "Pay $150.00 by check or money order to" in page
    assert "Record a payment" not in page
    receipt = client.get(reverse("portal:fee_receipt", args=[payment.pk]))
    assert receipt["Content-Type"] == "application/pdf" and receipt.content.startswith(b"%PDF")


def test_the_api_lists_the_fee_and_its_payments(client, application, payment):
    client.force_login(MembershipFactory(organization=application.organization).user)
    body = client.get(reverse("fee-payment-list", args=[application.pk])).json()
    assert (body["due"], body["paid"], body["balance"], body["settled"]) == ("250.00", "100.00", "150.00", False)
    assert body["payments"][0]["receipt_number"] == payment.receipt_number
    assert body["payments"][0]["receipt_url"] == reverse("fee-receipt", args=[payment.pk])


def test_the_settling_payment_on_the_review_page_issues_the_license(client, application):
    approve(application, pay=False)
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_detail", args=[application.pk])).content.decode()
    assert "Approved, awaiting the fee" in page
    response = client.post(reverse("portal:fee_payment_record", args=[application.pk]), PAYMENT)
    assert response.status_code == 302
    assert License.objects.filter(application=application).exists()


def test_void_on_the_review_page(client, application, payment):
    client.force_login(board_staff())
    url = reverse("portal:fee_payment_void", args=[application.pk, payment.pk])
    assert client.post(url, {"reason": ""}).status_code == 400
    assert client.post(url, {"reason": "Typed the wrong amount"}).status_code == 302
    assert FeePayment.objects.get(pk=payment.pk).is_void
    other = ApplicationFactory(submitted=True)
    assert client.post(reverse("portal:fee_payment_void", args=[other.pk, payment.pk]),
                       {"reason": "x"}).status_code == 404


BAD = [
    ({"reference": "44\x0071"}, "reference"),
    ({"reference": "٤٤٧١"}, "reference"),
    ({"amount": "٢٥٠"}, "amount"),
    ({"amount": "9" * 400}, "amount"),
    ({"amount": "1e400"}, "amount"),
    ({"amount": "260.00"}, "amount"),  # more than the fee
    ({"received_on": "٢٠٢٦-01-01"}, "received_on"),
    ({"received_on": "99999-01-01"}, "received_on"),
    ({"received_on": "2999-01-01"}, "received_on"),
    ({"method": "\x00"}, "method"),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_bad_input_on_the_page_is_a_400_naming_the_field(client, application, change, field):
    client.force_login(board_staff())
    response = client.post(reverse("portal:fee_payment_record", args=[application.pk]), {**PAYMENT, **change})
    assert response.status_code == 400
    if not any("\x00" in value for value in change.values()):  # a NUL: refused before any view
        assert field in response.context["fee_payment_form"].errors
    assert not FeePayment.objects.exists()


@pytest.mark.parametrize(("change", "field"), BAD)
def test_bad_input_in_the_api_is_a_400_naming_the_field(client, application, change, field):
    client.force_login(board_staff())
    response = client.post(reverse("fee-payment-list", args=[application.pk]), {**PAYMENT, **change},
                           content_type="application/json")
    assert response.status_code == 400
    assert field in {error["field"] for error in response.json()["errors"]}
    assert not FeePayment.objects.exists()


def test_huge_ids_and_nested_json_are_not_a_500(client, application):
    client.force_login(board_staff())
    assert client.get(f"/api/v1/payments/{'9' * 30}/receipt.pdf").status_code == 404
    assert client.get(f"/portal/fee-payments/{'9' * 30}/receipt.pdf").status_code == 404
    nested = '{"a": ' * 5000 + "{}" + "}" * 5000
    response = client.post(reverse("fee-payment-list", args=[application.pk]),
                           '{"method": ' + nested + ', "amount": "1.00"}', content_type="application/json")
    assert response.status_code == 400


def test_staff_find_the_approved_applications_awaiting_their_fee_in_the_queue_and_the_api(client, application):
    """Approved applications leave the queue's default (open) view; the license waits for the fee, so staff need
    them listed to record the payment that arrives."""
    approve(application, pay=False)
    licensed = ApplicationFactory(submitted=True)
    approve(licensed)  # paid first: its license issued on the last aye
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_queue"), {"status": "awaiting_fee"}).content.decode()
    hint = '<span class="hint">awaiting the fee</span>'
    assert f'href="/portal/review/{application.pk}/"' in page and hint in page
    assert f'href="/portal/review/{licensed.pk}/"' not in page
    approved = client.get(reverse("portal:review_queue"), {"status": "approved"}).content.decode()
    assert f'href="/portal/review/{licensed.pk}/"' in approved and approved.count(hint) == 1
    listed = client.get(reverse("review-application-list"), {"status": "awaiting_fee"}).json()
    assert [row["id"] for row in listed["results"]] == [application.pk]
    client.post(reverse("portal:fee_payment_record", args=[application.pk]), PAYMENT)  # the fee arrives
    assert client.get(reverse("review-application-list"), {"status": "awaiting_fee"}).json()["results"] == []
