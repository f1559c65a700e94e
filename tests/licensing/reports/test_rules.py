"""The report compliance rules (licensing.reports.rules), pure: every check at its limit and just past it, with its
citation in the rule and in the message and the path of the figure it concerns. The figures are the Board's
register's (a read of its rows)."""

import datetime as dt
from decimal import Decimal

import pytest

from licensing.reports import rules
from licensing.reports.content import schema
from licensing.reports.content.cleaning import clean
from licensing.reports.rules import LicenseRecord, ReportFacts, Supplier

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

DAY = dt.date(2027, 3, 3)  # a Wednesday
D = Decimal


def bingo(**sections) -> dict:
    """A cleaned bingo report: the blank with the given sections, through the real cleaning."""
    data = schema.blank(schema.BINGO)
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    data.update(sections)
    return clean(schema.BINGO, data)


def game(number=1, prize="100.00", game_type="regular", **fields):
    return {"number": number, "game_type": game_type, "prize": prize, **fields}


def expense(payee="Hall Rentals LLC", amount="100.00", check_number=101, category="rent", **fields):
    return {"payee": payee, "amount": amount, "check_number": check_number, "category": category, **fields}


def facts(kind=schema.BINGO, license_class="B", period="regular", **fields) -> ReportFacts:
    defaults = {"event_date": DAY, "as_of": DAY + dt.timedelta(days=2), "filed": True}
    return ReportFacts(kind=kind, license_class=license_class, period=period, **{**defaults, **fields})


def found(findings, rule):
    """The findings of `rule`, each checked to carry its citation in the message and to block nothing."""
    mine = [f for f in findings if f.rule == rule]
    for finding in mine:
        assert rule in finding.message and finding.blocking is False and finding.field
    return mine


# --- 1402: admission and card prices ---


@pytest.mark.parametrize("license_class, ok, over, rule", [
    ("A", "4.00", "4.01", "30 DCMR 1402.1"), ("C", "4.00", "4.01", "30 DCMR 1402.1"),
    ("D", "0.25", "0.26", "30 DCMR 1402.2"),
])
def test_admission_price(license_class, ok, over, rule):
    assert rules.admission_price({"count": 10, "price": ok}, license_class) == []
    [finding] = found(rules.admission_price({"count": 10, "price": over}, license_class), rule)
    assert finding.field == "admissions.price" and f"${D(over):,.2f}" in finding.message


@pytest.mark.parametrize("kind, license_class, ok, over, rule", [
    ("extra_regular", "B", "2.00", "2.01", "30 DCMR 1402.3"), ("extra_regular", "D", "0.15", "0.16", "30 DCMR 1402.4"),
    ("special", "A", "1.00", "1.01", "30 DCMR 1402.5"), ("multi_hall", "A", "15.00", "15.01", "30 DCMR 1402.5"),
    ("special", "D", "0.15", "0.16", "30 DCMR 1402.6"), ("early_bird", "C", "1.00", "1.01", "30 DCMR 1402.5"),
    ("regular", "B", "4.00", "4.01", "30 DCMR 1402.1"),
])
def test_card_prices_by_kind_and_class(kind, license_class, ok, over, rule):
    rows = [{"kind": kind, "count": 10, "price": ok}, {"kind": kind, "count": 5, "price": over}]
    [finding] = found(rules.card_prices(rows, license_class), rule)
    assert finding.field == "card_sales.2.price" and "row 2" in finding.message


# --- 1408: prizes per game and per operation ---


def test_class_b_game_prize_at_and_over_the_cap():
    assert rules.game_prizes([game(3, "2000.00")], "B", "regular") == []
    [finding] = found(rules.game_prizes([game(1), game(3, "2000.01")], "B", "regular"), "30 DCMR 1408.1")
    assert finding.field == "games.2.prize"
    assert finding.message.startswith("Game 3:") and "$2,000.01" in finding.message and "$2,000.00" in finding.message


def test_class_d_game_and_operation_caps():
    assert rules.game_prizes([game(n, "5.00") for n in range(1, 11)], "D", "regular") == []
    [per_game] = found(rules.game_prizes([game(1, "5.01")], "D", "regular"), "30 DCMR 1408.3")
    assert per_game.field == "games.1.prize"
    [operation] = found(rules.game_prizes([game(n, "5.00") for n in range(1, 11)] + [game(11, "0.01")], "D",
                                          "regular"), "30 DCMR 1408.3")
    assert operation.field == "games" and "$50.01" in operation.message


