"""Profile API: members (write matrix), CSV import, responsible people, PATCH of the profile facts."""

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from licensing.models import AuditEvent, OrganizationMember, ResponsiblePerson, Role
from licensing.models.organizations import FILING_ROLES
from tests.licensing.factories import (
    MembershipFactory,
    OrganizationMemberFactory,
    ResponsiblePersonFactory,
    UserFactory,
    board_member,
    board_staff,
    upload,
    years_ago,
)

pytestmark = pytest.mark.django_db

NEW_MEMBER = {"full_name": "Ana Díaz", "street_address": "1 Kennedy St NW", "postal_code": "20011"}
GAME_ROLES = sorted(set(Role) - FILING_ROLES)


def members_url(organization):
    return reverse("organization-member-list", args=[organization.pk])


def member_url(member):
    return reverse("organization-member-detail", args=[member.organization_id, member.pk])


def deactivate_url(member):
    return reverse("organization-member-deactivate", args=[member.organization_id, member.pk])


def import_url(organization):
    return reverse("organization-member-import", args=[organization.pk])


def people_url(organization):
    return reverse("organization-responsible-person-list", args=[organization.pk])


def _role_user(role):
    return lambda organization: MembershipFactory(organization=organization, role=role).user


WRITE_MATRIX = [
    *[pytest.param(_role_user(role), 2, id=f"filing:{role.value}") for role in sorted(FILING_ROLES)],
    *[pytest.param(_role_user(role), 403, id=f"game:{role.value}") for role in GAME_ROLES],
    pytest.param(lambda organization: board_staff(), 403, id="board_staff"),
    pytest.param(lambda organization: board_member(), 403, id="board_member"),
    pytest.param(lambda organization: MembershipFactory().user, 404, id="other_org_officer"),
    pytest.param(lambda organization: UserFactory(), 404, id="no_role"),
]


@pytest.mark.parametrize(("make_user", "expected"), WRITE_MATRIX)
def test_member_write_matrix(client, organization, make_user, expected):
    member = OrganizationMemberFactory(organization=organization)
    client.force_login(make_user(organization))

    created = client.post(members_url(organization), NEW_MEMBER, content_type="application/json")
    updated = client.patch(member_url(member), {"city": "Silver Spring", "state": "MD"},
                           content_type="application/json")
    deactivated = client.post(deactivate_url(member))
    imported = client.post(import_url(organization), {
        "file": upload("m.csv", b"full_name,street_address,city,state,postal_code\nSam,2 A St,Washington,DC,20011\n",
                       "text/csv")})

    if expected == 2:  # 2xx
        assert (created.status_code, updated.status_code, deactivated.status_code, imported.status_code) == (
            201, 200, 200, 201)
        member.refresh_from_db()
        assert member.city == "Silver Spring" and member.is_active is False
        assert OrganizationMember.objects.filter(organization=organization).count() == 3
        return
    for response in (created, updated, deactivated, imported):
        assert response.status_code == expected
    member.refresh_from_db()
    assert member.city == "Washington" and member.is_active is True
    assert OrganizationMember.objects.filter(organization=organization).count() == 1
    assert not AuditEvent.objects.filter(event_type__startswith="licensing.member").exists()


def test_member_api_anonymous_is_401(client, organization):
    assert client.get(members_url(organization)).status_code == 401
    assert client.post(members_url(organization), NEW_MEMBER, content_type="application/json").status_code == 401


@pytest.mark.parametrize("reader", ["gross_receipts", "board_staff", "board_member"])
def test_members_are_readable_by_the_filers_and_the_board(client, organization, other_organization, reader):
    mine = OrganizationMemberFactory(organization=organization)
    OrganizationMemberFactory(organization=organization, is_active=False)
    theirs = OrganizationMemberFactory(organization=other_organization)
    user = {"gross_receipts": lambda: _role_user(Role.GROSS_RECEIPTS)(organization), "board_staff": board_staff,
            "board_member": board_member}[reader]()
    client.force_login(user)
    rows = client.get(members_url(organization)).json()["results"]
    assert len(rows) == 2 and mine.pk in {row["id"] for row in rows}
    assert [row["id"] for row in client.get(members_url(organization), {"is_active": "true"}).json()["results"]] \
        == [mine.pk]
    assert client.get(member_url(mine)).json()["full_name"] == mine.full_name
    # A member of another organization, through this organization's path: not found.
    foreign = reverse("organization-member-detail", args=[organization.pk, theirs.pk])
    assert client.get(foreign).status_code == 404
    other_status = client.get(members_url(other_organization)).status_code
    assert other_status == (404 if reader == "gross_receipts" else 200)


