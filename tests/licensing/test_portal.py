import pytest
from django.urls import reverse

from licensing.models import Role
from tests.licensing.factories import MembershipFactory, board_staff

pytestmark = pytest.mark.django_db


def test_home_says_what_a_visitor_can_do(client):
    page = client.get(reverse("home")).content.decode()
    assert "What you can do here" in page
    assert reverse("login") in page
    assert '<main id="main"' in page and 'href="#main"' in page  # landmark and skip link


def test_dashboard_lists_the_organizations_and_roles_of_the_user(client, organization):
    membership = MembershipFactory(organization=organization, role=Role.OFFICER)
    MembershipFactory(organization=organization, role=Role.CALLER, user=membership.user)
    client.force_login(membership.user)
    page = client.get(reverse("portal:dashboard"), follow=True).content.decode()  # one organization: its home
    assert organization.name in page
    assert "Officer, Bingo caller" in page or "Bingo caller, Officer" in page


def test_navigation_follows_the_role(client, organization):
    officer = MembershipFactory(organization=organization).user
    client.force_login(officer)
    page = client.get(reverse("portal:dashboard"), follow=True).content.decode()
    assert "Board administration" not in page and "Vendors" not in page

    staff = board_staff()
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert "Board administration" in page and "Vendors" in page
    assert "You are board staff" in page


def test_spanish_through_the_language_switch(client, officer):
    client.force_login(officer)
    response = client.post(reverse("set_language"), {"language": "es", "next": reverse("portal:dashboard")})
    assert response.status_code == 302
    page = client.get(reverse("portal:dashboard"), follow=True).content.decode()  # the organization's home
    assert '<html lang="es">' in page
    assert "Qué hacer ahora" in page and "Cerrar sesión" in page


def test_spanish_from_the_browser_preference(client):
    page = client.get(reverse("home"), headers={"Accept-Language": "es"}).content.decode()
    assert "Qué puede hacer aquí" in page


def test_public_catalog_pages(client):
    games = client.get(reverse("montecarlo:game_catalog")).content.decode()
    assert "Texas Hold&#x27;em" in games and "Class 2 only" in games and "30 DCMR 1602.2" in games
    assert client.get(reverse("bingo:pattern_library")).status_code == 200
    api = client.get(reverse("montecarlo-game-detail", args=["texas-holdem"])).json()
    assert api["requires_class_2"] is True and api["rule"] == "30 DCMR 1602.1, 1204.16"
