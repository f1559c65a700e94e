"""Email to an organization, one way for every sender: to `organization_recipients` (its contact address
and its active filing officers, licensing.organizations.selectors), rendered from a template by core.mail.

`organization_email_after_commit` is for a service inside its transaction (review decisions, certificates):
the mail leaves once the change has committed, in the language of the request. `organization_email_send`
is for callers that already run after the commit, or, with after_commit=True, inside their transaction (enforcement
notices, scheduled reminders, overdue reports: the outbox row commits with the change, so a process lost right after
the commit loses no mail)."""

import logging

from django.conf import settings

from core.mail import mail_send
from licensing.models import Organization
from licensing.organizations.selectors import organization_recipients

logger = logging.getLogger(__name__)


def organization_email_after_commit(*, organization: Organization, subject: str, template: str, context: dict) -> None:
    mail_send(to=organization_recipients(organization=organization), subject=subject, template=template,
              context=context)


def organization_email_send(*, organization: Organization, subject, template: str, context: dict,
                            after_commit: bool = False) -> bool:
    """Queue one email to the organization now. False when it has nobody to write to. `after_commit=True` for a
    caller inside its transaction (the mail's outbox row commits with its change, core.mail)."""
    recipients = organization_recipients(organization=organization)
    if not recipients:
        logger.warning("No email address for organization %s: %s not sent", organization.pk, template)
        return False
    # The organization's language is not recorded: write in the site's language, whatever the
    # language of the staff member whose request triggered the email. The callers already wait for
    # the commit (transaction.on_commit) or pass after_commit=True from inside their transaction.
    return mail_send(to=recipients, subject=subject, template=template, context={"organization": organization,
                     **context}, language=settings.LANGUAGE_CODE, after_commit=after_commit)
