"""The rules a raffle drawing is held to (issue 26): the license in force when sales close and at the draw
(30 DCMR 1200.1, 1210.1: suspended, revoked, expired), the time the license states (1202.2(n): a minute before
is refused with the time, at it the drawing is held), the member in charge or the alternate present and named on
the record (1301.5), the buyers' age declared at the sale (1702.1), the printer's statement and the ticket proof
on file before tickets issue (1502.5, 1502.6). Each refusal cites its section and writes nothing."""

import datetime as dt

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.utils import timezone

from licensing.models import DrawingStatus, EnforcementAction, Role
from licensing.models.choices import DocumentKind, EnforcementKind, LicenseStatus, LicenseType, ResponsibleRole
from licensing.reports.drawings import rules
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from tests.licensing.factories import (
    DRAWING_PLACE,
    DRAWING_SEED,
    ResponsiblePersonFactory,
    UserFactory,
    add_document,
    board_staff,
    in_charge,
    license_for,
    member,
    raffle_ready,
)

pytestmark = pytest.mark.django_db


def raffle(**ready):
    license = license_for(license_type=LicenseType.RAFFLE, license_class="2", application__first_ticket_number=1,
                          application__last_ticket_number=100, application__tickets_printed=100)
    return raffle_ready(license, **ready)


def scheduled(license):
    officer = member(license.organization, Role.OFFICER)
    return officer, drawing_schedule(actor=officer, license=license, prizes=1, seed_source=lambda: DRAWING_SEED)


def closed(license):
    officer, drawing = scheduled(license)
    return officer, drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2, 3], returned=[],
                                        buyers_age_declared=True)


def refused(call) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        call()
    return caught.value


# --- 30 DCMR 1200.1, 1210.1: in force at that moment ---


def suspend(license):
    today = timezone.localdate()
    EnforcementAction.objects.create(license=license, kind=EnforcementKind.SUSPENSION, explanation="1210.1",
                                     starts_on=today, ends_on=today + dt.timedelta(days=30), issued_by=board_staff())


def revoke(license):
    license.status = LicenseStatus.REVOKED
    license.save(update_fields=["status"])


def expire(license):
    license.expires_on = timezone.localdate() - dt.timedelta(days=1)
    license.effective_on = license.expires_on - dt.timedelta(days=364)
    license.save(update_fields=["expires_on", "effective_on"])


@pytest.mark.parametrize(("stop", "state"), [(suspend, "suspended"), (revoke, "revoked"), (expire, "in force from")])
def test_sales_do_not_close_under_a_license_not_in_force(stop, state):
    license = raffle()
    officer, drawing = scheduled(license)
    stop(license)
    error = refused(lambda: drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2], returned=[],
                                                buyers_age_declared=True))
    assert "30 DCMR 1200.1" in str(error.message_dict["license"]) and state in str(error.message_dict["license"])
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.events.count() == 1


@pytest.mark.parametrize(("stop", "state"), [(suspend, "suspended"), (revoke, "revoked"), (expire, "in force from")])
def test_no_drawing_under_a_license_not_in_force(stop, state):
    license = raffle()
    officer, drawing = closed(license)
    stop(license)
    error = refused(lambda: drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(license)))
    assert "30 DCMR 1200.1" in str(error.message_dict["license"]) and state in str(error.message_dict["license"])
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED and drawing.events.count() == 2


# --- 30 DCMR 1202.2(n): at the stated time, not before ---


def test_the_time_rule_at_its_boundary():
    at = timezone.make_aware(dt.datetime(2027, 3, 14, 19, 30))
    before = rules.drawing_time_findings(now=at - dt.timedelta(minutes=1), drawing_at=at)
    assert [f.rule for f in before] == ["30 DCMR 1202.2(n)"]
    assert rules.when(at) in before[0].message and "not before" in before[0].message
    assert rules.drawing_time_findings(now=at, drawing_at=at) == []
    assert rules.drawing_time_findings(now=at, drawing_at=None)[0].rule == "30 DCMR 1202.2(n)"


