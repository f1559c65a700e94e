"""Every check of bingo.planning.rules pinned down: boundaries, citations, fields, blocking and the exact
English message.

The messages are what an organization's staff read in the portal and the API, and each names the field, the
rule and the section; so a test here compares whole Findings (rule, message, field, blocking), not fragments.
Pure functions over plain values and the Board's register."""

import datetime as dt
from decimal import Decimal

import pytest

from bingo.planning import rules
from core.findings import Finding
from tests.bingo.planning.test_rules import game, lic

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = Decimal
DAY = dt.date(2026, 6, 3)  # a Wednesday inside the license term below


def operation(date=DAY, starts=dt.time(18, 5), ends=dt.time(21, 30), premises=7):
    return rules.OperationFacts(date=date, starts_at=starts, ends_at=ends, premises_id=premises)


def worker(name="Ann Lee", duty="checker", born=dt.date(1980, 5, 1), may_be_in_charge=False):
    return rules.WorkerFacts(name=name, duty=duty, date_of_birth=born, may_be_in_charge=may_be_in_charge)


def entry(date="2026-06-03", starts="18:00", ends="22:00", premises=7):
    return {"date": date, "starts_at": starts, "ends_at": ends, "premises": premises}


# --- 30 DCMR 1200.1: a bingo license in force on the day ---

NOT_BINGO = Finding("30 DCMR 1200.1", "An operation is held only under a bingo license (30 DCMR 1200.1).",
                    field="license")
NOT_ACTIVE = Finding("30 DCMR 1200.1", "The license is not active, so no bingo may be played under it "
                                       "(30 DCMR 1200.1).", field="license")


def outside_term(date):
    return Finding("30 DCMR 1200.1", f"The date {date} is outside the license's term, 2026-01-01 to 2026-12-31 "
                                     "(30 DCMR 1200.1).", field="date")


@pytest.mark.parametrize("license, on, expected", [
    (lic(), dt.date(2026, 1, 1), []),  # the first day of the term
    (lic(), dt.date(2026, 12, 31), []),  # the last day of the term
    (lic(), dt.date(2025, 12, 31), [outside_term("2025-12-31")]),
    (lic(), dt.date(2027, 1, 1), [outside_term("2027-01-01")]),
    (lic(license_type="raffle"), DAY, [NOT_BINGO]),
    # The license type is checked before the status: a suspended raffle license is still not a bingo license.
    (lic(license_type="raffle", status="suspended"), DAY, [NOT_BINGO]),
    (lic(status="suspended"), DAY, [NOT_ACTIVE]),
    (lic(status="suspended"), dt.date(2027, 1, 1), [NOT_ACTIVE]),
])
def test_license_in_force_1200_1(license, on, expected):
    assert rules.license_in_force(license, on) == expected


# --- 30 DCMR 1400.7: premises named on the license ---

@pytest.mark.parametrize("premises_id, expected", [
    (7, []),
    (8, [Finding("30 DCMR 1400.7", "The premises must be one named on the license (30 DCMR 1400.7).",
                 field="premises")]),
    (None, [Finding("30 DCMR 1400.7", "The premises must be one named on the license (30 DCMR 1400.7).",
                    field="premises")]),
])
def test_premises_on_license_1400_7(premises_id, expected):
    assert rules.premises_on_license(lic(premises=(3, 7)), premises_id) == expected


# --- 30 DCMR 1202.2(m): the operation falls within the license's schedule ---

def off_schedule(start="18:05", end="21:30", date="2026-06-03"):
    return [Finding("30 DCMR 1202.2(m)", f"The date and hours ({date}, {start}-{end}) must fall within an "
                                         "operation on the license's schedule at these premises (30 DCMR 1202.2(m)).",
                    field="date")]


@pytest.mark.parametrize("schedule", [
    [entry()],
    [entry(starts="18:05", ends="21:30")],  # exactly the scheduled hours
    [entry(premises=None)],  # an entry that names no premises holds at any of the license's premises
    [entry(starts=dt.time(18), ends=dt.time(22))],  # times already parsed are taken as they are
    # A match in a later entry, after entries that do not match: another day, other premises, missing hours.
    [entry(date="2026-06-04"), entry(premises=8), entry(starts=None), entry(ends=""), entry(starts="", ends=None),
     entry(starts="19:00"), entry()],
], ids=["inside", "exact", "premises-none", "time-objects", "later-entry"])
def test_within_schedule_accepts_1202_2_m(schedule):
    assert rules.within_schedule(lic(schedule=schedule), operation()) == []


