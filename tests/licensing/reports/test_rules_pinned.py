"""Every finding of the report rules pinned down whole: rule, the exact English message, the field's path and that it
blocks nothing. The messages are what the organization and the Board read, each naming the row, the figures and the
section, so the test compares Findings, not fragments (as bingo's pinned planning tests do). The figures are the
Board's register's."""

import datetime as dt
from decimal import Decimal

import pytest

from core.findings import Finding
from licensing.reports import rules
from tests.licensing.reports.test_rules import DAY, DUE, expense, game, prize, supplies, supply_findings, vendor

pytestmark = pytest.mark.django_db  # the caps are the Board's register's: a read of its rows

D = Decimal


def pin(rule, field, message):
    return [Finding(rule, message, field=field, blocking=False)]


EXPENSE_ROW_2 = [expense(), expense(payee="Bingo Hall Inc", basis="share_of_receipts")]

CASES = {
    "admission": (rules.admission_price, ({"price": "4.01"}, "B"), pin(
        "30 DCMR 1402.1", "admissions.price",
        "Admissions: the admission price $4.01 is over the $4.00 a Class B operation may charge (30 DCMR 1402.1).")),
    "admission class D": (rules.admission_price, ({"price": "0.26"}, "D"), pin(
        "30 DCMR 1402.2", "admissions.price",
        "Admissions: the admission price $0.26 is over the $0.25 a Class D operation may charge (30 DCMR 1402.2).")),
    "card price": (rules.card_prices, ([{"kind": "special", "price": "1.00"},
                                        {"kind": "extra_regular", "price": "2.01"}], "B"), pin(
        "30 DCMR 1402.3", "card_sales.2.price",
        "Cards sold, row 2: the extra regular card price $2.01 is over the $2.00 a Class B operation may charge "
        "(30 DCMR 1402.3).")),
    "game prize": (rules.game_prizes, ([game(1), game(3, "2000.01")], "B", "regular"), pin(
        "30 DCMR 1408.1", "games.2.prize",
        "Game 3: a Class B regular-period prize is at most $2,000.00 per game, not $2,000.01 (30 DCMR 1408.1).")),
    "operation prizes": (rules.game_prizes, ([game(n, "5.00") for n in range(1, 11)] + [game(11, "0.01")], "D",
                                             "regular"), pin(
        "30 DCMR 1408.3", "games",
        "The prizes of this operation total $50.01; a Class D operation may offer at most $50.00 (30 DCMR 1408.3).")),
    "early birds": (rules.early_bird_games, ([game(n, game_type="early_bird") for n in range(1, 8)], "regular"), pin(
        "30 DCMR 1405.19", "games", "At most 6 early-bird games per operation; this one has 7 (30 DCMR 1405.19).")),
    "early birds limited": (rules.early_bird_games, ([game(n, game_type="early_bird") for n in range(1, 8)],
                                                     "limited"), pin(
        "30 DCMR 1405.21", "games",
        "At most 6 early-bird games per limited-period operation; this one has 7 (30 DCMR 1405.21).")),
    "prize by check": (rules.prizes_by_check, ([game(1), game(4, "30.03", winners=3, paid_by="cash",
                                                              check_requested=True)],), pin(
        "30 DCMR 1408.5", "games.2.paid_by",
        "Game 4: the winner asked for a check, and a prize over $10.00 is then paid by check; this one, $10.01 a "
        "winner, was not (30 DCMR 1408.5).")),
    "reimbursement": (rules.worker_reimbursements, ([{"worker": "Ann Lee", "amount": "10.00"},
                                                     {"worker": "ann lee", "amount": "5.01"}],), pin(
        "30 DCMR 1412.2", "reimbursements.2.amount",
        "Worker reimbursements, row 2: Ann Lee is reimbursed $15.01 for this operation; a worker is reimbursed at "
        "most $15.00 per occasion (30 DCMR 1412.2).")),
    "share of receipts": (rules.no_share_of_receipts, (EXPENSE_ROW_2,), pin(
        "30 DCMR 1412.3", "expenses.2.basis",
        "Expenses, row 2: Bingo Hall Inc is paid a share of the receipts; no expense is based on a percentage of the "
        "gross or net receipts, except for a multi-hall game's prize pool or services (30 DCMR 1412.3).")),
    "no check number": (rules.checks_numbered, ([expense(), expense(payee="Security Co", amount="75.50",
                                                                    check_number=None)],), pin(
        "30 DCMR 1412.4", "expenses.2.check_number",
        "Expenses, row 2: Security Co, $75.50, has no check number; expenses are paid only by numbered checks on the "
        "bingo account (30 DCMR 1412.4).")),
    "one check missing": (rules.checks_numbered, ([expense(check_number=101), expense(check_number=103)],), pin(
        "30 DCMR 1412.4", "expenses.2.check_number",
        "Expenses, row 2: check 103 follows check 101, so check 102 is not accounted for; checks are numbered "
        "consecutively (30 DCMR 1412.4).")),
    "checks missing": (rules.checks_numbered, ([expense(check_number=105), expense(check_number=101)],), pin(
        "30 DCMR 1412.4", "expenses.1.check_number",
        "Expenses, row 1: check 105 follows check 101, so checks 102-104 are not accounted for; checks are numbered "
        "consecutively (30 DCMR 1412.4).")),
    "payable to cash": (rules.checks_to_payees, ([expense(payee="Cash")],), pin(
        "30 DCMR 1412.5", "expenses.1.payee",
        "Expenses, row 1: the expense of $100.00 is payable to Cash, not to a named payee; each check is payable to "
        "the specific payee that provided the goods or services (30 DCMR 1412.5).")),
    "no payee": (rules.checks_to_payees, ([expense(payee="")],), pin(
        "30 DCMR 1412.5", "expenses.1.payee",
        "Expenses, row 1: the expense of $100.00 names no payee; each check is payable to the specific payee that "
        "provided the goods or services (30 DCMR 1412.5).")),
    "one check two payees": (rules.checks_to_payees, ([expense(), expense(payee="Acme Supply")],), pin(
        "30 DCMR 1412.5", "expenses.2.check_number",
        "Expenses, row 2: check 101 is also written to Hall Rentals LLC (row 1); a check is payable to the one payee "
        "it pays (30 DCMR 1412.5).")),
    "tickets unknown": (rules.tickets_accounted, ({"first_number": None, "last_number": 5},), pin(
        "30 DCMR 1202.2(n)", "tickets.first_number",
        "Tickets: give the first and the last ticket number printed, so every ticket is accounted for "
        "(30 DCMR 1202.2(n)).")),
    "tickets no last": (rules.tickets_accounted, ({"first_number": 1, "last_number": None},), pin(
        "30 DCMR 1202.2(n)", "tickets.last_number",
        "Tickets: give the first and the last ticket number printed, so every ticket is accounted for "
        "(30 DCMR 1202.2(n)).")),
    "tickets backwards": (rules.tickets_accounted, ({"first_number": 9, "last_number": 5},), pin(
        "30 DCMR 1202.2(n)", "tickets.last_number",
        "Tickets: the last ticket printed, 5, comes before the first, 9 (30 DCMR 1202.2(n)).")),
    "tickets short": (rules.tickets_accounted, ({"first_number": 1, "last_number": 1500, "sold": 1400,
                                                 "unsold_returned": 50},), pin(
        "30 DCMR 1202.2(n)", "tickets.sold",
        "Tickets: 1,500 were printed, numbers 1 to 1500; 1,400 sold and 50 returned unsold account for 1,450, so 50 "
        "are not accounted for (30 DCMR 1202.2(n)).")),
    "tickets over": (rules.tickets_accounted, ({"first_number": 1, "last_number": 10, "sold": 10,
                                                "unsold_returned": 2},), pin(
        "30 DCMR 1202.2(n)", "tickets.sold",
        "Tickets: 10 were printed, numbers 1 to 10; 10 sold and 2 returned unsold make 12, 2 more than were printed "
        "(30 DCMR 1202.2(n)).")),
    "chips": (rules.same_chips, ([{"participant": "Ann", "chips": 1000}, {"participant": "Cy", "chips": 1200},
                                  {"participant": "Bo", "chips": 1000}],), pin(
        "30 DCMR 1603.8", "chips.2.chips",
        "Chips, row 2: Cy was issued 1,200 chips, the other participants 1,000; every participant is issued the same "
        "chips, so none depends on a donation (30 DCMR 1603.6, 30 DCMR 1603.8).")),
    "holdem": (rules.holdem_prizes, ([prize("Ann Lee", "300.00"), prize("ann  lee", "200.01")], DAY), pin(
        "30 DCMR 1603.26", "prizes.2.value",
        "Prizes, row 2: Ann Lee won $500.01 at Texas Hold'em on 2027-03-03; a player wins at most $500.00 a day "
        "(30 DCMR 1603.26).")),
    "week": (rules.premises_week, (DAY, 2), pin(
        "30 DCMR 1400.5", "event_date",
        "The week of 2027-03-01 to 2027-03-07 has 3 bingo operations at these premises, this one included; at most 2 "
        "a week on one premises (30 DCMR 1400.5).")),
    "hours": (rules.operation_hours, ({"starts_at": "08:30", "ends_at": "12:00"},), pin(
        "30 DCMR 1202.2(m)", "operation.starts_at",
        "The operation ran 08:30-12:00, into the hours between 12:00 midnight and 9:00 am when no bingo is played "
        "(30 DCMR 1202.2(m)).")),
    "hours no start": (rules.operation_hours, ({"starts_at": None, "ends_at": "01:00"},), pin(
        "30 DCMR 1202.2(m)", "operation.ends_at",
        "The operation ran ?-01:00, into the hours between 12:00 midnight and 9:00 am when no bingo is played "
        "(30 DCMR 1202.2(m)).")),
}


