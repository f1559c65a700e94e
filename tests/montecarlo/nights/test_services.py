"""Night services at their rules' edges: the license, date, hours and place (1200.1, 1202.2(o)), two nights a year
(1204.17), the same chips for all (1603.8), admission (1603.4, 1702.1), the terms frozen once participants are
admitted (1603.2), the count, prizes by ranking (equal counts ordered by a drawing) and by a chip drawing, the
report hand-over, and the Agency's decision on house rules (1602.1)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.models import AuditEvent, Report, Role
from licensing.models.choices import LicenseStatus
from licensing.reports.drawings import engine as raffle_engine
from montecarlo.models import ApprovalStatus, ChipLedgerEntry, EntryKind, GameApproval, Night, NightStatus
from montecarlo.nights import services
from montecarlo.nights.drawing import published_drawing
from montecarlo.tables import services as table_services
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import DAY, admit, in_charge_of, mcn_license, night_for, table_for

pytestmark = pytest.mark.django_db


def rules_of(error: ValidationError) -> set[str]:
    return {getattr(item, "rule", None) for items in error.error_dict.values() for item in items}


def plan(director, license, **fields):
    defaults = {"name": "Night", "date": DAY, "starts_at": dt.time(18, 30), "ends_at": dt.time(23, 0),
                "admission_price": Decimal("25.00"), "starting_chips": 1000}
    if not fields.get("training"):
        defaults["in_charge"] = in_charge_of(license)
    return services.night_create(actor=director, license=license, **{**defaults, **fields})


def test_a_night_is_planned_on_its_licensed_date_hours_and_place():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    night = plan(director, license, starts_at=dt.time(18, 0), ends_at=dt.time(23, 30))  # exactly the licensed hours
    assert night.premises_id == license.premises_id and night.drawing_commitment == raffle_engine.commitment_of(
        bytes.fromhex(night.drawing_seed))
    for fields, field in (({"starts_at": dt.time(17, 59)}, "starts_at"), ({"ends_at": dt.time(23, 31)}, "starts_at"),
                          ({"date": DAY + dt.timedelta(days=1)}, "starts_at"),
                          ({"ends_at": dt.time(18, 0)}, "ends_at")):
        with pytest.raises(ValidationError) as caught:
            plan(director, license, **fields)
        assert field in caught.value.error_dict and "30 DCMR 1202.2(o)" in rules_of(caught.value)


def test_at_most_two_nights_a_year_training_nights_aside():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    plan(director, license)
    plan(director, license, name="Second")
    plan(director, license, name="Practice", training=True, prizes=[])
    with pytest.raises(ValidationError) as caught:
        plan(director, license, name="Third")
    assert rules_of(caught.value) == {"30 DCMR 1204.17"}
    assert "already holds 2" in str(caught.value)


@pytest.mark.parametrize("chips", [0, -5, True, 1.5, "1000", 10**9 + 1])
def test_the_same_whole_chips_for_everyone(chips):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        plan(director, license, starting_chips=chips)
    assert rules_of(caught.value) == {"30 DCMR 1603.7"}  # the same chips for everyone on admission


def test_only_a_montecarlo_license_in_force_and_only_its_directors():
    license = mcn_license(status=LicenseStatus.SUSPENDED)
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        plan(director, license)
    assert "30 DCMR 1200.1" in rules_of(caught.value)
    for outsider in (member(license.organization, Role.DEALER), board_staff(), board_member()):
        with pytest.raises(PermissionDenied):
            plan(outsider, mcn_license())


def test_a_training_night_has_no_prizes():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        plan(director, license, training=True, prizes=[{"description": "Hat", "value": "5.00"}])
    assert "prizes" in caught.value.error_dict


@pytest.mark.parametrize("prizes", [[{"description": "", "value": "5"}], [{"description": "Hat", "value": "5.001"}],
                                    [{"description": "Hat", "value": "-5"}], ["Hat"], "Hat",
                                    [{"description": "Hat", "value": "٥"}]])
def test_a_malformed_prize_list_names_the_place_and_the_rule(prizes):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        plan(director, license, prizes=prizes)
    assert rules_of(caught.value) == {"30 DCMR 1603.2"}


def test_admission_issues_the_nights_chips_whatever_was_paid():
    night, director = night_for(admission="25.00", chips=750)
    generous = services.participant_register(actor=director, night=night, admission_paid="100.00", age_declared=True,
                                             name="  Ada   Lovelace ", show_name=True)
    assert (generous.number, generous.name, generous.chips, generous.at_stake) == (1, "Ada Lovelace", 750, 0)
    entry = ChipLedgerEntry.objects.get(participant=generous)
    assert (entry.kind, entry.chips, entry.balance, entry.seq) == (EntryKind.ISSUE, 750, 750, 1)
    anonymous = services.participant_register(actor=director, night=night, admission_paid="25.00", age_declared=True,
                                              show_name=True)
    assert (anonymous.number, anonymous.show_name) == (2, False)  # no name to show


@pytest.mark.parametrize(("paid", "declared", "rules"), [
    ("24.99", True, {"30 DCMR 1603.4"}), ("25.00", False, {"30 DCMR 1702.1"}), ("0", None, {"30 DCMR 1603.4",
                                                                                               "30 DCMR 1702.1"})])
def test_admission_refused(paid, declared, rules):
    night, director = night_for(admission="25.00")
    with pytest.raises(ValidationError) as caught:
        services.participant_register(actor=director, night=night, admission_paid=paid, age_declared=declared)
    assert rules_of(caught.value) == rules
    assert not night.participants.exists()


def test_admission_needs_the_license_in_force_today():
    night, director = night_for()
    night.license.status = LicenseStatus.REVOKED
    night.license.save()
    with pytest.raises(ValidationError) as caught:
        services.participant_register(actor=director, night=night, admission_paid="25", age_declared=True)
    assert rules_of(caught.value) == {"30 DCMR 1200.1"}


def test_the_posted_terms_freeze_once_someone_is_admitted():
    night, director = night_for()
    services.night_update(actor=director, night=night, prize_method="drawing",
                          prizes=[{"description": "Bike", "value": "150"}], house_rules="New rules")
    night.refresh_from_db()
    assert (night.prize_method, night.prizes, night.house_rules) == (
        "drawing", [{"description": "Bike", "value": "150.00"}], "New rules")
    admit(night, director, 1)
    with pytest.raises(ValidationError, match="1603.2"):
        services.night_update(actor=director, night=night, house_rules="Changed after the doors opened")


def test_new_house_rules_send_the_games_back_to_the_agency():
    night, director = night_for()
    table_for(night, director, "punto-banca", min_bet=20)
    approval = GameApproval.objects.get(night=night)
    assert approval.status == ApprovalStatus.APPROVED
    services.night_update(actor=director, night=night, house_rules="Different rules")
    approval.refresh_from_db()
    assert (approval.status, approval.house_rules, approval.decided_by) == (ApprovalStatus.PENDING,
                                                                            "Different rules", None)


def test_only_board_staff_decide_and_a_refusal_says_why():
    night, director = night_for()
    table_for(night, director, "caribbean-poker", approve=False)
    approval = GameApproval.objects.get(night=night)
    for outsider in (director, board_member()):
        with pytest.raises(PermissionDenied):
            services.approval_decide(actor=outsider, approval=approval, approve=True)
    with pytest.raises(ValidationError) as caught:
        services.approval_decide(actor=board_staff(), approval=approval, approve=False)
    assert "note" in caught.value.error_dict
    refused = services.approval_decide(actor=board_staff(), approval=approval, approve=False, note="Jackpot unclear")
    assert (refused.status, refused.note) == (ApprovalStatus.REFUSED, "Jackpot unclear")


def _played(night, director, plays):
    """Bets at a wheel table: [(participant, symbol, amount)], then the wheel stops on "1"."""
    table = table_for(night, director, "wheel", min_bet=5, max_bet=500)
    table_services.table_play(actor=director, table=table, event={"type": "open"})
    for participant, symbol, amount in plays:
        table_services.table_play(actor=director, table=table, event={
            "type": "bet", "participant": participant, "kind": symbol, "amount": amount})
    table_services.table_play(actor=director, table=table, event={"type": "outcome", "symbol": "1"})
    return table


def test_the_count_needs_every_table_closed_and_records_each_participant():
    night, director = night_for()
    admit(night, director, 3)
    table = _played(night, director, [(1, "1", 100), (2, "5", 100)])
    with pytest.raises(ValidationError, match="Close every table"):
        services.night_count(actor=director, night=night)
    table_services.table_close(actor=director, table=table)
    night = services.night_count(actor=director, night=night)
    assert night.status == NightStatus.COUNTED
    counted = dict(night.participants.values_list("number", "counted"))
    assert counted == {1: 1100, 2: 900, 3: 1000}
    assert sorted(e.payload["counted"] for e in ChipLedgerEntry.objects.filter(
        participant__night=night, kind=EntryKind.COUNT)) == [900, 1000, 1100]
    with pytest.raises(ValidationError):
        services.participant_register(actor=director, night=night, admission_paid="25", age_declared=True)


def test_prizes_by_ranking_with_equal_counts_ordered_by_the_committed_drawing():
    night, director = night_for(prizes=[{"description": "First", "value": "80"}, {"description": "Second",
                                                                                 "value": "40"},
                                        {"description": "Third", "value": "10"}])
    admit(night, director, 4)
    table = _played(night, director, [(1, "5", 100), (3, "1", 100)])  # #3 up to 1100; #1 down to 900
    table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    night = services.prizes_award(actor=director, night=night)
    # #3 first; #2 and #4 tie on 1000 for second and third: a drawing with the night's seed puts them in order.
    tie = night.drawing["tie_breaks"][0]
    expected = raffle_engine.draw_winners(tickets=[2, 4], prizes=2, seed=bytes.fromhex(night.drawing_seed))
    assert tie["winners"] == expected and tie["chips"] == 1000
    assert [award["participant"] for award in night.awards] == [3, *expected]
    assert [award["value"] for award in night.awards] == ["80.00", "40.00", "10.00"]
    report = Report.objects.get(license=night.license, event_date=night.date)
    assert report.event_ends_at == night.awarded_at  # the night is over: its report may be submitted (1413.1)
    assert report.recorded["attendance"] == {"participants": 4}
    assert [row["value"] for row in report.recorded["prizes"]] == ["80.00", "40.00", "10.00"]
    assert {row["chips"] for row in report.recorded["chips"]} == {1000}  # the chips issued, the same for all
    with pytest.raises(ValidationError):
        services.prizes_award(actor=director, night=night)


def test_prizes_by_a_drawing_in_which_each_chip_is_a_chance():
    night, director = night_for(prize_method="drawing", chips=3,
                                prizes=[{"description": "A", "value": "5"}, {"description": "B", "value": "5"}])
    admit(night, director, 3)
    services.night_count(actor=director, night=night)
    night = services.prizes_award(actor=director, night=night)
    drawing = published_drawing(night)
    assert drawing["tickets"] == list(range(1, 10)) and raffle_engine.verify(drawing) is None
    holders = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3}
    assert [award["participant"] for award in night.awards] == [holders[t] for t in drawing["winners"]]
    assert drawing["commitment"] == night.drawing_commitment


def test_a_drawing_needs_a_chip_for_every_prize():
    night, director = night_for(prize_method="drawing", chips=1,
                                prizes=[{"description": "A", "value": "5"}, {"description": "B", "value": "5"}])
    admit(night, director, 1)
    services.night_count(actor=director, night=night)
    with pytest.raises(ValidationError) as caught:
        services.prizes_award(actor=director, night=night)
    assert rules_of(caught.value) == {"30 DCMR 1603.2"}


def test_a_training_night_hands_nothing_to_the_report():
    night, director = night_for(training=True)
    admit(night, director, 2)
    services.night_count(actor=director, night=night)
    services.prizes_award(actor=director, night=night)
    assert not Report.objects.filter(license=night.license).exists()


# --- 30 DCMR 1301.5: the member in charge or the alternate present throughout the night, on its record ---


def test_a_night_is_not_planned_without_the_member_in_charge_or_alternate():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        plan(director, license, in_charge=None)
    assert rules_of(caught.value) == {"30 DCMR 1301.5"} and "in_charge" in caught.value.error_dict
    stranger = in_charge_of(mcn_license())  # another organization's member in charge
    gross = in_charge_of(license, role="gross_receipts")  # the license's, but not in charge (1202.2(k))
    for wrong in (stranger, gross):
        with pytest.raises(ValidationError) as caught:
            plan(director, license, in_charge=wrong)
        assert rules_of(caught.value) == {"30 DCMR 1301.5"}
    assert not Night.objects.exists()
    alternate = in_charge_of(license, role="alternate")
    night = plan(director, license, in_charge=alternate)
    assert night.in_charge == alternate
    assert plan(director, license, training=True, prizes=[]).in_charge is None  # practice plays for nothing


def test_a_night_without_its_member_in_charge_recorded_admits_and_plays_nothing():
    night, director = night_for()
    table = table_for(night, director, "wheel")
    Night.objects.filter(pk=night.pk).update(in_charge=None)  # a night planned before 1301.5 was recorded
    night.refresh_from_db()
    with pytest.raises(ValidationError) as caught:
        admit(night, director, 1)
    assert rules_of(caught.value) == {"30 DCMR 1301.5"}
    with pytest.raises(ValidationError) as caught:
        table_services.table_play(actor=director, table=table, event={"type": "open"})
    assert "30 DCMR 1301.5" in rules_of(caught.value)
    alternate = in_charge_of(night.license, role="alternate")
    services.night_in_charge_record(actor=director, night=night, in_charge=alternate)
    night.refresh_from_db()
    assert night.in_charge == alternate
    assert AuditEvent.objects.filter(event_type="montecarlo.night_in_charge_recorded").exists()
    admit(night, director, 1)
