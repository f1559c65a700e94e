"""The home's "coming up": the live-game apps register their providers (licensing imports none of them), each
listing only what the user may see, from today on, soonest first."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.home.events import upcoming_events
from licensing.models import Role
from tests.bingo.factories import OperationFactory
from tests.licensing.factories import LicenseFactory, OrganizationFactory, member

pytestmark = pytest.mark.django_db


def test_coming_operations_of_the_organization_soonest_first(client, organization):
    license = LicenseFactory(application__organization=organization)
    today = timezone.localdate()
    later = OperationFactory(license=license, date=today + dt.timedelta(days=9))
    sooner = OperationFactory(license=license, date=today + dt.timedelta(days=2))
    OperationFactory(license=license, date=today - dt.timedelta(days=1))  # past: not coming
    OperationFactory(license=license, date=today + dt.timedelta(days=3), is_training=True)  # practice
    OperationFactory(date=today + dt.timedelta(days=1))  # another organization's
    officer = member(organization, Role.OFFICER)
    events = upcoming_events(user=officer, organization=organization, today=today)
    assert [event.url for event in events] == [reverse("bingo:operation_detail", args=[sooner.pk]),
                                               reverse("bingo:operation_detail", args=[later.pk])]
    assert events[0].kind == "Bingo operation" and license.number in events[0].title
    client.force_login(officer)
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert page.index("Coming up") < page.index(reverse("bingo:operation_detail", args=[sooner.pk]))
    # someone of another organization sees none of them (and not the page: 404)
    stranger = member(OrganizationFactory(), Role.OFFICER)
    assert upcoming_events(user=stranger, organization=organization, today=today) == []
