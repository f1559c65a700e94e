"""The hand-overs the base offers the live modules: the raffle drawing prefills the raffle report (tickets
printed, sold and returned, the date drawn, each prize's winning ticket; the organization names each prize and
gives its value before it submits), and the Monte Carlo Night hook (attendance, chips per participant, the table
games' prizes) beside the tournaments' prizes, each hand-over replacing only its own part."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from licensing.models import Report, ReportStatus, Role
from licensing.models.choices import LicenseType
from licensing.reports import services
from licensing.reports.content import schema
from licensing.reports.content.changes import corrected_figures
from licensing.reports.content.cleaning import clean
from licensing.reports.drawings import rules as drawing_rules
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from licensing.reports.handover import montecarlo_night_recorded, montecarlo_tournament_prizes_recorded
from tests.licensing.factories import DRAWING_SEED, in_charge, license_for, member, raffle_ready

pytestmark = pytest.mark.django_db


@pytest.fixture
def raffle():
    return raffle_ready(license_for(
        license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00031",
        application__first_ticket_number=100, application__last_ticket_number=199,
        application__tickets_printed=100, application__ticket_price=Decimal("5.00")))


def drawn(raffle, officer, *, prizes=2):
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=prizes, seed_source=lambda: DRAWING_SEED)
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(100, 160)), returned=[101, 102],
                                  buyers_age_declared=True)
    return drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))


def test_the_drawing_prefills_the_raffle_report(raffle):
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawn(raffle, officer)
    winners = drawing.events.get(kind="drawn").payload["winners"]
    report = Report.objects.get(license=raffle)
    assert report.kind == schema.RAFFLE and report.event_date == timezone.localdate()
    assert report.source == f"raffle.drawing:{drawing.pk}" and report.status == ReportStatus.DRAFT
    assert report.recorded == {
        "tickets": {"first_number": 100, "last_number": 199, "sold": 58, "unsold_returned": 2, "price": "5.00"},
        "drawing": {"date": timezone.localdate().isoformat()},
        "prizes": [{"winning_ticket": winners[0]}, {"winning_ticket": winners[1]}],
    }
    assert report.handle == Decimal("290.00")  # 58 tickets sold at $5
    assert report.data["prizes"][0] == {"description": "", "value": None, "winning_ticket": winners[0]}
    # The drawing knows no prize's name or value: the organization gives them, and must before it submits.
    report.data["attestation"] = {"officer": "Ann Lee"}
    services.report_save(actor=officer, report=report, data=report.data)
    assert sorted(problem.field for problem in services.submission_problems(report)) == [
        "prizes.1.description", "prizes.1.value", "prizes.2.description", "prizes.2.value"]
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report)
    assert "Prizes, row 1: Value is given before the report is submitted (30 DCMR 1413.1)" in str(caught.value)
    data = report.data
    data["prizes"] = [{"description": "A television", "value": "400.00", "winning_ticket": winners[0]},
                      {"description": "Dinner for two", "value": "80.00", "winning_ticket": winners[1]}]
    report = services.report_save(actor=officer, report=report, data=data)
    assert services.submission_problems(report) == []  # naming and valuing a prize corrects no recorded figure
    assert report.prizes == Decimal("480.00")
    data["prizes"][1]["winning_ticket"] = 199
    report = services.report_save(actor=officer, report=report, data=data)
    [problem] = services.submission_problems(report)
    assert problem.field == "corrections.prizes.2.winning_ticket"


def test_a_raffle_without_a_ticket_price_hands_over_no_price(raffle):
    raffle.application.ticket_price = None
    raffle.application.save(update_fields=["ticket_price"])
    drawn(raffle, member(raffle.organization, Role.OFFICER), prizes=1)
    report = Report.objects.get(license=raffle)
    assert "price" not in report.recorded["tickets"] and report.data["tickets"]["price"] == "0.00"


def test_a_raffle_report_is_not_submitted_before_its_drawing(raffle):
    """Journey 2 (issue 26): a raffle's report is submitted after its drawing, not before (30 DCMR 1413.1); the
    refusal gives the time of the drawing."""
    officer = member(raffle.organization, Role.OFFICER)
    drawing_at = (timezone.now() + dt.timedelta(days=2)).replace(second=0, microsecond=0)
    raffle_ready(raffle, drawing_at=drawing_at)
    report = services.report_create(actor=officer, license=raffle, event_date=timezone.localdate(drawing_at))
    data = report.data
    data["attestation"] = {"officer": "Ann Lee"}
    data["tickets"].update({"first_number": 100, "last_number": 199, "sold": 10, "price": "5.00"})
    report = services.report_save(actor=officer, report=report, data=data)
    with pytest.raises(ValidationError) as caught:
        services.report_submit(actor=officer, report=report, now=drawing_at - dt.timedelta(minutes=1))
    assert "30 DCMR 1413.1" in str(caught.value) and drawing_rules.when(drawing_at) in str(caught.value)
    report.refresh_from_db()
    assert report.status == ReportStatus.DRAFT
    problems = services.submission_problems(report)
    report = services.report_submit(actor=officer, report=report, now=drawing_at) if not problems else report
    assert report.status == ReportStatus.SUBMITTED, problems


DAY = dt.date(2027, 6, 5)


@pytest.fixture
def night_license():
    return license_for(license_type=LicenseType.MONTECARLO, license_class="2", dates=[DAY],
                       effective_on=dt.date(2027, 1, 1), expires_on=dt.date(2027, 12, 31))


HOLDEM_PRIZE = {"participant": "Ana", "description": "Place 1, Spring Hold'em", "value": "300.00",
                "date": DAY.isoformat()}


def test_the_chip_ledger_hook_writes_attendance_chips_and_table_prizes(night_license):
    report = montecarlo_night_recorded(
        license=night_license, event_date=DAY, participants=42,
        chips=[{"participant": "Ana", "chips": 1000}, {"participant": "Ben", "chips": 1500}],
        prizes=[{"participant": "Ben", "description": "Gift card", "value": "50.00", "date": DAY.isoformat()}],
        source="montecarlo.night:7")
    assert report.kind == schema.MONTECARLO and report.source == "montecarlo.night:7"
    assert report.recorded == {
        "attendance": {"participants": 42},
        "chips": [{"participant": "Ana", "chips": 1000}, {"participant": "Ben", "chips": 1500}],
        "prizes": [{"game": "other", "participant": "Ben", "description": "Gift card", "value": "50.00",
                    "date": DAY.isoformat()}],
    }
    assert report.data["attendance"] == {"participants": 42, "admissions": 0, "admission_price": "0.00"}
    assert report.prizes == Decimal("50.00")


def test_the_night_and_the_tournaments_each_replace_only_their_own_prizes(night_license):
    montecarlo_tournament_prizes_recorded(license=night_license, event_date=DAY, prizes=[HOLDEM_PRIZE],
                                          source="montecarlo.tournament:3")
    montecarlo_night_recorded(license=night_license, event_date=DAY, participants=10, chips=[],
                              prizes=[{"participant": "Ben", "value": "50.00"}], source="montecarlo.night:7")
    report = montecarlo_night_recorded(license=night_license, event_date=DAY, participants=12,
                                       chips=[{"participant": "Cy", "chips": 800}],
                                       prizes=[{"participant": "Cy", "value": "20.00"}], source="montecarlo.night:7")
    assert [(row["participant"], row["game"]) for row in report.recorded["prizes"]] == [
        ("Ana", "holdem"), ("Cy", "other")]
    assert report.recorded["attendance"] == {"participants": 12}
    report = montecarlo_tournament_prizes_recorded(license=night_license, event_date=DAY, prizes=[
        HOLDEM_PRIZE, {**HOLDEM_PRIZE, "participant": "Dee", "value": "100.00"}], source="montecarlo.tournament:4")
    assert [(row["participant"], row["game"]) for row in report.recorded["prizes"]] == [
        ("Ana", "holdem"), ("Dee", "holdem"), ("Cy", "other")]
    assert report.recorded["chips"] == [{"participant": "Cy", "chips": 800}]
    # Untouched by the organization: the draft follows the record.
    assert report.data["prizes"] == clean(schema.MONTECARLO, {"prizes": report.recorded["prizes"]})["prizes"]
    assert Report.objects.filter(license=night_license).count() == 1


def test_the_hook_refuses_bad_figures_by_path_and_holdem_prizes(night_license):
    with pytest.raises(ValidationError) as caught:
        montecarlo_night_recorded(license=night_license, event_date=DAY, participants=-1,
                                  chips=[{"participant": "Ana", "chips": "١٠"}], prizes=[{"participant": "Ana"}],
                                  source="montecarlo.night:7")
    assert {"attendance.participants", "chips.1.chips", "prizes.1.value"} <= set(caught.value.message_dict)
    with pytest.raises(ValueError):
        montecarlo_night_recorded(license=night_license, event_date=DAY, participants=1, chips=[],
                                  prizes=[{**HOLDEM_PRIZE, "game": "holdem"}], source="montecarlo.night:7")
    assert not Report.objects.exists()


def test_a_submitted_report_keeps_what_it_filed_and_takes_the_record_beside_it(night_license):
    officer = member(night_license.organization, Role.OFFICER)
    report = montecarlo_night_recorded(license=night_license, event_date=DAY, participants=10, chips=[],
                                       prizes=[], source="montecarlo.night:7")
    data = report.data
    data["attestation"] = {"officer": "Ann Lee"}
    services.report_save(actor=officer, report=report, data=data)
    services.report_submit(actor=officer, report=report)
    report = montecarlo_night_recorded(license=night_license, event_date=DAY, participants=11, chips=[], prizes=[],
                                       source="montecarlo.night:7")
    assert report.status == ReportStatus.SUBMITTED and report.data["attendance"]["participants"] == 10
    assert corrected_figures(report.kind, report.recorded, report.data)[0]["path"] == "attendance.participants"
