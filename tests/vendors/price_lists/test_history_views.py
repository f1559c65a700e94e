"""Every version of a vendor's price list, with its application and status (30 DCMR 1207.2(j)): for the Board
and the vendor's own representatives; anyone else gets a 404, and a visitor is sent to sign in."""

import pytest
from django.urls import reverse

from licensing.models import Role
from licensing.models.choices import ApplicationKind
from tests.licensing.factories import MembershipFactory, board_member, board_staff
from tests.vendors.factories import (
    ITEMS,
    VendorRepresentativeFactory,
    filed_application,
    licensed_vendor,
    representative_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def amended(django_capture_on_commit_callbacks):
    """A licensed vendor (version 1, approved, in force) with an amendment in draft (version 2)."""
    with django_capture_on_commit_callbacks(execute=False):
        license = licensed_vendor()
    representative = representative_of(license)
    amendment = filed_application(license.organization.vendor, representative, kind=ApplicationKind.AMENDMENT,
                                  base_license=license, items=[{**ITEMS[0], "unit_price": "44.00"}, ITEMS[1]])
    return {"license": license, "vendor": license.organization.vendor, "representative": representative,
            "amendment": amendment}


def url(vendor) -> str:
    return reverse("vendors:price_list_history", args=[vendor.pk])


def test_the_url():
    assert reverse("vendors:price_list_history", args=[7]) == "/vendors/7/price-lists/"


def test_the_representative_sees_every_version_with_its_application_and_status(client, amended):
    client.force_login(amended["representative"])
    response = client.get(url(amended["vendor"]))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [row["price_list"].version for row in rows] == [2, 1]
    assert [row["in_force"] for row in rows] == [False, True]
    assert [row["application"].pk for row in rows] == [amended["amendment"].pk, amended["license"].application_id]
    assert [row["license"].number for row in rows] == [amended["license"].number] * 2
    page = response.content.decode()
    for text in ("Version 1 is in force today.", "Amendment", "Draft", "Original", "Approved", "In force",
                 "$42.50", "$44.00", amended["license"].number):
        assert text in page, text
    # The representative does not review: no link to the Board's review page.
    assert reverse("portal:review_detail", args=[amended["license"].application_id]) not in page


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_the_board_sees_it_with_links_to_the_review(client, amended, make_user):
    client.force_login(make_user())
    response = client.get(url(amended["vendor"]))
    assert response.status_code == 200
    page = response.content.decode()
    assert reverse("portal:review_detail", args=[amended["license"].application_id]) in page
    # A draft is not under review yet.
    assert reverse("portal:review_detail", args=[amended["amendment"].pk]) not in page


def test_the_representative_of_another_vendor_gets_a_404(client, amended):
    client.force_login(VendorRepresentativeFactory().user)
    assert client.get(url(amended["vendor"])).status_code == 404


@pytest.mark.parametrize("role", [Role.OFFICER, Role.MEMBER_IN_CHARGE])
def test_an_organization_officer_gets_a_404(client, amended, role):
    client.force_login(MembershipFactory(role=role).user)
    assert client.get(url(amended["vendor"])).status_code == 404


def test_a_visitor_is_sent_to_sign_in(client, amended):
    response = client.get(url(amended["vendor"]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_vendor_without_a_license_has_no_version_in_force(client):
    representative = VendorRepresentativeFactory()
    client.force_login(representative.user)
    page = client.get(url(representative.organization.vendor)).content.decode()
    assert "No version is in force today" in page and "has filed no price list yet" in page