def test_operation_cap_and_the_multi_hall_exception():
    five = [game(n, "2000.00") for n in range(1, 6)]
    assert rules.game_prizes(five, "A", "regular") == []
    [finding] = found(rules.game_prizes([*five, game(6, "0.01")], "A", "regular"), "30 DCMR 1408.1")
    assert finding.field == "games" and "$10,000.01" in finding.message
    # 1408.1 excepts multi-hall games, per game and per operation.
    assert rules.game_prizes([*five, game(6, "25000.00", "multi_hall")], "A", "regular") == []


def test_limited_period_has_no_prize_cap():
    assert rules.game_prizes([game(n, "9000.00") for n in range(1, 5)], "B", "limited") == []


# --- 1405.19 / 1405.21: early birds ---


@pytest.mark.parametrize("period, rule", [("regular", "30 DCMR 1405.19"), ("limited", "30 DCMR 1405.21")])
def test_at_most_six_early_birds(period, rule):
    six = [game(n, game_type="early_bird") for n in range(1, 7)]
    assert rules.early_bird_games([*six, game(7)], period) == []
    [finding] = found(rules.early_bird_games([*six, game(7, game_type="early_bird")], period), rule)
    assert finding.field == "games" and "7" in finding.message


# --- 1408.5: a prize over $10 by check on request ---


def test_prize_over_ten_dollars_by_check_when_asked():
    assert rules.prizes_by_check([game(1, "10.00", paid_by="cash", check_requested=True)]) == []
    assert rules.prizes_by_check([game(1, "10.01", paid_by="check", check_requested=True)]) == []
    assert rules.prizes_by_check([game(1, "50.00", paid_by="cash", check_requested=False)]) == []
    # Read per winner: $20.00 between two is $10.00 each.
    assert rules.prizes_by_check([game(1, "20.00", winners=2, paid_by="cash", check_requested=True)]) == []
    [finding] = found(rules.prizes_by_check([game(4, "10.01", paid_by="cash", check_requested=True)]),
                      "30 DCMR 1408.5")
    assert finding.field == "games.1.paid_by" and finding.message.startswith("Game 4:")


# --- 1412: expenses ---


def test_worker_reimbursement_at_most_15_dollars_per_worker_summed():
    assert rules.worker_reimbursements([{"worker": "Ann Lee", "amount": "15.00"},
                                        {"worker": "Bo Park", "amount": "15.00"}]) == []
    [finding] = found(rules.worker_reimbursements([{"worker": "Ann Lee", "amount": "15.01"}]), "30 DCMR 1412.2")
    assert finding.field == "reimbursements.1.amount" and "$15.01" in finding.message
    # The same worker twice (however the name is typed) is one worker: once, where the total passes $15.
    rows = [{"worker": "Ann Lee", "amount": "10.00"}, {"worker": "Bo Park", "amount": "1.00"},
            {"worker": "ann  LEE", "amount": "5.01"}, {"worker": "Ann Lee", "amount": "1.00"}]
    [finding] = found(rules.worker_reimbursements(rows), "30 DCMR 1412.2")
    assert finding.field == "reimbursements.3.amount" and "$15.01" in finding.message


def test_no_expense_as_a_share_of_receipts_but_a_multi_hall_pool():
    assert rules.no_share_of_receipts([expense(basis="fixed"),
                                       expense(category="multi_hall_pool", basis="share_of_receipts")]) == []
    [finding] = found(rules.no_share_of_receipts([expense(), expense(basis="share_of_receipts")]), "30 DCMR 1412.3")
    assert finding.field == "expenses.2.basis"


def test_a_percentage_fee_for_services_of_a_multi_hall_game_is_allowed():
    """30 DCMR 1412.3 excepts the compensation of services rendered in connection with a multi-hall game."""
    assert rules.no_share_of_receipts([expense(category="multi_hall_services", payee="Metro Link Bingo Services",
                                               basis="share_of_receipts")]) == []
    # The same fee for the hall's security is no multi-hall service: refused as before.
    [finding] = found(rules.no_share_of_receipts([expense(category="security", basis="share_of_receipts")]),
                      "30 DCMR 1412.3")
    assert "multi-hall game's prize pool or services (30 DCMR 1412.3)" in finding.message
    # The category is one a report may hold (the portal's and the API's choice).
    data = schema.blank(schema.BINGO)
    data["expenses"] = [{"payee": "Metro Link Bingo Services", "category": "multi_hall_services",
                         "amount": "120.00", "basis": "share_of_receipts", "check_number": 7}]
    assert clean(schema.BINGO, data)["expenses"][0]["category"] == "multi_hall_services"


