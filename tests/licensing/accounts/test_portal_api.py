"""The Board accounts pages and API: who may open them (a scoping matrix of every role x own account /
another Board account), and a Board administrator's attempts to grant itself more, all refused."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from licensing.models import AuditEvent, BoardGroup, User
from tests.licensing.factories import ROLES, board_admin, board_staff, role_user, superuser

pytestmark = pytest.mark.django_db


@pytest.fixture
def administrator(client):
    user = board_admin()
    client.force_login(user)
    return user


def board_staff_account() -> User:
    return board_staff(is_staff=True)


# --- Scoping matrix: only a Board administrator opens these; superusers use the admin ---

@pytest.mark.parametrize("role", ROLES)
def test_each_role_on_its_own_account_and_another_board_account(client, role, organization):
    user = role_user(role, organization)
    other = board_staff_account()
    if user is not None:
        client.force_login(user)
    own = user or other
    allowed = role == "board_admin"
    anonymous = user is None

    page = client.get(reverse("portal:board_accounts"))
    assert page.status_code == (302 if anonymous else 200 if allowed else 403)
    api = client.get(reverse("board-account-list"))
    assert api.status_code == (401 if anonymous else 200 if allowed else 403)
    if allowed:
        assert {row["id"] for row in api.json()["results"]} == {user.pk, other.pk}
    for target in (own, other):
        detail = client.get(reverse("board-account-detail", args=[target.pk]))
        assert detail.status_code == (401 if anonymous else 200 if allowed else 403)

    refused_portal = 302 if anonymous else 403
    refused_api = 401 if anonymous else 403
    assert client.post(reverse("portal:board_account_deactivate", args=[own.pk])).status_code == refused_portal
    assert client.post(reverse("board-account-deactivate", args=[own.pk])).status_code == refused_api
    own.refresh_from_db()
    assert own.is_active

    response = client.post(reverse("board-account-deactivate", args=[other.pk]))
    assert response.status_code == (200 if allowed else refused_api)
    other.refresh_from_db()
    assert other.is_active is not allowed
    if allowed:
        assert response.json()["is_active"] is False
        assert client.post(reverse("portal:board_account_reactivate", args=[other.pk])).status_code == 302
        other.refresh_from_db()
        assert other.is_active
    else:
        assert client.post(reverse("portal:board_account_deactivate", args=[other.pk])).status_code == refused_portal
        other.refresh_from_db()
        assert other.is_active


def test_an_account_outside_the_board_is_not_found(client, administrator, officer):
    assert client.get(reverse("board-account-detail", args=[officer.pk])).status_code == 404
    assert client.post(reverse("board-account-deactivate", args=[officer.pk])).status_code == 404
    assert client.post(reverse("portal:board_account_deactivate", args=[officer.pk])).status_code == 404
    officer.refresh_from_db()
    assert officer.is_active
    page = client.get(reverse("portal:board_accounts")).content.decode()
    assert officer.email not in page


# --- A Board administrator cannot grant itself (or anyone) more ---

def test_the_invitation_form_cannot_give_the_administrator_role(client, administrator):
    response = client.post(reverse("portal:board_accounts"), {
        "full_name": "Friend", "email": "friend@example.org", "role": BoardGroup.ADMIN})
    assert response.status_code == 400
    assert response.context["form"].errors["role"]
    assert not User.objects.filter(email="friend@example.org").exists()


def test_the_api_cannot_give_the_administrator_role_and_ignores_superuser_fields(client, administrator):
    response = client.post(reverse("board-account-list"), {
        "full_name": "Friend", "email": "friend@example.org", "role": "board_admin"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "role"
    assert not User.objects.filter(email="friend@example.org").exists()

    response = client.post(reverse("board-account-list"), {
        "full_name": "Friend", "email": "friend@example.org", "role": "board_staff", "is_superuser": True,
        "groups": ["board_admin"]}, content_type="application/json")
    assert response.status_code == 201
    friend = User.objects.get(email="friend@example.org")
    # In the staff group only (it acts as staff once its holder sets up two-factor authentication).
    assert not friend.is_superuser and not friend.in_board_group(BoardGroup.ADMIN) and friend.in_board_group(
        BoardGroup.STAFF)
    assert response.json()["roles"] == ["board_staff"] and response.json()["invitation_pending"] is True


def test_the_administrator_cannot_reinvite_itself_with_another_role(client, administrator):
    response = client.post(reverse("board-account-list"), {
        "full_name": "Me Again", "email": administrator.email, "role": "board_staff"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "email"
    assert User.objects.filter(email=administrator.email).count() == 1
    assert not User.objects.get(pk=administrator.pk).is_board_staff


def test_the_api_has_no_way_to_edit_an_account(client, administrator):
    for method in (client.patch, client.put):
        response = method(reverse("board-account-detail", args=[administrator.pk]),
                          {"is_superuser": True, "roles": ["board_admin", "board_staff"]},
                          content_type="application/json")
        assert response.status_code == 405
    administrator.refresh_from_db()
    assert not administrator.is_superuser and not administrator.is_board_staff


@pytest.mark.parametrize("target", ["itself", "superuser", "other administrator"])
def test_the_administrator_cannot_deactivate_itself_a_superuser_or_another_administrator(client, administrator,
                                                                                          target):
    account = {"itself": lambda: administrator, "other administrator": board_admin,
               "superuser": lambda: board_staff(is_staff=True, is_superuser=True)}[target]()
    portal = client.post(reverse("portal:board_account_deactivate", args=[account.pk]), headers={"HX-Request": "true"})
    api = client.post(reverse("board-account-deactivate", args=[account.pk]))
    assert portal.status_code == 403 and api.status_code == 403
    assert api.json()["errors"][0]["code"] == "permission_denied" and api.json()["errors"][0]["message"]
    account.refresh_from_db()
    assert account.is_active
    assert not AuditEvent.objects.filter(event_type="licensing.board_account_deactivated").exists()


def test_the_page_offers_actions_only_where_they_are_allowed(client, administrator):
    staff = board_staff_account()
    page = client.get(reverse("portal:board_accounts")).content.decode()
    assert reverse("portal:board_account_deactivate", args=[staff.pk]) in page
    assert reverse("portal:board_account_deactivate", args=[administrator.pk]) not in page


# --- The portal flow ---

def test_an_invitation_from_the_portal_sends_the_email(client, administrator, django_capture_on_commit_callbacks,
                                                        mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("portal:board_accounts"), {
            "full_name": "Omar Member", "email": "omar@example.org", "phone": "", "role": BoardGroup.MEMBER})
    assert response.status_code == 302
    omar = User.objects.get(email="omar@example.org")
    assert omar.in_board_group(BoardGroup.MEMBER) and not omar.is_staff
    assert [message.to for message in mailoutbox] == [["omar@example.org"]]
    assert "is invited" in client.get(reverse("portal:board_accounts")).content.decode()


def test_deactivating_with_htmx_swaps_the_row(client, administrator):
    staff = board_staff_account()
    response = client.post(reverse("portal:board_account_deactivate", args=[staff.pk]), headers={"HX-Request": "true"})
    assert response.status_code == 200
    row = response.content.decode()
    assert row.strip().startswith(f'<tr id="account-{staff.pk}" class="inactive">')
    assert reverse("portal:board_account_reactivate", args=[staff.pk]) in row


def test_the_navigation_links_the_page_for_administrators_only(client, administrator):
    assert reverse("portal:board_accounts") in client.get(reverse("portal:dashboard")).content.decode()
    client.force_login(board_staff_account())
    assert reverse("portal:board_accounts") not in client.get(reverse("portal:dashboard")).content.decode()


def test_the_page_speaks_spanish(client, administrator):
    client.post(reverse("set_language"), {"language": "es", "next": reverse("portal:board_accounts")})
    page = client.get(reverse("portal:board_accounts")).content.decode()
    assert "Cuentas de la Junta" in page and "Invitar a alguien" in page


def test_me_names_the_administrator_role(client, administrator):
    assert client.get(reverse("me")).json()["board_groups"] == ["board_admin"]


def test_a_superuser_makes_a_board_administrator_in_the_admin(client):
    """The admin is the superuser's way (the other is `manage.py board_admin`); audited there."""
    client.force_login(superuser())
    person = board_staff_account()
    admin_group = Group.objects.get(name=BoardGroup.ADMIN)
    groups = [*person.groups.values_list("pk", flat=True), admin_group.pk]
    response = client.post(reverse("admin:licensing_user_change", args=[person.pk]), {
        "email": person.email, "full_name": person.full_name, "phone": "", "is_active": "on", "is_staff": "on",
        "groups": groups, "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    assert response.status_code == 302
    assert User.objects.get(pk=person.pk).in_board_group(BoardGroup.ADMIN)
    event = AuditEvent.objects.get(event_type="admin.object_changed", object_id=str(person.pk))
    assert admin_group.pk in event.payload["fields"]["groups"]
