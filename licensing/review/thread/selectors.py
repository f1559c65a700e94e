"""Who reads an application's thread, and its messages.

The thread is the Board's and the filers': board staff and board members read every thread; an
organization's filing people (officers, members in charge, the gross-receipts member, a vendor's
representative) read their own organization's. Its game workers do not (they see neither the audit trail
nor the filings' correspondence), and anyone else gets a 404: the application's existence is not disclosed."""

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, ApplicationMessage, MessageAttachment, User
from licensing.models.choices import ApplicationStatus
from licensing.organizations.selectors import can_file_for, can_read_records, records_organization_list


def can_read_thread(*, user: User, application: Application) -> bool:
    return can_read_records(user=user, organization=application.organization)


def can_post_in_thread(*, user: User, application: Application) -> bool:
    """Board staff and the organization's filing people write; board members only read (they decide, by vote)."""
    if not user.is_authenticated or application.status == ApplicationStatus.DRAFT:
        return False
    return user.is_board_staff or can_file_for(user=user, organization=application.organization)


def thread_application_get(*, user: User, pk: int) -> Application:
    """The application whose thread `user` may read, or a 404."""
    queryset = Application.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "organization"
    )
    return get_object_or_404(queryset, pk=pk)


def message_list(*, user: User, application: Application) -> QuerySet[ApplicationMessage]:
    """The thread, oldest first, with authors and attachments in two queries whatever its length."""
    if not can_read_thread(user=user, application=application):
        return ApplicationMessage.objects.none()
    return (
        ApplicationMessage.objects.filter(application=application)
        .select_related("author", "deficiency_notice")
        .prefetch_related(Prefetch("attachments", queryset=MessageAttachment.objects.order_by("pk")))
        .order_by("created_at", "pk")
    )


def attachment_get(*, user: User, application: Application, pk: int) -> MessageAttachment:
    queryset = MessageAttachment.objects.filter(message__in=message_list(user=user, application=application))
    return get_object_or_404(queryset, pk=pk)
