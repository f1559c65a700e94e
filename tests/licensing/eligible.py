"""Build an organization that meets 30 DCMR 1200.2, so application tests see only their own findings."""

import datetime as dt
import hashlib
from decimal import Decimal

from django.core.files.base import ContentFile
from django.utils import timezone

from licensing.models import BondScheduleRow, Document, OrganizationMember, ResponsiblePerson
from licensing.models.choices import DeterminationLetter, DocumentKind, ResponsibleRole

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def make_eligible(organization, *, uploaded_by, members=20):
    organization.incorporated_in_dc = True
    organization.determination_letter = DeterminationLetter.IRS
    organization.founded_on = timezone.localdate() - dt.timedelta(days=3 * 365)
    organization.purpose = "Support for the parish school"
    organization.operates_without_profit = True
    organization.save()
    OrganizationMember.objects.bulk_create([
        OrganizationMember(organization=organization, full_name=f"Member {i}", street_address=f"{i} Elm St NW",
                           postal_code="20010", date_of_birth=dt.date(1950, 1, 1)) for i in range(members)
    ])
    for role in ResponsibleRole:
        ResponsiblePerson.objects.create(
            organization=organization, role=role, full_name=f"{role.label} person", street_address="5 Oak St NW",
            postal_code="20010", phone="202-555-0100", date_of_birth=dt.date(1970, 1, 1),
        )
    add_document(organization, DocumentKind.BYLAWS, uploaded_by=uploaded_by)
    return organization


def add_document(organization, kind, *, uploaded_by, application=None):
    digest = hashlib.sha256(PDF + kind.encode() + str(organization.pk).encode()).hexdigest()
    document = Document(organization=organization, application=application, kind=kind, original_name=f"{kind}.pdf",
                        content_type="application/pdf", size=len(PDF), sha256=digest, uploaded_by=uploaded_by)
    document.file.save(f"{kind}.pdf", ContentFile(PDF), save=False)
    document.save()
    return document


def set_bond(license_type, license_class, amount="1000.00"):
    return BondScheduleRow.objects.create(
        license_type=license_type, license_class=license_class, amount=Decimal(amount),
        effective_from=dt.date(2000, 1, 1), rule="30 DCMR 1205.2", notes="test board data",
    )
