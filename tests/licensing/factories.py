"""The licensing tests' factories (factory_boy) and builders: people and organizations, applications,
occasions, premises and licenses, an organization's profile (members, responsible people, sample files), an
eligible organization, a user in each role, and a raffle license ready for its drawing."""

import datetime as dt
import hashlib
import re
from decimal import Decimal

import factory
from django.contrib.auth.models import Group
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from licensing.accounts.mfa import totp_code_now
from licensing.accounts.services import totp_authenticator_set
from licensing.fees.payments import fee_payment_record
from licensing.licenses.settlement import fee_settlement
from licensing.models import (
    Application,
    AuditEvent,
    BingoOccasion,
    BoardGroup,
    BoardNumber,
    Document,
    License,
    Membership,
    NumberStatus,
    Organization,
    OrganizationMember,
    OrganizationType,
    Premises,
    ResponsiblePerson,
    Role,
    User,
)
from licensing.models.choices import (
    ApplicationKind,
    ApplicationStatus,
    DeterminationLetter,
    DocumentKind,
    LicenseStatus,
    LicenseType,
    Period,
    ResponsibleRole,
    VoteChoice,
)
from licensing.review.services import vote_cast

PASSWORD = "Correct-Horse-Battery-9"
# The smallest files `filetype.guess` recognizes: it reads only the signature bytes.
PDF_BYTES = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 17
JPEG_BYTES = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01" + b"\x00" * 20 + b"\xff\xd9"
GIF_BYTES = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"person{n}@example.org")
    full_name = factory.Faker("name")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class OrganizationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Organization

    name = factory.Sequence(lambda n: f"Community Association {n}")
    organization_type = OrganizationType.CHARITABLE
    street_address = factory.Sequence(lambda n: f"{100 + n} Georgia Avenue NW")
    postal_code = "20010"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    organization = factory.SubFactory(OrganizationFactory)
    role = Role.OFFICER


# --- Applications, occasions, premises, licenses ---


class PremisesFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Premises

    name = factory.Sequence(lambda n: f"Parish Hall {n}")
    street_address = factory.Sequence(lambda n: f"{200 + n} Rhode Island Avenue NE")
    postal_code = "20018"
    certificate_of_occupancy = factory.Sequence(lambda n: f"CO-{10000 + n}")


class ApplicationFactory(factory.django.DjangoModelFactory):
    """A bingo Class B regular original application; `submitted=True` gives a submitted one."""

    class Meta:
        model = Application

    class Params:
        submitted = factory.Trait(
            status=ApplicationStatus.SUBMITTED,
            submitted_at=factory.LazyFunction(timezone.now),
            application_fee=Decimal("250.00"),
            fee_rules=["30 DCMR 1204.1"],
        )

    organization = factory.SubFactory(OrganizationFactory)
    license_type = LicenseType.BINGO
    license_class = "B"
    period = Period.REGULAR
    kind = ApplicationKind.ORIGINAL
    status = ApplicationStatus.DRAFT
    lawful_purpose = "Scholarships for parish school students"
    premises = factory.SubFactory(PremisesFactory)
    created_by = factory.SubFactory(UserFactory)


class BingoOccasionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = BingoOccasion

    application = factory.SubFactory(ApplicationFactory)
    premises = factory.SelfAttribute("application.premises")
    date = factory.LazyFunction(lambda: timezone.localdate() + dt.timedelta(days=30))
    starts_at = dt.time(18, 0)
    ends_at = dt.time(22, 0)


class LicenseFactory(factory.django.DjangoModelFactory):
    """An active license issued from an approved application."""

    class Meta:
        model = License

    application = factory.SubFactory(ApplicationFactory, status=ApplicationStatus.APPROVED)
    organization = factory.SelfAttribute("application.organization")
    licensed_name = factory.SelfAttribute("organization.name")
    number = factory.Sequence(lambda n: f"BG-2026-{n:05d}")
    license_type = factory.SelfAttribute("application.license_type")
    license_class = factory.SelfAttribute("application.license_class")
    period = factory.SelfAttribute("application.period")
    premises = factory.SelfAttribute("application.premises")
    status = LicenseStatus.ACTIVE
    effective_on = factory.LazyFunction(timezone.localdate)
    expires_on = factory.LazyFunction(lambda: timezone.localdate() + dt.timedelta(days=364))


