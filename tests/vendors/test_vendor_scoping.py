import pytest
from django.urls import reverse

from licensing.models import Role
from tests.licensing.factories import MembershipFactory, board_member, board_staff
from tests.vendors.factories import VendorFactory, VendorRepresentativeFactory

pytestmark = pytest.mark.django_db


def urls(vendor):
    return reverse("vendors:vendor_detail", args=[vendor.pk]), reverse("vendor-detail", args=[vendor.pk])


def test_vendor_sees_only_its_own_vendor(client):
    mine = VendorRepresentativeFactory()
    other = VendorFactory()
    client.force_login(mine.user)
    assert [client.get(url).status_code for url in urls(mine.organization.vendor)] == [200, 200]
    assert [client.get(url).status_code for url in urls(other)] == [404, 404]
    assert [row["id"] for row in client.get(reverse("vendor-list")).json()["results"]] == [mine.organization.vendor.pk]


@pytest.mark.parametrize("role", list(Role))
def test_organization_people_see_no_vendor(client, role):
    vendor = VendorFactory()
    client.force_login(MembershipFactory(role=role).user)
    assert [client.get(url).status_code for url in urls(vendor)] == [404, 404]


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_board_sees_every_vendor(client, make_user):
    vendors = [VendorFactory(), VendorFactory()]
    client.force_login(make_user())
    for vendor in vendors:
        assert [client.get(url).status_code for url in urls(vendor)] == [200, 200]