def test_check_numbers_consecutive():
    assert rules.checks_numbered([expense(check_number=n) for n in (101, 102, 103)]) == []
    assert rules.checks_numbered([expense(check_number=n) for n in (103, 101, 102)]) == []  # any row order
    [finding] = found(rules.checks_numbered([expense(check_number=101), expense(check_number=103)]), "30 DCMR 1412.4")
    assert finding.field == "expenses.2.check_number" and "102" in finding.message
    [gap] = rules.checks_numbered([expense(check_number=101), expense(check_number=105)])
    assert "checks 102-104 are not accounted for" in gap.message


def test_every_expense_but_bank_charges_has_a_check_number():
    assert rules.checks_numbered([expense(check_number=101), expense(category="bank", check_number=None)]) == []
    [finding] = found(rules.checks_numbered([expense(check_number=101), expense(check_number=None)]),
                      "30 DCMR 1412.4")
    assert finding.field == "expenses.2.check_number"


def test_each_check_to_a_named_payee():
    assert rules.checks_to_payees([expense(), expense(check_number=102, payee="Acme Supply")]) == []
    # One check split over two lines of one payee is one check to one payee.
    assert rules.checks_to_payees([expense(amount="50.00"), expense(amount="25.00")]) == []
    for payee in ("", "   ", "Cash", "BEARER"):
        [finding] = found(rules.checks_to_payees([expense(payee=payee)]), "30 DCMR 1412.5")
        assert finding.field == "expenses.1.payee"
    [twice] = found(rules.checks_to_payees([expense(), expense(payee="Acme Supply")]), "30 DCMR 1412.5")
    assert twice.field == "expenses.2.check_number" and "Hall Rentals LLC" in twice.message


# --- 1411: the deposit and the proceeds ---


DUE = DAY + dt.timedelta(days=1)


def test_deposit_on_the_due_day_passes_a_day_later_fails():
    on_time = rules.deposit_on_time({"date": DUE.isoformat(), "amount": "300.00"}, due=DUE, required=D("300.00"),
                                    as_of=DAY + dt.timedelta(days=5))
    assert on_time == []
    [late] = found(rules.deposit_on_time({"date": (DUE + dt.timedelta(days=1)).isoformat(), "amount": "300.00"},
                                         due=DUE, required=D("300.00"), as_of=DAY), "30 DCMR 1411.1")
    assert late.field == "deposit.date" and DUE.isoformat() in late.message


def test_deposit_short_of_the_receipts_less_cash_prizes():
    [short] = found(rules.deposit_on_time({"date": DUE.isoformat(), "amount": "299.99"}, due=DUE,
                                          required=D("300.00"), as_of=DUE), "30 DCMR 1411.1")
    assert short.field == "deposit.amount" and "$299.99" in short.message and "$300.00" in short.message


def test_no_deposit_is_late_only_once_the_day_has_passed():
    assert rules.deposit_on_time({"date": None, "amount": None}, due=DUE, required=D("300.00"), as_of=DUE) == []
    [missing] = found(rules.deposit_on_time({"date": None, "amount": None}, due=DUE, required=D("300.00"),
                                            as_of=DUE + dt.timedelta(days=1)), "30 DCMR 1411.1")
    assert missing.field == "deposit.date"


def test_class_d_deposits_nothing_and_writes_no_checks_on_a_bingo_account():
    data = bingo(games=[game(1, "5.00")], admissions={"count": 20, "price": "0.25"},
                 expenses=[expense(check_number=None, payee="Cash")])
    findings = rules.report_rules(data, facts(license_class="D", deposit_due=None, as_of=DAY + dt.timedelta(days=9)))
    assert findings == []
    assert {f.rule for f in rules.report_rules(data, facts(license_class="C"))} == {"30 DCMR 1412.4",
                                                                                      "30 DCMR 1412.5"}


@pytest.mark.parametrize("kind, rule, days", [(schema.BINGO, "30 DCMR 1411.3", 30),
                                              (schema.RAFFLE, "30 DCMR 1506.4", 30),
                                              (schema.MONTECARLO, "30 DCMR 1608.4", 10)])
def test_proceeds_used_in_time(kind, rule, days):
    by = DAY + dt.timedelta(days=days)
    paid = [{"date": by.isoformat(), "payee": "Parish school", "amount": "100.00"}]
    assert rules.proceeds_used(paid, kind=kind, event_date=DAY, used_by=by, net_proceeds=D("100.00"),
                               as_of=by + dt.timedelta(days=5)) == []
    late = [{"date": (by + dt.timedelta(days=1)).isoformat(), "payee": "Parish school", "amount": "100.00"}]
    findings = found(rules.proceeds_used(late, kind=kind, event_date=DAY, used_by=by, net_proceeds=D("100.00"),
                                         as_of=by + dt.timedelta(days=5)), rule)
    assert [f.field for f in findings] == ["disbursements.1.date", "disbursements"]
    assert f"{days} days" in findings[0].message
    # Before the date nothing is owed yet.
    assert rules.proceeds_used([], kind=kind, event_date=DAY, used_by=by, net_proceeds=D("100.00"), as_of=by) == []


