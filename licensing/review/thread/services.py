"""Writing in an application's thread: one service, `application_message_post`."""

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.mail import mail_send
from core.public_url import public_url
from core.stored_files import stored_file_save
from licensing.models import Application, ApplicationMessage, BoardGroup, MessageAttachment, User
from licensing.models.messages import MAX_MESSAGE_CHARACTERS
from licensing.organizations.documents import upload_checked
from licensing.organizations.mail import organization_email_after_commit
from licensing.review.thread import events
from licensing.review.thread.selectors import can_post_in_thread

MAX_ATTACHMENTS = 5


def _checked_attachments(attachments) -> list:
    attachments = list(attachments or [])
    if len(attachments) > MAX_ATTACHMENTS:
        raise ValidationError({"attachments": [ValidationError(
            _("Send at most %(count)d files with one message.") % {"count": MAX_ATTACHMENTS}, code="too_many")]})
    checked = []
    for uploaded in attachments:
        try:
            checked.append((uploaded, upload_checked(uploaded, field="attachments")))
        except ValidationError as error:
            name = getattr(uploaded, "name", "") or gettext("file")
            raise ValidationError({"attachments": [ValidationError(
                f"{name}: {message}", code=inner.code) for inner in error.error_dict["attachments"]
                for message in inner.messages]}) from None
    return checked


def _clean_body(body) -> str:
    body = str(body or "").strip()
    if not body:
        raise ValidationError({"body": [ValidationError(_("Write a message."), code="required")]})
    if len(body) > MAX_MESSAGE_CHARACTERS:
        raise ValidationError({"body": [ValidationError(
            _("A message is at most %(count)d characters.") % {"count": MAX_MESSAGE_CHARACTERS}, code="max_length")]})
    return body


def _board_recipients(application: Application) -> list[str]:
    """The staff who have worked on this application (its notices, its thread); the whole staff when none has."""
    staff = User.objects.filter(is_active=True, groups__name=BoardGroup.STAFF.value).exclude(email="")
    involved = staff.filter(pk__in=[
        *application.deficiency_notices.values_list("issued_by_id", flat=True),
        *application.messages.filter(from_board=True).values_list("author_id", flat=True),
    ])
    chosen = involved if involved.exists() else staff
    return sorted({email.lower() for email in chosen.values_list("email", flat=True)})


@transaction.atomic
def application_message_post(*, actor: User, application: Application, body: str,
                             attachments=()) -> ApplicationMessage:
    """Board staff or the organization's filing people write in the application's thread; the other side is
    emailed once the message has committed. A message answers the open deficiency notice when the organization
    writes while one is open (the notice is cured only by correcting and resubmitting the application)."""
    if not can_post_in_thread(user=actor, application=application):
        raise PermissionDenied(_("Only board staff and the organization's filing officers write in this thread."))
    body = _clean_body(body)
    checked = _checked_attachments(attachments)

    from_board = actor.is_board_staff
    notice = None if from_board else application.deficiency_notices.filter(
        cured_at__isnull=True, expired_at__isnull=True).order_by("-issued_at").first()
    message = ApplicationMessage(application=application, author=actor, from_board=from_board, body=body,
                                 deficiency_notice=notice)
    message.full_clean()
    message.save()
    stored = []
    try:
        for uploaded, found in checked:
            attachment = MessageAttachment(message=message, original_name=found.display_name,
                                           content_type=found.content_type, size=found.size, sha256=found.sha256)
            stored_file_save(attachment.file, f"{found.sha256}.{found.extension}", uploaded, field="attachments")
            stored.append(attachment)
            attachment.save()
    except Exception:
        for attachment in stored:
            attachment.file.delete(save=False)  # no stored file without its row
        raise
    events.application_message_posted(actor=actor, application=application, message=message, from_board=from_board,
                                      notice=notice, stored=stored)
    _notify(application=application, message=message)
    return message


def _notify(*, application: Application, message: ApplicationMessage) -> None:
    context = {"application": application, "message": message, "author": message.author.full_name or
               message.author.email}
    if message.from_board:
        subject = gettext("New message on application #%(pk)d") % {"pk": application.pk}
        link = public_url(reverse("portal:application_status", args=[application.pk]))
        organization_email_after_commit(organization=application.organization, subject=subject,
                                        template="licensing/email/application_message.txt",
                                        context={**context, "link": link})
    else:
        link = public_url(reverse("portal:review_detail", args=[application.pk]))
        with translation.override(settings.LANGUAGE_CODE):
            subject = gettext("New message on application #%(pk)d") % {"pk": application.pk}
        # Board staff read the site's language; the organization's is its request's (organization_email_after_commit).
        mail_send(to=_board_recipients(application), subject=subject, language=settings.LANGUAGE_CODE,
                  template="licensing/email/application_message.txt", context={**context, "link": link})