@pytest.mark.parametrize("schedule, op", [
    ([], operation()),
    ([entry()], operation(starts=dt.time(17, 59))),
    ([entry()], operation(ends=dt.time(22, 1))),
    ([entry(date="2026-06-04")], operation()),
    ([entry(premises=8)], operation()),
    # Hours missing from the entry: nothing to fall within (and nothing to compare against).
    ([entry(starts=None)], operation()),
    ([entry(starts="")], operation()),
    ([entry(ends=None)], operation()),
    ([entry(ends="")], operation()),
], ids=["empty", "early", "late", "other-day", "other-premises", "no-start", "blank-start", "no-end", "blank-end"])
def test_within_schedule_refuses_1202_2_m(schedule, op):
    start, end = f"{op.starts_at:%H:%M}", f"{op.ends_at:%H:%M}"
    assert rules.within_schedule(lic(schedule=schedule), op) == off_schedule(start, end)


def test_within_schedule_refuses_an_operation_of_no_length():
    """An operation that ends when it starts is no operation, even inside the scheduled hours."""
    op = operation(starts=dt.time(19), ends=dt.time(19))
    assert rules.within_schedule(lic(schedule=[entry()]), op) == off_schedule("19:00", "19:00")


def test_within_schedule_without_premises_on_the_operation():
    # Only an entry naming no premises can hold an operation whose premises are not known.
    assert rules.within_schedule(lic(schedule=[entry(premises=None)]), operation(premises=None)) == []
    assert rules.within_schedule(lic(schedule=[entry()]), operation(premises=None)) == off_schedule()


# --- 30 DCMR 1400.5: at most two operations a week on one premises ---

def test_premises_weekly_limit_1400_5():
    assert rules.premises_weekly_limit(operation(), others_that_week=0) == []
    assert rules.premises_weekly_limit(operation(), others_that_week=1) == []
    assert rules.premises_weekly_limit(operation(), others_that_week=2) == [Finding(
        "30 DCMR 1400.5", "At most 2 bingo operations a week on one premises; week 23 of 2026 already has 2 there "
                          "(30 DCMR 1400.5).", field="date")]
    # The ISO week: 1 January 2027 is a Friday of week 53 of 2026.
    [finding] = rules.premises_weekly_limit(operation(date=dt.date(2027, 1, 1)), others_that_week=3)
    assert finding.message == ("At most 2 bingo operations a week on one premises; week 53 of 2026 already has 3 "
                               "there (30 DCMR 1400.5).")


# --- 30 DCMR 1402: card prices ---

@pytest.mark.parametrize("game_type, license_class, expected", [
    ("regular", "A", (D("4.00"), "30 DCMR 1402.1")), ("regular", "D", (D("0.25"), "30 DCMR 1402.2")),
    ("extra_regular", "B", (D("2.00"), "30 DCMR 1402.3")), ("extra_regular", "D", (D("0.15"), "30 DCMR 1402.4")),
    ("special", "C", (D("1.00"), "30 DCMR 1402.5")), ("special", "D", (D("0.15"), "30 DCMR 1402.6")),
    ("early_bird", "A", (D("1.00"), "30 DCMR 1402.5")), ("early_bird", "D", (D("0.15"), "30 DCMR 1402.6")),
    ("multi_hall", "B", (D("15.00"), "30 DCMR 1402.5")), ("multi_hall", "D", (None, "30 DCMR 1414")),
    ("bonanza", "A", None), ("bonanza", "D", None),
])
def test_card_price_cap_by_kind_and_class(game_type, license_class, expected):
    assert rules.card_price_cap(game_type, license_class) == expected


@pytest.mark.parametrize("game_type, license_class, over, cap, label, rule", [
    ("special", "C", "1.01", "$1.00", "special", "30 DCMR 1402.5"),
    ("special", "D", "0.16", "$0.15", "special", "30 DCMR 1402.6"),
    ("early_bird", "A", "1.01", "$1.00", "early bird", "30 DCMR 1402.5"),
    ("early_bird", "D", "0.16", "$0.15", "early bird", "30 DCMR 1402.6"),
    ("multi_hall", "B", "1234.50", "$15.00", "multi-hall", "30 DCMR 1402.5"),  # thousands are separated
])
def test_card_price_over_the_cap_1402(game_type, license_class, over, cap, label, rule):
    price = f"${D(over):,.2f}"
    assert rules.card_price(game(game_type, over, number=3), license_class) == [Finding(
        rule, f"Game 3: the card price {price} is over the {cap} a Class {license_class} {label} game may charge "
              f"({rule}).", field="card_price")]