# --- 1403.1: supplies from a licensed seller ---


def vendor(effective=dt.date(2027, 1, 1), expires=dt.date(2027, 12, 31), **fields):
    return Supplier(LicenseRecord(number="VD-2027-00001", license_type="vendor", effective_on=effective,
                                  expires_on=expires, **fields))


def supplies(on="2027-02-01", number="VD-2027-00001"):
    return [expense(category="supplies", payee="Potomac Gaming Supply", vendor_license=number, purchase_date=on)]


def supply_findings(supplier, on="2027-02-01", number="vd-2027-00001", window=12):
    return rules.supplies_licensed(supplies(on, number), {"VD-2027-00001": supplier} if supplier else {},
                                   window_months=window)


def test_vendor_licensed_on_the_purchase_date():
    assert supply_findings(vendor(), "2027-01-01") == []
    assert supply_findings(vendor(), "2027-12-31") == []
    [before] = found(supply_findings(vendor(), "2026-12-31"), "30 DCMR 1403.1")
    assert before.field == "expenses.1.vendor_license" and "2026-12-31" in before.message
    assert found(supply_findings(vendor(), "2028-01-01"), "30 DCMR 1403.1")


def test_vendor_suspended_or_revoked_on_the_purchase_date():
    suspended = vendor(suspensions=((dt.date(2027, 2, 1), dt.date(2027, 2, 28)),))
    assert supply_findings(suspended, "2027-01-31") == [] and supply_findings(suspended, "2027-03-01") == []
    [finding] = found(supply_findings(suspended, "2027-02-28"), "30 DCMR 1403.1")
    assert "suspended" in finding.message
    revoked = vendor(revoked_on=dt.date(2027, 2, 1))
    assert supply_findings(revoked, "2027-01-31") == []
    [finding] = found(supply_findings(revoked, "2027-02-01"), "30 DCMR 1403.1")
    assert "revoked" in finding.message


def test_supplies_need_a_license_number_a_date_and_a_known_license():
    blank = rules.supplies_licensed(supplies(number=""), {}, window_months=12)
    assert [f.field for f in found(blank, "30 DCMR 1403.1")] == ["expenses.1.vendor_license"]
    undated = rules.supplies_licensed(supplies(on=None), {"VD-2027-00001": vendor()}, window_months=12)
    assert [f.field for f in found(undated, "30 DCMR 1403.1")] == ["expenses.1.purchase_date"]
    [unknown] = found(supply_findings(None), "30 DCMR 1403.1")
    assert "VD-2027-00001" in unknown.message
    # Only supplies are bought from a seller: rent names no vendor license.
    assert rules.supplies_licensed([expense()], {}, window_months=12) == []


def test_another_organization_licensed_within_the_window_before_the_sale():
    ended = LicenseRecord(number="VD-2027-00001", license_type="bingo", effective_on=dt.date(2025, 3, 1),
                          expires_on=dt.date(2026, 2, 28))
    seller = Supplier(ended, organization_licenses=(ended,))
    assert supply_findings(seller, "2027-02-28") == []  # its license ended 12 months before, to the day
    [finding] = found(supply_findings(seller, "2027-03-01"), "30 DCMR 1403.1")
    assert "2026-03-01" in finding.message and "12 months" in finding.message
    assert supply_findings(seller, "2027-03-01", window=13) == []  # the window is a setting
    # Another license of the same organization, in force at the sale, makes it a licensed organization.
    current = LicenseRecord(number="RF-2027-00003", license_type="raffle", effective_on=dt.date(2027, 1, 1),
                            expires_on=dt.date(2027, 12, 31))
    assert supply_findings(Supplier(ended, organization_licenses=(ended, current)), "2027-06-01") == []


def test_months_before():
    assert rules.months_before(dt.date(2027, 3, 31), 1) == dt.date(2027, 2, 28)
    assert rules.months_before(dt.date(2028, 2, 29), 12) == dt.date(2027, 2, 28)
    assert rules.months_before(dt.date(2027, 1, 15), 12) == dt.date(2026, 1, 15)
    assert rules.months_before(dt.date(2027, 1, 15), 1) == dt.date(2026, 12, 15)


