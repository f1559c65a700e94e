"""Email to an organization about its application or license, sent only once the change has committed."""

from functools import partial

from django.db import transaction

from licensing.models import Organization
from licensing.selectors_review import organization_recipients


def organization_email_after_commit(*, organization: Organization, subject: str, body: str) -> None:
    # Zulip's habit: nobody is told about a change that might still roll back.
    recipients = organization_recipients(organization=organization)
    if not recipients:
        return
    from licensing.tasks import email_send

    transaction.on_commit(partial(email_send.delay, subject=str(subject), body=str(body), to=recipients))