@pytest.mark.parametrize("game_type, license_class, over, cap, rule", [
    ("regular", "A", "2.01", "$2.00", "30 DCMR 1402.3"), ("regular", "D", "0.16", "$0.15", "30 DCMR 1402.4"),
    ("regular", "B", "4.00", "$2.00", "30 DCMR 1402.3"),  # the admission's cap was accepted for a regular game
    ("extra_regular", "B", "2.01", "$2.00", "30 DCMR 1402.3"),
    ("extra_regular", "D", "0.16", "$0.15", "30 DCMR 1402.4"),
])
def test_a_card_for_a_regular_game_is_an_extra_regular_card_1402_3(game_type, license_class, over, cap, rule):
    price = f"${D(over):,.2f}"
    assert rules.card_price(game(game_type, over, number=3), license_class) == [Finding(
        rule, f"Game 3: a card sold for a regular game beyond the one that comes with the admission is an extra "
              f"regular card, and a Class {license_class} extra regular card costs at most {cap}, not {price} "
              f"({rule}).", field="card_price")]


@pytest.mark.parametrize("game_type, license_class, price", [
    ("regular", "A", "2.00"), ("regular", "D", "0.15"), ("multi_hall", "B", "15.00"),
    # Class D has no multi-hall price (1414 forbids the game, see multi_hall), and a kind the caps do not
    # name has no cap: neither is a card price finding.
    ("multi_hall", "D", "99.00"), ("bonanza", "A", "99.00"),
])
def test_card_price_at_or_without_a_cap(game_type, license_class, price):
    assert rules.card_price(game(game_type, price), license_class) == []


def test_type_label_names_the_game_type_in_words():
    assert [rules._type_label(t) for t in ("regular", "extra_regular", "early_bird", "multi_hall")] == \
        ["regular", "extra regular", "early bird", "multi-hall"]
    assert rules._type_label("bonanza") == "bonanza"  # a kind without a label is shown as it is


# --- 30 DCMR 1408: prizes per game and per operation ---

def class_d_game_prize(prize, number=1):
    return Finding("30 DCMR 1408.3", f"Game {number}: a Class D prize is at most $5.00 per game, not {prize} "
                                     "(30 DCMR 1408.3).", field="prize")


def regular_game_prize(license_class, prize, number=1):
    return Finding("30 DCMR 1408.1", f"Game {number}: a Class {license_class} regular-period prize is at most "
                                     f"$2,000.00 per game, not {prize} (30 DCMR 1408.1).", field="prize")


@pytest.mark.parametrize("plan, license_class, period, expected", [
    (game(prize="2000.00"), "A", "regular", []),
    (game(prize="2000.01", number=4), "A", "regular", [regular_game_prize("A", "$2,000.01", 4)]),
    (game("special", prize="2500.00"), "C", "regular", [regular_game_prize("C", "$2,500.00")]),
    (game(prize="9000.00"), "B", "limited", []),  # 1408.2: no limit in a limited period
    (game("multi_hall", prize="25000.00"), "B", "regular", []),  # 1408.1 excepts multi-hall games
    (game(prize="5.00"), "D", "regular", []),
    (game(prize="5.01", number=2), "D", "regular", [class_d_game_prize("$5.01", 2)]),
    # 1408.2's "no limit" and 1408.1's multi-hall exception are for Classes A, B and C only.
    (game(prize="5.01"), "D", "limited", [class_d_game_prize("$5.01")]),
    (game("multi_hall", prize="1500.00"), "D", "regular", [class_d_game_prize("$1,500.00")]),
])
def test_game_prize_1408(plan, license_class, period, expected):
    assert rules.game_prize(plan, license_class, period) == expected


def operation_total(total, license_class, cap, rule):
    return Finding(rule, f"The prizes of this operation total {total}; a Class {license_class} operation may offer "
                         f"at most {cap} ({rule}).", field="prize")