@pytest.mark.parametrize("role", GAME_ROLES)
def test_game_roles_read_neither_the_roll_nor_the_responsible_people(client, organization, role):
    """Dates of birth and addresses are the filers' and the Board's (was a 200 for every role of the organization)."""
    member = OrganizationMemberFactory(organization=organization)
    ResponsiblePersonFactory(organization=organization)
    client.force_login(_role_user(role)(organization))
    for url in (members_url(organization), member_url(member), people_url(organization),
                reverse("organization-member-export", args=[organization.pk]),
                reverse("organization-eligibility", args=[organization.pk])):
        assert client.get(url).status_code == 404, url


def test_member_api_with_a_token(client, organization, officer):
    token = Token.objects.create(user=officer)
    response = client.post(members_url(organization), NEW_MEMBER, content_type="application/json",
                           headers={"Authorization": f"Token {token.key}"})
    assert response.status_code == 201
    assert response.json()["city"] == "Washington" and response.json()["is_active"] is True


def test_member_api_errors_name_the_field(client, organization, officer):
    client.force_login(officer)
    response = client.post(members_url(organization), {**NEW_MEMBER, "postal_code": "2001x"},
                           content_type="application/json")
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["postal_code"]


def test_member_of_another_organization_cannot_be_changed_through_mine(client, organization, other_organization,
                                                                      officer):
    theirs = OrganizationMemberFactory(organization=other_organization)
    client.force_login(officer)
    url = reverse("organization-member-deactivate", args=[organization.pk, theirs.pk])
    assert client.post(url).status_code == 404
    theirs.refresh_from_db()
    assert theirs.is_active


# --- CSV import ---

def test_import_reports_every_bad_row_and_writes_nothing(client, organization, officer):
    client.force_login(officer)
    data = (b"full_name,street_address,city,state,postal_code,date_of_birth\n"
            b"Ana,1 A St,Washington,DC,20011,\n"
            b"Sam,2 A St,Washington,DC,ABCDE,\n"
            b"Lee,3 A St,Washington,DC,20011,31-12-1950\n")
    response = client.post(import_url(organization), {"file": upload("m.csv", data, "text/csv")})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [error["field"] for error in errors] == ["rows[3].postal_code", "rows[4].date_of_birth"]
    assert all(error["message"] and error["rule"] is None for error in errors)
    assert not OrganizationMember.objects.exists()


def test_import_of_a_file_that_is_no_member_list_names_the_file(client, organization, officer):
    client.force_login(officer)
    response = client.post(import_url(organization), {"file": upload("m.csv", b"a;b\n1;2\n", "text/csv")})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "file"


def test_import_success_returns_the_count(client, organization, officer):
    client.force_login(officer)
    rows = "".join(f"Person {i},{i} A St,Washington,DC,20011\n" for i in range(25))
    data = ("\ufefffull_name,street_address,city,state,postal_code\n" + rows).encode()
    response = client.post(import_url(organization), {"file": upload("m.csv", data, "text/csv")})
    assert response.status_code == 201 and response.json() == {"created": 25}


# --- Responsible people ---

PERSON = {"role": "member_in_charge", "full_name": "Rosa Parks", "street_address": "12 Upshur St NW",
          "postal_code": "20011", "phone": "202-555-0101"}


def test_responsible_person_set_replaces_and_lists_history(client, organization, officer):
    old = ResponsiblePersonFactory(organization=organization)
    client.force_login(officer)
    response = client.post(people_url(organization), {**PERSON, "date_of_birth": "1960-02-03"},
                           content_type="application/json")
    assert response.status_code == 201 and response.json()["is_current"] is True
    rows = client.get(people_url(organization), {"is_current": "true"}).json()["results"]
    assert [row["full_name"] for row in rows] == ["Rosa Parks"]
    old.refresh_from_db()
    assert old.is_current is False


