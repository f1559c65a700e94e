"""The Board's groups and what each may do in the admin; set after every migrate, so the code is the
one place these rights are decided (a permission added by hand is taken away at the next migrate).

- Board staff read the records of the licensing, vendor and live-game apps and change nothing there:
  every write goes through the portal's services and their checks. The fees, bonds and every other
  Board number are the register's (licensing.register), changed only on the portal's Rules and fees
  page with a second person's approval, never in the admin.
- Board members vote in the portal, which already shows them every filing: the admin adds nothing they
  need, so their group holds no permission and their accounts are not staff.
- Board administrators invite, deactivate and reactivate Board staff and board members in the portal
  (licensing.accounts.services) and need no admin permission either.
- Accounts and memberships (ACCOUNT_MODELS), groups, tokens, lockouts and periodic tasks are for
  superusers only; no permission here names them, and the admin site refuses them to anyone else
  whatever a group holds (licensing.admin.site)."""

from django.contrib.auth.models import Group, Permission
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Q, QuerySet

from licensing.models import BoardGroup

# Rows that say who acts for whom. The labels are strings: licensing imports no other app.
ACCOUNT_MODELS = frozenset({"licensing.user", "licensing.membership", "vendors.vendormembership"})
RECORD_APPS = ("licensing", "vendors", "bingo", "montecarlo")


def _models(labels) -> Q:
    query = Q(pk__in=[])
    for label in labels:
        app_label, model = label.split(".")
        query |= Q(content_type__app_label=app_label, content_type__model=model)
    return query


def board_staff_permissions(*, using: str = DEFAULT_DB_ALIAS) -> QuerySet[Permission]:
    reads = Q(content_type__app_label__in=RECORD_APPS, codename__startswith="view_")
    return Permission.objects.using(using).filter(reads).exclude(_models(ACCOUNT_MODELS))


GROUP_PERMISSIONS = {
    BoardGroup.STAFF: board_staff_permissions,
    BoardGroup.MEMBER: lambda *, using: Permission.objects.none(),
    BoardGroup.ADMIN: lambda *, using: Permission.objects.none(),
}


def board_groups_sync(*, using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    """post_migrate receiver: the Board's groups exist and hold exactly their permissions. Connected
    without a sender, it runs after each app's migrate, the last run seeing every app's permissions."""
    for board_group, permissions in GROUP_PERMISSIONS.items():
        group, _ = Group.objects.using(using).get_or_create(name=board_group.value)
        group.permissions.set(permissions(using=using))