@pytest.mark.parametrize("prizes, license_class, period, expected", [
    (["2000.00"] * 5, "B", "regular", []),
    (["2000.00"] * 5 + ["0.01"], "B", "regular",
     [operation_total("$10,000.01", "B", "$10,000.00", "30 DCMR 1408.1")]),
    (["9000.00"] * 4, "A", "limited", []),
    (["5.00"] * 10, "D", "regular", []),
    (["5.00"] * 10 + ["0.01"], "D", "regular", [operation_total("$50.01", "D", "$50.00", "30 DCMR 1408.3")]),
    (["5.00"] * 11, "D", "limited", [operation_total("$55.00", "D", "$50.00", "30 DCMR 1408.3")]),
    ([], "D", "regular", []),
    ([], "A", "regular", []),
])
def test_operation_prizes_1408(prizes, license_class, period, expected):
    games = (game(prize=p, number=n) for n, p in enumerate(prizes, 1))  # any iterable, read once
    assert rules.operation_prizes(games, license_class, period) == expected


def test_operation_prizes_leave_out_multi_hall_games_only_for_classes_a_b_c():
    five = [game(prize="2000.00", number=n) for n in range(1, 6)]
    assert rules.operation_prizes([*five, game("multi_hall", prize="25000.00", number=6)], "A", "regular") == []
    assert rules.operation_prizes([game("multi_hall", prize="25000.00")], "A", "regular") == []
    # Class D counts every game toward its operation cap.
    assert rules.operation_prizes([game(prize="5.00"), game("multi_hall", prize="46.00", number=2)], "D",
                                  "regular") == [operation_total("$51.00", "D", "$50.00", "30 DCMR 1408.3")]


# --- 30 DCMR 1405.19: at most six early birds ---

def test_early_birds_1405_19():
    six = [game("early_bird", number=n) for n in range(1, 7)]
    assert rules.early_birds(six) == []
    assert rules.early_birds([*six, game("regular", number=7), game("special", number=8)]) == []
    assert rules.early_birds(iter([*six, game("early_bird", number=7)])) == [Finding(
        "30 DCMR 1405.19", "At most 6 early-bird games per operation; this one has 7 (30 DCMR 1405.19).",
        field="game_type")]


# --- 30 DCMR 1414: multi-hall games ---

CLASS_D_MULTI_HALL = Finding("30 DCMR 1414", "A Class D operation may not play multi-hall games (30 DCMR 1414).",
                             field="game_type")
NO_MULTI_HALL_LICENSE = Finding("30 DCMR 1414", "Multi-hall games need an active multi-hall license issued on this "
                                                "bingo license for the day (30 DCMR 1414).", field="game_type")


@pytest.mark.parametrize("games, license_class, has_license, expected", [
    ([game(), game("multi_hall", number=2)], "B", True, []),
    ([game(), game("multi_hall", number=2)], "B", False, [NO_MULTI_HALL_LICENSE]),
    ([game(), game("multi_hall", number=2)], "D", True, [CLASS_D_MULTI_HALL]),
    ([game(), game("multi_hall", number=2)], "D", False, [CLASS_D_MULTI_HALL]),
    ([game(), game("special", number=2)], "B", False, []),
    ([game()], "D", False, []),
    ([], "B", False, []),
])
def test_multi_hall_1414(games, license_class, has_license, expected):
    assert rules.multi_hall(games, license_class, has_license) == expected


# --- Who is on duty: 30 DCMR 1401.3, 1400.12, 1301.5, 1401.5 ---

def no_checker(blocking=True):
    return Finding("30 DCMR 1401.3", "At least one checker must be on duty before the first game starts "
                                     "(30 DCMR 1401.3).", field="workers", blocking=blocking)


def no_security(blocking=True):
    return Finding("30 DCMR 1400.12", "At least one security person (a police officer or a licensed security "
                                      "guard) must be on duty before the first game starts (30 DCMR 1400.12).",
                   field="workers", blocking=blocking)


def nobody_in_charge(blocking=True):
    return Finding("30 DCMR 1301.5", "The member in charge or the alternate must be on duty throughout the "
                                     "operation: add them to the workers on duty (30 DCMR 1301.5).",
                   field="workers", blocking=blocking)


def not_on_record(names, blocking=True):
    return Finding("30 DCMR 1301.5", f"{names} is not named in the organization's records as its member in charge "
                                     "or alternate: one of them must be on duty throughout the operation "
                                     "(30 DCMR 1301.5).", field="workers", blocking=blocking)