@pytest.mark.parametrize("name", CASES)
def test_pinned(name):
    check, arguments, expected = CASES[name]
    assert check(*arguments) == expected


def test_deposit_pinned():
    assert rules.deposit_on_time({"date": "2027-03-05", "amount": "300.00"}, due=DUE, required=D("300"),
                                 as_of=DUE) == pin(
        "30 DCMR 1411.1", "deposit.date",
        "Deposit: deposited on 2027-03-05, after 2027-03-04; the receipts are deposited by the end of the next "
        "business day after the operation (30 DCMR 1411.1).")
    assert rules.deposit_on_time({"date": "2027-03-04", "amount": "299.99"}, due=DUE, required=D("300"),
                                 as_of=DUE) == pin(
        "30 DCMR 1411.1", "deposit.amount",
        "Deposit: $299.99 deposited; the gross receipts less cash prizes, $300.00, are all deposited in the bingo "
        "account (30 DCMR 1411.1).")
    assert rules.deposit_on_time({"date": None}, due=DUE, required=D("300"), as_of=DUE + dt.timedelta(days=1)) == pin(
        "30 DCMR 1411.1", "deposit.date",
        "Deposit: no deposit to the bingo account is reported; $300.00 was due by the end of 2027-03-04, the next "
        "business day after the operation (30 DCMR 1411.1).")
    # Less than nothing owed (prizes above the receipts) is no shortfall.
    assert rules.deposit_on_time({"date": "2027-03-04", "amount": None}, due=DUE, required=D("-5"), as_of=DUE) == []