# --- An organization's profile: members, responsible people, documents; an eligible organization ---


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
    digest = hashlib.sha256(PDF_BYTES + kind.encode() + str(organization.pk).encode()).hexdigest()
    document = Document(organization=organization, application=application, kind=kind, original_name=f"{kind}.pdf",
                        content_type="application/pdf", size=len(PDF_BYTES), sha256=digest, uploaded_by=uploaded_by)
    document.file.save(f"{kind}.pdf", ContentFile(PDF_BYTES), save=False)
    document.save()
    return document


def set_bond(license_type, license_class, amount="1000.00"):
    """The Board's bond of a license type and class (board data, 30 DCMR 1205.2), set in the register."""
    from licensing.register.catalog import bond_key

    return board_number(bond_key(license_type, license_class), amount)


def set_fee(license_type, license_class, amount, *, kind="original", since: dt.date = dt.date(2000, 1, 2)):
    """The Board's fee of a license type, class and kind (board data where the text gives none), in the register."""
    from licensing.register.catalog import fee_key

    return board_number(fee_key(license_type, license_class, kind), amount, since=since)


def board_number(key: str, value, *, since: dt.date = dt.date(2000, 1, 2), until: dt.date | None = None,
                 citation: str | None = None):
    """Set a number of the Board's register for a test: an approved row from `since` (the day after the shipped
    pack's rows start, so it takes over for every day a test uses). Tests may set the past; the services never do."""
    from licensing.register import values
    from licensing.register.catalog import entry
    from licensing.register.kinds import canonical, parse

    known = entry(key)
    assert known is not None, f"{key} is not in the register's catalog"
    row = BoardNumber.objects.create(
        key=key, value=canonical(known.kind, parse(known.kind, value)), effective_from=since, effective_to=until,
        citation=citation or known.citation, reason="test", status=NumberStatus.APPROVED, source="test")
    values.forget()
    return row


# --- Users in their roles ---

ROLES = ["anonymous", "officer", "board_staff", "board_member", "board_admin", "superuser"]


def role_user(role: str, organization) -> User | None:
    """The user of each role as the system makes them: board staff are admin staff (they read the
    records there), board members and administrators are not (they work in the portal)."""
    if role == "anonymous":
        return None
    if role == "officer":
        return MembershipFactory(organization=organization, role=Role.OFFICER).user
    if role == "superuser":
        return superuser()
    if role == "board_staff":
        return board_staff(is_staff=True)
    return {"board_member": board_member, "board_admin": board_admin}[role]()


# The authenticator app of every Board account and superuser the factories make (two-factor authentication is
# required of them, licensing.accounts.mfa): tests and browser tests compute its codes with totp_code().
TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


def totp_code(secret: str = TOTP_SECRET) -> str:
    """The authenticator app's code now, as allauth checks it."""
    return totp_code_now(secret)


def mailed_code(message) -> str:
    """The verification code in allauth's email (its format: XXXX-XXXX)."""
    return re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", message.body, re.MULTILINE).group(1)


def with_mfa(user: User) -> User:
    """Give the user an authenticator app (TOTP_SECRET), as a Board user sets one up."""
    totp_authenticator_set(user=user, secret=TOTP_SECRET)
    return user


def _in_group(group: BoardGroup, *, mfa: bool = True, **fields) -> User:
    user = UserFactory(**fields)
    user.groups.add(Group.objects.get_or_create(name=group.value)[0])
    if mfa:
        with_mfa(user)
    return user


# Each takes `mfa=False` for an account that has not set up two-factor authentication yet.


def board_staff(*, mfa: bool = True, **fields) -> User:
    """Board staff; `is_staff=True` as invited (they read the records in the admin)."""
    return _in_group(BoardGroup.STAFF, mfa=mfa, **fields)