def test_in_force_spans_leave_out_suspensions_and_what_follows_a_revocation():
    record = LicenseRecord(number="X", license_type="vendor", effective_on=dt.date(2027, 1, 1),
                           expires_on=dt.date(2027, 12, 31),
                           suspensions=((dt.date(2027, 3, 1), dt.date(2027, 3, 10)),), revoked_on=dt.date(2027, 6, 1))
    assert rules.in_force_spans(record) == [(dt.date(2027, 1, 1), dt.date(2027, 2, 28)),
                                            (dt.date(2027, 3, 11), dt.date(2027, 5, 31))]


# --- 1413.1, 1400.5, 1202.2(m) ---


def test_filed_on_the_due_day_passes_a_day_later_fails():
    due = DAY + dt.timedelta(days=10)
    assert rules.filed_on_time(due=due, as_of=due, filed=True, period="regular") == []
    [late] = found(rules.filed_on_time(due=due, as_of=due + dt.timedelta(days=1), filed=True, period="regular"),
                   "30 DCMR 1413.1")
    assert late.field == "submitted_at" and "10 days" in late.message
    [draft] = found(rules.filed_on_time(due=due, as_of=due + dt.timedelta(days=1), filed=False, period="limited"),
                    "30 DCMR 1413.1")
    assert "not filed yet" in draft.message and "30 days" in draft.message
    assert rules.filed_on_time(due=None, as_of=due, filed=True, period="regular") == []


def test_two_operations_a_week_on_one_premises():
    assert rules.premises_week(DAY, 1) == []
    assert rules.premises_week(DAY, None) == []
    [finding] = found(rules.premises_week(DAY, 2), "30 DCMR 1400.5")
    assert finding.field == "event_date" and "2027-03-01 to 2027-03-07" in finding.message and "3" in finding.message


@pytest.mark.parametrize("starts, ends, path", [
    ("09:00", "23:59", None), ("18:00", "00:00", None), ("08:59", "12:00", "operation.starts_at"),
    ("00:00", "03:00", "operation.starts_at"), ("20:00", "00:01", "operation.ends_at"),
    ("22:00", "02:00", "operation.ends_at"), (None, None, None), (None, "08:00", "operation.ends_at"),
])
def test_no_bingo_between_midnight_and_nine(starts, ends, path):
    findings = rules.operation_hours({"starts_at": starts, "ends_at": ends})
    assert [f.field for f in found(findings, "30 DCMR 1202.2(m)")] == ([path] if path else [])


# --- Monte Carlo Night ---


def prize(name, value, game="holdem", date=None):
    return {"participant": name, "value": value, "game": game, "date": date}


def test_holdem_prizes_at_most_500_per_player_per_day_summed():
    assert rules.holdem_prizes([prize("Ann Lee", "300.00"), prize("Ann Lee", "200.00"),
                                prize("Bo Park", "500.00")], DAY) == []
    [finding] = found(rules.holdem_prizes([prize("Ann Lee", "300.00"), prize("ann lee", "200.01")], DAY),
                      "30 DCMR 1603.26")
    assert finding.field == "prizes.2.value" and "$500.01" in finding.message
    # Other games' prizes and another day's do not add up with the day's Hold'em.
    assert rules.holdem_prizes([prize("Ann Lee", "500.00"), prize("Ann Lee", "900.00", game="other"),
                                prize("Ann Lee", "500.00", date="2027-03-04")], DAY) == []


def test_same_chips_for_every_participant():
    rows = [{"participant": name, "chips": 1000} for name in ("Ann", "Bo", "Cy")]
    assert rules.same_chips(rows) == [] and rules.same_chips([]) == []
    [finding] = found(rules.same_chips([*rows, {"participant": "Di", "chips": 1500}]), "30 DCMR 1603.8")
    assert finding.field == "chips.4.chips" and "1603.6" in finding.message and "1,500" in finding.message


# --- Raffle ---


def test_every_printed_ticket_accounted_for():
    tickets = {"first_number": 1, "last_number": 500, "sold": 450, "unsold_returned": 50}
    assert rules.tickets_accounted(tickets) == []
    [short] = found(rules.tickets_accounted({**tickets, "unsold_returned": 49}), "30 DCMR 1202.2(n)")
    assert short.field == "tickets.sold" and "1 are not accounted for" in short.message
    [over] = found(rules.tickets_accounted({**tickets, "unsold_returned": 51}), "30 DCMR 1202.2(n)")
    assert "more than were printed" in over.message
    assert found(rules.tickets_accounted({**tickets, "first_number": None}), "30 DCMR 1202.2(n)")
    assert found(rules.tickets_accounted({**tickets, "first_number": 600}), "30 DCMR 1202.2(n)")


