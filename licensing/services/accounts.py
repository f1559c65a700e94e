from django.contrib.auth import password_validation
from django.db import transaction

from licensing.events import audit_event_record
from licensing.models import BoardGroup, User


@transaction.atomic
def user_create(*, email: str, full_name: str, password: str, actor: User | None = None, phone: str = "") -> User:
    user = User(email=User.objects.normalize_email(email).lower(), full_name=full_name, phone=phone)
    password_validation.validate_password(password, user)
    user.set_password(password)
    user.full_clean()
    user.save()
    audit_event_record(event_type="accounts.user_created", actor=actor, target=user, payload={"email": user.email})
    return user


@transaction.atomic
def board_group_add(*, user: User, group: BoardGroup, actor: User | None = None) -> User:
    from django.contrib.auth.models import Group

    board_group, _ = Group.objects.get_or_create(name=group.value)
    user.groups.add(board_group)
    user.__dict__.pop("_board_groups", None)
    audit_event_record(
        event_type="accounts.board_group_added", actor=actor, target=user, payload={"group": group.value}
    )
    return user


BOARD_STAFF_APPS = ("licensing", "vendors", "bingo", "montecarlo", "django_celery_beat")


def board_staff_permissions_sync(**kwargs) -> None:
    """Board staff may view, add and change the domain's records in the admin (fee schedules,
    catalogs), view the audit trail, and delete nothing. Runs after every migrate."""
    from django.contrib.auth.models import Group, Permission

    group, _ = Group.objects.get_or_create(name=BoardGroup.STAFF.value)
    permissions = Permission.objects.filter(content_type__app_label__in=BOARD_STAFF_APPS).exclude(
        codename__startswith="delete_"
    ).exclude(content_type__app_label="licensing", content_type__model="auditevent",
              codename__in=["add_auditevent", "change_auditevent"])
    group.permissions.set(permissions)
