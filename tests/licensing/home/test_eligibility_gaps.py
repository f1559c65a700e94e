"""Journey 11: "What to do now" on the organization's home lists what the profile lacks before any license
(30 DCMR 1200.2, 1202.2(j), (k)), each gap with a link to the page where it is filled in."""

import pytest
from django.urls import reverse

from licensing.models import OrganizationMember
from tests.licensing.factories import make_eligible
from tests.licensing.home.factories import officer_of

pytestmark = pytest.mark.django_db


def home(client, organization) -> str:
    return client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()


def test_a_new_organization_sees_each_eligibility_gap_with_its_page(client, organization):
    client.force_login(officer_of(organization))
    page = home(client, organization)
    todo = page.split('id="todo-heading"')[1].split("</section>")[0]
    assert "30 DCMR 1200.2(a)" in todo and "30 DCMR 1200.2(c)" in todo and "30 DCMR 1202.2(j)" in todo
    assert reverse("portal:organization_profile", args=[organization.pk]) + "#id_incorporated_in_dc" in todo
    assert reverse("portal:organization_members", args=[organization.pk]) in todo
    assert reverse("portal:organization_responsible_people", args=[organization.pk]) in todo
    assert "Nothing to do right now" not in todo


def test_the_twentieth_member_closes_the_members_gap(client, organization):
    officer = officer_of(organization)
    make_eligible(organization, uploaded_by=officer, members=19)
    client.force_login(officer)
    todo = home(client, organization).split('id="todo-heading"')[1].split("</section>")[0]
    assert "30 DCMR 1200.2(c)" in todo and "it has 19" in todo
    OrganizationMember.objects.create(organization=organization, full_name="Member 20", street_address="20 Elm St NW",
                                      postal_code="20010")
    todo = home(client, organization).split('id="todo-heading"')[1].split("</section>")[0]
    assert "30 DCMR 1200.2" not in todo and "Nothing to do right now" in todo
