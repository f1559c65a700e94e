"""The licensing part of the demo world: eligible organizations, one application in the
review queue, one licensed Monte Carlo Night, a senior group's draft. Built with the same
services a person would use, so the demo shows real findings, fees, votes and a certificate."""

import datetime as dt
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from licensing.applications.services import (
    application_create,
    application_occasions_set,
    application_submit,
    application_update,
    premises_get_or_create,
)
from licensing.demo.helpers import fee_pay_by_check
from licensing.models import BondScheduleRow, FeeScheduleRow, Organization, User
from licensing.models.choices import DeterminationLetter, DocumentKind, ResponsibleRole
from licensing.organizations.documents import document_upload
from licensing.organizations.services import member_add, organization_profile_update, responsible_person_set
from licensing.review.services import vote_cast

# Bond amounts are board data that no regulation text gives (RULES.md); these are for the demo only.
DEMO_BONDS = [("bingo", "A", "5000.00"), ("bingo", "B", "2500.00"), ("bingo", "C", "1000.00"),
              ("montecarlo", "1", "1000.00"), ("montecarlo", "2", "2500.00"),
              ("raffle", "1", "500.00"), ("raffle", "2", "1000.00"), ("raffle", "3", "2500.00"),
              ("raffle", "4", "5000.00"), ("raffle", "5", "10000.00")]
# Raffle classes 1-5 and their fees are board data too (RULES.md: "Raffle classes 1-5 and their fees: (board
# data)"; 1202.2(r): the fees the Board requires): demo figures, so a raffle can be licensed out of the box. A
# renewal costs what the original does; an amendment costs nothing (as 1204.4-1204.5 have it for bingo).
DEMO_RAFFLE_FEES = [("1", "25.00"), ("2", "50.00"), ("3", "100.00"), ("4", "200.00"), ("5", "300.00")]
# The original vendor fee (and an amendment's) is board data too (30 DCMR 1208.4 gives only the renewal bands).
DEMO_VENDOR_FEES = [("original", "300.00"), ("amendment", "0.00")]
PDF = b"%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n"
FIRST_NAMES = ["Ana", "Ben", "Carla", "David", "Elena", "Frank", "Gloria", "Henry", "Irene", "José", "Karen", "Luis",
               "Marta", "Nathan", "Olga", "Pedro", "Rosa", "Samuel", "Teresa", "Victor", "Wanda", "Yusuf"]


def _bonds() -> None:
    for license_type, license_class, amount in DEMO_BONDS:
        BondScheduleRow.objects.get_or_create(
            license_type=license_type, license_class=license_class, effective_from=dt.date(2000, 1, 1),
            defaults={"amount": Decimal(amount), "rule": "30 DCMR 1205.2",
                      "notes": "Demo board data: not from any regulation text"},
        )


def _vendor_fees() -> None:
    for kind, amount in DEMO_VENDOR_FEES:
        FeeScheduleRow.objects.get_or_create(
            license_type="vendor", license_class="", kind=kind, effective_from=dt.date(2000, 1, 1),
            defaults={"amount": Decimal(amount), "rule": "30 DCMR 1208.4",
                      "notes": "Demo board data: not from any regulation text"},
        )


def _raffle_fees() -> None:
    for license_class, amount in DEMO_RAFFLE_FEES:
        for kind, price in (("original", amount), ("renewal", amount), ("amendment", "0.00")):
            FeeScheduleRow.objects.get_or_create(
                license_type="raffle", license_class=license_class, kind=kind, effective_from=dt.date(2000, 1, 1),
                defaults={"amount": Decimal(price), "rule": "30 DCMR 1202.2(r)",
                          "notes": "Demo board data: not from any regulation text"},
            )


def schedules() -> None:
    """Every fee and bond row the rules leave to the Board, with demo figures, so that every license type and
    class can be applied for in the demo (a row the Board already set is kept)."""
    _bonds()
    _vendor_fees()
    _raffle_fees()


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
    # Before anything else: a demo database seeded before these rows existed gets them on the next `make run`.
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
