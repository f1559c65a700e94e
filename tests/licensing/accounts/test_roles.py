"""The Board's groups hold exactly the permissions their work needs, set by the code after every migrate."""

import pytest
from django.contrib.auth.models import Group, Permission

from licensing.accounts.roles import board_groups_sync

pytestmark = pytest.mark.django_db


def test_the_board_groups_hold_only_their_work_permissions():
    staff = {f"{p.content_type.app_label}.{p.codename}" for p in Group.objects.get(name="board_staff").permissions
             .select_related("content_type")}
    assert {"licensing.view_application", "licensing.view_auditevent", "bingo.view_gameevent"} <= staff
    # Staff change nothing in the admin: the fees and bonds are the register's, changed in the portal with a second
    # person's approval (licensing.register), and the Board's permission to propose is not the group's to give.
    assert {name for name in staff if not name.split(".")[1].startswith("view_")} == set()
    for forbidden in ("licensing.view_user", "licensing.change_user", "licensing.add_membership",
                      "licensing.view_membership"):
        assert forbidden not in staff
    assert not {name for name in staff if name.split(".")[0] not in ("licensing", "vendors", "bingo", "montecarlo")}
    assert not Group.objects.get(name="board_member").permissions.exists()
    assert not Group.objects.get(name="board_admin").permissions.exists()


def test_a_permission_added_by_hand_is_taken_back_at_the_next_migrate():
    staff, members = Group.objects.get(name="board_staff"), Group.objects.get(name="board_member")
    change_user = Permission.objects.get(content_type__app_label="licensing", codename="change_user")
    staff.permissions.add(change_user)
    members.permissions.add(change_user)
    board_groups_sync()
    assert not staff.permissions.filter(pk=change_user.pk).exists()
    assert not members.permissions.exists()
