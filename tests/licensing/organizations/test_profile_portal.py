"""Portal pages of the organization profile: forms for filing roles, read-only for others,
htmx partial updates for the members table, CSV errors in a table."""

import pytest
from django.urls import reverse

from licensing.models import OrganizationMember, ResponsiblePerson, Role
from tests.licensing.factories import MembershipFactory, OrganizationMemberFactory, board_staff, upload, years_ago

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
MEMBER = {"full_name": "Ana Díaz", "street_address": "1 Kennedy St NW", "city": "Washington", "state": "DC",
          "postal_code": "20011"}


def url(name, organization, *args):
    return reverse(f"portal:{name}", args=[organization.pk, *args])


def as_form(data: dict, prefix: str) -> dict:
    return {f"{prefix}-{key}": value for key, value in data.items()}


def test_organization_page_links_the_profile_and_shows_findings_with_citations(client, organization, officer):
    client.force_login(officer)
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    for name in ("organization_profile", "organization_members", "organization_responsible_people",
                 "organization_documents"):
        assert url(name, organization) in page
    assert "30 DCMR 1200.2(a)" in page and "30 DCMR 1200.2(c)" in page and "30 DCMR 1202.2(k)" in page


def test_profile_edit_saves_and_the_findings_shrink(client, organization, officer):
    client.force_login(officer)
    form = client.get(url("organization_profile", organization))
    assert form.status_code == 200 and 'name="purpose"' in form.content.decode()
    response = client.post(url("organization_profile", organization), {
        "name": organization.name, "organization_type": "charitable", "street_address": "1 Georgia Ave NW",
        "city": "Washington", "state": "DC", "postal_code": "20010", "determination_letter": "dc",
        "incorporated_in_dc": "on", "founded_on": "2001-01-01", "purpose": "Food bank",
        "operates_without_profit": "on",
    })
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "30 DCMR 1200.2(a)" not in page and "30 DCMR 1200.2(b)" not in page
    assert "30 DCMR 1200.2(c)" in page  # still no members


def test_profile_edit_shows_service_errors_inline(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("organization_profile", organization), {
        "name": organization.name, "organization_type": "charitable", "street_address": "1 Georgia Ave NW",
        "city": "Washington", "state": "DC", "postal_code": "2001", "determination_letter": "none",
    })
    assert response.status_code == 400
    assert "Enter a ZIP code such as 20001" in response.content.decode()


@pytest.mark.parametrize("role", [Role.CALLER, Role.CHECKER, Role.DEALER, Role.TOURNAMENT_DIRECTOR])
def test_game_roles_read_the_profile_facts_not_the_records_and_cannot_write(client, organization, role):
    member = OrganizationMemberFactory(organization=organization, full_name="Hidden Member")
    client.force_login(MembershipFactory(organization=organization, role=role).user)
    profile = client.get(url("organization_profile", organization))
    page = profile.content.decode()
    assert profile.status_code == 200 and "<form method=\"post\" class=\"stacked-form" not in page
    # No link to a page that answers 404, and no eligibility drawn from the roll (members' ages among it).
    for name in ("organization_members", "organization_responsible_people", "organization_documents"):
        assert url(name, organization) not in page
        assert client.get(url(name, organization)).status_code == 404  # was a 200, the roll and its members
    assert "eligibility-heading" not in page
    assert client.get(url("member_row", organization, member.pk)).status_code == 404
    writes = [
        (url("organization_profile", organization), {"name": "Hijacked"}),
        (url("member_add", organization), as_form(MEMBER, "add")),
        (url("member_edit", organization, member.pk), as_form(MEMBER, f"member-{member.pk}")),
        (url("member_deactivate", organization, member.pk), {}),
        (url("members_import", organization), {"file": upload("m.csv", b"x", "text/csv")}),
        (url("organization_responsible_people", organization), {}),
    ]
    for target, data in writes:
        assert client.post(target, data).status_code == 403, target
    assert client.get(url("member_edit", organization, member.pk)).status_code == 403
    member.refresh_from_db()
    assert member.is_active and member.full_name == "Hidden Member"
    assert OrganizationMember.objects.count() == 1


def test_board_staff_read_everything_and_write_nothing(client, organization):
    client.force_login(board_staff())
    assert client.get(url("organization_members", organization)).status_code == 200
    assert client.post(url("member_add", organization), as_form(MEMBER, "add")).status_code == 403
    assert not OrganizationMember.objects.exists()


def test_another_organizations_pages_are_404(client, organization, other_organization, officer):
    theirs = OrganizationMemberFactory(organization=other_organization)
    client.force_login(officer)
    for name in ("organization_profile", "organization_members", "organization_responsible_people",
                 "organization_documents"):
        assert client.get(url(name, other_organization)).status_code == 404
    assert client.post(url("member_add", other_organization), as_form(MEMBER, "add")).status_code == 404
    # Another organization's member through my organization's path.
    assert client.post(url("member_deactivate", organization, theirs.pk)).status_code == 404
    theirs.refresh_from_db()
    assert theirs.is_active


def test_anonymous_is_sent_to_sign_in(client, organization):
    response = client.get(url("organization_members", organization))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


# --- Members with htmx ---

