"""Email to an organization about its application or license, sent only once the change has committed."""

from core.mail import mail_send
from licensing.models import Organization
from licensing.organizations.selectors import organization_recipients


def organization_email_after_commit(*, organization: Organization, subject: str, template: str, context: dict) -> None:
    mail_send(to=organization_recipients(organization=organization), subject=subject, template=template,
              context=context)