def board_member(*, mfa: bool = True) -> User:
    return _in_group(BoardGroup.MEMBER, mfa=mfa)


def board_admin(*, mfa: bool = True, **fields) -> User:
    """A Board administrator as `manage.py board_admin grant` makes one: in the group, not admin staff."""
    return _in_group(BoardGroup.ADMIN, mfa=mfa, **fields)


def superuser(*, mfa: bool = True) -> User:
    user = UserFactory(is_staff=True, is_superuser=True)
    return with_mfa(user) if mfa else user


def fee_pay(application, *, staff: User | None = None, method: str = "check", reference: str = "1042"):
    """Board staff record a payment of what is left of the application's fee, as they would at the counter
    (licensing.fees.payments); nothing when the fee is settled. Returns the payment or None."""
    application.refresh_from_db()  # the fee is the one fixed at submission
    balance = fee_settlement(application=application).balance
    if not balance:
        return None
    return fee_payment_record(actor=staff or board_staff(), application=application, method=method,
                              reference=reference, amount=balance, received_on=timezone.localdate())


def approved_paid(**fields) -> Application:
    """A submitted application whose fee staff received, then approved (the vote itself left out): ready for
    license_issue."""
    application = ApplicationFactory(submitted=True, **fields)
    fee_pay(application)
    application.status = ApplicationStatus.APPROVED
    application.save(update_fields=["status"])
    return application


def approve(application, *, quorum: int | None = None, pay: bool = True):
    """Cast as many ayes as the quorum needs, each by a new board member; returns the members. The fee is paid
    first (`pay=False` leaves it due: the application then waits, approved, for its fee)."""
    if pay:
        fee_pay(application)
    from licensing.register.values import value  # here, not at the top: this helper changes only approve()

    members = [board_member() for _ in range(quorum or value("review.quorum"))]
    for member in members:
        vote_cast(application=application, actor=member, choice=VoteChoice.AYE)
    return members


def event_types(application) -> list[str]:
    """The audit trail of the application's organization, oldest first."""
    return list(AuditEvent.objects.filter(organization=application.organization).order_by("id").values_list(
        "event_type", flat=True))


# Shared by the bingo and montecarlo tests: people on duty and licenses.


def member(organization, role) -> User:
    """A new user holding `role` in `organization`: a planner, a caller, a checker, a tournament director..."""
    return MembershipFactory(organization=organization, role=role, user=UserFactory()).user


def license_for(*, license_type, license_class, organization=None, premises=None, period=None, dates=(),
                starts="18:00", ends="22:00", **fields):
    """An active license of `license_type` and `license_class` (LicenseFactory: a new organization and premises
    unless given), licensed on each of `dates` from `starts` to `ends` at its premises: the schedule an
    operation is planned on and live play is held to. `fields` go to LicenseFactory as they are."""
    application = {"license_type": license_type, "license_class": license_class, "organization": organization,
                   "premises": premises, "period": period}
    kwargs = {f"application__{name}": value for name, value in application.items() if value is not None}
    schedule = factory.LazyAttribute(lambda license: [
        {"date": day.isoformat(), "starts_at": starts, "ends_at": ends, "premises": license.premises.pk}
        for day in dates])
    return LicenseFactory(**kwargs, schedule=schedule, **fields)


# A raffle license ready for its drawing: the application states a drawing time already past and a place
# (30 DCMR 1202.2(n)), the printer's statement and a ticket proof are on file (1502.5, 1502.6), and the
# organization names a member in charge and an alternate (1202.2(j), 1301.5).
DRAWING_PLACE = "Parish hall, 1200 Upshur Street NW"
# The drawings' seed in tests: fixed, so a drawing's winners are known in advance.
DRAWING_SEED = bytes(range(32))


def raffle_ready(license, *, drawing_at=None, documents=True, people=True):
    application = license.application
    application.drawing_at = drawing_at or timezone.now() - dt.timedelta(hours=1)
    application.drawing_place = application.drawing_place or DRAWING_PLACE
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
