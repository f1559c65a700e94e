"""Every API error has one JSON shape that names the field and, for a broken regulation, the rule."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIRequestFactory

from core.api.errors import api_exception_handler
from core.findings import Finding, RuleViolation

pytestmark = pytest.mark.django_db


def test_missing_and_malformed_fields_are_named(client):
    response = client.post(reverse("token-create"), {"email": "not-an-email"})
    assert response.status_code == 400
    errors = {error["field"]: error for error in response.json()["errors"]}
    assert errors["email"]["code"] == "invalid"
    assert errors["password"]["code"] == "required"
    assert errors["password"]["message"] == "This field is required."
    assert all(set(error) == {"field", "code", "message", "rule"} for error in errors.values())


def test_unknown_object_is_a_404_in_the_same_shape(client, officer):
    client.force_login(officer)
    response = client.get(reverse("organization-detail", args=[999999]))
    assert response.status_code == 404
    assert response.json() == {"errors": [{"field": None, "code": "not_found", "message": "No Organization matches "
                                           "the given query.", "rule": None}]}


def test_a_rule_violation_names_its_field_and_citation():
    violation = RuleViolation([
        Finding("30 DCMR 1408.1", "a Class B regular game prize is at most $2,000", field="prize"),
        Finding("30 DCMR 1405.19", "at most 6 early-bird games per operation"),
    ])
    request = APIRequestFactory().post("/api/v1/anything/")
    response = api_exception_handler(violation, {"request": request})
    assert response.status_code == 400
    assert response.data == {"errors": [
        {"field": "prize", "code": "rule", "rule": "30 DCMR 1408.1",
         "message": "30 DCMR 1408.1: a Class B regular game prize is at most $2,000"},
        {"field": None, "code": "rule", "rule": "30 DCMR 1405.19",
         "message": "30 DCMR 1405.19: at most 6 early-bird games per operation"},
    ]}


def test_a_plain_django_validation_error_keeps_its_fields():
    error = ValidationError({"name": ValidationError("This field cannot be blank.", code="blank")})
    response = api_exception_handler(error, {"request": APIRequestFactory().get("/")})
    assert response.data == {"errors": [
        {"field": "name", "code": "blank", "message": "This field cannot be blank.", "rule": None}
    ]}


# --- Errors Django answers itself (no DRF view): JSON under /api/, HTML pages in the portal ---


@pytest.fixture
def production_errors(settings):
    settings.DEBUG = False  # as with DJANGO_ENV=production: the handlers answer, not the debug pages


def test_an_unknown_api_address_is_a_json_404_and_a_portal_one_stays_html(client, production_errors):
    for address in ("/api/v1/no-such-thing/", "/api/v1/bingo/series/1/faces/-3/", "/api/nothing"):
        response = client.get(address)
        assert response.status_code == 404, address
        assert response["Content-Type"] == "application/json"
        assert response.json() == {"errors": [{"field": None, "code": "not_found", "message": "Not found.",
                                               "rule": None}]}
    page = client.get("/portal/no-such-thing/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_a_method_the_api_does_not_offer_is_a_json_405(client, officer, production_errors):
    client.force_login(officer)
    response = client.delete(reverse("me"))
    assert response.status_code == 405 and response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


@pytest.mark.urls("tests.config.boom_urls")
def test_a_crash_is_a_json_500_under_api_and_an_html_page_in_the_portal(client, production_errors, caplog):
    client.raise_request_exception = False
    response = client.get("/api/v1/boom/")
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    [error] = response.json()["errors"]
    assert error["code"] == "server_error" and error["field"] is None
    assert "a bug" not in response.content.decode()  # no internals leak
    page = client.get("/portal/boom/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")
    assert any(record.levelname == "ERROR" and "a bug" in str(record.exc_info) for record in caplog.records)


def test_a_malformed_request_is_a_json_400_under_api(client, production_errors):
    # More fields than DATA_UPLOAD_MAX_NUMBER_FIELDS: Django refuses it before any view runs.
    query = "&".join(f"f{i}=1" for i in range(1100))
    response = client.get(f"/api/v1/public/licenses/?{query}")
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "bad_request"