# --- one report ---


def test_a_clean_bingo_report_has_no_findings():
    data = bingo(
        operation={"starts_at": "18:00", "ends_at": "22:00"}, admissions={"count": 100, "price": "4.00"},
        games=[game(n, "10.00") for n in range(1, 11)],
        expenses=[expense(check_number=101), expense(payee="Potomac Gaming Supply", category="supplies",
                                                    check_number=102, vendor_license="VD-2027-00001",
                                                    purchase_date="2027-02-01")],
        reimbursements=[{"worker": "Ann Lee", "amount": "15.00", "check_number": 103}],
        deposit={"date": DUE.isoformat(), "amount": "300.00"},
    )
    assert rules.report_rules(data, facts(deposit_due=DUE, suppliers={"VD-2027-00001": vendor()},
                                          operations_that_week=1)) == []


def test_report_rules_gather_each_kind():
    data = bingo(games=[game(1, "2000.01")], reimbursements=[{"worker": "Ann Lee", "amount": "15.01",
                                                              "check_number": 9}])
    rules_found = {f.rule for f in rules.report_rules(data, facts())}
    assert rules_found == {"30 DCMR 1408.1", "30 DCMR 1412.2"}
    raffle = clean(schema.RAFFLE, {"tickets": {"first_number": 1, "last_number": 10, "sold": 9}})
    assert {f.rule for f in rules.report_rules(raffle, facts(kind=schema.RAFFLE))} == {"30 DCMR 1202.2(n)"}
    night = clean(schema.MONTECARLO, {"prizes": [prize("Ann Lee", "500.01")]})
    assert {f.rule for f in rules.report_rules(night, facts(kind=schema.MONTECARLO))} == {"30 DCMR 1603.26"}


def test_a_bingo_report_breaking_every_rule_has_each_finding_once_in_section_order():
    data = bingo(
        operation={"starts_at": "22:00", "ends_at": "21:00"}, admissions={"count": 10000, "price": "4.01"},
        card_sales=[{"kind": "special", "count": 10, "price": "1.01"}],
        games=[game(1, "2000.01", paid_by="cash", check_requested=True), game(2, "2000.01"),
               *[game(n, "1000.00", game_type="early_bird") for n in range(3, 10)]],
        expenses=[expense(category="supplies", payee="Potomac Gaming Supply", check_number=101,
                          vendor_license="VD-2027-00001", purchase_date="2027-02-01"),
                  expense(basis="share_of_receipts", check_number=103), expense(payee="Cash", check_number=104)],
        reimbursements=[{"worker": "Ann Lee", "amount": "15.01", "paid_by": "cash"}],
        deposit={"date": None, "amount": None},
        disbursements=[{"date": "2027-04-03", "payee": "Parish school", "amount": "1.00"}],
    )
    found_ = rules.report_rules(data, facts(
        as_of=dt.date(2027, 4, 3), report_due=DAY + dt.timedelta(days=10), deposit_due=DUE,
        proceeds_used_by=DAY + dt.timedelta(days=30), operations_that_week=2, seller_window_months=12,
        suppliers={"VD-2027-00001": vendor(effective=dt.date(2027, 2, 2))}))
    assert [(f.rule, f.field) for f in found_] == [
        ("30 DCMR 1202.2(m)", "operation.ends_at"), ("30 DCMR 1400.5", "event_date"),
        ("30 DCMR 1402.1", "admissions.price"), ("30 DCMR 1402.5", "card_sales.1.price"),
        ("30 DCMR 1408.1", "games.1.prize"), ("30 DCMR 1408.1", "games.2.prize"), ("30 DCMR 1408.1", "games"),
        ("30 DCMR 1405.19", "games"), ("30 DCMR 1408.5", "games.1.paid_by"),
        ("30 DCMR 1403.1", "expenses.1.vendor_license"), ("30 DCMR 1412.3", "expenses.2.basis"),
        ("30 DCMR 1412.4", "expenses.2.check_number"), ("30 DCMR 1412.5", "expenses.3.payee"),
        ("30 DCMR 1412.2", "reimbursements.1.amount"), ("30 DCMR 1412.4", "reimbursements.1.paid_by"),
        ("30 DCMR 1411.1", "deposit.date"),
        ("30 DCMR 1411.3", "disbursements.1.date"), ("30 DCMR 1411.3", "disbursements"),
        ("30 DCMR 1413.1", "submitted_at"),
    ]
    assert all(f.blocking is False and f.rule in f.message for f in found_)