def no_birth_date(name, field="date_of_birth", blocking=True):
    return Finding("30 DCMR 1401.5", f"Record the date of birth of {name}: no worker may be under 18 "
                                     "(30 DCMR 1401.5).", field=field, blocking=blocking)


def under_18(name, on="2026-06-03", field="date_of_birth", blocking=True):
    return Finding("30 DCMR 1401.5", f"{name} is under 18 on {on}: no worker may be under 18 (30 DCMR 1401.5).",
                   field=field, blocking=blocking)


@pytest.mark.parametrize("blocking", [True, False])
def test_checker_on_duty_1401_3(blocking):
    assert rules.checker_on_duty(1, blocking=blocking) == []
    assert rules.checker_on_duty(3, blocking=blocking) == []
    assert rules.checker_on_duty(0, blocking=blocking) == [no_checker(blocking)]


@pytest.mark.parametrize("blocking", [True, False])
def test_security_on_duty_1400_12(blocking):
    assert rules.security_on_duty(iter([worker(), worker("Bo Cruz", "security")]), blocking=blocking) == []
    assert rules.security_on_duty([worker(), worker("Cy Diaz", "member_in_charge")], blocking=blocking) == \
        [no_security(blocking)]
    assert rules.security_on_duty([], blocking=blocking) == [no_security(blocking)]


@pytest.mark.parametrize("workers", [
    [worker(), worker("Mo Park", "member_in_charge", may_be_in_charge=True)],
    [worker("Al Ortiz", "alternate", may_be_in_charge=True), worker()],
    # One on record is enough, whoever else is listed in charge.
    [worker("Ed Fox", "member_in_charge"), worker("Al Ortiz", "alternate", may_be_in_charge=True)],
])
def test_in_charge_on_duty_1301_5_accepts(workers):
    assert rules.in_charge_on_duty(iter(workers), blocking=True) == []


@pytest.mark.parametrize("workers, expected", [
    ([], nobody_in_charge()),
    # On record as member in charge, but working another duty today: not in charge of this operation.
    ([worker(may_be_in_charge=True), worker("Bo Cruz", "security", may_be_in_charge=True)], nobody_in_charge()),
    ([worker(), worker("Ed Fox", "member_in_charge")], not_on_record("Ed Fox")),
    ([worker("Ed Fox", "member_in_charge"), worker(), worker("Gil Hart", "alternate")],
     not_on_record("Ed Fox, Gil Hart")),
])
def test_in_charge_on_duty_1301_5_refuses(workers, expected):
    assert rules.in_charge_on_duty(iter(workers), blocking=True) == [expected]


def test_in_charge_on_duty_passes_blocking_through():
    assert rules.in_charge_on_duty([], blocking=False) == [nobody_in_charge(blocking=False)]
    assert rules.in_charge_on_duty([worker("Ed Fox", "alternate")], blocking=False) == \
        [not_on_record("Ed Fox", blocking=False)]


@pytest.mark.parametrize("born, on, expected", [
    (dt.date(2008, 6, 3), dt.date(2026, 6, 3), []),  # the 18th birthday on the day counts
    (dt.date(2008, 6, 4), dt.date(2026, 6, 3), [under_18("Kit Moss")]),  # 18 the day after
    (dt.date(2008, 6, 3), dt.date(2026, 6, 2), [under_18("Kit Moss", on="2026-06-02")]),
    (dt.date(1950, 1, 1), dt.date(2026, 6, 3), []),
    (None, dt.date(2026, 6, 3), [no_birth_date("Kit Moss")]),  # nobody can tell: so it blocks by default
])
def test_worker_age_1401_5(born, on, expected):
    assert rules.worker_age("Kit Moss", born, on) == expected


def test_worker_age_passes_blocking_through():
    assert rules.worker_age("Kit Moss", None, DAY, blocking=False) == [no_birth_date("Kit Moss", blocking=False)]
    assert rules.worker_age("Kit Moss", dt.date(2010, 1, 1), DAY, blocking=False) == \
        [under_18("Kit Moss", blocking=False)]


FULL_CREW = [worker("Ann Lee"), worker("Bo Cruz", "security"), worker("Mo Park", "member_in_charge",
                                                                       may_be_in_charge=True)]


