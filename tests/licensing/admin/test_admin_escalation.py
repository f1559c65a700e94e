"""The escalations of the security audit (issue 9), replayed: each is refused and changes nothing.

Board staff made themselves superuser through the user admin, changed the administrator's password,
and added themselves as an officer of another organization through the membership inline."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from licensing.models import AuditEvent, Membership, User
from tests.licensing.admin.factories import inline_membership_form
from tests.licensing.factories import PASSWORD, OrganizationFactory, UserFactory, board_admin, board_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    user = board_staff(is_staff=True)
    client.force_login(user)
    return user


@pytest.fixture
def superuser():
    return UserFactory(is_staff=True, is_superuser=True)


def user_form(user: User, **overrides) -> dict:
    return {"email": user.email, "full_name": user.full_name, "phone": "", "is_active": "on", "is_staff": "on",
            "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"} | overrides


def test_board_staff_cannot_make_themselves_superuser(client, staff):
    response = client.post(reverse("admin:licensing_user_change", args=[staff.pk]),
                           user_form(staff, is_superuser="on"))
    assert response.status_code == 403
    staff.refresh_from_db()
    assert not staff.is_superuser
    assert not AuditEvent.objects.filter(event_type__startswith="admin.").exists()


def test_a_board_administrator_made_admin_staff_by_mistake_cannot_promote_itself(client):
    administrator = board_admin(is_staff=True)
    client.force_login(administrator)
    admin_group = Group.objects.get(name="board_admin")
    response = client.post(reverse("admin:licensing_user_change", args=[administrator.pk]),
                           user_form(administrator, is_superuser="on", groups=[admin_group.pk]))
    assert response.status_code == 403
    administrator.refresh_from_db()
    assert not administrator.is_superuser
    assert list(administrator.groups.values_list("name", flat=True)) == ["board_admin"]
    assert client.post(reverse("admin:auth_group_change", args=[admin_group.pk]),
                       {"name": "board_admin", "permissions": list(Permission.objects.values_list("pk", flat=True))}
                       ).status_code == 403
    assert not admin_group.permissions.exists()


def test_board_staff_cannot_change_the_administrators_password(client, staff, superuser):
    response = client.post(reverse("admin:auth_user_password_change", args=[superuser.pk]),
                           {"password1": "Taken-Over-Passphrase-1", "password2": "Taken-Over-Passphrase-1",
                            "usable_password": "true"})
    assert response.status_code == 403
    superuser.refresh_from_db()
    assert superuser.check_password(PASSWORD)
    assert not superuser.check_password("Taken-Over-Passphrase-1")


def test_board_staff_cannot_add_themselves_to_another_organization(client, staff):
    other = OrganizationFactory()
    response = client.post(reverse("admin:licensing_organization_change", args=[other.pk]),
                           inline_membership_form(other, staff))
    assert response.status_code == 403
    assert not Membership.objects.filter(user=staff).exists()


def test_even_with_change_organization_granted_the_membership_inline_is_not_read(client, staff):
    """Defence in depth: a permission granted by mistake lets staff save the organization, never its people."""
    staff.user_permissions.add(*Permission.objects.filter(codename__in=[
        "change_organization", "add_membership", "change_membership", "view_membership"]))
    other = OrganizationFactory()
    response = client.post(reverse("admin:licensing_organization_change", args=[other.pk]),
                           inline_membership_form(other, staff))
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert not Membership.objects.filter(user=staff).exists()


def test_the_user_autocomplete_lists_nobody_for_board_staff(client, staff):
    """The inline's user picker would list every account's email: refused like the user admin."""
    response = client.get(reverse("admin:autocomplete"), {
        "app_label": "licensing", "model_name": "membership", "field_name": "user", "term": "@"})
    assert response.status_code == 403
