"""Board staff's page for 30 DCMR 1206.4(d): the vendor's DC officials and employees, and a decision on each
(conflict of interest or not) with its reason. Others: the vendor's own people and Board members may not decide,
anyone outside the vendor and the Board gets a 404, a visitor is sent to sign in."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models import AuditEvent, Role
from tests.licensing.factories import MembershipFactory, board_member, board_staff
from tests.vendors.factories import OwnerFactory, VendorRepresentativeFactory, complete_vendor, registered_vendor

pytestmark = pytest.mark.django_db

OWNERS = [
    {"role": "officer", "full_name": "Grace Whitfield", "share": "60.00", "date_of_birth": dt.date(1968, 2, 14),
     "dc_official": True, "dc_position": "Inspector, DC Department of Licensing and Consumer Protection"},
    {"role": "shareholder", "full_name": "Tomas Ruiz", "share": "40.00", "date_of_birth": dt.date(1975, 9, 30)},
]


@pytest.fixture
def vendor():
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative, owners=OWNERS)
    vendor.representative = representative
    return vendor


def official(vendor):
    return vendor.owners.get(full_name="Grace Whitfield")


def page_url(vendor) -> str:
    return reverse("vendors:owner_conflicts", args=[vendor.pk])


def decide_url(vendor, owner) -> str:
    return reverse("vendors:owner_conflict_decide", args=[vendor.pk, owner.pk])


def form(owner, conflict=None, reason=None) -> dict:
    data = {}
    if conflict is not None:
        data[f"owner-{owner.pk}-conflict"] = conflict
    if reason is not None:
        data[f"owner-{owner.pk}-reason"] = reason
    return data


def test_the_urls():
    assert reverse("vendors:owner_conflicts", args=[3]) == "/vendors/3/owners/conflicts/"
    assert reverse("vendors:owner_conflict_decide", args=[3, 9]) == "/vendors/3/owners/9/conflict/"


def test_staff_see_the_dc_officials_only_undecided(client, vendor):
    client.force_login(board_staff())
    response = client.get(page_url(vendor))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Grace Whitfield" in page and "Inspector, DC Department of Licensing" in page
    assert "Tomas Ruiz" not in page
    assert "Not decided yet" in page and "30 DCMR 1206.4(d)" in page
    assert decide_url(vendor, official(vendor)) in page
    assert "1968" not in page  # the date of birth is not what this decision needs


def test_a_decision_without_a_reason_is_refused_inline_with_the_rule(client, vendor):
    client.force_login(board_staff())
    owner = official(vendor)
    response = client.post(decide_url(vendor, owner), form(owner, "yes", "  "))
    assert response.status_code == 400
    assert "Give the reason for the decision on the conflict of interest (30 DCMR 1206.4(d))." in (
        response.content.decode())
    owner.refresh_from_db()
    assert owner.conflict_found is None and owner.conflict_decided_by is None


def test_a_decision_needs_yes_or_no(client, vendor):
    client.force_login(board_staff())
    owner = official(vendor)
    response = client.post(decide_url(vendor, owner), form(owner, reason="Inspects supply vendors."))
    assert response.status_code == 400
    assert response.context["rows"][0]["form"].errors["conflict"]
    owner.refresh_from_db()
    assert owner.conflict_found is None


def test_staff_decide_a_conflict_with_its_reason_and_may_change_it(client, vendor):
    staff = board_staff()
    client.force_login(staff)
    owner = official(vendor)
    response = client.post(decide_url(vendor, owner), form(owner, "yes", "Her office inspects supply vendors."))
    assert response.status_code == 302 and response["Location"] == page_url(vendor)
    owner.refresh_from_db()
    assert owner.conflict_found is True and owner.conflict_reason == "Her office inspects supply vendors."
    assert owner.conflict_decided_by == staff
    event = AuditEvent.objects.get(event_type="vendors.owner_conflict_decided")
    assert event.payload["conflict"] is True
    page = client.get(page_url(vendor)).content.decode()
    assert "Conflict of interest" in page and "Her office inspects supply vendors." in page
    assert "Change the decision" in page and "The decision on Grace Whitfield is recorded" in page

    client.post(decide_url(vendor, owner), form(owner, "no", "Reassigned away from vendor inspections."))
    owner.refresh_from_db()
    assert owner.conflict_found is False


def test_an_owner_who_is_no_dc_official_is_refused(client, vendor):
    client.force_login(board_staff())
    owner = vendor.owners.get(full_name="Tomas Ruiz")
    response = client.post(decide_url(vendor, owner), form(owner, "no", "Not an official."))
    assert response.status_code == 400
    assert "Tomas Ruiz is not a DC official or employee." in response.content.decode()


def test_an_owner_of_another_vendor_is_a_404(client, vendor):
    client.force_login(board_staff())
    stranger = OwnerFactory(dc_official=True)
    response = client.post(decide_url(vendor, stranger), form(stranger, "no", "x"))
    assert response.status_code == 404
    stranger.refresh_from_db()
    assert stranger.conflict_found is None


@pytest.mark.parametrize("who", ["own_representative", "board_member"])
def test_only_board_staff_decide(client, vendor, who):
    client.force_login(vendor.representative if who == "own_representative" else board_member())
    owner = official(vendor)
    assert client.get(page_url(vendor)).status_code == 403
    assert client.post(decide_url(vendor, owner), form(owner, "no", "No conflict.")).status_code == 403
    owner.refresh_from_db()
    assert owner.conflict_found is None


def test_the_representative_of_another_vendor_gets_a_404(client, vendor):
    client.force_login(VendorRepresentativeFactory().user)
    owner = official(vendor)
    assert client.get(page_url(vendor)).status_code == 404
    assert client.post(decide_url(vendor, owner), form(owner, "no", "No conflict.")).status_code == 404


@pytest.mark.parametrize("role", [Role.OFFICER, Role.MEMBER_IN_CHARGE])
def test_an_organization_officer_gets_a_404(client, vendor, role):
    client.force_login(MembershipFactory(role=role).user)
    assert client.get(page_url(vendor)).status_code == 404


def test_a_visitor_is_sent_to_sign_in(client, vendor):
    owner = official(vendor)
    for response in (client.get(page_url(vendor)), client.post(decide_url(vendor, owner), form(owner, "no", "x"))):
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    owner.refresh_from_db()
    assert owner.conflict_found is None
