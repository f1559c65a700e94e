"""The licensing part of the demo world: eligible organizations, one application in the
review queue, one licensed Monte Carlo Night, a senior group's draft. Built with the same
services a person would use, so the demo shows real findings, fees, votes and a certificate."""

import datetime as dt
from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from demo.helpers import fee_pay_by_check
from licensing.applications.services import (
    application_create,
    application_occasions_set,
    application_submit,
    application_update,
    premises_get_or_create,
)
from licensing.models import Organization, User
from licensing.models.choices import DeterminationLetter, DocumentKind, ResponsibleRole
from licensing.organizations.documents import document_upload
from licensing.organizations.services import member_add, organization_profile_update, responsible_person_set
from licensing.register.services import pack_load_missing
from licensing.review.services import vote_cast

# The numbers 30 DCMR leaves to the Board (every bond, the raffle classes' fees, a vendor's original fee), with demo
# figures: board data that no regulation text gives (RULES.md), for the demo only.
DEMO_PACK = Path(settings.BASE_DIR) / "rulepacks" / "demo-board-data.toml"
PDF = b"%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n"
FIRST_NAMES = ["Ana", "Ben", "Carla", "David", "Elena", "Frank", "Gloria", "Henry", "Irene", "José", "Karen", "Luis",
               "Marta", "Nathan", "Olga", "Pedro", "Rosa", "Samuel", "Teresa", "Victor", "Wanda", "Yusuf"]


def schedules() -> int:
    """Load the demo pack's fees and bonds into the register, so that every license type and class can be applied
    for in the demo. Only keys the register has never held are loaded: a figure the Board already set is its own and
    stays, and seeding again adds nothing. Returns how many rows were added."""
    return pack_load_missing(path=DEMO_PACK)


def _eligible(organization: Organization, officer: User, *, senior: bool) -> None:
    today = timezone.localdate()
    organization_profile_update(
        actor=officer, organization=organization, incorporated_in_dc=True,
        determination_letter=DeterminationLetter.IRS, founded_on=today.replace(year=today.year - 12),
        purpose="Service to the community of the District of Columbia", operates_without_profit=True,
    )
    for index, first in enumerate(FIRST_NAMES[: 12 if senior else 22]):
        born = dt.date(1948 + index % 8, 1 + index % 12, 10) if senior else dt.date(1960 + index, 3, 15)
        member_add(actor=officer, organization=organization, full_name=f"{first} {organization.name.split()[0]}",
                   street_address=f"{100 + index} {['Kennedy', 'Upshur', 'Taylor'][index % 3]} Street NW",
                   postal_code="20011", date_of_birth=born)
    for offset, role in enumerate(ResponsibleRole):
        responsible_person_set(actor=officer, organization=organization, role=role,
                               full_name=f"{FIRST_NAMES[offset]} {organization.name.split()[0]} ({role.label})",
                               street_address="1 Demo Street NW", postal_code="20011", phone="202-555-0100",
                               date_of_birth=dt.date(1958, 5, 1 + offset))
    document_upload(actor=officer, organization=organization, kind=DocumentKind.BYLAWS,
                    uploaded_file=SimpleUploadedFile("bylaws.pdf", PDF, content_type="application/pdf"))


def build(*, officers: dict[str, User], board_members: list[User]) -> bool:
    """officers: organization name -> its officer. Returns False when the demo applications already exist."""
    # Before anything else: a demo database seeded before these numbers existed gets them on the next `make run`.
    schedules()
    organizations = {o.name: o for o in Organization.objects.filter(name__in=officers)}
    if any(o.applications.exists() for o in organizations.values()):
        return False
    today = timezone.localdate()
    for name, organization in organizations.items():
        _eligible(organization, officers[name], senior=organization.is_senior_group)

    parish = organizations["St. Augustine Catholic Parish"]
    officer = officers[parish.name]
    bingo = application_create(actor=officer, organization=parish, license_type="bingo", license_class="B")
    hall = premises_get_or_create(name="St. Augustine Parish Hall", street_address="1419 V Street NW",
                                  postal_code="20009", certificate_of_occupancy="CO-2019-04417")
    application_update(actor=officer, application=bingo, premises=hall, lawful_purpose="Scholarships for the "
                       "parish school", step=5)
    first_friday = today + dt.timedelta(days=(4 - today.weekday()) % 7 + 14)
    application_occasions_set(actor=officer, application=bingo, occasions=[
        {"date": first_friday + dt.timedelta(weeks=week), "starts_at": dt.time(18, 30), "ends_at": dt.time(22)}
        for week in range(8)])
    application_submit(application=bingo, actor=officer)

    post = organizations["American Legion Post 8"]
    officer = officers[post.name]
    night = application_create(actor=officer, organization=post, license_type="montecarlo", license_class="2")
    start = timezone.make_aware(dt.datetime.combine(today + dt.timedelta(days=45), dt.time(19)))
    application_update(actor=officer, application=night, lawful_purpose="Veterans' emergency relief fund", step=5,
                       premises=premises_get_or_create(name="Post 8 Hall", street_address="224 D Street SE",
                                                       postal_code="20003"),
                       event_starts_at=start, event_ends_at=start + dt.timedelta(hours=5))
    application_submit(application=night, actor=officer)
    fee_pay_by_check(application=night)  # the license issues only once its fee is paid
    for member in board_members[:4]:
        vote_cast(application=night, actor=member, choice="aye")  # the fourth aye issues the license

    seniors = organizations["Petworth Senior Friendship Club"]
    # A senior group by its checked profile (12 members, all past 70): 30 DCMR 1201.1, 1201.3.
    application_create(actor=officers[seniors.name], organization=seniors, license_type="bingo", license_class="D")
    return True
