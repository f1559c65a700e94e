"""The pure planning checks (bingo.planning.rules): every cap at its boundary, with its citation."""

import datetime as dt
from decimal import Decimal

import pytest

from bingo.planning import rules

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = Decimal


def game(game_type="regular", price="1.00", prize="10.00", number=1):
    return rules.GamePlan(number=number, game_type=game_type, card_price=D(price), prize=D(prize))


def lic(license_class="B", period="regular", status="active", license_type="bingo", schedule=(), premises=(7,)):
    return rules.LicenseFacts(license_type=license_type, status=status, license_class=license_class, period=period,
                              effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 31),
                              premises_ids=frozenset(premises), schedule=tuple(schedule))


def rules_of(findings):
    return [f.rule for f in findings]


@pytest.mark.parametrize("game_type, ok, over, rule", [
    # Only the admission's card is regular: a card sold for a regular game is an extra regular card (1402.3).
    ("regular", "2.00", "2.01", "30 DCMR 1402.3"), ("extra_regular", "2.00", "2.01", "30 DCMR 1402.3"),
    ("special", "1.00", "1.01", "30 DCMR 1402.5"), ("early_bird", "1.00", "1.01", "30 DCMR 1402.5"),
    ("multi_hall", "15.00", "15.01", "30 DCMR 1402.5"),
])
@pytest.mark.parametrize("license_class", ["A", "B", "C"])
def test_card_price_caps_for_classes_a_b_c(game_type, ok, over, rule, license_class):
    assert rules.card_price(game(game_type, ok), license_class) == []
    [finding] = rules.card_price(game(game_type, over), license_class)
    assert finding.rule == rule and finding.field == "card_price" and finding.blocking
    assert rule in finding.message and f"${D(ok):,.2f}" in finding.message


@pytest.mark.parametrize("game_type, ok, over, rule", [
    ("regular", "0.15", "0.16", "30 DCMR 1402.4"), ("extra_regular", "0.15", "0.16", "30 DCMR 1402.4"),
    ("special", "0.15", "0.16", "30 DCMR 1402.6"), ("early_bird", "0.15", "0.16", "30 DCMR 1402.6"),
])
def test_card_price_caps_for_class_d(game_type, ok, over, rule):
    assert rules.card_price(game(game_type, ok), "D") == []
    assert rules_of(rules.card_price(game(game_type, over), "D")) == [rule]


def test_regular_period_prize_caps_per_game_and_per_operation():
    assert rules.game_prize(game(prize="2000.00"), "A", "regular") == []
    [finding] = rules.game_prize(game(prize="2000.01"), "A", "regular")
    assert finding.rule == "30 DCMR 1408.1" and finding.field == "prize"
    five = [game(prize="2000.00", number=n) for n in range(1, 6)]
    assert rules.operation_prizes(five, "B", "regular") == []
    assert rules_of(rules.operation_prizes([*five, game(prize="0.01", number=6)], "B", "regular")) == \
        ["30 DCMR 1408.1"]


def test_multi_hall_games_are_outside_the_regular_caps():
    big = game("multi_hall", "15.00", "25000.00", number=6)
    five = [game(prize="2000.00", number=n) for n in range(1, 6)]
    assert rules.game_prize(big, "A", "regular") == []
    assert rules.operation_prizes([*five, big], "A", "regular") == []


def test_limited_period_has_no_prize_limit():
    games = [game(prize="9000.00", number=n) for n in range(1, 5)]
    assert all(rules.game_prize(g, "A", "limited") == [] for g in games)
    assert rules.operation_prizes(games, "A", "limited") == []


def test_class_d_prize_caps():
    assert rules.game_prize(game(prize="5.00"), "D", "regular") == []
    assert rules_of(rules.game_prize(game(prize="5.01"), "D", "regular")) == ["30 DCMR 1408.3"]
    # 1408.2's "no limit" is for Classes A, B and C only.
    assert rules_of(rules.game_prize(game(prize="5.01"), "D", "limited")) == ["30 DCMR 1408.3"]
    ten = [game(prize="5.00", number=n) for n in range(1, 11)]
    assert rules.operation_prizes(ten, "D", "regular") == []
    assert rules_of(rules.operation_prizes([*ten, game(prize="0.01", number=11)], "D", "regular")) == \
        ["30 DCMR 1408.3"]


