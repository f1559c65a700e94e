"""Object-level scoping as a matrix: every role x own organization / other organization,
in the portal and the API. Another organization's records answer 404 (not 403), so
their existence is not disclosed."""

import pytest
from django.urls import reverse

from licensing.audit.events import audit_event_record
from licensing.models import Role
from licensing.models.organizations import FILING_ROLES
from tests.licensing.factories import MembershipFactory, UserFactory, board_member, board_staff
from tests.vendors.factories import VendorRepresentativeFactory

pytestmark = pytest.mark.django_db


def portal_url(organization):
    return reverse("portal:organization_detail", args=[organization.pk])


def api_url(organization):
    return reverse("organization-detail", args=[organization.pk])


@pytest.fixture
def events(organization, other_organization):
    return {
        "own": audit_event_record(event_type="test.own", actor=None, organization=organization),
        "other": audit_event_record(event_type="test.other", actor=None, organization=other_organization),
    }


@pytest.mark.parametrize("role", list(Role))
def test_organization_role_sees_own_organization_only(client, role, organization, other_organization, events):
    user = MembershipFactory(organization=organization, role=role).user
    MembershipFactory(organization=other_organization)  # the other organization has people too
    client.force_login(user)

    assert client.get(portal_url(organization)).status_code == 200
    assert client.get(portal_url(other_organization)).status_code == 404
    assert client.get(api_url(organization)).status_code == 200
    assert client.get(api_url(other_organization)).status_code == 404

    listed = {row["id"] for row in client.get(reverse("organization-list")).json()["results"]}
    assert listed == {organization.pk}
    memberships = client.get(reverse("membership-list")).json()["results"]
    assert {row["organization"] for row in memberships} == {organization.pk}

    audit = {row["event_type"] for row in client.get(reverse("audit-event-list")).json()["results"]}
    assert "test.other" not in audit
    # The trail belongs to those who file for the organization; game workers do not read it.
    assert ("test.own" in audit) == (role in FILING_ROLES)
    other_event = client.get(reverse("audit-event-detail", args=[events["other"].pk]))
    assert other_event.status_code == 404


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_board_sees_every_organization(client, make_user, organization, other_organization, events):
    client.force_login(make_user())
    for target in (organization, other_organization):
        assert client.get(portal_url(target)).status_code == 200
        assert client.get(api_url(target)).status_code == 200
    audit = {row["event_type"] for row in client.get(reverse("audit-event-list")).json()["results"]}
    assert {"test.own", "test.other"} <= audit


@pytest.mark.parametrize("kind", ["vendor", "no_role", "ended_membership"])
def test_users_without_a_role_see_no_organization(client, kind, organization, events):
    own = []  # a vendor's representative sees its own licensee record, the vendor's, and no organization's
    if kind == "vendor":
        representative = VendorRepresentativeFactory()
        user, own = representative.user, [representative.organization_id]
    elif kind == "ended_membership":
        user = MembershipFactory(organization=organization, is_active=False).user
    else:
        user = UserFactory()
    client.force_login(user)
    assert client.get(portal_url(organization)).status_code == 404
    assert client.get(api_url(organization)).status_code == 404
    assert [row["id"] for row in client.get(reverse("organization-list")).json()["results"]] == own
    assert client.get(reverse("audit-event-list")).json()["results"] == []


def test_anonymous_is_sent_to_login_and_refused_by_the_api(client, organization):
    for url in (reverse("portal:dashboard"), portal_url(organization), reverse("vendors:vendor_list")):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login") + "?next=")
    for url in (api_url(organization), reverse("organization-list"), reverse("audit-event-list"), reverse("me")):
        response = client.get(url)
        assert response.status_code == 401
        assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_a_deactivated_account_loses_access(client, organization):
    user = MembershipFactory(organization=organization).user
    client.force_login(user)
    user.is_active = False
    user.save()
    assert client.get(portal_url(organization)).status_code == 302  # session no longer valid: back to login