@pytest.mark.parametrize("blocking", [True, False])
def test_duty_findings_of_a_full_crew_are_none(blocking):
    assert rules.duty_findings(iter(FULL_CREW), DAY, blocking=blocking) == []


@pytest.mark.parametrize("blocking", [True, False])
def test_duty_findings_gather_every_duty_rule_on_the_workers_field(blocking):
    """Checker, security, in charge, then each worker's age in list order; all on the "workers" field (the
    worker list is what is edited), each with the blocking asked for."""
    crew = [worker("Kit Moss", "security", born=dt.date(2008, 6, 4)), worker("Ed Fox", "member_in_charge"),
            worker("Lou Ng", "alternate", born=None), worker("Ann Lee", "security")]
    assert rules.duty_findings(iter(crew), DAY, blocking=blocking) == [
        no_checker(blocking), not_on_record("Ed Fox, Lou Ng", blocking),
        under_18("Kit Moss", field="workers", blocking=blocking),
        no_birth_date("Lou Ng", field="workers", blocking=blocking),
    ]


def test_duty_findings_count_only_checkers_and_read_the_age_on_the_day():
    crew = [worker("Bo Cruz", "security"), worker("Mo Park", "member_in_charge", may_be_in_charge=True)]
    assert rules.duty_findings(crew, DAY, blocking=True) == [no_checker()]
    no_security_nor_lead = [worker("Ann Lee"), worker("Kit Moss", born=dt.date(2008, 6, 3))]
    assert rules.duty_findings(no_security_nor_lead, DAY, blocking=True) == [no_security(), nobody_in_charge()]
    assert rules.duty_findings(no_security_nor_lead, dt.date(2026, 6, 2), blocking=True) == [
        no_security(), nobody_in_charge(), under_18("Kit Moss", on="2026-06-02", field="workers")]


# --- 30 DCMR 1202.2(m): one operation, one date, hours and place ---

def planned(pk=41, starts=dt.time(14, 15), ends=dt.time(18, 5), same_organization=True):
    return rules.PlannedOperation(pk=pk, starts_at=starts, ends_at=ends, same_organization=same_organization)


def planned_twice(pk, start, end):
    return [Finding("30 DCMR 1202.2(m)", f"Operation {pk} is already planned at these premises on 2026-06-03, "
                                         f"{start}-{end}: the same operation cannot be planned twice "
                                         "(30 DCMR 1202.2(m)).", field="starts_at")]


def held_by_another(start, end):
    return [Finding("30 DCMR 1202.2(m)", f"Another organization's operation holds these premises on 2026-06-03, "
                                         f"{start}-{end}: choose other hours (30 DCMR 1202.2(m)).",
                    field="starts_at")]


@pytest.mark.parametrize("others", [
    [],
    [planned(ends=dt.time(18, 5))],  # ends as this one (18:05-21:30) starts: touching, not overlapping
    [planned(starts=dt.time(21, 30), ends=dt.time(23, 0))],  # starts as this one ends
    [planned(starts=dt.time(9), ends=dt.time(12)), planned(starts=dt.time(22), ends=dt.time(23),
                                                           same_organization=False)],
])
def test_not_planned_twice_accepts_other_hours(others):
    assert rules.not_planned_twice(operation(), iter(others)) == []


@pytest.mark.parametrize("others, expected", [
    ([planned(ends=dt.time(18, 6))], planned_twice(41, "14:15", "18:06")),  # one minute of overlap
    ([planned(starts=dt.time(21, 29), ends=dt.time(23, 0))], planned_twice(41, "21:29", "23:00")),
    ([planned(starts=dt.time(18, 5), ends=dt.time(21, 30))], planned_twice(41, "18:05", "21:30")),
    ([planned(starts=dt.time(19), ends=dt.time(20), same_organization=False)], held_by_another("19:00", "20:00")),
    ([planned(starts=dt.time(17), ends=dt.time(23), same_organization=False)], held_by_another("17:00", "23:00")),
    # The first overlapping operation is named, after any that do not overlap.
    ([planned(pk=40, starts=dt.time(9), ends=dt.time(12)), planned(pk=42, starts=dt.time(21), ends=dt.time(22)),
      planned(pk=43, starts=dt.time(20), ends=dt.time(23), same_organization=False)],
     planned_twice(42, "21:00", "22:00")),
])
def test_not_planned_twice_refuses_overlapping_hours(others, expected):
    assert rules.not_planned_twice(operation(), iter(others)) == expected