def test_report_rules_read_the_facts_given():
    data = bingo(games=[game(1, "6.00")], admissions={"count": 1, "price": "0.26"},
                 expenses=[expense(category="supplies", payee="Old Hall", check_number=101,
                                   vendor_license="BG-2025-00001", purchase_date="2027-02-01")])
    ended = LicenseRecord(number="BG-2025-00001", license_type="bingo", effective_on=dt.date(2025, 1, 1),
                          expires_on=dt.date(2026, 1, 31))
    seller = {"BG-2025-00001": Supplier(ended, (ended,))}
    class_d = facts(license_class="D", period="limited", suppliers=seller, seller_window_months=13,
                    report_due=DAY, as_of=DAY + dt.timedelta(days=1), filed=False)
    assert [(f.rule, f.field) for f in rules.report_rules(data, class_d)] == [
        ("30 DCMR 1402.2", "admissions.price"), ("30 DCMR 1408.3", "games.1.prize"),
        ("30 DCMR 1413.1", "submitted_at")]
    assert "not filed yet" in rules.report_rules(data, class_d)[-1].message
    assert "30 days" in rules.report_rules(data, class_d)[-1].message
    twelve = facts(license_class="D", suppliers=seller, seller_window_months=12)
    assert "30 DCMR 1403.1" in {f.rule for f in rules.report_rules(data, twelve)}


@pytest.mark.parametrize("kind, receipts, rule, event", [
    (schema.RAFFLE, {"tickets": {"first_number": 1, "last_number": 4, "sold": 4, "price": "1.00"}},
     "30 DCMR 1506.4", "drawing"),
    (schema.MONTECARLO, {"attendance": {"admissions": 4, "admission_price": "1.00"}}, "30 DCMR 1608.4",
     "Monte Carlo Night"),
])
def test_raffle_and_night_reports_check_their_proceeds(kind, receipts, rule, event):
    paid = [{"date": "2027-03-03", "payee": "School", "amount": "0.01"},
            {"date": "2027-03-04", "payee": "School", "amount": "0.01"}]
    document = clean(kind, {**receipts, "disbursements": paid})
    by = DAY + dt.timedelta(days=1)
    [finding] = rules.report_rules(document, facts(kind=kind, proceeds_used_by=by, as_of=by + dt.timedelta(days=1)))
    assert finding.rule == rule and finding.field == "disbursements"
    assert "$0.02 of the net proceeds of $4.00" in finding.message and f"1 days after the {event}" in finding.message


def test_proceeds_of_an_operation_name_the_operation():
    [finding] = rules.proceeds_used([], kind=schema.BINGO, event_date=DAY, used_by=DUE, net_proceeds=D("1.00"),
                                    as_of=DUE + dt.timedelta(days=1))
    assert "after the operation" in finding.message


def test_edges_of_each_check():
    # A Class D multi-hall card has no price cap (1414 forbids the game itself).
    assert rules.card_prices([{"kind": "multi_hall", "price": "99.00"}], "D") == []
    # Two games over the cap: two findings.
    assert len(rules.game_prizes([game(1, "2000.01"), game(2, "2000.01")], "B", "limited")) == 0
    assert len(rules.game_prizes([game(1, "5.01"), game(2, "5.01")], "D", "regular")) == 2
    # $15.00 and then a cent more: the cent passes the cap.
    [finding] = rules.worker_reimbursements([{"worker": "Ann", "amount": "15.00"}, {"worker": "Ann", "amount": "0.01"}])
    assert finding.field == "reimbursements.2.amount"
    # A bank charge, then an expense without a check, then a gap: every one is seen.
    rows = [expense(category="bank", check_number=None), expense(check_number=None), expense(check_number=101),
            expense(check_number=103)]
    assert [f.field for f in rules.checks_numbered(rows)] == ["expenses.2.check_number", "expenses.4.check_number"]
    rows = [expense(payee=""), expense(check_number=None), expense(check_number=102),
            expense(payee="B", check_number=102)]
    assert [f.field for f in rules.checks_to_payees(rows)] == ["expenses.1.payee", "expenses.4.check_number"]
    # Hold'em: another game's prize first, then $500.00 and a cent.
    rows = [prize("Ann", "900.00", game="other"), prize("Ann", "500.00"), prize("Ann", "0.01")]
    assert [f.field for f in rules.holdem_prizes(rows, DAY)] == ["prizes.3.value"]
    # One ticket printed and sold; no sold count is none sold.
    assert rules.tickets_accounted({"first_number": 7, "last_number": 7, "sold": 1, "unsold_returned": 0}) == []
    assert rules.tickets_accounted({"first_number": 1, "last_number": 2, "sold": None, "unsold_returned": 2}) == []
    # Two supply rows: both are checked, a finding on the first does not hide the second.
    rows = [*supplies("2026-01-01"), *supplies("2026-12-31", number="VD-1999-00001")]
    assert [f.field for f in rules.supplies_licensed(rows, {"VD-2027-00001": vendor()}, window_months=12)] == [
        "expenses.1.vendor_license", "expenses.2.vendor_license"]
    rows = [*supplies(on=None), *supplies("2027-01-05")]
    assert [f.field for f in rules.supplies_licensed(rows, {"VD-2027-00001": vendor(effective=dt.date(2027, 2, 1))},
                                                     window_months=12)] == [
        "expenses.1.purchase_date", "expenses.2.vendor_license"]


