"""The vendors' scoping matrix, in the portal and the API: a representative sees only its own vendor's records
(the vendor, owners, suppliers, applications, price lists, police clearance reports); another vendor's records
are a 404, never a 403, so their existence is not disclosed; people of organizations, in every role, see no
vendor (they see the public registry only); the Board reads every vendor and files for none; anonymous callers
are sent to sign in (portal) or answered 401 (API)."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.models import Role
from tests.licensing.factories import MembershipFactory, UserFactory, board_member, board_staff
from tests.vendors.factories import (
    VendorFactory,
    VendorRepresentativeFactory,
    complete_vendor,
    filed_application,
    registered_vendor,
)

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


# --- The whole matrix: every record of a vendor, read and written ---


def _world(name):
    vendor, representative = registered_vendor(name=name)
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative)
    owner = vendor.owners.first()
    return {"vendor": vendor, "representative": representative, "application": application, "owner": owner,
            "supplier": vendor.suppliers.first(), "document": owner.police_clearance}


@pytest.fixture
def worlds():
    return {"mine": _world("Mine Supply LLC"), "other": _world("Other Supply LLC")}


def portal_reads(world) -> list[str]:
    vendor, application = world["vendor"], world["application"]
    return [
        reverse("vendors:vendor_detail", args=[vendor.pk]),
        reverse("vendors:application_detail", args=[application.pk]),
        *[reverse("vendors:application_step", args=[application.pk, step])
          for step in ("business", "owners", "suppliers", "gross_receipts", "price_list", "review")],
        reverse("portal:document_download", args=[vendor.organization_id, world["document"].pk]),
    ]


def api_reads(world) -> list[str]:
    vendor, application, owner, supplier = world["vendor"], world["application"], world["owner"], world["supplier"]
    return [
        reverse("vendor-detail", args=[vendor.pk]),
        reverse("vendor-owner-list", args=[vendor.pk]),
        reverse("vendor-owner-detail", args=[vendor.pk, owner.pk]),
        reverse("vendor-supplier-list", args=[vendor.pk]),
        reverse("vendor-supplier-detail", args=[vendor.pk, supplier.pk]),
        reverse("vendor-application-list", args=[vendor.pk]),
        reverse("vendor-price-list", args=[vendor.pk, application.pk]),
        reverse("vendor-price-list-history", args=[vendor.pk]),
        reverse("application-detail", args=[application.pk]),
        reverse("application-check", args=[application.pk]),
        reverse("organization-document-list", args=[vendor.organization_id]),
        reverse("document-download", args=[world["document"].pk]),
    ]


def api_writes(world) -> list[tuple[str, str, dict]]:
    vendor, application, owner, supplier = world["vendor"], world["application"], world["owner"], world["supplier"]
    return [
        ("patch", reverse("vendor-detail", args=[vendor.pk]), {"years_in_business": 3}),
        ("post", reverse("vendor-owner-list", args=[vendor.pk]), {"role": "officer", "full_name": "Intruder"}),
        ("patch", reverse("vendor-owner-detail", args=[vendor.pk, owner.pk]), {"full_name": "Intruder"}),
        ("post", reverse("vendor-owner-end", args=[vendor.pk, owner.pk]), {}),
        ("post", reverse("vendor-supplier-list", args=[vendor.pk]), {"name": "Intruder"}),
        ("post", reverse("vendor-supplier-end", args=[vendor.pk, supplier.pk]), {}),
        ("post", reverse("vendor-application-list", args=[vendor.pk]), {"kind": "original"}),
        ("put", reverse("vendor-price-list", args=[vendor.pk, application.pk]), {"items": []}),
        ("post", reverse("vendor-price-list-certify", args=[vendor.pk, application.pk]), {}),
        ("patch", reverse("application-detail", args=[application.pk]), {"gross_sales": "1.00"}),
        ("post", reverse("application-submit", args=[application.pk]), {}),
    ]


def _unchanged(world):
    world["owner"].refresh_from_db()
    world["supplier"].refresh_from_db()
    world["application"].refresh_from_db()
    assert world["owner"].is_current and world["owner"].full_name != "Intruder"
    assert world["supplier"].is_current
    assert str(world["application"].gross_sales) == "18250.00" and world["application"].status == "draft"
    assert not world["vendor"].owners.filter(full_name="Intruder").exists()
    assert world["vendor"].organization.applications.count() == 1


def _api(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_a_representative_reads_its_own_vendor_and_nothing_of_another(client, worlds):
    mine, other = worlds["mine"], worlds["other"]
    client.force_login(mine["representative"])
    api = _api(mine["representative"])
    for url in portal_reads(mine):
        assert client.get(url).status_code == 200, url
    for url in api_reads(mine):
        assert api.get(url).status_code == 200, url
    for url in portal_reads(other):
        assert client.get(url).status_code == 404, url
    for url in api_reads(other):
        assert api.get(url).status_code == 404, url
    for method, url, body in api_writes(other):
        assert getattr(api, method)(url, body, format="json").status_code == 404, url
    upload_url = reverse("vendor-owner-police-clearance", args=[other["vendor"].pk, other["owner"].pk])
    assert api.post(upload_url, {}, format="multipart").status_code == 404
    _unchanged(other)

    assert [row["id"] for row in api.get(reverse("vendor-list")).json()["results"]] == [mine["vendor"].pk]
    applications = api.get(reverse("application-list")).json()["results"]
    assert [row["id"] for row in applications] == [mine["application"].pk]
    licenses = api.get(reverse("license-list")).json()["results"]
    assert licenses == []
    owners = api.get(reverse("vendor-owner-list", args=[mine["vendor"].pk])).json()["results"]
    assert {row["vendor"] for row in owners} == {mine["vendor"].pk}
    page = client.get(reverse("vendors:vendor_list")).content.decode()
    assert "Mine Supply LLC" in page and "Other Supply LLC" not in page


@pytest.mark.parametrize("role", list(Role))
def test_every_organization_role_sees_no_vendor_record(client, worlds, role):
    """An organization's officer, responsible member, caller, dealer... and a vendor representative's role held in
    an organization: no vendor's records, in the portal or the API (organizations see the public registry)."""
    user = MembershipFactory(role=role).user
    client.force_login(user)
    api = _api(user)
    for world in worlds.values():
        for url in portal_reads(world):
            assert client.get(url).status_code == 404, url
        for url in api_reads(world):
            assert api.get(url).status_code == 404, url
        for method, url, body in api_writes(world):
            assert getattr(api, method)(url, body, format="json").status_code == 404, url
        _unchanged(world)
    assert api.get(reverse("vendor-list")).json()["results"] == []


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_the_board_reads_every_vendor_record_and_files_for_none(client, worlds, make_user):
    user = make_user()
    client.force_login(user)
    api = _api(user)
    for world in worlds.values():
        for url in portal_reads(world):
            assert client.get(url).status_code == 200, url
        for url in api_reads(world):
            assert api.get(url).status_code == 200, url
        for method, url, body in api_writes(world):
            assert getattr(api, method)(url, body, format="json").status_code == 403, url
        _unchanged(world)
    listed = {row["id"] for row in api.get(reverse("vendor-list")).json()["results"]}
    assert listed == {world["vendor"].pk for world in worlds.values()}


def test_a_user_without_a_role_sees_no_vendor(client, worlds):
    user = UserFactory()
    client.force_login(user)
    api = _api(user)
    for url in portal_reads(worlds["mine"]):
        assert client.get(url).status_code == 404, url
    for url in api_reads(worlds["mine"]):
        assert api.get(url).status_code == 404, url
    assert api.get(reverse("vendor-list")).json()["results"] == []


def test_anonymous_callers_are_sent_to_sign_in_or_answered_401(client, worlds):
    world = worlds["mine"]
    for url in [*portal_reads(world), reverse("vendors:vendor_list"), reverse("vendors:vendor_register")]:
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url
    api = APIClient()
    for url in [*api_reads(world), reverse("vendor-list")]:
        assert api.get(url).status_code == 401, url
    for method, url, body in api_writes(world):
        assert getattr(api, method)(url, body, format="json").status_code == 401, url
    assert api.post(reverse("vendor-list"), {"name": "X"}, format="json").status_code == 401
    _unchanged(world)
