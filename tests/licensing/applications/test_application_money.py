"""Money and counts on applications (ticket price, prize value, rent, highest prize, ticket numbers):
negative amounts and digits of other scripts are refused, naming the field, in the portal and the API;
the service refuses them too, whoever calls it."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.applications.services import application_update
from licensing.models import Role
from licensing.models.choices import LicenseType
from tests.licensing.factories import ApplicationFactory, MembershipFactory

pytestmark = pytest.mark.django_db
ARABIC_TEN, FULLWIDTH_TEN = "١٠", "１０"


@pytest.fixture
def raffle():
    application = ApplicationFactory(license_type=LicenseType.RAFFLE, license_class="1", premises=None)
    officer = MembershipFactory(organization=application.organization, role=Role.OFFICER).user
    return application, officer


def _details(client, application, **values):
    data = {"ticket_price": "5.00", "tickets_printed": "100", "first_ticket_number": "1",
            "last_ticket_number": "100", "aggregate_prize_value": "200.00", "drawing_place": "Hall", **values}
    return client.post(reverse("portal:application_step", args=[application.pk, "details"]), data)


@pytest.mark.parametrize(("field", "typed"), [
    ("ticket_price", "-5.00"), ("ticket_price", ARABIC_TEN), ("aggregate_prize_value", "-200"),
    ("aggregate_prize_value", FULLWIDTH_TEN), ("ticket_price", "5.005"), ("tickets_printed", ARABIC_TEN),
    ("first_ticket_number", FULLWIDTH_TEN),
])
def test_the_portal_refuses_with_an_inline_error(client, raffle, field, typed):
    application, officer = raffle
    client.force_login(officer)
    response = _details(client, application, **{field: typed})
    assert response.status_code in (200, 400)
    form = response.context["forms"][0]
    assert field in form.errors
    application.refresh_from_db()
    assert application.ticket_price is None and application.aggregate_prize_value is None


def test_the_portal_saves_good_amounts(client, raffle):
    application, officer = raffle
    client.force_login(officer)
    assert _details(client, application).status_code == 302
    application.refresh_from_db()
    assert application.ticket_price == Decimal("5.00") and application.tickets_printed == 100


@pytest.mark.parametrize(("field", "typed", "code"), [
    ("ticket_price", "-5", "negative"), ("ticket_price", ARABIC_TEN, "ascii_digits"),
    ("aggregate_prize_value", -1, "negative"), ("aggregate_prize_value", FULLWIDTH_TEN, "ascii_digits"),
    ("rent_amount", "-300.00", "negative"), ("highest_prize", "1.005", "cents"),
    ("tickets_printed", ARABIC_TEN, "ascii_digits"),
])
def test_the_api_answers_400_naming_the_field(raffle, field, typed, code):
    application, officer = raffle
    client = APIClient()
    client.force_authenticate(officer)
    response = client.patch(f"/api/v1/applications/{application.pk}/", {field: typed}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == (field, code)
    application.refresh_from_db()
    assert getattr(application, field) is None


def test_the_lease_step_refuses_a_negative_rent(client):
    application = ApplicationFactory()
    officer = MembershipFactory(organization=application.organization, role=Role.OFFICER).user
    client.force_login(officer)
    response = client.post(reverse("portal:application_step", args=[application.pk, "lease"]),
                           {"premises_leased": "on", "rent_amount": "-100.00", "lessor_name": "Landlord"})
    assert "rent_amount" in response.context["forms"][0].errors
    application.refresh_from_db()
    assert application.rent_amount is None


def test_the_service_refuses_them_for_any_caller(raffle):
    application, officer = raffle
    with pytest.raises(ValidationError) as exc:
        application_update(actor=officer, application=application, ticket_price=Decimal("-1"),
                           rent_amount=ARABIC_TEN, aggregate_prize_value="10")
    assert set(exc.value.error_dict) == {"ticket_price", "rent_amount"}
    application.refresh_from_db()
    assert application.ticket_price is None and application.aggregate_prize_value is None


def test_an_amount_typed_as_people_write_it_is_read_in_the_portal_and_the_api(client, raffle):
    """Journey 11: "$1,250.00" is 1250.00, on the lease step and in the API (core.money)."""
    application = ApplicationFactory()
    officer = MembershipFactory(organization=application.organization, role=Role.OFFICER).user
    client.force_login(officer)
    page = client.get(reverse("portal:application_step", args=[application.pk, "lease"])).content.decode()
    assert 'name="rent_amount"' in page and 'inputmode="decimal"' in page
    response = client.post(reverse("portal:application_step", args=[application.pk, "lease"]),
                           {"premises_leased": "on", "rent_amount": "$1,250.00", "lessor_name": "Landlord"})
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.rent_amount == Decimal("1250.00")
    raffle_application, raffle_officer = raffle
    api = APIClient()
    api.force_authenticate(raffle_officer)
    response = api.patch(f"/api/v1/applications/{raffle_application.pk}/", {"ticket_price": "$1,250.00"},
                         format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["ticket_price"] == "1250.00"
    response = api.patch(f"/api/v1/applications/{raffle_application.pk}/", {"ticket_price": "$1,25.00"},
                         format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "ticket_price"
