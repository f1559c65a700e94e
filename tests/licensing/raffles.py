"""A raffle license ready for its drawing: the application states a drawing time already past and a place
(30 DCMR 1202.2(n)), the printer's statement and a ticket proof are on file (1502.5, 1502.6), and the
organization names a member in charge and an alternate (1202.2(j), 1301.5)."""

import datetime as dt

from django.utils import timezone

from licensing.models import ResponsiblePerson
from licensing.models.choices import DocumentKind, ResponsibleRole
from tests.licensing.factories import ResponsiblePersonFactory, UserFactory, add_document

PLACE = "Parish hall, 1200 Upshur Street NW"


def raffle_ready(license, *, drawing_at=None, documents=True, people=True):
    application = license.application
    application.drawing_at = drawing_at or timezone.now() - dt.timedelta(hours=1)
    application.drawing_place = application.drawing_place or PLACE
    application.save(update_fields=["drawing_at", "drawing_place"])
    organization = license.organization
    if documents:
        uploader = UserFactory()
        for kind in (DocumentKind.PRINTERS_AFFIDAVIT, DocumentKind.TICKET_PROOF):
            if not organization.documents.filter(kind=kind).exists():
                add_document(organization, kind, uploaded_by=uploader)
    if people:
        for role in (ResponsibleRole.MEMBER_IN_CHARGE, ResponsibleRole.ALTERNATE):
            if not ResponsiblePerson.objects.filter(organization=organization, role=role, is_current=True).exists():
                ResponsiblePersonFactory(organization=organization, role=role)
    return license


def in_charge(license, role=ResponsibleRole.MEMBER_IN_CHARGE) -> int:
    """The id of the organization's current member in charge (or alternate): who is present at the drawing."""
    return ResponsiblePerson.objects.get(organization=license.organization, role=role, is_current=True).pk
