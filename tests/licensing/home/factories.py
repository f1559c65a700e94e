"""Builders for the organization's home tests: an organization with each kind of thing to do."""

import datetime as dt

from django.utils import timezone

from licensing.models import ChangeKind, DeficiencyNotice, Role, SubstantialChange
from licensing.models.choices import ApplicationStatus, LicenseType
from licensing.reports import services as report_services
from tests.licensing.factories import ApplicationFactory, board_staff, license_for, member


def today() -> dt.date:
    return timezone.localdate()


def deficiency(organization, *, cure_in: int = 12, message="Send the signed lease.") -> DeficiencyNotice:
    application = ApplicationFactory(organization=organization, submitted=True, status=ApplicationStatus.DEFICIENT)
    return DeficiencyNotice.objects.create(application=application, message=message, issued_by=board_staff(),
                                           cure_by=today() + dt.timedelta(days=cure_in))


def report_due(organization, *, held_days_ago: int = 5):
    """A bingo license whose operation of `held_days_ago` days ago has its blank report (due 10 days after)."""
    held = today() - dt.timedelta(days=held_days_ago)
    license = license_for(license_type=LicenseType.BINGO, license_class="B", organization=organization,
                          dates=[held], effective_on=today() - dt.timedelta(days=60))
    return report_services.report_open_scheduled(license=license, event_date=held)


def renewal_window(organization, *, expires_in: int = 60):
    return license_for(license_type=LicenseType.RAFFLE, license_class="1", organization=organization,
                       effective_on=today() - dt.timedelta(days=300),
                       expires_on=today() + dt.timedelta(days=expires_in))


def substantial_change(organization, *, changed_days_ago: int = 3):
    license = license_for(license_type=LicenseType.RAFFLE, license_class="2", organization=organization,
                          expires_on=today() + dt.timedelta(days=300))
    changed = today() - dt.timedelta(days=changed_days_ago)
    return SubstantialChange.objects.create(organization=organization, license=license, kind=ChangeKind.ADDRESS,
                                            changed_on=changed, due_on=changed + dt.timedelta(days=10))


def officer_of(organization):
    return member(organization, Role.OFFICER)