def test_the_drawing_is_refused_a_minute_before_the_stated_time_and_held_at_it():
    drawing_at = (timezone.now() + dt.timedelta(hours=2)).replace(second=0, microsecond=0)
    license = raffle(drawing_at=drawing_at)
    officer, drawing = closed(license)
    with time_machine.travel(drawing_at - dt.timedelta(minutes=1), tick=False):
        error = refused(lambda: drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(license)))
    assert "30 DCMR 1202.2(n)" in str(error) and rules.when(drawing_at) in str(error.message_dict["drawing_at"])
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED
    with time_machine.travel(drawing_at, tick=False):
        drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(license))
    assert drawing.status == DrawingStatus.DRAWN
    assert drawing.events.get(kind="drawn").payload["place"] == DRAWING_PLACE


# --- 30 DCMR 1301.5: the member in charge or the alternate is present ---


def test_the_drawing_needs_the_member_in_charge_or_the_alternate_and_records_who():
    license = raffle()
    officer, drawing = closed(license)
    assert "30 DCMR 1301.5" in str(refused(lambda: drawing_draw(actor=officer, drawing=drawing)).message_dict[
        "in_charge"])
    gross = ResponsiblePersonFactory(organization=license.organization, role=ResponsibleRole.GROSS_RECEIPTS)
    error = refused(lambda: drawing_draw(actor=officer, drawing=drawing, in_charge=gross.pk))
    assert "not the organization's member in charge or alternate" in str(error.message_dict["in_charge"])
    stranger = raffle()
    assert "30 DCMR 1301.5" in str(refused(lambda: drawing_draw(
        actor=officer, drawing=drawing, in_charge=in_charge(stranger))))
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED

    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(license, ResponsibleRole.ALTERNATE))
    present = drawing.events.get(kind="drawn").payload["in_charge"]
    assert present["role"] == "alternate" and present["responsible_person"] == in_charge(license, "alternate")


def test_an_organization_naming_no_member_in_charge_cannot_draw():
    license = raffle(people=False)
    officer, drawing = closed(license)
    error = refused(lambda: drawing_draw(actor=officer, drawing=drawing, in_charge=None))
    assert "name no member in charge" in str(error.message_dict["in_charge"])


# --- 30 DCMR 1702.1: no ticket buyer under 18 ---


def test_sales_close_only_with_the_buyers_age_declared():
    license = raffle()
    officer, drawing = scheduled(license)
    for declared in (False, None, "yes"):
        error = refused(lambda: drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2], returned=[],
                                                    buyers_age_declared=declared))  # noqa: B023
        assert "30 DCMR 1702.1" in str(error.message_dict["buyers_age_declared"])
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2], returned=[], buyers_age_declared=True)
    assert drawing.events.get(kind="sales_closed").payload["buyers_age_declared"] is True


# --- 30 DCMR 1502.5, 1502.6: the printer's statement and the ticket proof before tickets issue ---


@pytest.mark.parametrize(("missing", "rule"), [(DocumentKind.PRINTERS_AFFIDAVIT, "30 DCMR 1502.5"),
                                               (DocumentKind.TICKET_PROOF, "30 DCMR 1502.6")])
def test_no_drawing_is_scheduled_before_the_printers_statement_and_the_ticket_proof(missing, rule):
    license = raffle(documents=False)
    for kind in {DocumentKind.PRINTERS_AFFIDAVIT, DocumentKind.TICKET_PROOF} - {missing}:
        add_document(license.organization, kind, uploaded_by=UserFactory())
    officer = member(license.organization, Role.OFFICER)
    error = refused(lambda: drawing_schedule(actor=officer, license=license, prizes=1,
                                             seed_source=lambda: DRAWING_SEED))
    assert [e.rule for e in error.findings] == [rule]
    assert not license.raffle_drawings.exists()
    add_document(license.organization, missing, uploaded_by=officer)
    assert drawing_schedule(actor=officer, license=license, prizes=1, seed_source=lambda: DRAWING_SEED).pk