def test_hours_edges():
    assert [f.field for f in rules.operation_hours({"starts_at": "18:00", "ends_at": "18:00"})] == ["operation.ends_at"]
    assert [f.field for f in rules.operation_hours({"starts_at": "22:00", "ends_at": "21:00"})] == ["operation.ends_at"]
    assert [f.field for f in rules.operation_hours({"starts_at": None, "ends_at": "09:00"})] == ["operation.ends_at"]
    assert rules.operation_hours({"starts_at": None, "ends_at": "09:01"}) == []
    assert rules.operation_hours({"starts_at": "09:00", "ends_at": None}) == []


def test_license_in_force_edges():
    one_day = LicenseRecord(number="X", license_type="vendor", effective_on=DAY, expires_on=DAY)
    assert rules.in_force_spans(one_day) == [(DAY, DAY)]
    assert rules.in_force_between(one_day, DAY - dt.timedelta(days=3), DAY)
    assert not rules.in_force_between(one_day, DAY - dt.timedelta(days=3), DAY - dt.timedelta(days=1))
    suspended_from = vendor(suspensions=((dt.date(2027, 2, 1), dt.date(2027, 2, 28)),))
    [finding] = supply_findings(suspended_from, "2027-02-01")
    assert "suspended from 2027-02-01" in finding.message
    assert rules.months_before(dt.date(2027, 1, 31), 1) == dt.date(2026, 12, 31)


def test_report_rules_pass_the_class_and_period_on():
    limited = bingo(card_sales=[{"kind": "special", "count": 1, "price": "0.16"}],
                    games=[game(1, "9000.00"), *[game(n, "1.00", game_type="early_bird") for n in range(2, 9)]])
    assert [f.rule for f in rules.report_rules(limited, facts(license_class="D", period="limited"))] == [
        "30 DCMR 1402.6", "30 DCMR 1408.3", "30 DCMR 1408.3", "30 DCMR 1405.21"]
    assert [f.rule for f in rules.report_rules(limited, facts(license_class="A", period="limited"))] == [
        "30 DCMR 1405.21"]
    [late] = rules.report_rules(bingo(), facts(report_due=DAY, as_of=DUE, filed=True))
    assert late.message.startswith("The report was filed on")


def test_a_night_report_checks_chips_and_holdem_prizes_together():
    night = clean(schema.MONTECARLO, {
        "chips": [{"participant": "Ann", "chips": 100}, {"participant": "Bo", "chips": 100},
                  {"participant": "Cy", "chips": 150}],
        "prizes": [prize("Ann", "500.01")]})
    assert [(f.rule, f.field) for f in rules.report_rules(night, facts(kind=schema.MONTECARLO))] == [
        ("30 DCMR 1603.8", "chips.3.chips"), ("30 DCMR 1603.26", "prizes.1.value")]


def test_a_raffle_report_checks_tickets_and_proceeds_together():
    raffle = clean(schema.RAFFLE, {"tickets": {"first_number": 1, "last_number": 4, "sold": 3,
                                                        "price": "1.00"}})
    by = DAY + dt.timedelta(days=30)
    assert [(f.rule, f.field) for f in rules.report_rules(raffle, facts(
        kind=schema.RAFFLE, proceeds_used_by=by, as_of=by + dt.timedelta(days=1)))] == [
        ("30 DCMR 1202.2(n)", "tickets.sold"), ("30 DCMR 1506.4", "disbursements")]


def test_rows_of_other_categories_do_not_stop_the_supply_check():
    rows = [expense(), *supplies("2026-01-01")]
    assert [f.field for f in rules.supplies_licensed(rows, {"VD-2027-00001": vendor()}, window_months=12)] == [
        "expenses.2.vendor_license"]
