"""The public vendor registry API: GET /api/v1/public/vendors/ and /api/v1/public/vendors/<number>/, no sign-in,
paginated, only public facts; a bad parameter is a 400 naming it."""

import json

import pytest
from django.conf import settings
from django.urls import reverse

from tests.licensing.factories import LicenseFactory

pytestmark = pytest.mark.django_db

LIST = "/api/v1/public/vendors/"
ROW_KEYS = {"number", "name", "city", "state", "status", "effective_on", "expires_on", "suspended_until",
            "categories", "url"}


def numbers(client, **params) -> set[str]:
    response = client.get(LIST, params)
    assert response.status_code == 200, response.content
    return {row["number"] for row in response.json()["results"]}


def test_the_urls():
    assert reverse("public-vendor-list") == LIST
    assert reverse("public-vendor-detail", kwargs={"number": "VD-2026-00001"}) == LIST + "VD-2026-00001/"


def test_the_list_answers_anyone_paginated_with_the_licensed_vendors(client, registry):
    body = client.get(LIST, headers={"Authorization": "Token not-a-token"}).json()  # no sign-in, none checked
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 2
    rows = {row["number"]: row for row in body["results"]}
    assert set(rows) == {registry["potomac"].number, registry["anacostia"].number}
    potomac = registry["potomac"]
    row = rows[potomac.number]
    assert set(row) == ROW_KEYS
    assert row == {
        "number": potomac.number, "name": "Potomac Gaming Supply LLC", "city": "Washington", "state": "DC",
        "status": "licensed", "effective_on": potomac.effective_on.isoformat(),
        "expires_on": potomac.expires_on.isoformat(), "suspended_until": None, "categories": ["bingo"],
        "url": f"{settings.PUBLIC_BASE_URL}/vendors/registry/{potomac.number}/",
    }
    assert rows[registry["anacostia"].number]["categories"] == ["bingo", "montecarlo"]


def test_search_status_and_category(client, registry):
    assert numbers(client, q="casino") == {registry["anacostia"].number}
    assert numbers(client, q=registry["potomac"].number.lower()) == {registry["potomac"].number}
    assert numbers(client, category="montecarlo") == {registry["anacostia"].number}
    assert numbers(client, status="revoked") == {registry["revoked"].number}
    assert numbers(client, status="all") == {license.number for license in registry.values()}
    [row] = client.get(LIST, {"status": "suspended"}).json()["results"]
    suspended = registry["suspended"]
    assert row["number"] == suspended.number and row["status"] == "suspended"
    assert row["suspended_until"] == suspended.suspended_until.isoformat()


def test_the_detail_of_a_licensed_vendor_has_its_price_list_in_force(client, registry):
    license = registry["anacostia"]
    body = client.get(f"{LIST}{license.number.lower()}/").json()
    assert set(body) == ROW_KEYS | {"address", "business_type", "license_in_force", "price_list"}
    assert body["number"] == license.number and body["status"] == "licensed"
    assert body["address"] == {"street_address": "1800 Half Street SW", "city": "Washington", "state": "DC",
                               "postal_code": "20024"}
    assert body["business_type"] == "llc" and body["license_in_force"] is None
    assert body["price_list"]["version"] == 1
    assert body["price_list"]["items"] == [
        {"catalogue_number": "BP-100", "name": "Bingo paper, 6 on", "category": "bingo", "unit": "case of 500",
         "unit_price": "42.50"},
        {"catalogue_number": "DB-200", "name": "Ink dauber", "category": "bingo", "unit": "box of 12",
         "unit_price": "9.99"},
        {"catalogue_number": "MC-300", "name": "Roulette layout", "category": "montecarlo", "unit": "each",
         "unit_price": "310.00"},
    ]


@pytest.mark.parametrize("name", ["suspended", "revoked"])
def test_the_detail_of_a_suspended_or_revoked_vendor_still_answers(client, registry, name):
    license = registry[name]
    response = client.get(f"{LIST}{license.number}/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == name and body["price_list"] is None
    assert (body["suspended_until"] is not None) == (name == "suspended")


def test_only_public_facts(client, registry):
    text = json.dumps([client.get(f"{LIST}{license.number}/").json() for license in registry.values()])
    for private in ("Grace Whitfield", "Tomas Ruiz", "date_of_birth", "1968", "clearance", "Arrow Paper Mills",
                    "BL-2010-7781", "gross", "explanation"):
        assert private not in text, private


@pytest.mark.parametrize(("params", "field"), [
    ({"status": "everything"}, "status"),
    ({"category": "darts"}, "category"),
    ({"q": "x" * 101}, "q"),
])
def test_a_bad_parameter_is_a_400_naming_it(client, registry, params, field):
    response = client.get(LIST, params)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [error["field"] for error in errors] == [field]
    assert errors[0]["message"]


def test_unknown_numbers_and_other_licenses_are_404(client, registry):
    assert client.get(f"{LIST}VD-1999-99999/").status_code == 404
    bingo = LicenseFactory()
    response = client.get(f"{LIST}{bingo.number}/")
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"


def test_nul_characters_are_refused_before_the_database(client):
    api = client.get(LIST, {"q": "VD-\x00"})
    assert api.status_code == 400 and api.json()["errors"][0]["field"] == "q"
    assert client.get(reverse("vendors:registry_list"), {"q": "\x00"}).status_code == 400
    assert client.get(f"{LIST}VD%00/").status_code == 404
    assert client.get("/vendors/registry/VD%00/").status_code == 404
