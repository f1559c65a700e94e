"""Live play only under a license in force today and inside the planned hours, on the Board's clock."""

import datetime as dt
import zoneinfo

import pytest

from licensing.licenses.live import board_now, live_play_findings
from licensing.licenses.rules import LicenseInForce, in_force_findings, within_hours_findings
from licensing.models import EnforcementAction
from licensing.models.choices import EnforcementKind, LicenseStatus
from tests.licensing.factories import LicenseFactory, board_staff

DAY = dt.date(2026, 12, 5)
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def hours(now, starts="18:00", ends="22:00", day=DAY):
    return within_hours_findings(now=now, day=day, starts_at=dt.time.fromisoformat(starts),
                                 ends_at=dt.time.fromisoformat(ends), action="start", rule="30 DCMR 1202.2(m)",
                                 what="the operation")


@pytest.mark.parametrize("now,ok", [
    (dt.datetime(2026, 12, 5, 17, 59, 59), False),
    (dt.datetime(2026, 12, 5, 18, 0), True),
    (dt.datetime(2026, 12, 5, 22, 0), True),
    (dt.datetime(2026, 12, 5, 22, 0, 1), False),
    (dt.datetime(2026, 12, 4, 19, 0), False),
    (dt.datetime(2026, 12, 6, 3, 10), False),
])
def test_the_planned_hours_boundaries(now, ok):
    findings = hours(now)
    assert (findings == []) is ok
    if not ok:
        assert findings[0].rule == "30 DCMR 1202.2(m)" and "18:00-22:00" in findings[0].message


def test_an_end_at_midnight_is_the_end_of_the_day():
    assert hours(dt.datetime(2026, 12, 5, 23, 59), ends="00:00") == []
    assert hours(dt.datetime(2026, 12, 6, 0, 0), ends="00:00") == []
    assert hours(dt.datetime(2026, 12, 6, 0, 0, 1), ends="00:00") != []


@pytest.mark.parametrize("status,effective,expires,suspended,ok", [
    ("active", DAY, DAY, None, True),
    ("active", DAY + dt.timedelta(days=1), DAY + dt.timedelta(days=30), None, False),
    ("active", DAY - dt.timedelta(days=30), DAY - dt.timedelta(days=1), None, False),
    ("active", DAY - dt.timedelta(days=30), DAY + dt.timedelta(days=30), DAY, False),
    ("suspended", DAY - dt.timedelta(days=30), DAY + dt.timedelta(days=30), None, False),
    ("revoked", DAY - dt.timedelta(days=30), DAY + dt.timedelta(days=30), None, False),
])
def test_a_license_in_force_today(status, effective, expires, suspended, ok):
    license = LicenseInForce(number="BG-1", status=status, effective_on=effective, expires_on=expires,
                             suspended_on=suspended)
    findings = in_force_findings(license, DAY, action="draw")
    assert (findings == []) is ok
    if not ok:
        assert findings[0].rule == "30 DCMR 1200.1" and findings[0].message.startswith("draw: license BG-1")


def test_the_board_clock_is_new_york_time():
    assert board_now(dt.datetime(2026, 7, 1, 3, 10, tzinfo=dt.UTC)) == dt.datetime(2026, 6, 30, 23, 10)
    assert board_now(dt.datetime(2026, 12, 1, 3, 10, tzinfo=dt.UTC)) == dt.datetime(2026, 11, 30, 22, 10)


@pytest.mark.django_db
def test_a_suspension_that_has_begun_refuses_play_before_the_nightly_job():
    license = LicenseFactory()
    now = dt.datetime.combine(license.effective_on, dt.time(19, 0), tzinfo=NEW_YORK)
    args = {"license": license, "day": license.effective_on, "starts_at": dt.time(18, 0), "ends_at": dt.time(22, 0),
            "action": "start", "rule": "30 DCMR 1202.2(m)", "what": "the operation", "now": now}
    assert live_play_findings(**args) == []
    EnforcementAction.objects.create(license=license, kind=EnforcementKind.SUSPENSION, explanation="x",
                                     starts_on=license.effective_on, ends_on=license.effective_on,
                                     issued_by=board_staff())
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE  # the nightly job has not run
    [finding] = live_play_findings(**args)
    assert finding.rule == "30 DCMR 1200.1" and "suspended" in finding.message
