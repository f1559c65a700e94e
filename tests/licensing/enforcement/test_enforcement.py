"""Enforcement: suspension (at most 60 days), revocation and fines (at most $1,000 per violation),
through the API, the portal and the services; the daily status upkeep; emails and audit rows."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from core.findings import RuleViolation
from licensing.enforcement.services import license_fine, license_revoke, license_statuses_refresh, license_suspend
from licensing.licenses.rules import reasons_for_licensee
from licensing.models import AuditEvent, EnforcementAction, License
from licensing.models.choices import LicenseStatus
from tests.clock import board_time, travel
from tests.licensing.factories import (
    LicenseFactory,
    MembershipFactory,
    UserFactory,
    board_member,
    board_number,
    board_staff,
)

pytestmark = pytest.mark.django_db

GROUNDS = {"reasons": ["d"], "rules": ["30 DCMR 1408.1"], "explanation": "Prizes above the cap on 3 occasions."}


@pytest.fixture
def license(organization):
    organization.email = "board@parish.example.org"
    organization.save()
    return LicenseFactory(application__organization=organization)


@pytest.fixture
def staff_client(client, staff_user):
    client.force_login(staff_user)
    return client


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed():` runs the emails queued with transaction.on_commit, as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def post(client, name, license, data):
    return client.post(reverse(name, args=[license.pk]), data, content_type="application/json")


def error_fields(response) -> dict:
    return {error["field"]: error["rule"] for error in response.json()["errors"]}


# --- suspension ---


def test_a_60_day_suspension_is_recorded_and_shown(staff_client, license, committed, mailoutbox):
    with committed():
        response = post(staff_client, "license-suspend", license, {"days": 60, **GROUNDS})
    assert response.status_code == 201, response.content
    body = response.json()
    today = timezone.localdate()
    last_day = today + dt.timedelta(days=59)
    assert body["kind"] == "suspension" and body["license_status"] == "suspended"
    assert body["starts_on"] == today.isoformat() and body["ends_on"] == last_day.isoformat()
    assert body["suspended_until"] == last_day.isoformat()
    assert body["reasons"] == ["d"] and body["rules"] == ["30 DCMR 1408.1"]
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED and license.suspended_until == last_day
    assert [message.to for message in mailoutbox] == [["board@parish.example.org"]]


def test_a_61_day_suspension_is_refused_naming_the_field_and_rule(staff_client, license, committed, mailoutbox):
    with committed():
        response = post(staff_client, "license-suspend", license, {"days": 61, **GROUNDS})
    assert response.status_code == 400
    assert error_fields(response) == {"days": "30 DCMR 1210.1"}
    assert "60 days" in response.json()["errors"][0]["message"]
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE and license.suspended_until is None
    assert not EnforcementAction.objects.exists() and mailoutbox == []
    assert not AuditEvent.objects.filter(event_type__startswith="licensing.license_").exists()


@pytest.mark.parametrize("days", [0, -3])
def test_a_suspension_of_no_days_is_refused(staff_user, license, days):
    with pytest.raises(RuleViolation) as caught:
        license_suspend(actor=staff_user, license=license, days=days, **GROUNDS)
    assert caught.value.findings[0].rule == "30 DCMR 1210.1"


def test_a_suspension_starting_later_begins_with_the_daily_job(staff_user, license):
    today = timezone.localdate()
    action = license_suspend(actor=staff_user, license=license, days=10, starts_on=today + dt.timedelta(days=5),
                             **GROUNDS)
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE  # not yet
    # Overlapping a suspension already ordered is refused.
    with pytest.raises(ValidationError, match="covers these dates"):
        license_suspend(actor=staff_user, license=license, days=8, **GROUNDS)

    assert license_statuses_refresh(today=today + dt.timedelta(days=4))["suspended"] == 0
    assert license_statuses_refresh(today=today + dt.timedelta(days=5))["suspended"] == 1
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED and license.suspended_until == action.ends_on


def test_the_daily_job_lifts_a_suspension_after_its_last_day(staff_user, license):
    action = license_suspend(actor=staff_user, license=license, days=3, **GROUNDS)
    assert license_statuses_refresh(today=action.ends_on)["lifted"] == 0  # the last day is still suspended
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED

    counts = license_statuses_refresh(today=action.ends_on + dt.timedelta(days=1))
    assert counts["lifted"] == 1
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE and license.suspended_until is None
    lifted = AuditEvent.objects.get(event_type="licensing.suspension_lifted")
    assert lifted.object_id == str(license.pk) and lifted.actor is None
    # A second run changes nothing more.
    assert license_statuses_refresh(today=action.ends_on + dt.timedelta(days=1)) == {
        "suspended": 0, "lifted": 0, "expired": 0,
    }


def test_the_daily_job_through_celery_expires_licenses_past_their_date(license):
    from licensing.enforcement.tasks import license_statuses_refresh as task

    License.objects.filter(pk=license.pk).update(expires_on=timezone.localdate() - dt.timedelta(days=1))
    revoked = LicenseFactory(status=LicenseStatus.REVOKED, expires_on=timezone.localdate() - dt.timedelta(days=1))
    assert task.delay().get(timeout=10)["expired"] == 1
    license.refresh_from_db()
    revoked.refresh_from_db()
    assert license.status == LicenseStatus.EXPIRED
    assert revoked.status == LicenseStatus.REVOKED  # revocation is final
    assert AuditEvent.objects.filter(event_type="licensing.license_expired", object_id=str(license.pk)).exists()


# --- revocation ---


def test_revocation_is_final(staff_client, staff_user, license, committed, mailoutbox):
    with committed():
        response = post(staff_client, "license-revoke", license, GROUNDS)
    assert response.status_code == 201, response.content
    assert response.json()["license_status"] == "revoked"
    license.refresh_from_db()
    assert license.status == LicenseStatus.REVOKED

    again = post(staff_client, "license-suspend", license, {"days": 5, **GROUNDS})
    assert again.status_code == 400 and error_fields(again) == {"license": None}
    License.objects.filter(pk=license.pk).update(expires_on=timezone.localdate() - dt.timedelta(days=3))
    license_statuses_refresh()
    license.refresh_from_db()
    assert license.status == LicenseStatus.REVOKED
    assert len(mailoutbox) == 1


def test_a_suspended_license_can_be_revoked(staff_user, license):
    license_suspend(actor=staff_user, license=license, days=20, **GROUNDS)
    license_revoke(actor=staff_user, license=license, **GROUNDS)
    license.refresh_from_db()
    assert license.status == LicenseStatus.REVOKED and license.suspended_until is None


# --- fines ---


def test_a_fine_of_1000_for_each_of_2_violations_is_accepted(staff_client, license, committed, mailoutbox):
    with committed():
        response = post(staff_client, "license-fine", license,
                        {"violations": 2, "amount_per_violation": "1000.00", **GROUNDS})
    assert response.status_code == 201, response.content
    assert response.json()["fine_amount"] == "2000.00" and response.json()["violations"] == 2
    action = EnforcementAction.objects.get()
    assert action.fine_amount == Decimal("2000.00") and isinstance(action.fine_amount, Decimal)
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE  # a fine does not change the license
    assert "30 DCMR 1704.1" in mailoutbox[0].subject
    assert "1411.5" not in mailoutbox[0].body  # proceeds are distributed on suspension or revocation only


def test_a_fine_of_1000_01_per_violation_is_refused(staff_client, license):
    response = post(staff_client, "license-fine", license,
                    {"violations": 1, "amount_per_violation": "1000.01", **GROUNDS})
    assert response.status_code == 400
    assert error_fields(response) == {"amount_per_violation": "30 DCMR 1704.1"}
    assert not EnforcementAction.objects.exists()


def test_a_total_fine_is_checked_against_the_cap_for_its_violations(staff_user, license):
    action = license_fine(actor=staff_user, license=license, violations=3, fine_amount=Decimal("3000"), **GROUNDS)
    assert action.fine_amount == Decimal("3000.00")
    with pytest.raises(RuleViolation) as caught:
        license_fine(actor=staff_user, license=license, violations=3, fine_amount=Decimal("3000.01"), **GROUNDS)
    assert caught.value.findings[0].rule == "30 DCMR 1704.1"
    assert caught.value.findings[0].field == "fine_amount"


def test_a_fine_needs_exactly_one_amount(staff_client, license):
    response = post(staff_client, "license-fine", license, {"violations": 1, **GROUNDS})
    assert response.status_code == 400 and "amount_per_violation" in error_fields(response)


# --- reasons and citations ---


@pytest.mark.parametrize("reasons", [[], ["z"], None])
@pytest.mark.parametrize("name", ["license-suspend", "license-revoke", "license-fine"])
def test_reasons_from_1210_1_are_required(staff_client, license, name, reasons):
    data = {"days": 5, "violations": 1, "amount_per_violation": "100.00", "explanation": "Late reports."}
    if reasons is not None:
        data["reasons"] = reasons
    response = post(staff_client, name, license, data)
    assert response.status_code == 400
    assert error_fields(response) == {"reasons": "30 DCMR 1210.1"}
    assert not EnforcementAction.objects.exists()


def test_a_violation_of_the_rules_must_cite_the_rule(staff_client, license):
    response = post(staff_client, "license-suspend", license,
                    {"days": 5, "reasons": ["d"], "explanation": "Prizes above the cap."})
    assert response.status_code == 400 and error_fields(response) == {"rules": "30 DCMR 1210.1"}
    ok = post(staff_client, "license-suspend", license,
              {"days": 5, "reasons": ["f"], "rules": ["1412.2"], "explanation": "Unexplained expenses."})
    assert ok.status_code == 201 and ok.json()["rules"] == ["30 DCMR 1412.2"]  # normalized citation


# --- who may act ---


@pytest.mark.parametrize("who, expected", [
    ("board_staff", 201), ("board_member", 403), ("officer", 403), ("other_officer", 403), ("no_role", 403),
    ("anonymous", 401),
])
@pytest.mark.parametrize("name", ["license-suspend", "license-revoke", "license-fine"])
def test_only_board_staff_may_act_through_the_api(client, license, other_organization, name, who, expected):
    users = {
        "board_staff": board_staff, "board_member": board_member,
        "officer": lambda: MembershipFactory(organization=license.organization).user,
        "other_officer": lambda: MembershipFactory(organization=other_organization).user,
        "no_role": UserFactory,
    }
    if who != "anonymous":
        client.force_login(users[who]())
    data = {"days": 5, "violations": 1, "amount_per_violation": "100.00", **GROUNDS}
    response = post(client, name, license, data)
    assert response.status_code == expected, response.content
    license.refresh_from_db()
    assert EnforcementAction.objects.exists() == (expected == 201)


@pytest.mark.parametrize("who, expected", [
    ("board_staff", 200), ("board_member", 403), ("officer", 404), ("anonymous", 302),
])
def test_only_board_staff_see_the_enforcement_page(client, license, who, expected):
    users = {"board_staff": board_staff, "board_member": board_member,
             "officer": lambda: MembershipFactory(organization=license.organization).user}
    if who != "anonymous":
        client.force_login(users[who]())
    response = client.get(reverse("portal:license_enforcement", args=[license.pk]))
    assert response.status_code == expected
    if who == "officer":
        post_response = client.post(reverse("portal:license_enforcement", args=[license.pk]),
                                    {"action": "revoke", "revoke-explanation": "x", "revoke-reasons": ["f"],
                                     "revoke-confirm": "on"})
        assert post_response.status_code == 404
        license.refresh_from_db()
        assert license.status == LicenseStatus.ACTIVE


def test_services_refuse_anyone_but_board_staff(license, member_user, officer):
    for actor in (member_user, officer):
        with pytest.raises(PermissionDenied):
            license_suspend(actor=actor, license=license, days=5, **GROUNDS)
        with pytest.raises(PermissionDenied):
            license_revoke(actor=actor, license=license, **GROUNDS)
        with pytest.raises(PermissionDenied):
            license_fine(actor=actor, license=license, violations=1, amount_per_violation=Decimal("10"), **GROUNDS)
    assert not EnforcementAction.objects.exists()


# --- portal ---


def test_the_portal_shows_the_rule_inline_and_changes_nothing(staff_client, license):
    url = reverse("portal:license_enforcement", args=[license.pk])
    response = staff_client.post(url, {"action": "suspend", "suspend-days": "61", "suspend-reasons": ["d"],
                                       "suspend-rules": "30 DCMR 1408.1", "suspend-explanation": "Prizes."})
    assert response.status_code == 400
    assert "30 DCMR 1210.1" in response.content.decode()
    assert response.context["forms"]["suspend"].errors["days"]
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE


def test_the_portal_suspends_and_lists_past_actions(staff_client, license, committed, mailoutbox):
    url = reverse("portal:license_enforcement", args=[license.pk])
    with committed():
        response = staff_client.post(url, {"action": "suspend", "suspend-days": "14", "suspend-reasons": ["c", "d"],
                                           "suspend-rules": "30 DCMR 1408.1, 1412.2",
                                           "suspend-explanation": "Misreported prizes."})
    assert response.status_code == 302
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED
    page = staff_client.get(url).content.decode()
    assert "Misreported prizes." in page and "30 DCMR 1408.1, 30 DCMR 1412.2" in page
    assert "Suspension" in page and len(mailoutbox) == 1

    fine = staff_client.post(url, {"action": "fine", "fine-violations": "2", "fine-amount_per_violation": "250",
                                   "fine-reasons": ["f"], "fine-explanation": "Late financial reports."})
    assert fine.status_code == 302
    assert EnforcementAction.objects.get(kind="fine").fine_amount == Decimal("500.00")


def test_revoking_in_the_portal_needs_confirmation(staff_client, license):
    url = reverse("portal:license_enforcement", args=[license.pk])
    data = {"action": "revoke", "revoke-reasons": ["e"], "revoke-explanation": "Skimmed receipts."}
    assert staff_client.post(url, data).status_code == 400
    license.refresh_from_db()
    assert license.status == LicenseStatus.ACTIVE
    assert staff_client.post(url, {**data, "revoke-confirm": "on"}).status_code == 302
    license.refresh_from_db()
    assert license.status == LicenseStatus.REVOKED


# --- emails and audit ---


@pytest.mark.parametrize("kind", ["suspension", "revocation"])
def test_suspension_and_revocation_emails_cite_1411_5(staff_user, license, committed, mailoutbox, kind):
    with committed():
        if kind == "suspension":
            license_suspend(actor=staff_user, license=license, days=30, **GROUNDS)
        else:
            license_revoke(actor=staff_user, license=license, **GROUNDS)
    (message,) = mailoutbox
    assert "30 DCMR 1411.5" in message.body and "net proceeds" in message.body
    assert license.number in message.subject and "30 DCMR 1408.1" in message.body
    assert "(d) Violation of the Act or these rules" in message.body


def test_without_an_organization_address_the_filing_officers_are_emailed(staff_user, organization, committed,
                                                                         mailoutbox):
    license = LicenseFactory(application__organization=organization)
    assert organization.email == ""
    officer = MembershipFactory(organization=organization).user
    MembershipFactory(organization=organization, role="caller")  # game workers do not get Board mail
    with committed():
        license_revoke(actor=staff_user, license=license, **GROUNDS)
    assert [message.to for message in mailoutbox] == [[officer.email]]


def test_no_email_leaves_before_the_action_commits(staff_user, license, mailoutbox):
    # The test's transaction never commits, so the on_commit email must not have gone.
    license_suspend(actor=staff_user, license=license, days=5, **GROUNDS)
    assert mailoutbox == []


@pytest.mark.parametrize("kind, event_type", [
    ("suspend", "licensing.license_suspended"),
    ("revoke", "licensing.license_revoked"),
    ("fine", "licensing.license_fined"),
])
def test_each_action_writes_an_audit_row(staff_user, license, kind, event_type):
    if kind == "suspend":
        action = license_suspend(actor=staff_user, license=license, days=7, **GROUNDS)
    elif kind == "revoke":
        action = license_revoke(actor=staff_user, license=license, **GROUNDS)
    else:
        action = license_fine(actor=staff_user, license=license, violations=1, amount_per_violation=Decimal("5"),
                              **GROUNDS)
    event = AuditEvent.objects.get(event_type=event_type)
    assert event.actor == staff_user and event.organization == license.organization
    assert event.object_type == "licensing.enforcementaction" and event.object_id == str(action.pk)
    assert event.payload["license"] == license.number and event.payload["reasons"] == ["d"]


def test_reason_b_suspends_an_organizations_license_and_a_fits_no_vendor(staff_user, license):
    """30 DCMR 1210.1(b) applies to bingo, raffle and MCN licensees too; (a) stays an organization's reason."""
    license_suspend(actor=staff_user, license=license, days=10, reasons=["b"], rules=["30 DCMR 1206.4(c)"],
                    explanation="A disqualified person is employed by the organization.")
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED
    assert reasons_for_licensee(["b"], vendor=False) == [] and reasons_for_licensee(["b"], vendor=True) == []
    assert [f.rule for f in reasons_for_licensee(["a"], vendor=True)] == ["30 DCMR 1210.1"]


def test_the_caps_are_the_ones_in_force_on_the_day_the_board_acts(staff_user, license):
    # The Board lowers the longest suspension to 30 days and raises the fine to $1,500 a violation from tomorrow:
    # today's action is judged by today's figures, tomorrow's by the new ones.
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    board_number("enforcement.suspension_max_days", 30, since=tomorrow)
    board_number("enforcement.fine_max_per_violation", "1500.00", since=tomorrow)
    with pytest.raises(RuleViolation) as caught:
        license_fine(actor=staff_user, license=license, violations=1, fine_amount=Decimal("1500.00"), **GROUNDS)
    assert "at most $1,000.00 per violation" in caught.value.findings[0].message
    travel(board_time(tomorrow, dt.time(10, 0)))
    license_fine(actor=staff_user, license=license, violations=1, fine_amount=Decimal("1500.00"), **GROUNDS)
    with pytest.raises(RuleViolation) as caught:
        license_suspend(actor=staff_user, license=license, days=31, **GROUNDS)
    assert "at most 30 days" in caught.value.findings[0].message
    license_suspend(actor=staff_user, license=license, days=30, **GROUNDS)
