"""Who reads which dashboard page, in the portal and the API: the Board every organization's, an organization's
filing officers their own; game workers see their organization but not its books (a 404, like another
organization's figures: not disclosed), and the Board's dashboard is the Board's only (403)."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models import Role
from tests.licensing.board.factories import bingo_license, filed
from tests.licensing.factories import MembershipFactory, UserFactory, board_admin, board_member, board_staff
from tests.vendors.factories import VendorRepresentativeFactory

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 5)


@pytest.fixture
def orgs():
    own, other = bingo_license(), bingo_license()
    filed(own, DAY)
    filed(other, DAY)
    return own.organization, other.organization


def pages(organization) -> dict[str, str]:
    return {
        "figures": reverse("portal:organization_figures", args=[organization.pk]),
        "posting": reverse("portal:posting_sheet", args=[organization.pk]),
        "pdf": reverse("portal:posting_sheet_pdf", args=[organization.pk]) + "?year=2026",
    }


BOARD = reverse("portal:board_dashboard")
API = "/api/v1/board/dashboard"


def user_of(kind: str, organization):
    if kind in ("board_staff", "board_member", "board_admin"):
        return {"board_staff": board_staff, "board_member": board_member, "board_admin": board_admin}[kind]()
    if kind == "vendor_representative":
        return VendorRepresentativeFactory().user
    if kind == "no_role":
        return UserFactory()
    return MembershipFactory(organization=organization, role=Role(kind)).user


# kind: (Board dashboard, own organization's pages, other organization's pages, API)
MATRIX = {
    "officer": (403, 200, 404, 403),
    "member_in_charge": (403, 200, 404, 403),
    "gross_receipts": (403, 200, 404, 403),
    "caller": (403, 404, 404, 403),  # the books are the filers' records (was a 403)
    "checker": (403, 404, 404, 403),
    "tournament_director": (403, 404, 404, 403),
    "dealer": (403, 404, 404, 403),
    "vendor_representative": (403, 404, 404, 403),
    "no_role": (403, 404, 404, 403),
    "board_admin": (403, 404, 404, 403),
    "board_staff": (200, 200, 200, 200),
    "board_member": (200, 200, 200, 200),
}


@pytest.mark.parametrize("kind", MATRIX)
def test_scoping_matrix(client, kind, orgs):
    own, other = orgs
    board, own_status, other_status, api = MATRIX[kind]
    client.force_login(user_of(kind, own))
    assert client.get(BOARD).status_code == board
    for name, url in pages(own).items():
        assert client.get(url).status_code == own_status, (name, url)
    for name, url in pages(other).items():
        assert client.get(url).status_code == other_status, (name, url)
    assert client.get(API).status_code == api


def test_a_vendor_representative_reads_no_figures_of_its_own_vendor(client):
    representative = VendorRepresentativeFactory()
    client.force_login(representative.user)
    for url in pages(representative.organization).values():
        assert client.get(url).status_code == 404  # a vendor files no event reports


def test_anonymous_is_sent_to_sign_in_and_the_api_asks_for_credentials(client, orgs):
    own, _other = orgs
    for url in [BOARD, *pages(own).values()]:
        response = client.get(url)
        assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.get(API).status_code == 401


def test_an_ended_membership_reads_nothing(client, orgs):
    own, _other = orgs
    client.force_login(MembershipFactory(organization=own, role=Role.OFFICER, is_active=False).user)
    for url in pages(own).values():
        assert client.get(url).status_code == 404
