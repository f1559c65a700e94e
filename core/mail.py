"""Every email the project sends: rendered from a template now, written to the outbox (core.models.MailOutbox) in the
transaction of the change that caused it, and sent by the `outbox_send` task once that transaction has committed
(Zulip's habit: nobody is told about a change that might still roll back), so a slow mail server never holds up a
request or a job. The outbox row commits or rolls back with the change: a change saved is a mail that goes out,
once, even if the broker was down at commit time or the worker was killed mid-send (core.outbox, its sweep).

Every email is also handed, at the moment it is queued, to the hook named by the MAIL_MIRROR setting (a dotted
path: licensing keeps an in-portal copy for each recipient who has an account), in the same transaction. core
imports no app, so the hook is named, not imported."""

from contextlib import nullcontext

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.module_loading import import_string

from core.models import MailOutbox
from core.queue import enqueue, enqueue_on_commit
from core.tasks import outbox_send


def mail_send(*, to: list[str], template: str, context: dict, subject=None, subject_template: str | None = None,
              language: str | None = None, after_commit: bool = True, key: str | None = None) -> bool:
    """Queue one email to `to`: the body from `template`, the subject given or rendered from
    `subject_template` (on one line), both in `language` (default: the active one). False when there is
    nobody to write to, or when an email of the same `key` was queued before (a task that runs twice).
    `after_commit=False` is for a caller with no transaction to wait for: the task is asked at once."""
    if not to:
        return False
    with translation.override(language) if language else nullcontext():
        body = render_to_string(template, context)
        if subject_template is not None:
            subject = "".join(render_to_string(subject_template, context).splitlines()).strip()
        subject = str(subject)
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = MailOutbox.objects.create(subject=subject, body=body, to=list(to), key=key)
        except IntegrityError:
            if key is None:
                raise
            return False  # queued before, by an earlier run of the same task
        mirror = getattr(settings, "MAIL_MIRROR", "")
        if mirror:
            import_string(mirror)(subject=subject, body=body, to=list(to))
    if after_commit:
        enqueue_on_commit(outbox_send, outbox_id=row.pk)
    else:
        enqueue(outbox_send, outbox_id=row.pk)
    return True
