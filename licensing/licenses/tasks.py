"""Celery task of the license certificate: rendered and kept off the request path once the license is issued
(licensing.licenses.services starts it after commit)."""

import datetime as dt

from celery import shared_task
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from core.public_url import public_url
from core.queue import enqueue
from licensing.licenses.certificates import (
    certificate_pdf,
    certificates_owed,
    license_certificate_store,
    license_lookup_url,
)
from licensing.models import License
from licensing.organizations.mail import organization_email_after_commit


# Named as it was when it lived in licensing/tasks_review.py: queued messages keep their name.
@shared_task(name="licensing.tasks_review.license_certificate_build", autoretry_for=(OSError,), retry_backoff=True,
             max_retries=3)
def license_certificate_build(license_id: int, requested_at: str | None = None) -> str:
    """Render the certificate PDF, keep it on the license, and tell the organization where to find it.

    Done once per request however often it is delivered (a worker killed before acknowledging it): the certificate,
    its event and the organization's email commit together, under the license's row lock, and a delivery that finds
    the certificate built at or after `requested_at` (when the service asked for it) does nothing."""
    license = License.objects.select_related("organization", "premises", "application", "parent").get(pk=license_id)
    pdf = certificate_pdf(license)
    with transaction.atomic():
        locked = License.objects.select_for_update().get(pk=license_id)
        asked = dt.datetime.fromisoformat(requested_at) if requested_at else None
        if asked and locked.certificate_built_at and locked.certificate_built_at >= asked:
            return locked.certificate.name
        license = license_certificate_store(license=license, pdf=pdf)
        download = public_url(reverse("portal:license_certificate", args=[license.pk]))
        organization_email_after_commit(
            organization=license.organization,
            subject=gettext("License %(number)s: your certificate") % {"number": license.number},
            template="licensing/email/license_certificate.txt",
            context={
                "number": license.number, "type": license.get_license_type_display(), "class": license.license_class,
                "organization": license.licensed_name or license.organization.name,
                "effective": license.effective_on, "expires": license.expires_on,
                "download": download, "lookup": license_lookup_url(license),
            },
        )
    return license.certificate.name


@shared_task(name="licensing.licenses.tasks.certificates_sweep")
def certificates_sweep() -> dict:
    """Every few minutes (beat): start the builds owed and not done a while after they were asked for."""
    owed = certificates_owed()
    queued = sum(enqueue(license_certificate_build, license_id=license_id, requested_at=requested_at.isoformat())
                 for license_id, requested_at in owed)
    return {"owed": len(owed), "queued": queued}
