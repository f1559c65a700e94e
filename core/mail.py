"""Every email the project sends: rendered from a template now, sent by the `email_send` task once the
transaction that caused it has committed (Zulip's habit: nobody is told about a change that might still
roll back), so a slow mail server never holds up a request or a job.

Every email is also handed, at the moment it is queued, to the hook named by the MAIL_MIRROR setting (a dotted
path: licensing keeps an in-portal copy for each recipient who has an account). core imports no app, so the hook is
named, not imported."""

from contextlib import nullcontext
from functools import partial

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.module_loading import import_string

from core.tasks import email_send


def mail_send(*, to: list[str], template: str, context: dict, subject=None, subject_template: str | None = None,
              language: str | None = None, after_commit: bool = True) -> bool:
    """Queue one email to `to`: the body from `template`, the subject given or rendered from
    `subject_template` (on one line), both in `language` (default: the active one). False when there is
    nobody to write to. `after_commit=False` is for a caller with no transaction to wait for."""
    if not to:
        return False
    with translation.override(language) if language else nullcontext():
        body = render_to_string(template, context)
        if subject_template is not None:
            subject = "".join(render_to_string(subject_template, context).splitlines()).strip()
        subject = str(subject)
    send = partial(_send_and_mirror, subject=subject, body=body, to=list(to))
    if after_commit:
        transaction.on_commit(send)
    else:
        send()
    return True


def _send_and_mirror(*, subject: str, body: str, to: list[str]) -> None:
    email_send.delay(subject=subject, body=body, to=to)
    mirror = getattr(settings, "MAIL_MIRROR", "")
    if mirror:
        import_string(mirror)(subject=subject, body=body, to=to)
