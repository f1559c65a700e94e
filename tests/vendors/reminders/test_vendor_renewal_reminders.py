"""A vendor license is reminded of its renewal like an organization's (30 DCMR 1204.2), the mail going to the
vendor's representatives; a filed renewal stops the deadline reminder."""

import datetime as dt

import pytest

from licensing.models.choices import ApplicationKind
from licensing.reminders.services import reminders_send
from tests.vendors.factories import filed_application, licensed_vendor, representative_of

pytestmark = pytest.mark.django_db


def test_the_representative_is_reminded_and_the_renewal_starts_from_the_license(
        django_capture_on_commit_callbacks, mailoutbox):
    license = licensed_vendor()
    vendor, representative = license.organization.vendor, representative_of(license)
    today = license.expires_on - dt.timedelta(days=80)  # inside the 90-day window
    with django_capture_on_commit_callbacks(execute=True):
        reminders_send(today=today)
    [mail] = [m for m in mailoutbox if license.number in m.subject]
    assert mail.to == [representative.email]
    renewal = filed_application(vendor, representative, kind=ApplicationKind.RENEWAL, base_license=license,
                                items=None)
    assert renewal.base_license == license
    assert [i.catalogue_number for i in renewal.price_list.items.all()] == ["BP-100", "DB-200"]
