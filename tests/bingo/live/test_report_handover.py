"""An operation's record sent to its financial report (30 DCMR 1404.1(h), 1413.1): a real operation is played
(cards sold in two colours and two prices, a sale voided, games closed with one winner, two winners and none, a
game never played), then sent by its planner; the report is prefilled with what the sales register and the
games' logs hold, sending again updates it, a recorded figure changed needs a reason while a field the record
does not hold does not, how the payout desk paid each game's winners goes over with it, and a training operation, a
game in play or an empty record is refused."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.cards import services as cards
from bingo.cards.sales import series_faces
from bingo.engine import check_claim
from bingo.live import report_handover
from bingo.live import services as live
from bingo.live.training import training_operation_create
from bingo.models import CardColour, CardSale, GameType, Operation
from core.findings import RuleViolation
from licensing.models import AuditEvent, Payout, Report, ReportStatus, Role
from licensing.payouts.services import payout_pay
from licensing.reports import rules
from licensing.reports import services as reports
from licensing.reports.content.changes import corrected_figures
from tests.bingo.factories import (
    CardSeriesFactory,
    GameFactory,
    HallFactory,
    OperationFactory,
    bingo_calls,
    record_all,
    staff_on_duty,
    standard_pattern,
)
from tests.clock import board_time, this_evening, travel
from tests.licensing.factories import LicenseFactory, member

pytestmark = pytest.mark.django_db


class Night:
    """An operation tonight under a Class B license, its crew, four games and a series of 120 faces."""

    def __init__(self):
        this_evening()
        self.license = LicenseFactory(application__license_class="B")
        organization = self.license.organization
        self.planner = member(organization, Role.OFFICER)
        self.caller = member(organization, Role.CALLER)
        self.checker = member(organization, Role.CHECKER)
        self.operation = OperationFactory(license=self.license, created_by=self.planner, member_in_charge="Ana Gómez",
                                          door_prizes_value=Decimal("40.00"))
        HallFactory(operation=self.operation, is_drawing_location=True)
        staff_on_duty(self.operation, checker=self.checker)
        self.pattern = standard_pattern("any-line")
        self.games = [GameFactory(operation=self.operation, number=number, pattern=self.pattern, prize=prize,
                                  game_type=game_type)
                      for number, prize, game_type in ((1, "100.00", GameType.REGULAR), (2, "90.00", GameType.REGULAR),
                                                       (3, "50.00", GameType.SPECIAL), (4, "80.00", GameType.REGULAR))]
        self.series = CardSeriesFactory(organization=organization, code="R", size=120, seed=20270301)

    def sell(self, first, last, *, price="1.00", colour=CardColour.REGULAR):
        return cards.sale_record(
            age_declared=True, actor=self.checker, operation=self.operation, series=self.series, first_face=first,
                                 last_face=last, price_each=Decimal(price), colour=colour)

    def face(self, number):
        return series_faces(self.series)[number - 1]


def two_winners_on_one_call(night, faces):
    """Two faces of different sales whose top rows share a number: called last, it completes both at once."""
    for a in faces:
        for b in faces:
            if a >= b:
                continue
            shared = set(bingo_calls(night.face(a))) & set(bingo_calls(night.face(b)))
            for last in sorted(shared):
                before = sorted((set(bingo_calls(night.face(a))) | set(bingo_calls(night.face(b)))) - {last})
                if not any(check_claim(night.face(f), before, "any-line").complete for f in (a, b)):
                    return a, b, [*before, last]
    raise AssertionError("no two faces share a number in their top row")


def played(night):
    """Sales, then game 1 won by one player (an invalid claim beside it), game 2 by two players on the same
    call, game 3 (special) closed with no winner, game 4 never played."""
    night.sell(1, 10)  # one player's ten faces
    for face in range(11, 21):  # ten players of one face each
        night.sell(face, face)
    night.sell(21, 30, price="0.50")
    night.sell(41, 45, colour=CardColour.SPECIAL)
    mistake = night.sell(50, 59)
    cards.sale_void(actor=night.checker, sale=mistake, reason="Sold to the wrong table")
    g1, g2, g3, _g4 = night.games
    live.game_start(actor=night.caller, game=g1)
    record_all(g1, night.caller, bingo_calls(night.face(5)))
    assert live.claim_face(actor=night.checker, game=g1, face_number=5).payload["valid"]
    assert not live.claim_face(actor=night.checker, game=g1, face_number=12).payload["valid"]
    live.game_close(actor=night.caller, game=g1)
    live.game_start(actor=night.caller, game=g2)
    a, b, calls = two_winners_on_one_call(night, range(11, 21))
    record_all(g2, night.caller, calls)
    for face in (a, b):
        assert live.claim_face(actor=night.checker, game=g2, face_number=face).payload["valid"]
    assert live.game_close(actor=night.caller, game=g2).payload["shares"] == ["45.00", "45.00"]
    live.game_start(actor=night.caller, game=g3)
    record_all(g3, night.caller, [1, 75])
    live.game_close(actor=night.caller, game=g3)


def test_the_recorded_operation_prefills_its_report():
    night = Night()
    played(night)
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert report.status == ReportStatus.DRAFT and report.event_date == night.operation.date
    assert report.source == f"bingo.operation:{night.operation.pk}"
    assert report.recorded["card_sales"] == [
        {"kind": "regular", "count": 10, "price": "0.50", "first_serial": "R 21", "last_serial": "R 30"},
        {"kind": "regular", "count": 20, "price": "1.00", "first_serial": "R 1", "last_serial": "R 20"},
        {"kind": "special", "count": 5, "price": "1.00", "first_serial": "R 41", "last_serial": "R 45"},
    ]  # the voided sale of faces 50-59 is left out
    name = night.pattern.name_en
    # Nothing is paid at the payout desk yet: games 1 and 2 say so; game 3 had no winner, nothing to pay.
    unpaid = {"paid_by": "unpaid", "check_requested": False}
    assert report.recorded["games"] == [
        {"number": 1, "game_type": "regular", "pattern": name, "prize": "100.00", "winners": 1, **unpaid},
        {"number": 2, "game_type": "regular", "pattern": name, "prize": "90.00", "winners": 2, **unpaid},
        {"number": 3, "game_type": "special", "pattern": name, "prize": "0.00", "winners": 0},
    ]  # game 4 was never played
    assert report.recorded["door_prizes"] == [{"description": "Door prizes", "retail_value": "40.00"}]
    assert report.recorded["attestation"] == {"member_in_charge": "Ana Gómez"}
    assert report.recorded["operation"] == {"starts_at": "18:00", "ends_at": "22:00"}
    # The draft holds the record and the defaults of what the record does not (game 3's payment).
    assert report.data["games"][0] == {"number": 1, "game_type": "regular", "pattern": name, "prize": "100.00",
                                       "winners": 1, "paid_by": "unpaid", "check_requested": False,
                                       "check_number": ""}
    assert report.data["games"][2]["paid_by"] == "cash"
    assert report.data["attestation"] == {"member_in_charge": "Ana Gómez", "gross_receipts_member": "",
                                          "us_currency": False}
    assert report.handle == Decimal("30.00")  # 10 x 0.50 + 20 x 1.00 + 5 x 1.00
    assert report.prizes == Decimal("230.00")  # 100 + 90 + 0 paid, and $40 of door prizes
    event = AuditEvent.objects.get(event_type="bingo.operation_report_sent")
    assert event.actor == night.planner and event.payload["games"] == 3 and event.payload["faces"] == 35
    assert AuditEvent.objects.filter(event_type="licensing.report_recorded_figures_received").count() == 1


def test_sending_again_updates_the_record_and_the_untouched_parts():
    night = Night()
    played(night)
    first = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    data = first.data
    data["games"][2]["paid_by"] = "check"  # not a recorded figure (game 3 paid no winner): no correction
    data["attestation"]["gross_receipts_member"] = "Bo Park"
    data["attestation"]["us_currency"] = True
    reports.report_save(actor=night.planner, report=first, data=data)
    cards.sale_void(actor=night.checker, sale=CardSale.objects.get(operation=night.operation, first_face=21),
                    reason="Paid back: the player left before the first game")
    again = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert again.pk == first.pk and Report.objects.filter(license=night.license).count() == 1
    assert [row["count"] for row in again.data["card_sales"]] == [20, 5]  # untouched: the new record
    assert again.data["games"][2]["paid_by"] == "check"  # changed by the organization: kept
    assert again.handle == Decimal("25.00")
    assert reports.submission_problems(again) == []
    reports.report_submit(actor=night.planner, report=again)


def test_how_the_payout_desk_paid_each_game_goes_to_the_report():
    night = Night()
    played(night)
    g1, g2 = night.games[:2]
    [one] = Payout.objects.filter(session=f"bingo.game:{g1.pk}")
    first, second = Payout.objects.filter(session=f"bingo.game:{g2.pk}").order_by("pk")
    payout_pay(actor=night.planner, payout=one, method="cash", amount="100.00", winner={"name": "Ana"})
    payout_pay(actor=night.planner, payout=first, method="check", check_number="1001", check_requested=True,
               amount="45.00", winner={"name": "Bo"})
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert [{key: row.get(key) for key in ("paid_by", "check_requested", "check_number")}
            for row in report.recorded["games"]] == [
        {"paid_by": "cash", "check_requested": False, "check_number": None},
        {"paid_by": "check", "check_requested": True, "check_number": "1001"},  # the other winner: not yet paid
        {"paid_by": None, "check_requested": None, "check_number": None}]  # no winner: the organization's to say
    payout_pay(actor=night.planner, payout=second, method="check", check_number="1002", amount="45.00",
               winner={"name": "Cy"})
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert report.data["games"][1]["check_number"] == "1001, 1002"
    assert rules.prizes_by_check(report.data["games"]) == []  # 30 DCMR 1408.5: asked for, paid by check


def test_a_corrected_recorded_figure_keeps_both_and_needs_a_reason():
    night = Night()
    played(night)
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    data = report.data
    data["games"][1]["winners"] = 3
    data["attestation"]["gross_receipts_member"] = "Bo Park"
    data["attestation"]["us_currency"] = True
    reports.report_save(actor=night.planner, report=report, data=data)
    [problem] = reports.submission_problems(report)
    assert problem.field == "corrections.games.2.winners" and "recorded as 2" in problem.message
    data["corrections"] = {"games.2.winners": "A third winner was checked on paper and paid"}
    reports.report_save(actor=night.planner, report=report, data=data)
    reports.report_submit(actor=night.planner, report=report)
    report.refresh_from_db()
    assert corrected_figures(report.kind, report.recorded, report.data) == [
        {"path": "games.2.winners", "recorded": 2, "reported": 3,
         "reason": "A third winner was checked on paper and paid"}]


def test_every_operation_of_the_day_is_in_the_one_report():
    night = Night()
    night.sell(1, 10)
    afternoon = OperationFactory(license=night.license, date=night.operation.date, starts_at=dt.time(12, 0),
                                 ends_at=dt.time(14, 0))
    CardSale.objects.create(operation=afternoon, series=night.series, first_face=61, last_face=70,
                            price_each=Decimal("1.00"))
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert report.recorded["operation"] == {"starts_at": "12:00", "ends_at": "22:00"}
    assert report.recorded["card_sales"] == [
        {"kind": "regular", "count": 20, "price": "1.00", "first_serial": "R 1", "last_serial": "R 70"}]


def test_training_a_game_in_play_and_an_empty_record_are_refused():
    night = Night()
    with pytest.raises(ValidationError) as caught:
        report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert caught.value.message_dict["operation"][0].startswith("Nothing is recorded yet")
    night.sell(1, 10)
    live.game_start(actor=night.caller, game=night.games[0])
    with pytest.raises(ValidationError) as caught:
        report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert "Game 1 is in play" in caught.value.message_dict["operation"][0]
    training = training_operation_create(actor=night.planner, license=night.license)
    with pytest.raises(RuleViolation) as caught:
        report_handover.operation_report_send(actor=night.planner, operation=training)
    assert caught.value.findings[0].rule == "30 DCMR 1413.1"
    assert not Report.objects.exists()


def test_only_the_organizations_planners_send():
    night = Night()
    night.sell(1, 10)
    for actor in (night.checker, night.caller, member(LicenseFactory().organization, Role.OFFICER)):
        with pytest.raises(PermissionDenied):
            report_handover.operation_report_send(actor=actor, operation=night.operation)
    assert not Report.objects.exists()


def test_the_portal_button_and_the_api():
    night = Night()
    night.sell(1, 10)
    url = reverse("bingo:operation_report_send", args=[night.operation.pk])
    client = APIClient()
    client.force_login(night.planner)
    page = client.get(reverse("bingo:operation_detail", args=[night.operation.pk]))
    assert url in page.content.decode()
    answer = client.post(url, follow=True)
    assert answer.redirect_chain[-1][0] == reverse("bingo:operation_detail", args=[night.operation.pk])
    assert "financial report of" in answer.content.decode()
    assert Report.objects.get().recorded["card_sales"][0]["count"] == 10
    stranger = APIClient()
    stranger.force_login(member(LicenseFactory().organization, Role.OFFICER))
    assert stranger.post(url).status_code == 404
    api = reverse("bingo-operation-report", args=[night.operation.pk])
    assert stranger.post(api).status_code == 404
    checker = APIClient()
    checker.force_authenticate(night.checker)
    assert checker.post(api).status_code == 403
    planner = APIClient()
    planner.force_authenticate(night.planner)
    body = planner.post(api).json()
    assert body["status"] == "draft" and body["recorded"]["card_sales"][0]["count"] == 10
    assert Report.objects.count() == 1  # sent twice, one report
    Operation.objects.filter(pk=night.operation.pk).update(is_training=True)  # a training operation: no button
    assert url not in client.get(reverse("bingo:operation_detail", args=[night.operation.pk])).content.decode()


@pytest.mark.event_clock
def test_no_sending_before_the_operation_has_ended():
    """No report before its event (30 DCMR 1413.1): the record goes over once the day's operations are over; the
    refusal says when that is; the report keeps the end, and is not submitted before it either."""
    night = Night()  # tonight, 18:00-22:00, the clock at 19:00
    night.sell(1, 10)
    with pytest.raises(RuleViolation) as caught:
        report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    [finding] = caught.value.findings
    assert finding.rule == "30 DCMR 1413.1" and "Not sent to the financial report" in finding.message
    assert "at 10 p.m." in finding.message
    assert not Report.objects.exists()
    api = APIClient()
    api.force_login(night.planner)
    answer = api.post(reverse("bingo-operation-report", args=[night.operation.pk]))
    assert answer.status_code == 400 and "10 p.m." in answer.json()["errors"][0]["message"]
    travel(board_time(night.operation.date, dt.time(22, 0)))
    report = report_handover.operation_report_send(actor=night.planner, operation=night.operation)
    assert report.event_ends_at == board_time(night.operation.date, dt.time(22, 0))
