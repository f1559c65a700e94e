"""Factories and tiny sample files for the organization profile tests."""

import datetime as dt

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from licensing.models import Application, OrganizationMember, ResponsiblePerson
from licensing.models.choices import DeterminationLetter, LicenseType, ResponsibleRole
from tests.licensing.factories import OrganizationFactory, UserFactory

# The smallest files `filetype.guess` recognizes: it reads only the signature bytes.
PDF_BYTES = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 17
JPEG_BYTES = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01" + b"\x00" * 20 + b"\xff\xd9"
GIF_BYTES = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"


def upload(name: str, content: bytes, content_type: str = "application/pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)


def years_ago(years: int, days: int = 0) -> dt.date:
    today = timezone.localdate()
    try:
        return today.replace(year=today.year - years) - dt.timedelta(days=days)
    except ValueError:
        return today.replace(year=today.year - years, day=28) - dt.timedelta(days=days)


class OrganizationMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrganizationMember

    organization = factory.SubFactory(OrganizationFactory)
    full_name = factory.Sequence(lambda n: f"Member Number {n}")
    street_address = factory.Sequence(lambda n: f"{n + 1} Kennedy Street NW")
    postal_code = "20011"
    date_of_birth = dt.date(1950, 6, 15)


class ResponsiblePersonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ResponsiblePerson

    organization = factory.SubFactory(OrganizationFactory)
    role = ResponsibleRole.MEMBER_IN_CHARGE
    full_name = factory.Sequence(lambda n: f"Responsible Person {n}")
    street_address = "12 Upshur Street NW"
    postal_code = "20011"
    phone = "202-555-0142"
    date_of_birth = dt.date(1970, 3, 1)


def draft_application(organization):
    """A bare draft application, for attaching documents to (the application engineer's factories do more)."""
    return Application.objects.create(organization=organization, license_type=LicenseType.BINGO, license_class="C",
                                      created_by=UserFactory())


def eligible_organization(*, members: int = 20, **fields):
    """An organization whose profile meets 30 DCMR 1200.2 and 1202.2(j),(k)."""
    defaults = {
        "incorporated_in_dc": True, "determination_letter": DeterminationLetter.IRS,
        "founded_on": years_ago(5), "purpose": "Scholarships for students of Ward 4",
        "operates_without_profit": True,
    }
    organization = OrganizationFactory(**{**defaults, **fields})
    OrganizationMemberFactory.create_batch(members, organization=organization)
    for role in ResponsibleRole:
        ResponsiblePersonFactory(organization=organization, role=role)
    return organization
