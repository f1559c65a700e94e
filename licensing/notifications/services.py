"""Writes of notifications. Not audited: a notification is a copy of an email already sent about an act that was
audited where it happened, and reading it is the reader's own business, no regulated act."""

import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone, translation

from licensing.models import Notification, User

SUBJECT_MAX = 300
LINK_MAX = 500
# The first web address in the body is the notification's link (emails name the page to open).
_ADDRESS = re.compile(r"https?://[^\s<>\"']+")


def _link_in(body: str) -> str:
    """The first address in the body; one on this site is kept as its path, so it opens on whatever host the
    reader uses the portal."""
    match = _ADDRESS.search(body)
    if not match:
        return ""
    link = match.group(0).rstrip(".,;:)")
    base = settings.PUBLIC_BASE_URL
    if link.startswith(base + "/"):
        link = link[len(base):]
    return link[:LINK_MAX]


@transaction.atomic
def notifications_from_email(*, subject: str, body: str, to: list[str]) -> list[Notification]:
    """One notification per active account among the recipients (matched by email, case-insensitively);
    addresses with no account (an organization's own mailbox) get none. Called by core.mail for every email."""
    addresses = {address.strip().lower() for address in to if address and "\x00" not in address}
    if not addresses:
        return []
    same_address = Q()
    for address in addresses:  # an email has a handful of recipients
        same_address |= Q(email__iexact=address)
    users = get_user_model().objects.filter(same_address, is_active=True)
    link, subject = _link_in(body), str(subject)[:SUBJECT_MAX]
    return Notification.objects.bulk_create(
        [Notification(user=user, subject=subject, body=body, link=link) for user in users])


# allauth's emails asking to confirm an address (by link or by code): done once the address is confirmed.
EMAIL_CONFIRMATION_SUBJECTS = ("account/email/email_confirmation_subject.txt",
                               "account/email/email_confirmation_signup_subject.txt",
                               "account/email/email_confirm_subject.txt")


def _confirmation_subjects() -> set[str]:
    """The subjects those emails had, in every language of the site (each was written in its reader's)."""
    subjects = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for template in EMAIL_CONFIRMATION_SUBJECTS:
                subjects.add(" ".join(render_to_string(template, {}).splitlines()).strip()[:SUBJECT_MAX])
    return subjects


def notifications_email_confirmed_clear(*, user: User) -> int:
    """Once the address is confirmed, the "Confirm your email" notifications leave the person's list: nothing is
    left to do about them (a copy of an email, no regulated record). Returns how many left."""
    deleted, _by_model = Notification.objects.filter(user=user, subject__in=_confirmation_subjects()).delete()
    return deleted


def notification_mark_read(*, actor: User, notification: Notification) -> Notification:
    """Mark one of the actor's own notifications read (the selector has already scoped it)."""
    if notification.user_id != actor.pk:
        raise PermissionDenied("Only the person notified marks a notification read.")
    if notification.read_at is None:
        notification.read_at = timezone.now()
        notification.save(update_fields=["read_at"])
    return notification


def notifications_mark_all_read(*, actor: User) -> int:
    """Mark every unread notification of the actor read; returns how many."""
    return Notification.objects.filter(user=actor, read_at__isnull=True).update(read_at=timezone.now())
