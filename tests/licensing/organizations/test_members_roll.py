"""The member roll: search by name or address, 50 a page, and a CSV export in the import's own columns (so an
export imports back), in the portal and the API, for the organization's people and the Board only."""

import io

import pytest
from django.urls import reverse

from licensing.models import Role
from licensing.organizations.member_csv import COLUMNS, parse_member_csv
from tests.licensing.factories import (
    OrganizationFactory,
    OrganizationMemberFactory,
    board_member,
    board_staff,
    member,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def roll(organization):
    OrganizationMemberFactory(organization=organization, full_name="Ada Lovelace", street_address="12 Upshur St NW")
    OrganizationMemberFactory(organization=organization, full_name="=HYPERLINK(\"x\")", is_disabled=True)
    OrganizationMemberFactory(organization=organization, full_name="Former Member", is_active=False)
    OrganizationMemberFactory.create_batch(60, organization=organization)
    return organization


def caller(client, who, organization):
    users = {"officer": lambda: member(organization, Role.OFFICER), "caller": lambda: member(organization, Role.CALLER),
             "other_officer": lambda: member(OrganizationFactory(), Role.OFFICER), "board_staff": board_staff,
             "board_member": board_member}
    if who != "anonymous":
        client.force_login(users[who]())
    return client


def test_search_by_name_or_address_and_50_a_page(client, roll):
    caller(client, "officer", roll)
    url = reverse("portal:organization_members", args=[roll.pk])
    assert "Page 1 of 2" in client.get(url).content.decode()
    found = client.get(url, {"q": "ada love"}).content.decode()
    assert "Ada Lovelace" in found and "1 member matches" in found and "Member Number" not in found
    assert "Ada Lovelace" in client.get(url, {"q": "upshur"}).content.decode()
    for odd in ("x" * 5000, "٣", "%", "'; drop table"):
        assert client.get(url, {"q": odd, "page": "999999999999"}).status_code == 200
    assert client.get(url, {"q": "\x00"}).status_code == 400  # the site's bad-input answer, never a 500


def test_the_page_counts_fifty(client, roll):
    caller(client, "officer", roll)
    page = client.get(reverse("portal:organization_members", args=[roll.pk])).context["page"]
    assert len(page.object_list) == 50 and page.paginator.count == 63


def test_the_export_reimports_as_it_is(client, roll):
    caller(client, "officer", roll)
    response = client.get(reverse("portal:members_export", args=[roll.pk]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    assert text.splitlines()[0] == ",".join(COLUMNS)
    rows, errors = parse_member_csv(io.BytesIO(response.content))
    assert errors == [] and len(rows) == 62  # the active members
    ada = next(row.values for row in rows if row.values["full_name"] == "Ada Lovelace")
    assert ada["street_address"] == "12 Upshur St NW" and str(ada["date_of_birth"]) == "1950-06-15"
    assert "Former Member" not in text
    assert "'=HYPERLINK" in text  # a formula stays text in a spreadsheet
    searched = client.get(reverse("portal:members_export", args=[roll.pk]), {"q": "Ada"}).content.decode()
    assert len(searched.strip().splitlines()) == 2


@pytest.mark.parametrize(("who", "page", "api"), [
    ("anonymous", 302, 401), ("officer", 200, 200), ("caller", 404, 404), ("other_officer", 404, 404),
    ("board_staff", 200, 200), ("board_member", 200, 200)])
def test_who_reads_and_exports_the_roll(client, roll, who, page, api):
    caller(client, who, roll)
    for name in ("portal:organization_members", "portal:members_export"):
        assert client.get(reverse(name, args=[roll.pk])).status_code == page
    export = client.get(reverse("organization-member-export", args=[roll.pk]), {"q": "Ada"})
    assert export.status_code == api
    listed = client.get(reverse("organization-member-list", args=[roll.pk]), {"q": "lovelace"})
    assert listed.status_code == api
    if api == 200:
        assert [row["full_name"] for row in listed.json()["results"]] == ["Ada Lovelace"]
        assert "Ada Lovelace" in export.content.decode() and export["Content-Type"].startswith("text/csv")
