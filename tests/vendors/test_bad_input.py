"""Bad input to the vendors' API and portal: NUL characters, negative or three-decimal amounts, a date in year 99999,
digits of other scripts. Each is a 400 naming the field (and the rule, where a rule was broken), never a 500, and
nothing is half-written."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import Document, Organization
from tests.licensing.factories import upload
from tests.vendors.applications.test_guided_form import REGISTRATION as FORM
from tests.vendors.factories import ITEMS, complete_vendor, filed_application, registered_vendor
from vendors.models import Owner, PriceListItem, Supplier, Vendor

pytestmark = pytest.mark.django_db

ARABIC_YEAR = "٢٠١٠-06-01"
REGISTRATION = {"name": "Bad Input Supply LLC", "street_address": "1 First St NE", "postal_code": "20002",
                "business_type": "llc", "established_on": "2010-06-01", "established_place": "Washington, DC",
                "years_in_business": 5, "organized_in_dc": True, "dc_business_license": "BL-1"}
PERSON = {"role": "officer", "full_name": "Pat Doe", "date_of_birth": "1970-01-01", "share": "10.00",
          "street_address": "2 Second St", "city": "Washington", "state": "DC", "postal_code": "20002"}


@pytest.fixture
def world():
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative)
    api = APIClient()
    api.force_authenticate(representative)
    return {"vendor": vendor, "application": application, "api": api, "representative": representative}


def _counts():
    return (Vendor.objects.count(), Organization.objects.count(), Owner.objects.count(), Supplier.objects.count(),
            PriceListItem.objects.count(), Document.objects.count())


def _fields(response) -> set:
    assert response.status_code == 400, (response.status_code, response.content[:500])
    return {error["field"] for error in response.json()["errors"]}


@pytest.mark.parametrize(("change", "field"), [
    ({"name": "Bad\x00Name"}, "name"),
    ({"established_on": "99999-01-01"}, "established_on"),
    ({"established_on": ARABIC_YEAR}, "established_on"),
    ({"established_on": "2999-01-01"}, "established_on"),
    ({"years_in_business": "١٥"}, "years_in_business"),
    ({"years_in_business": -1}, "years_in_business"),
    ({"years_in_business": 201}, "years_in_business"),
    ({"postal_code": "٢٠٠٠٢"}, "postal_code"),
    ({"email": "not an email"}, "email"),
    ({"business_type": "cartel"}, "business_type"),
], ids=lambda value: repr(value)[:30])
def test_registration_refuses_bad_input_naming_the_field(world, change, field):
    before = _counts()
    response = world["api"].post(reverse("vendor-list"), {**REGISTRATION, **change}, format="json")
    assert field in _fields(response)
    assert _counts() == before


@pytest.mark.parametrize(("change", "field", "rule"), [
    ({"share": "-5.00"}, "share", None),
    ({"share": "150.00"}, "share", "30 DCMR 1207.2(d)"),
    ({"share": "12.345"}, "share", None),
    ({"share": "١٠"}, "share", None),
    ({"date_of_birth": "99999-01-01"}, "date_of_birth", None),
    ({"date_of_birth": "١٩٧٠-01-01"}, "date_of_birth", None),
    ({"date_of_birth": "1850-01-01"}, "date_of_birth", None),
    ({"supervision_ended_on": "99999-12-31"}, "supervision_ended_on", None),
    ({"full_name": "Pat\x00Doe"}, "full_name", None),
    ({"role": "overlord"}, "role", None),
], ids=lambda value: repr(value)[:30])
def test_an_owner_refuses_bad_input_naming_the_field(world, change, field, rule):
    api, vendor = world["api"], world["vendor"]
    before = _counts()
    response = api.post(reverse("vendor-owner-list", args=[vendor.pk]), {**PERSON, **change}, format="json")
    assert field in _fields(response)
    if rule:
        assert rule in {error["rule"] for error in response.json()["errors"]}
    owner = vendor.owners.first()
    response = api.patch(reverse("vendor-owner-detail", args=[vendor.pk, owner.pk]), change, format="json")
    assert field in _fields(response)
    assert _counts() == before
    assert Owner.objects.get(pk=owner.pk).full_name == owner.full_name


@pytest.mark.parametrize(("unit_price", "rule"), [
    ("-1.00", "30 DCMR 1207.2(j)"), ("1.005", None), ("١٠", None), ("1e3", None), ("NaN", None), (None, None),
])
def test_a_price_list_item_refuses_a_bad_price_naming_its_row_and_nothing_changes(world, unit_price, rule):
    api, vendor, application = world["api"], world["vendor"], world["application"]
    url = reverse("vendor-price-list", args=[vendor.pk, application.pk])
    before = api.get(url).json()
    items = [ITEMS[0], {**ITEMS[1], "unit_price": unit_price}]
    response = api.put(url, {"items": items}, format="json")
    assert "items[1].unit_price" in _fields(response)
    if rule:
        assert rule in {error["rule"] for error in response.json()["errors"]}
    assert api.get(url).json() == before  # the items and their certification stand


@pytest.mark.parametrize(("items", "field"), [
    ([{**ITEMS[0], "name": "Bingo\x00paper"}], "items[0].name"),
    ([{**ITEMS[0], "catalogue_number": ""}], "items[0].catalogue_number"),
    ([{**ITEMS[0], "category": "slots"}], "items[0].category"),
    ([ITEMS[0], ITEMS[0]], "items[1].catalogue_number"),
    ("not a list", "items"),
])
def test_a_price_list_refuses_bad_items(world, items, field):
    api, vendor, application = world["api"], world["vendor"], world["application"]
    url = reverse("vendor-price-list", args=[vendor.pk, application.pk])
    before = api.get(url).json()
    assert field in _fields(api.put(url, {"items": items}, format="json"))
    assert api.get(url).json() == before


# "12,000" reads as 12000 now (issue 26, journey 11); a comma that does not group by three is still refused.
@pytest.mark.parametrize(("gross_sales", "rule"), [
    ("-1.00", "30 DCMR 1207.2(e)"), ("1.005", None), ("١٠٠", None), ("12,00", None),
])
def test_gross_sales_refuse_bad_amounts(world, gross_sales, rule):
    api, application = world["api"], world["application"]
    response = api.patch(reverse("application-detail", args=[application.pk]), {"gross_sales": gross_sales},
                         format="json")
    assert "gross_sales" in _fields(response)
    if rule:
        assert rule in {error["rule"] for error in response.json()["errors"]}
    application.refresh_from_db()
    assert str(application.gross_sales) == "18250.00"


def test_a_police_clearance_that_is_no_document_is_refused_and_nothing_stored(world):
    api, vendor = world["api"], world["vendor"]
    owner = vendor.owners.first()
    before = (_counts(), owner.police_clearance_id)
    url = reverse("vendor-owner-police-clearance", args=[vendor.pk, owner.pk])
    assert "file" in _fields(api.post(url, {"file": upload("report.pdf", b"#!/bin/sh\necho hi\n")},
                                      format="multipart"))
    assert "file" in _fields(api.post(url, {}, format="multipart"))
    owner.refresh_from_db()
    assert (_counts(), owner.police_clearance_id) == before


def test_ids_in_addresses_that_are_no_numbers_are_404(world):
    api = world["api"]
    for address in ("/api/v1/vendors/null/", "/api/v1/vendors/٣/", "/api/v1/vendors/1/owners/x/",
                    "/api/v1/vendors/1.5/suppliers/"):
        response = api.get(address)
        assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found", address


def test_the_portal_refuses_a_nul_and_names_the_field(client, world):
    client.force_login(world["representative"])
    url = reverse("vendors:application_step", args=[world["application"].pk, "business"])
    response = client.post(url, {"name": "Bad\x00Name"})
    assert response.status_code == 400 and "name" in response.content.decode()
    world["vendor"].organization.refresh_from_db()
    assert "\x00" not in world["vendor"].organization.name


@pytest.mark.parametrize(("field", "value"), [
    ("established_on", "99999-01-01"), ("established_on", ARABIC_YEAR), ("years_in_business", "١٥"),
    ("years_in_business", "-3"),
])
def test_the_portal_business_step_refuses_bad_input_inline(client, world, field, value):
    client.force_login(world["representative"])
    vendor = world["vendor"]
    url = reverse("vendors:application_step", args=[world["application"].pk, "business"])
    response = client.post(url, {**FORM, "name": vendor.organization.name, field: value})
    assert response.status_code == 400
    assert field in response.context["forms"][0].errors
    refreshed = Vendor.objects.get(pk=vendor.pk)
    assert (refreshed.established_on, refreshed.years_in_business) == (vendor.established_on,
                                                                       vendor.years_in_business)


def test_details_refused_in_part_are_saved_in_no_part(world):
    """The contact (licensing's organization) and the profile (the vendor record) are one write (1207.2(a)-(c))."""
    api, vendor = world["api"], world["vendor"]
    response = api.patch(reverse("vendor-detail", args=[vendor.pk]),
                         {"name": "Renamed Supply LLC", "established_on": "2999-01-01"}, format="json")
    assert _fields(response) == {"established_on"}
    assert "30 DCMR 1207.2(c)" in response.json()["errors"][0]["message"]
    response = api.patch(reverse("vendor-detail", args=[vendor.pk]),
                         {"postal_code": "ABCDE", "years_in_business": 7}, format="json")
    assert "postal_code" in _fields(response)
    refreshed = Vendor.objects.select_related("organization").get(pk=vendor.pk)
    assert refreshed.organization.name == vendor.organization.name
    assert refreshed.organization.postal_code == vendor.organization.postal_code
    assert refreshed.years_in_business == vendor.years_in_business
