"""Ids in addresses and filters: a value that is not an id answers a clean 404 (address) or 400
(filter), and another organization's id answers exactly as an unknown one."""

import pytest
from django.urls import reverse

from tests.licensing.factories import MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("bad_id", ["null", "null,null", "1.5", "-1", "٣"])
def test_an_id_that_is_not_a_number_is_a_json_404(client, officer, bad_id):
    client.force_login(officer)
    for address in (f"/api/v1/organizations/{bad_id}/", f"/api/v1/organizations/{bad_id}/eligibility/",
                    f"/api/v1/applications/{bad_id}/check/", f"/api/v1/montecarlo/tournaments/{bad_id}/state/"):
        response = client.get(address)
        assert response.status_code == 404, address
        assert response.json()["errors"][0]["code"] == "not_found"
    patched = client.patch(f"/api/v1/organizations/{bad_id}/", {"name": "x"}, content_type="application/json")
    assert patched.status_code == 404


@pytest.mark.parametrize("value", ["null", "null,null", "1,2", "x"])
def test_an_id_filter_that_is_not_a_number_names_the_filter(client, officer, value):
    client.force_login(officer)
    response = client.get(reverse("membership-list"), {"organization": value})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("organization", "invalid")]


def test_another_organizations_id_in_a_filter_reads_as_an_unknown_one(client, organization, other_organization):
    client.force_login(MembershipFactory(organization=organization).user)
    MembershipFactory(organization=other_organization)
    for name in ("membership-list", "application-list", "license-list", "audit-event-list", "bingo-series-list"):
        other = client.get(reverse(name), {"organization": other_organization.pk})
        unknown = client.get(reverse(name), {"organization": 10**9})
        assert other.status_code == unknown.status_code == 200, name
        assert other.json() == unknown.json() and other.json()["results"] == [], name


def test_an_id_in_a_body_is_written_with_ascii_digits(client, officer, organization):
    """int() reads "١" as 1: the organization of an application must be typed with 0-9."""
    client.force_login(officer)
    arabic = "".join(chr(0x0660 + int(digit)) for digit in str(organization.pk))
    response = client.post("/api/v1/applications/", {"organization": arabic, "license_type": "bingo"},
                           content_type="application/json")
    assert response.status_code == 400
    assert ("organization", "ascii_digits") in [(e["field"], e["code"]) for e in response.json()["errors"]]
