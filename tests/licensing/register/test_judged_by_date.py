"""Judged by the rule in force: every play rule reads the Board's register for the day of the record it judges, so a
figure the Board changes from a date binds what happens from that date and leaves what came before judged as it
was. A report by its event date (whenever it is filed or read), a bingo plan by its operation's date, a card sale
and live play by their day, a Hold'em prize by the day it is won, a deadline by its event's date."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.utils import timezone

from bingo.cards import rules as card_rules
from bingo.live import rules as live_rules
from bingo.planning import rules as planning
from licensing.licenses import limits
from licensing.register import values
from licensing.reports import rules as report_rules
from licensing.reports.content import schema
from licensing.reports.content.cleaning import clean
from licensing.reports.deadlines import deadlines
from licensing.reports.drawings.rules import buyers_age_findings
from montecarlo.nights.rules import admission_findings, nights_a_year_findings
from montecarlo.tournaments import rules as tournament_rules
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db

CHANGE = dt.date(2027, 6, 1)  # the day the Board's new figure takes effect
BEFORE, AFTER = CHANGE - dt.timedelta(days=1), CHANGE + dt.timedelta(days=1)
D = Decimal


def bingo_report(**sections) -> dict:
    data = schema.blank(schema.BINGO)
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    data.update(sections)
    return clean(schema.BINGO, data)


def facts(event_date: dt.date, **fields) -> report_rules.ReportFacts:
    defaults = {"kind": schema.BINGO, "license_class": "B", "period": "regular", "event_date": event_date,
                "as_of": event_date + dt.timedelta(days=2), "filed": True}
    return report_rules.ReportFacts(**{**defaults, **fields})


def game(number, prize, game_type="regular"):
    return {"number": number, "game_type": game_type, "prize": prize}


def prize_findings(findings):
    return [f for f in findings if f.rule == "30 DCMR 1408.1"]


# --- a report: by its event date ---


def test_a_report_is_judged_by_the_game_prize_cap_in_force_on_its_event_date():
    board_number("bingo.game_prize_cap.class_abc", "2500.00", since=CHANGE)
    data = bingo_report(games=[game(1, "2400.00")])
    # Held the day before the change, filed after it: still the $2,000 cap.
    [finding] = prize_findings(report_rules.report_rules(data, facts(BEFORE, as_of=AFTER)))
    assert finding.field == "games.1.prize"
    assert "at most $2,000.00 per game, not $2,400.00" in finding.message
    # Held on the day the change takes effect: the $2,500 cap.
    assert prize_findings(report_rules.report_rules(data, facts(CHANGE))) == []
    over = bingo_report(games=[game(1, "2500.01")])
    [finding] = prize_findings(report_rules.report_rules(over, facts(AFTER)))
    assert "at most $2,500.00 per game, not $2,500.01" in finding.message
    # The day the rules judge by is set for the check only.
    assert values.today() == timezone.localdate()


def test_the_report_check_reads_its_event_date_whatever_day_is_set_around_it():
    board_number("bingo.worker_reimbursement_cap", "20.00", since=CHANGE)
    data = bingo_report(reimbursements=[{"worker": "Ann Lee", "amount": "18.00", "paid_by": "check",
                                         "check_number": 7}])
    with values.as_of(AFTER):  # a caller's day does not leak into a report of another date
        found = [f for f in report_rules.report_rules(data, facts(BEFORE)) if f.rule == "30 DCMR 1412.2"]
        assert values.today() == AFTER
    assert len(found) == 1 and "at most $15.00 per occasion" in found[0].message
    assert [f for f in report_rules.report_rules(data, facts(AFTER)) if f.rule == "30 DCMR 1412.2"] == []


def test_a_holdem_prize_is_judged_by_the_cap_of_the_day_it_was_won():
    board_number("holdem.prize_cap_per_player_day", "600.00", since=CHANGE)
    prizes = [{"game": "holdem", "participant": "Ann Lee", "value": "550.00", "date": BEFORE.isoformat()},
              {"game": "holdem", "participant": "Ann Lee", "value": "550.00", "date": CHANGE.isoformat()}]
    [finding] = report_rules.holdem_prizes(prizes, BEFORE)
    assert finding.field == "prizes.1.value" and "at most $500.00 a day" in finding.message


def test_a_report_deadline_is_the_one_in_force_on_the_event_date():
    board_number("reports.due_days.regular", "15", since=CHANGE)
    board_number("proceeds.deposit_days.montecarlo", "20", since=CHANGE)
    assert deadlines(license_type="bingo", event_date=BEFORE, license_class="B").report_due == \
        BEFORE + dt.timedelta(days=10)
    assert deadlines(license_type="bingo", event_date=CHANGE, license_class="B").report_due == \
        CHANGE + dt.timedelta(days=15)
    assert deadlines(license_type="montecarlo", event_date=BEFORE).proceeds_used_by == BEFORE + dt.timedelta(days=10)
    assert deadlines(license_type="montecarlo", event_date=AFTER).proceeds_used_by == AFTER + dt.timedelta(days=20)
    # The late-filing finding states the days of its own event.
    late = report_rules.report_rules(bingo_report(), facts(
        BEFORE, report_due=BEFORE + dt.timedelta(days=10), as_of=AFTER + dt.timedelta(days=30)))
    assert "within 10 days" in [f for f in late if f.rule == "30 DCMR 1413.1"][0].message


def test_the_overnight_ban_moved_from_a_date():
    board_number("bingo.no_play_until", "10:00", since=CHANGE)
    assert not limits.in_overnight_ban(dt.time(9, 30), BEFORE)
    assert limits.in_overnight_ban(dt.time(9, 30), AFTER)
    [finding] = live_rules.overnight_ban(dt.datetime.combine(AFTER, dt.time(9, 30)), action="Call a ball")
    assert "no bingo is played between 12:00 midnight and 10:00 am; it is now" in finding.message
    assert live_rules.overnight_ban(dt.datetime.combine(BEFORE, dt.time(9, 30)), action="Call a ball") == []
    operation = {"starts_at": "09:30", "ends_at": "12:00"}
    assert [f for f in report_rules.report_rules(bingo_report(operation=operation), facts(BEFORE))
            if f.rule == "30 DCMR 1202.2(m)"] == []
    [finding] = [f for f in report_rules.report_rules(bingo_report(operation=operation), facts(AFTER))
                 if f.rule == "30 DCMR 1202.2(m)"]
    assert "between 12:00 midnight and 10:00 am" in finding.message


# --- a bingo plan: by its operation's date ---


def license_facts(license_class="B", period="regular") -> planning.LicenseFacts:
    return planning.LicenseFacts(license_type="bingo", status="active", license_class=license_class, period=period,
                                 effective_on=dt.date(2027, 1, 1), expires_on=dt.date(2027, 12, 31),
                                 premises_ids=frozenset({1}), schedule=())


def test_a_bingo_plan_is_judged_by_the_caps_of_its_operation_date():
    board_number("bingo.game_prize_cap.class_abc", "2500.00", since=CHANGE)
    board_number("bingo.operation_prize_cap.class_abc", "12000.00", since=CHANGE)
    games = [planning.GamePlan(number=n, game_type="regular", card_price=D("1.00"), prize=D("2400.00"))
             for n in range(1, 6)]
    before = planning.game_findings(games, license_facts(), False, BEFORE)
    assert [f.rule for f in before] == ["30 DCMR 1408.1"] * 6  # five games over $2,000, and $12,000 over $10,000
    assert "at most $10,000.00" in before[-1].message
    assert planning.game_findings(games, license_facts(), False, AFTER) == []


def test_the_weekly_limit_and_the_annuity_terms_of_the_day():
    board_number("bingo.operations_per_premises_per_week", "3", since=CHANGE)
    board_number("bingo.annuity_max_years", "30", since=CHANGE)
    op = planning.OperationFacts(date=BEFORE, starts_at=dt.time(18), ends_at=dt.time(22), premises_id=1)
    [finding] = planning.premises_weekly_limit(op, others_that_week=2)
    assert "At most 2 bingo operations a week" in finding.message
    later = planning.OperationFacts(date=CHANGE + dt.timedelta(days=7), starts_at=dt.time(18), ends_at=dt.time(22),
                                    premises_id=1)
    assert planning.premises_weekly_limit(later, others_that_week=2) == []
    plan = planning.AnnuityPlan(game_type="multi_hall", prize=D("20000.00"), years=28, amount=D("10000.00"),
                                insurer="Capitol Life", insurer_dc_licensed=True)
    assert [f.rule for f in planning.annuity_plan(plan, BEFORE)] == ["30 DCMR 1408.6"]
    assert "at most 25 years, not 28" in planning.annuity_plan(plan, BEFORE)[0].message
    assert planning.annuity_plan(plan, AFTER) == []


# --- a card sale and live play: by their day ---


def test_a_card_sale_is_judged_by_the_price_caps_of_its_day():
    board_number("bingo.card_price_cap.class_abc.extra_regular", "2.50", since=CHANGE)
    [finding] = card_rules.sale_price(colour="extra_regular", price_each=D("2.25"), license_class="B",
                                      game_types=["regular"], on=BEFORE)
    assert finding.rule == "30 DCMR 1402.3" and "costs at most $2.00, not $2.25" in finding.message
    assert card_rules.sale_price(colour="extra_regular", price_each=D("2.25"), license_class="B",
                                 game_types=["regular"], on=AFTER) == []
    [finding] = card_rules.one_regular_card(colour="regular", faces=3, buyer="Ann Lee", license_class="B", on=AFTER)
    assert "at most $2.50 each" in finding.message


def test_the_citation_of_a_cap_is_the_row_in_force():
    board_number("bingo.card_price_cap.class_abc.special", "1.25", since=CHANGE, citation="30 DCMR 1402.5 (amended)")
    assert limits.card_price_cap("special", "A", BEFORE) == (D("1.00"), "30 DCMR 1402.5")
    assert limits.card_price_cap("special", "A", AFTER) == (D("1.25"), "30 DCMR 1402.5 (amended)")


def test_live_payout_reads_the_caps_of_the_day_it_pays():
    board_number("bingo.game_prize_cap.class_d", "6.00", since=CHANGE)
    assert live_rules.payout_cap(license_class="D", period="regular", game_type="regular", paid_before=D("0"),
                                 on=BEFORE) == (D("5.00"), "30 DCMR 1408.3")
    assert live_rules.payout_cap(license_class="D", period="regular", game_type="regular", paid_before=D("0"),
                                 on=AFTER) == (D("6.00"), "30 DCMR 1408.3")
    with values.as_of(AFTER):  # live play reads today: the day set, when none is given
        assert live_rules.payout_cap(license_class="D", period="regular", game_type="regular",
                                     paid_before=D("47.00"))[0] == D("3.00")


# --- Monte Carlo Nights, Hold'em tournaments and the players' age ---


@dataclass(frozen=True)
class Player:  # a montecarlo.holdem.tournament.people.Person
    name: str
    date_of_birth: str | None
    board_player_id: str | None


def test_the_holdem_prize_cap_moved_from_a_date():
    board_number("holdem.prize_cap_per_player_day", "600.00", since=CHANGE)
    [finding] = tournament_rules.prize_findings(["550.00"], BEFORE)
    assert "a prize is at most $500 per player per day" in finding.message
    assert tournament_rules.prize_findings(["550.00"], AFTER) == []
    ana = Player(name="Ana Ruiz", date_of_birth="1990-01-01", board_player_id=None)
    [finding] = tournament_rules.day_prize_findings(prizes=[(ana, D("300.00"))], earlier=[(ana, D("250.00"))],
                                                    on=BEFORE)
    assert "a player may win at most $500 per day" in finding.message
    assert tournament_rules.day_prize_findings(prizes=[(ana, D("300.00"))], earlier=[(ana, D("250.00"))],
                                               on=AFTER) == []


def test_nights_a_year_and_the_players_age_of_the_day():
    board_number("montecarlo.nights_per_year", "3", since=CHANGE)
    board_number("player.minimum_age", "21", since=CHANGE)
    [finding] = nights_a_year_findings(nights_that_year=2, year=BEFORE.year, on=BEFORE)
    assert "at most 2 a calendar year" in finding.message
    assert nights_a_year_findings(nights_that_year=2, year=AFTER.year, on=AFTER) == []
    born = dt.date(BEFORE.year - 19, 1, 1)  # 19 on both days
    assert tournament_rules.player_findings(date_of_birth=born, on=BEFORE) == []
    [finding] = tournament_rules.player_findings(date_of_birth=born, on=AFTER)
    assert "no one under 21 may play; this player turns 21 on" in finding.message
    assert "declare being 18 or older" in card_rules.age_declared(False, BEFORE)[0].message
    assert "declare being 21 or older" in card_rules.age_declared(False, AFTER)[0].message
    assert "no one under 21 plays" in admission_findings(age_declared=False, admission_paid=D("10"),
                                                         admission_price=D("10"), on=AFTER)[0].message
    assert "a buyer 21 or older" in buyers_age_findings(declared=False, on=AFTER)[0].message


def test_supplies_bought_used_are_checked_against_the_window_in_force():
    board_number("bingo.supply_seller_licensed_months", "6", since=CHANGE)
    record = report_rules.LicenseRecord(number="BG-2026-00001", license_type="bingo",
                                        effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 1))
    seller = report_rules.Supplier(record, (record,))
    bought = dt.date(2027, 7, 1)  # seven months after the seller's license ended
    assert card_rules.seller_licensed(source="organization", number="BG-2026-00001", on=bought, supplier=seller) != []
    assert card_rules.seller_licensed(source="organization", number="BG-2026-00001", on=BEFORE,
                                      supplier=seller) == []