def test_proceeds_pinned():
    paid = [{"date": "2027-03-14", "payee": "School", "amount": "40.00"},
            {"date": "2027-03-13", "payee": "Food bank", "amount": "50.00"},
            {"date": None, "payee": "Undated", "amount": "10.00"}]
    assert rules.proceeds_used(paid, kind="montecarlo", event_date=DAY, used_by=DAY + dt.timedelta(days=10),
                               net_proceeds=D("100"), as_of=dt.date(2027, 3, 14)) == [
        *pin("30 DCMR 1608.4", "disbursements.1.date",
             "Net proceeds used, row 1: $40.00 paid to School on 2027-03-14, after 2027-03-13; the net proceeds are "
             "used within 10 days of the Monte Carlo Night (30 DCMR 1608.4)."),
        *pin("30 DCMR 1608.4", "disbursements",
             "Net proceeds used: $50.00 of the net proceeds of $100.00 were used for the lawful purpose by 2027-03-13, "
             "10 days after the Monte Carlo Night (30 DCMR 1608.4)."),
    ]
    # Used in full by the day, to the cent: nothing.
    assert rules.proceeds_used(paid[1:2], kind="raffle", event_date=DAY, used_by=DAY + dt.timedelta(days=30),
                               net_proceeds=D("50.00"), as_of=dt.date(2027, 6, 1)) == []
    assert rules.proceeds_used(paid, kind="raffle", event_date=DAY, used_by=None, net_proceeds=D("100"),
                               as_of=dt.date(2027, 6, 1)) == []


