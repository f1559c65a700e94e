"""The organization's home is the page officers open most (benchmarks/portal_load.py): what it reads must not grow
with what the organization has (no query per license, application, notice, operation, person or line of
activity), and the user's roles in the organization are read once for every check on the page."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from licensing.models import Role
from tests.bingo.factories import OperationFactory
from tests.licensing.factories import ApplicationFactory, LicenseFactory, MembershipFactory
from tests.licensing.home.factories import deficiency, officer_of, renewal_window, report_due, substantial_change, today
from tests.montecarlo.factories import mcn_license, night_for

pytestmark = pytest.mark.django_db


def _add_one_of_each(organization, n: int) -> None:
    deficiency(organization, cure_in=10 + n)
    report_due(organization, held_days_ago=3 + n)
    renewal_window(organization, expires_in=50 + n)
    substantial_change(organization, changed_days_ago=2 + n)
    ApplicationFactory(organization=organization)  # a draft: "finish the form"
    OperationFactory(license=LicenseFactory(application__organization=organization),
                     date=today() + dt.timedelta(days=5 + n))
    day = today() + dt.timedelta(days=20 + n)
    if n < 2:  # at most two nights a calendar year (30 DCMR 1204.17)
        night_for(license=mcn_license(date=day, organization=organization), name=f"Casino Night {n}", day=day)
    MembershipFactory(organization=organization, role=Role.MEMBER_IN_CHARGE)


def _home(client, organization) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        answer = client.get(reverse("portal:organization_detail", args=[organization.pk]))
    assert answer.status_code == 200
    return answer.content.decode(), [query["sql"] for query in captured.captured_queries]


def test_the_home_reads_as_much_for_one_of_each_thing_as_for_four(client, organization):
    officer = officer_of(organization)
    _add_one_of_each(organization, 0)
    client.force_login(officer)
    _home(client, organization)  # the session's first read and the templates' compilation out of the way
    page, few = _home(client, organization)
    assert page.count('class="action-card kind-') == 4  # a notice, a report, a renewal, an amendment
    for n in range(1, 4):
        _add_one_of_each(organization, n)
    page, many = _home(client, organization)
    assert page.count('class="action-card kind-') == 16 and page.count("· Bingo operation") == 4
    assert "Casino Night 0" in page and "Casino Night 1" in page
    assert len(many) == len(few), "\n".join(many)


def test_the_users_roles_in_the_organization_are_read_once(client, organization):
    officer = officer_of(organization)
    _add_one_of_each(organization, 0)
    client.force_login(officer)
    _home(client, organization)
    page, queries = _home(client, organization)
    roles_here = [sql for sql in queries if 'SELECT "licensing_membership"."role"' in sql
                  and f'"licensing_membership"."organization_id" = {organization.pk}' in sql]
    assert len(roles_here) == 1, roles_here
    assert "Invite someone" in page and "Start an application" in page  # the checks that used them