# --- 30 DCMR 1405.1: the program sheet (warnings while planning) ---

NO_MEMBER_IN_CHARGE = Finding("30 DCMR 1405.1", "The program sheet must name the member in charge (30 DCMR 1405.1).",
                              field="member_in_charge", blocking=False)
NO_GAMES = Finding("30 DCMR 1405.1", "The program sheet lists the games: add at least one (30 DCMR 1405.1).",
                   field="games", blocking=False)


@pytest.mark.parametrize("member_in_charge, games, expected", [
    ("Mo Park", 1, []),
    ("Mo Park", 12, []),
    ("", 1, [NO_MEMBER_IN_CHARGE]),
    ("  \t", 1, [NO_MEMBER_IN_CHARGE]),  # blanks name nobody
    ("Mo Park", 0, [NO_GAMES]),
    (" ", 0, [NO_MEMBER_IN_CHARGE, NO_GAMES]),
])
def test_program_sheet_complete_1405_1(member_in_charge, games, expected):
    assert rules.program_sheet_complete(member_in_charge=member_in_charge, games=games) == expected


# --- Every check of the game list together ---

def card_over(number, price, cap, license_class, label, rule):
    return Finding(rule, f"Game {number}: the card price {price} is over the {cap} a Class {license_class} {label} "
                         f"game may charge ({rule}).", field="card_price")


def test_game_findings_in_order_for_a_class_b_regular_period():
    """Per game (card price, then prize) in list order, then the operation's total, early birds, multi-hall."""
    games = [game("regular", "2.50", "2100.00", number=1), game("special", "1.00", "1500.00", number=2),
             *[game("early_bird", "1.25", "1000.00", number=n) for n in range(3, 10)],
             game("multi_hall", "15.00", "30000.00", number=10)]
    assert rules.game_findings(games, lic("B"), has_multihall_license=False) == [
        Finding("30 DCMR 1402.3", "Game 1: a card sold for a regular game beyond the one that comes with the admission "
                "is an extra regular card, and a Class B extra regular card costs at most $2.00, not $2.50 "
                "(30 DCMR 1402.3).", field="card_price"),
        regular_game_prize("B", "$2,100.00", 1),
        *[card_over(n, "$1.25", "$1.00", "B", "early bird", "30 DCMR 1402.5") for n in range(3, 10)],
        operation_total("$10,600.00", "B", "$10,000.00", "30 DCMR 1408.1"),
        Finding("30 DCMR 1405.19", "At most 6 early-bird games per operation; this one has 7 (30 DCMR 1405.19).",
                field="game_type"),
        NO_MULTI_HALL_LICENSE,
    ]


def test_game_findings_use_the_license_class_period_and_multi_hall_license():
    games = [game("regular", "2.00", "3000.00", number=1), game("special", "1.00", "8000.00", number=2),
             game("multi_hall", "15.00", "9000.00", number=3)]
    # A limited period has no prize limit, per game or per operation, and the multi-hall license allows the
    # multi-hall game.
    assert rules.game_findings(games, lic("A", "limited"), has_multihall_license=True) == []
    assert rules.game_findings(games, lic("A", "regular"), has_multihall_license=True) == [
        regular_game_prize("A", "$3,000.00", 1), regular_game_prize("A", "$8,000.00", 2),
        operation_total("$11,000.00", "A", "$10,000.00", "30 DCMR 1408.1")]
    # Class D: its own caps on every game, its own operation cap, and no multi-hall game at all.
    assert rules.game_findings(games, lic("D", "limited"), has_multihall_license=True) == [
        Finding("30 DCMR 1402.4", "Game 1: a card sold for a regular game beyond the one that comes with the admission "
                "is an extra regular card, and a Class D extra regular card costs at most $0.15, not $2.00 "
                "(30 DCMR 1402.4).", field="card_price"),
        class_d_game_prize("$3,000.00", 1),
        card_over(2, "$1.00", "$0.15", "D", "special", "30 DCMR 1402.6"),
        class_d_game_prize("$8,000.00", 2),
        class_d_game_prize("$9,000.00", 3),
        operation_total("$20,000.00", "D", "$50.00", "30 DCMR 1408.3"),
        CLASS_D_MULTI_HALL,
    ]
    assert rules.game_findings([], lic("B"), has_multihall_license=False) == []