def test_filing_pinned():
    assert rules.filed_on_time(due=DUE, as_of=DUE + dt.timedelta(days=1), filed=True, period="regular") == pin(
        "30 DCMR 1413.1", "submitted_at",
        "The report was filed on 2027-03-05, after 2027-03-04; it is due within 10 days of a regular operation "
        "(30 DCMR 1413.1).")
    assert rules.filed_on_time(due=DUE, as_of=DUE + dt.timedelta(days=1), filed=False, period="limited") == pin(
        "30 DCMR 1413.1", "submitted_at",
        "The report is not filed yet on 2027-03-05 and was due by 2027-03-04, within 30 days of a limited-period "
        "operation (30 DCMR 1413.1).")


SUPPLY = "Expenses, row 1: "


def test_supplies_pinned():
    assert supply_findings(vendor(suspensions=((dt.date(2027, 2, 1), dt.date(2027, 2, 28)),)), "2027-02-03") == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "vendor license VD-2027-00001 was not in force on 2027-02-03, the purchase date (it was suspended "
        "from 2027-02-01 to 2027-02-28); bingo supplies come only from a vendor licensed when it sells "
        "(30 DCMR 1403.1).")
    assert supply_findings(vendor(revoked_on=dt.date(2027, 2, 1)), "2027-02-03") == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "vendor license VD-2027-00001 was not in force on 2027-02-03, the purchase date (it was revoked on "
        "2027-02-01); bingo supplies come only from a vendor licensed when it sells (30 DCMR 1403.1).")
    assert supply_findings(vendor(), "2026-12-31") == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "vendor license VD-2027-00001 was not in force on 2026-12-31, the purchase date (it was in force "
        "from 2027-01-01 to 2027-12-31); bingo supplies come only from a vendor licensed when it sells "
        "(30 DCMR 1403.1).")
    assert supply_findings(None) == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "no license is numbered VD-2027-00001; bingo supplies come only from a licensed vendor or another "
        "licensed organization (30 DCMR 1403.1).")
    assert rules.supplies_licensed(supplies(number=" "), {}, window_months=12) == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "the supplies bought from Potomac Gaming Supply name no seller's license number; bingo supplies come "
        "only from a licensed vendor or another licensed organization (30 DCMR 1403.1).")
    assert rules.supplies_licensed(supplies(on=None), {}, window_months=12) == pin(
        "30 DCMR 1403.1", "expenses.1.purchase_date",
        SUPPLY + "give the purchase date of the supplies from Potomac Gaming Supply, so license VD-2027-00001 is "
        "checked on it (30 DCMR 1403.1).")
    ended = rules.LicenseRecord(number="VD-2027-00001", license_type="montecarlo", effective_on=dt.date(2025, 3, 1),
                                expires_on=dt.date(2026, 2, 28))
    assert supply_findings(rules.Supplier(ended), "2027-06-01", window=3) == pin(
        "30 DCMR 1403.1", "expenses.1.vendor_license",
        SUPPLY + "VD-2027-00001 is the license of an organization that held no license in force from 2027-03-01 to "
        "2027-06-01; supplies come from another organization only if it is licensed at the sale or was within the 3 "
        "months before it (30 DCMR 1403.1).")


def test_supply_numbers_are_the_supply_rows_named_upper_case():
    data = {"expenses": [*supplies(number=" vd-2027-00001 "), *supplies(number=""), expense(vendor_license="X-1")]}
    assert rules.supply_numbers(data) == {"VD-2027-00001"}


def test_in_force_spans_edges():
    record = rules.LicenseRecord(number="X", license_type="vendor", effective_on=dt.date(2027, 1, 1),
                                 expires_on=dt.date(2027, 1, 31),
                                 suspensions=((dt.date(2027, 1, 1), dt.date(2027, 1, 5)),
                                              (dt.date(2027, 1, 20), dt.date(2027, 2, 10))))
    assert rules.in_force_spans(record) == [(dt.date(2027, 1, 6), dt.date(2027, 1, 19))]
    revoked_at_once = rules.LicenseRecord(number="X", license_type="vendor", effective_on=dt.date(2027, 1, 1),
                                          expires_on=dt.date(2027, 1, 31), revoked_on=dt.date(2027, 1, 1))
    assert rules.in_force_spans(revoked_at_once) == []
    assert rules.in_force_between(record, dt.date(2027, 1, 19), dt.date(2027, 1, 25))
    assert not rules.in_force_between(record, dt.date(2027, 1, 20), dt.date(2027, 3, 1))
