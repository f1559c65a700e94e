"""What the review page reads back so the Board decides without leaving it: every answer of the application
by step, the organization's people (member count, responsible people and their ages), the premises with its
certificate of occupancy (30 DCMR 1400.8) and the lease with its lessor (1400.4).

Values are written out here, in the reader's language, rather than by a filter per cell in the template."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.utils import formats, timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.money import money_text
from licensing.models import Application, OrganizationMember, ResponsiblePerson
from licensing.models.choices import ApplicationKind, DocumentKind, LicenseType
from licensing.organizations.services import age_on
from licensing.register.values import value

ON_PREMISES = (LicenseType.BINGO, LicenseType.MONTECARLO, LicenseType.MULTIHALL)

# The answers of each step of the guided form (licensing/applications/forms.py), in its order; a step
# shows when it applies to the license type (or kind) applied for.
DETAILS = ["license_type", "license_class", "period", "kind", "base_license", "as_senior_group"]
RAFFLE = ["ticket_price", "tickets_printed", "first_ticket_number", "last_ticket_number", "aggregate_prize_value",
          "drawing_at", "drawing_place"]
MONTECARLO = ["event_starts_at", "event_ends_at"]
MULTIHALL = ["highest_prize"]
AMENDMENT = ["change_date", "change_description"]
LEASE = ["premises_leased", "rent_amount", "rent_is_share_of_receipts", "lease_other_charges", "lease_purpose",
         "lease_starts_on", "lease_ends_on", "lease_signed_on"]
LESSOR = ["lessor_name", "lessor_address", "lessor_identification"]
PURPOSE = ["lawful_purpose"]
VENDOR = ["gross_sales", "staffing_income"]


@dataclass(frozen=True)
class Answer:
    label: str
    value: str


@dataclass(frozen=True)
class AnswerGroup:
    title: str
    answers: list[Answer]


def shown(application: Application, name: str) -> str:
    """One answer as a person reads it: choices by label, money as money, dates in the reader's format."""
    field = Application._meta.get_field(name)
    value = getattr(application, name)
    if value is None or value == "":
        return "—"
    if field.choices:
        return str(getattr(application, f"get_{name}_display")())
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, Decimal):
        return money_text(value)
    if isinstance(value, dt.datetime):
        return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT")
    if isinstance(value, dt.date):
        return formats.date_format(value, "DATE_FORMAT")
    return str(value)


def _group(application: Application, title, names: list[str]) -> AnswerGroup:
    return AnswerGroup(title=str(title), answers=[
        Answer(label=capfirst(Application._meta.get_field(name).verbose_name), value=shown(application, name))
        for name in names
    ])


GROUPS = [
    # title, fields, applies to
    (gettext_lazy("Details"), DETAILS, lambda a: True),
    (gettext_lazy("Raffle (30 DCMR 1202.2(n))"), RAFFLE, lambda a: a.license_type == LicenseType.RAFFLE),
    (gettext_lazy("Monte Carlo Night (30 DCMR 1202.2(o))"), MONTECARLO,
     lambda a: a.license_type == LicenseType.MONTECARLO),
    (gettext_lazy("Multi-hall (30 DCMR 1414)"), MULTIHALL,
     lambda a: a.license_type == LicenseType.MULTIHALL),
    (gettext_lazy("The change (30 DCMR 1202.3)"), AMENDMENT,
     lambda a: a.kind == ApplicationKind.AMENDMENT),
    (gettext_lazy("Purpose (30 DCMR 1202.2(p))"), PURPOSE, lambda a: a.license_type != LicenseType.VENDOR),
    (gettext_lazy("Gross sales (30 DCMR 1207.2(e))"), VENDOR, lambda a: a.license_type == LicenseType.VENDOR),
]


def application_answers(application: Application) -> list[AnswerGroup]:
    """Every answer the organization gave, step by step (the lease has its own section: lease_terms)."""
    return [_group(application, title, names) for title, names, applies in GROUPS if applies(application)]


def lease_terms(application: Application) -> dict | None:
    """The lease and the lessor (30 DCMR 1400.4 (a)-(f)) of a game played on premises; None for others."""
    if application.license_type not in ON_PREMISES:
        return None
    return {"terms": _group(application, gettext_lazy("Lease"), LEASE),
            "lessor": _group(application, gettext_lazy("Lessor"), LESSOR),
            "leased": application.premises_leased}


@dataclass(frozen=True)
class PersonAge:
    person: ResponsiblePerson
    age: int
    adult_age: int  # 30 DCMR 1202.2(j),(k): the age the responsible people reach, in force on the day shown

    @property
    def minor(self) -> bool:
        return self.age < self.adult_age


def organization_people(application: Application, *, today: dt.date | None = None) -> dict:
    """Active members counted, the current responsible people with their age today (1202.2(j),(k), 1200.2(c))."""
    today = today or timezone.localdate()
    organization = application.organization
    people = ResponsiblePerson.objects.filter(organization=organization, is_current=True).order_by("role", "pk")
    adult_age = value("responsible_person.minimum_age", today)
    return {
        "member_count": OrganizationMember.objects.filter(organization=organization, is_active=True).count(),
        "responsible": [PersonAge(person=person, age=age_on(person.date_of_birth, today), adult_age=adult_age)
                        for person in people],
    }


def premises_facts(application: Application, documents) -> dict | None:
    """The premises and its certificate of occupancy: the number on record and the certificate filed, if any."""
    if application.premises is None:
        return None
    certificates = [d for d in documents if d.kind == DocumentKind.CERTIFICATE_OF_OCCUPANCY]
    return {"premises": application.premises, "certificates": certificates,
            "needs_certificate": application.license_type in (LicenseType.BINGO, LicenseType.MULTIHALL)}

