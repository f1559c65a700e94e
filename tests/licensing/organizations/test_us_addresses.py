"""Item 20: addresses use real US validation (a state or territory code of django-localflavor's table, a ZIP
code) and phone numbers are parsed (phonenumbers): "ZZ" and "hello" are refused, in the API and the portal,
naming the field and the item of 30 DCMR 1202.2 that asks for it."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from licensing.models import Organization, OrganizationMember, ResponsiblePerson
from licensing.organizations.rules import phone_number, us_state, us_zip
from licensing.organizations.services import organization_create
from tests.licensing.factories import OrganizationMemberFactory

pytestmark = pytest.mark.django_db
PERSON = {"role": "gross_receipts", "full_name": "Angela Brooks", "street_address": "1419 V Street NW",
          "city": "Washington", "state": "DC", "postal_code": "20009", "phone": "(202) 727-1000",
          "date_of_birth": "1970-03-01"}


def errors(response):
    assert response.status_code == 400, response.content
    return [(error["field"], error["rule"]) for error in response.json()["errors"]]


@pytest.fixture
def api(client, officer):
    client.force_login(officer)
    return client


def profile(api, organization, **data):
    return api.patch(reverse("organization-detail", args=[organization.pk]), data, content_type="application/json")


@pytest.mark.parametrize(("value", "code"), [("DC", "DC"), ("dc", "DC"), (" md ", "MD"), ("PR", "PR"),
                                             ("ZZ", None), ("D1", None), ("Washington", None), ("", None)])
def test_state_codes_are_the_postal_services(value, code):
    assert us_state(value) == code


@pytest.mark.parametrize(("value", "ok"), [("20001", True), ("20001-1234", True), ("2000", False),
                                           ("200011", False), ("20001-123", False), ("２０００１", False),
                                           ("20001 ", True)])
def test_zip_codes(value, ok):
    assert (us_zip(value) is not None) is ok


@pytest.mark.parametrize(("value", "written"), [
    ("202-727-1000", "(202) 727-1000"), ("2027271000", "(202) 727-1000"), ("+1 202 727 1000", "(202) 727-1000"),
    ("+44 20 7946 0958", "+44 20 7946 0958"), ("hello", None), ("555-0100", None), ("202-123-4567", None),
    ("", None)])
def test_phone_numbers_are_parsed(value, written):
    assert phone_number(value) == written


def test_the_profile_api_refuses_zz_and_hello_naming_field_and_rule(api, organization):
    assert errors(profile(api, organization, state="ZZ")) == [("state", "30 DCMR 1202.2(a)")]
    assert errors(profile(api, organization, phone="hello")) == [("phone", "30 DCMR 1202.2(a)")]
    assert errors(profile(api, organization, postal_code="2000")) == [("postal_code", "30 DCMR 1202.2(a)")]
    organization.refresh_from_db()
    assert (organization.state, organization.phone) == ("DC", "")
    body = profile(api, organization, state="md", phone="202.727.1000", postal_code="20910-1234").json()
    assert (body["state"], body["phone"], body["postal_code"]) == ("MD", "(202) 727-1000", "20910-1234")


def test_responsible_people_need_a_phone_that_parses(api, organization):
    url = reverse("organization-responsible-person-list", args=[organization.pk])
    assert errors(api.post(url, {**PERSON, "phone": "hello"}, content_type="application/json")) == [
        ("phone", "30 DCMR 1202.2(k)")]
    assert errors(api.post(url, {**PERSON, "role": "member_in_charge", "state": "ZZ"},
                           content_type="application/json")) == [("state", "30 DCMR 1202.2(j)")]
    assert not ResponsiblePerson.objects.exists()
    response = api.post(url, {**PERSON, "phone": "202 727 1000"}, content_type="application/json")
    assert response.status_code == 201 and response.json()["phone"] == "(202) 727-1000"


def test_members_addresses_are_checked(api, organization):
    url = reverse("organization-member-list", args=[organization.pk])
    member = {"full_name": "Ana Díaz", "street_address": "1 Kennedy St NW", "postal_code": "20011"}
    assert errors(api.post(url, {**member, "state": "ZZ"}, content_type="application/json")) == [
        ("state", "30 DCMR 1202.2(l)")]
    existing = OrganizationMemberFactory(organization=organization)
    response = api.patch(reverse("organization-member-detail", args=[organization.pk, existing.pk]),
                         {"postal_code": "ABCDE"}, content_type="application/json")
    assert errors(response) == [("postal_code", "30 DCMR 1202.2(l)")]
    assert OrganizationMember.objects.get(pk=existing.pk).postal_code == "20011"


def test_the_portal_forms_show_the_refusals_inline(client, officer, organization):
    client.force_login(officer)
    response = client.post(reverse("portal:organization_profile", args=[organization.pk]), {
        "name": organization.name, "organization_type": organization.organization_type,
        "street_address": organization.street_address, "city": "Washington", "state": "ZZ",
        "postal_code": "20010", "phone": "hello", "email": "", "determination_letter": "none"})
    assert response.status_code == 400
    form = response.context["form"]
    assert "30 DCMR 1202.2(a)" in form.errors["state"][0] and "30 DCMR 1202.2(a)" in form.errors["phone"][0]
    response = client.post(reverse("portal:organization_responsible_people", args=[organization.pk]),
                           {**PERSON, "phone": "hello"})
    assert response.status_code == 400 and "30 DCMR 1202.2(k)" in response.content.decode()


def test_a_new_organization_gets_the_same_checks():
    with pytest.raises(ValidationError) as refused:
        organization_create(actor=None, name="Club", organization_type="charitable", street_address="1 A St NW",
                            postal_code="20001", state="ZZ", phone="hello")
    assert set(refused.value.error_dict) == {"state", "phone"}
    created = organization_create(actor=None, name="Club", organization_type="charitable",
                                  street_address="1 A St NW", postal_code="20001", state="dc", phone="2027271000")
    assert (created.state, created.phone) == ("DC", "(202) 727-1000")
    assert Organization.objects.filter(pk=created.pk).exists()