def test_responsible_person_under_18_is_a_400_citing_the_rule(client, organization, officer):
    client.force_login(officer)
    response = client.post(people_url(organization), {**PERSON, "date_of_birth": years_ago(17).isoformat()},
                           content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "date_of_birth" and error["rule"] == "30 DCMR 1401.5"
    assert "30 DCMR 1401.5" in error["message"]
    assert not ResponsiblePerson.objects.exists()


@pytest.mark.parametrize(("make_user", "expected"), [
    (_role_user(Role.ALTERNATE), 201), (_role_user(Role.TOURNAMENT_DIRECTOR), 403),
    (lambda organization: board_member(), 403), (lambda organization: MembershipFactory().user, 404),
])
def test_responsible_person_write_permissions(client, organization, make_user, expected):
    client.force_login(make_user(organization))
    response = client.post(people_url(organization), {**PERSON, "date_of_birth": "1960-02-03"},
                           content_type="application/json")
    assert response.status_code == expected


# --- PATCH /organizations/{id}/ and eligibility ---

@pytest.mark.parametrize(("make_user", "expected"), [
    (_role_user(Role.OFFICER), 200), (_role_user(Role.MEMBER_IN_CHARGE), 200), (_role_user(Role.CHECKER), 403),
    (lambda organization: board_staff(), 403), (lambda organization: MembershipFactory().user, 404),
])
def test_patch_profile_facts(client, organization, make_user, expected):
    client.force_login(make_user(organization))
    url = reverse("organization-detail", args=[organization.pk])
    response = client.patch(url, {"incorporated_in_dc": True, "determination_letter": "irs",
                                  "founded_on": "1999-09-09", "purpose": "Food bank"}, content_type="application/json")
    assert response.status_code == expected
    organization.refresh_from_db()
    assert organization.incorporated_in_dc is (expected == 200)
    if expected == 200:
        body = response.json()
        assert body["determination_letter"] == "irs" and body["founded_on"] == "1999-09-09"


def test_patch_profile_refuses_a_bad_choice(client, organization, officer):
    client.force_login(officer)
    response = client.patch(reverse("organization-detail", args=[organization.pk]), {"determination_letter": "x"},
                            content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "determination_letter"


def test_put_is_not_offered(client, organization, officer):
    client.force_login(officer)
    response = client.put(reverse("organization-detail", args=[organization.pk]), {}, content_type="application/json")
    assert response.status_code == 405


def test_eligibility_endpoint_lists_findings_with_rules(client, organization):
    client.force_login(_role_user(Role.MEMBER_IN_CHARGE)(organization))
    response = client.get(reverse("organization-eligibility", args=[organization.pk]))
    assert response.status_code == 200
    rules = {finding["rule"] for finding in response.json()}
    assert {"30 DCMR 1200.2(a)", "30 DCMR 1200.2(c)", "30 DCMR 1202.2(j)"} <= rules


def test_a_nul_in_a_csv_cell_is_a_row_error_naming_the_column(client, organization, officer):
    """Found by an audit: a NUL in a cell reached PostgreSQL (a 500)."""
    client.force_login(officer)
    data = (b"full_name,street_address,city,state,postal_code\n"
            b"Ana,1 A St,Washington,DC,20011\n"
            b"Sam\x00 Oh,2 A St,Washington,DC,20011\n")
    response = client.post(import_url(organization), {"file": upload("m.csv", data, "text/csv")})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("rows[3].full_name", "null_characters_not_allowed")]
    assert not OrganizationMember.objects.exists()


@pytest.mark.parametrize("born", ["1899-12-31", "0001-01-01"])
def test_a_date_of_birth_before_1900_is_refused(client, organization, officer, born):
    client.force_login(officer)
    person = client.post(people_url(organization), {**PERSON, "date_of_birth": born}, content_type="application/json")
    member = client.post(members_url(organization), {**NEW_MEMBER, "date_of_birth": born},
                         content_type="application/json")
    for response in (person, member):
        assert response.status_code == 400
        [error] = response.json()["errors"]
        assert error["field"] == "date_of_birth" and "1900-01-01" in error["message"]
    assert not ResponsiblePerson.objects.exists() and not OrganizationMember.objects.exists()