def test_htmx_add_returns_the_section_with_the_new_member(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("member_add", organization), as_form(MEMBER, "add"), headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="members-section"') and "<html" not in html
    assert "Ana Díaz" in html and "1 active member." in html
    assert OrganizationMember.objects.get().full_name == "Ana Díaz"


def test_htmx_add_with_errors_keeps_the_input_and_shows_them(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("member_add", organization), as_form({**MEMBER, "postal_code": "abc"}, "add"),
                           headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Enter a ZIP code" in html and 'value="Ana Díaz"' in html
    assert not OrganizationMember.objects.exists()


def test_add_without_htmx_redirects(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("member_add", organization), as_form(MEMBER, "add"))
    assert response.status_code == 302 and response.url == url("organization_members", organization)


def test_htmx_inline_edit_row_then_save(client, organization, officer):
    member = OrganizationMemberFactory(organization=organization)
    client.force_login(officer)
    edit = client.get(url("member_edit", organization, member.pk), headers=HTMX).content.decode()
    assert edit.lstrip().startswith(f'<tr id="member-{member.pk}" class="editing">')
    assert f'form="member-form-{member.pk}"' in edit  # the inputs join the row's form
    response = client.post(url("member_edit", organization, member.pk),
                           as_form({**MEMBER, "full_name": "Renamed Person"}, f"member-{member.pk}"), headers=HTMX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith(f'<tr id="member-{member.pk}"')
    member.refresh_from_db()
    assert member.full_name == "Renamed Person"


def test_inline_edit_errors_stay_in_the_row(client, organization, officer):
    member = OrganizationMemberFactory(organization=organization)
    client.force_login(officer)
    response = client.post(url("member_edit", organization, member.pk),
                           as_form({**MEMBER, "state": "D1"}, f"member-{member.pk}"), headers=HTMX)
    html = response.content.decode()
    assert 'class="editing"' in html and "two-letter state code" in html


def test_edit_without_htmx_is_a_full_page(client, organization, officer):
    member = OrganizationMemberFactory(organization=organization)
    client.force_login(officer)
    page = client.get(url("member_edit", organization, member.pk)).content.decode()
    assert "<html" in page and 'form="member-form' not in page


def test_htmx_deactivate_returns_the_inactive_row(client, organization, officer):
    member = OrganizationMemberFactory(organization=organization)
    client.force_login(officer)
    response = client.post(url("member_deactivate", organization, member.pk), headers=HTMX)
    html = response.content.decode()
    assert 'class="inactive"' in html and "Inactive" in html and "Deactivate" not in html
    member.refresh_from_db()
    assert member.is_active is False


def test_csv_upload_shows_every_bad_row_in_a_table(client, organization, officer):
    client.force_login(officer)
    data = (b"full_name,street_address,city,state,postal_code\n"
            b"Ana,1 A St,Washington,DC,20011\n"
            b",2 A St,Washington,DC,20011\n"
            b"Lee,3 A St,Washington,DC,999\n")
    response = client.post(url("members_import", organization), {"file": upload("m.csv", data, "text/csv")},
                           headers=HTMX)
    html = response.content.decode()
    assert "Nothing was imported: 2 problems in the file." in html
    assert "<td>3</td><td><code>full_name</code></td>" in html
    assert "<td>4</td><td><code>postal_code</code></td>" in html
    assert not OrganizationMember.objects.exists()


def test_csv_upload_success(client, organization, officer):
    client.force_login(officer)
    data = b"full_name,street_address,city,state,postal_code\nAna,1 A St,Washington,DC,20011\n"
    response = client.post(url("members_import", organization), {"file": upload("m.csv", data, "text/csv")},
                           headers=HTMX)
    assert "1 member imported." in response.content.decode()
    assert OrganizationMember.objects.count() == 1


def test_csv_file_level_error_is_shown_on_the_form(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("members_import", organization), {"file": upload("m.csv", b"\xff\xfe", "text/csv")})
    assert response.status_code == 400 and "CSV UTF-8" in response.content.decode()


# --- Responsible people ---

def test_responsible_person_form_refuses_under_18_with_the_rule(client, organization, officer):
    client.force_login(officer)
    response = client.post(url("organization_responsible_people", organization), {
        "role": "gross_receipts", "full_name": "Young Person", "street_address": "1 A St", "city": "Washington",
        "state": "DC", "postal_code": "20011", "phone": "202-555-0100", "date_of_birth": years_ago(16).isoformat(),
    })
    assert response.status_code == 400
    assert "30 DCMR 1401.5" in response.content.decode()
    assert not ResponsiblePerson.objects.exists()


def test_responsible_person_form_names_and_replaces(client, organization, officer):
    client.force_login(officer)
    data = {"role": "member_in_charge", "full_name": "First Person", "street_address": "1 A St",
            "city": "Washington", "state": "DC", "postal_code": "20011", "phone": "202-555-0100",
            "date_of_birth": "1970-01-01"}
    target = url("organization_responsible_people", organization)
    assert client.post(target, data).status_code == 302
    assert client.post(target, {**data, "full_name": "Second Person"}).status_code == 302
    page = client.get(target).content.decode()
    assert "Second Person" in page and "Former responsible people" in page
    assert ResponsiblePerson.objects.filter(is_current=True).get().full_name == "Second Person"


def test_csv_cell_with_a_nul_is_shown_with_its_row_and_column(client, organization, officer):
    client.force_login(officer)
    data = b"full_name,street_address,city,state,postal_code\nAna,1 A St\x00,Washington,DC,20011\n"
    response = client.post(url("members_import", organization), {"file": upload("m.csv", data, "text/csv")},
                           headers=HTMX)
    html = response.content.decode()
    assert "<td>2</td><td><code>street_address</code></td>" in html and "NUL character" in html
    assert not OrganizationMember.objects.exists()
