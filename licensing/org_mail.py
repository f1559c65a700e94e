"""Email to an organization: its own address, or else the people who file for it.

Shared by enforcement notices and scheduled reminders. Sending goes through the
`email_send` Celery task, so a slow mail server never holds up a request or the job."""

import logging

from django.conf import settings

from core.mail import mail_send
from licensing.models import Membership, Organization
from licensing.models.organizations import FILING_ROLES

logger = logging.getLogger(__name__)


def organization_recipients(*, organization: Organization) -> list[str]:
    """The organization's address when it has one; otherwise every active filing officer's."""
    if organization.email:
        return [organization.email]
    emails = Membership.objects.filter(
        organization=organization, role__in=FILING_ROLES, is_active=True, user__is_active=True
    ).exclude(user__email="").values_list("user__email", flat=True).distinct()
    return sorted(set(emails))


def organization_email_send(*, organization: Organization, subject, template: str, context: dict) -> bool:
    """Queue one email to the organization. False when it has nobody to write to."""
    recipients = organization_recipients(organization=organization)
    if not recipients:
        logger.warning("No email address for organization %s: %s not sent", organization.pk, template)
        return False
    # The organization's language is not recorded: write in the site's language, whatever the
    # language of the staff member whose request triggered the email. The callers already wait for
    # the commit (transaction.on_commit), so this one sends at once.
    return mail_send(to=recipients, subject=subject, template=template, context={"organization": organization,
                     **context}, language=settings.LANGUAGE_CODE, after_commit=False)
