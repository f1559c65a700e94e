"""Factories for applications, occasions, premises and licenses (shared by the licensing tests)."""

import datetime as dt
from decimal import Decimal

import factory
from django.utils import timezone

from licensing.models import Application, BingoOccasion, License, Premises
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, LicenseType, Period
from tests.licensing.factories import OrganizationFactory, UserFactory


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