def test_at_most_six_early_birds():
    six = [game("early_bird", number=n) for n in range(1, 7)]
    assert rules.early_birds(six) == []
    [finding] = rules.early_birds([*six, game("early_bird", number=7)])
    assert finding.rule == "30 DCMR 1405.19" and "30 DCMR 1405.19" in finding.message


def test_multi_hall_needs_the_add_on_and_never_class_d():
    games = [game("multi_hall", "10.00", "500.00")]
    assert rules.multi_hall(games, "B", has_multihall_license=True) == []
    assert rules_of(rules.multi_hall(games, "B", has_multihall_license=False)) == ["30 DCMR 1414"]
    assert rules_of(rules.multi_hall(games, "D", has_multihall_license=True)) == ["30 DCMR 1414"]
    assert rules.multi_hall([game()], "B", has_multihall_license=False) == []


def test_weekly_limit_per_premises():
    operation = rules.OperationFacts(date=dt.date(2026, 6, 3), starts_at=dt.time(18), ends_at=dt.time(22),
                                     premises_id=7)
    assert rules.premises_weekly_limit(operation, others_that_week=1) == []
    assert rules_of(rules.premises_weekly_limit(operation, others_that_week=2)) == ["30 DCMR 1400.5"]


def test_license_premises_and_schedule():
    entry = {"date": "2026-06-03", "starts_at": "18:00", "ends_at": "22:00", "premises": 7}
    license = lic(schedule=[entry])

    def facts(date=dt.date(2026, 6, 3), starts=dt.time(18), ends=dt.time(22), premises=7):
        return rules.OperationFacts(date=date, starts_at=starts, ends_at=ends, premises_id=premises)

    assert rules.within_schedule(license, facts()) == []
    assert rules.within_schedule(license, facts(starts=dt.time(19), ends=dt.time(21, 30))) == []
    assert rules_of(rules.within_schedule(license, facts(starts=dt.time(17, 59)))) == ["30 DCMR 1202.2(m)"]
    assert rules_of(rules.within_schedule(license, facts(ends=dt.time(22, 1)))) == ["30 DCMR 1202.2(m)"]
    assert rules_of(rules.within_schedule(license, facts(date=dt.date(2026, 6, 4)))) == ["30 DCMR 1202.2(m)"]
    assert rules_of(rules.within_schedule(license, facts(premises=8))) == ["30 DCMR 1202.2(m)"]
    assert rules.premises_on_license(license, 7) == []
    assert rules_of(rules.premises_on_license(license, 8)) == ["30 DCMR 1400.7"]


def test_license_in_force():
    assert rules.license_in_force(lic(), dt.date(2026, 6, 3)) == []
    assert rules_of(rules.license_in_force(lic(status="suspended"), dt.date(2026, 6, 3))) == ["30 DCMR 1200.1"]
    assert rules_of(rules.license_in_force(lic(license_type="raffle"), dt.date(2026, 6, 3))) == ["30 DCMR 1200.1"]
    assert rules_of(rules.license_in_force(lic(), dt.date(2027, 1, 1))) == ["30 DCMR 1200.1"]


def test_checker_on_duty():
    assert rules.checker_on_duty(1, blocking=True) == []
    [finding] = rules.checker_on_duty(0, blocking=True)
    assert finding.rule == "30 DCMR 1401.3" and finding.blocking
    assert not rules.checker_on_duty(0, blocking=False)[0].blocking


def test_a_person_is_known_by_their_name_whatever_its_spacing_and_case():
    # The sale's buyer and the worker on duty are matched by this key (30 DCMR 1401.2).
    assert rules.person_key("  Ann   LEE ") == "ann lee"
    assert rules.person_key("Straße Ñoño") == "strasse ñoño"
    assert rules.person_key(None) == rules.person_key("") == rules.person_key("   ") == ""
