"""Reads of notifications: a person sees only their own, whoever they are (Board staff included)."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Notification, User


def notification_list(*, user: User) -> QuerySet[Notification]:
    if not getattr(user, "is_authenticated", False):
        return Notification.objects.none()
    return Notification.objects.filter(user=user)


def notification_get(*, user: User, pk: int) -> Notification:
    return get_object_or_404(notification_list(user=user), pk=pk)


def notification_unread_count(*, user: User) -> int:
    """One COUNT on the (user, read_at) index: cheap enough for the header of every page."""
    return notification_list(user=user).filter(read_at__isnull=True).count()
