"""The IRS's boundaries at the desk (licensing.payouts.services.payout_quote / payout_pay, the register's figures in
force on the day paid), on both sides of 1 January 2026 when the thresholds moved: a cent under and at each
threshold, the 300-times rule, regular and backup withholding, and one person's prizes of one raffle drawing added
together (IRS Instructions for Forms W-2G and 5754: identical wagers, box 7)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from licensing.models import Payout, PayoutStatus
from licensing.payouts.identity import winner_clean
from licensing.payouts.services import payout_quote
from tests.licensing.payouts.winners import ANA, BEN, bingo_license, open_payout, pay

pytestmark = pytest.mark.django_db
D = Decimal
JUNE_2025, DEC_31_2025, JAN_2_2026, JUNE_2026 = (dt.date(2025, 6, 6), dt.date(2025, 12, 31), dt.date(2026, 1, 2),
                                                 dt.date(2026, 6, 6))
REFUSES = {**ANA, "tin": "", "tin_refused": True}
NAMESAKE = {**BEN, "name": "Ana Ruiz", "tin": "612-34-5678"}  # Ana's name, another person


@pytest.fixture
def license():
    return bingo_license()


def _paid(license, *, game, prize, wager="0.00", paid_on, winner=ANA, session=None, number=1, won_on=None):
    """One prize paid at the desk: a raffle's value and ticket price are given there, the others' come with it."""
    session = session or f"{game}.session:{prize}:{paid_on}"
    won_on = won_on or paid_on
    if game == "raffle":
        payout = open_payout(license, game=game, session=session, number=number, prize=None, won_on=won_on)
        return pay(payout, winner=winner, prize=prize, wager=wager, paid_on=paid_on)
    payout = open_payout(license, game=game, session=session, number=number, prize=prize, wager=wager,
                         won_on=won_on)
    return pay(payout, winner=winner, paid_on=paid_on)


def _form(payout: Payout) -> tuple:
    return payout.w2g, bool(payout.form_number), payout.withheld, payout.backup_withholding


NO_FORM, FORM = (False, False, D("0.00"), False), (True, True, D("0.00"), False)


# --- bingo: at least $1,200 paid before 2026, $2,000 from 2026 (never reduced by the card) ---

@pytest.mark.parametrize(("prize", "paid_on", "form"), [
    ("1199.99", JUNE_2025, NO_FORM), ("1200.00", JUNE_2025, FORM),
    ("1999.99", JUNE_2026, NO_FORM), ("2000.00", JUNE_2026, FORM),
    ("1200.00", DEC_31_2025, FORM), ("1200.00", dt.date(2026, 1, 1), NO_FORM),
])
def test_bingo_thresholds_on_either_side_of_2026(license, prize, paid_on, form):
    paid = _paid(license, game="bingo", prize=prize, wager="5.00", paid_on=paid_on)
    assert _form(paid) == form
    assert paid.reportable == (D(prize) if paid.w2g else None)


def test_the_day_paid_decides_not_the_day_won(license):
    # Won on the last evening of 2025: paid that night it is reported at $1,200; paid on 2 January, not.
    that_night = _paid(license, game="bingo", prize="1500.00", paid_on=DEC_31_2025, won_on=DEC_31_2025, number=1)
    later = _paid(license, game="bingo", prize="1500.00", paid_on=JAN_2_2026, won_on=DEC_31_2025, number=2,
                  session="bingo.game:other")
    assert that_night.w2g and that_night.form_number.startswith("W2G-2025-")
    assert not later.w2g and later.form_number == ""


def test_bingo_is_never_withheld_on_however_large(license):
    paid = _paid(license, game="bingo", prize="9000.00", wager="5.00", paid_on=JUNE_2026)
    assert _form(paid) == FORM


# --- a raffle: at least $600 and 300 times the ticket before 2026, $2,000 (and 300 times) from 2026 ---

@pytest.mark.parametrize(("prize", "wager", "paid_on", "form"), [
    ("599.99", "1.00", JUNE_2025, NO_FORM), ("600.00", "1.00", JUNE_2025, FORM),
    ("900.00", "3.00", JUNE_2025, FORM),  # exactly 300 times the ticket
    ("899.99", "3.00", JUNE_2025, NO_FORM),  # a cent under 300 times
    ("900.00", "3.01", JUNE_2025, NO_FORM),  # a cent more on the ticket: under 300 times
    ("1999.99", "1.00", JUNE_2026, NO_FORM), ("2000.00", "1.00", JUNE_2026, FORM),
    ("2000.00", "6.67", JUNE_2026, NO_FORM),  # $2,000 is under 300 times a $6.67 ticket ($2,001)
    ("1000.00", "1.00", DEC_31_2025, FORM), ("1000.00", "1.00", dt.date(2026, 1, 1), NO_FORM),
])
def test_raffle_thresholds_and_300_times_the_ticket(license, prize, wager, paid_on, form):
    assert _form(_paid(license, game="raffle", prize=prize, wager=wager, paid_on=paid_on)) == form


# --- regular withholding: 24% of the proceeds (prize less ticket) over $5,000 ---

@pytest.mark.parametrize(("prize", "withheld"), [
    ("5001.00", "0.00"),  # proceeds $5,000.00: not over
    ("5001.01", "1200.00"),  # proceeds $5,000.01: 24%, $1,200.0024 to the cent
    ("10001.00", "2400.00"),
])
def test_a_raffle_prize_is_withheld_on_above_5000_of_proceeds(license, prize, withheld):
    paid = _paid(license, game="raffle", prize=prize, wager="1.00", paid_on=JUNE_2026)
    assert paid.w2g and paid.withheld == D(withheld) and not paid.backup_withholding


def test_the_desk_is_told_what_is_withheld_and_why(license):
    payout = open_payout(license, game="raffle", session="raffle.drawing:1", prize=None)
    quote = payout_quote(payout, prize=D("5001.01"), wager=D("1.00"), on=JUNE_2026)
    [form, withheld] = quote.findings
    assert form.rule == "26 U.S.C. 6041(a) as amended in 2025; IRS Instructions for Forms W-2G and 5754 (2026)"
    assert withheld.rule == "26 U.S.C. 3402(q)" and withheld.field == "withheld"
    assert withheld.message == ("$1,200.00 is withheld for federal income tax: the winner is handed $3,801.01.")


# --- a Texas Hold'em tournament: more than $5,000 net of the buy-in ---

@pytest.mark.parametrize(("prize", "form"), [("5100.00", False), ("5100.01", True)])
@pytest.mark.parametrize("paid_on", [JUNE_2025, JUNE_2026])
def test_a_poker_prize_is_reported_above_5000_net_of_the_buy_in(license, prize, form, paid_on):
    paid = _paid(license, game="holdem", prize=prize, wager="100.00", paid_on=paid_on)
    assert paid.w2g is form and bool(paid.form_number) is form


# --- backup withholding: a winner who gives no taxpayer number ---

@pytest.mark.parametrize(("game", "prize", "wager", "withheld"), [
    ("raffle", "2500.00", "1.00", "599.76"),  # 24% of $2,499
    ("bingo", "2000.00", "5.00", "478.80"),  # 24% of $1,995: bingo has no regular withholding, backup it has
])
def test_a_winner_refusing_a_taxpayer_number_gets_backup_withholding(license, game, prize, wager, withheld):
    paid = _paid(license, game=game, prize=prize, wager=wager, paid_on=JUNE_2026, winner=REFUSES)
    assert (paid.w2g, paid.withheld, paid.backup_withholding, paid.tin_refused) == (True, D(withheld), True, True)
    assert paid.tin_last4 == "" and paid.tin_masked == ""


def test_no_backup_withholding_below_the_form(license):
    paid = _paid(license, game="bingo", prize="1999.99", wager="5.00", paid_on=JUNE_2026, winner=REFUSES)
    assert _form(paid) == NO_FORM and paid.tin_refused


def test_regular_withholding_replaces_backup_withholding(license):
    # Over $5,000 of proceeds the regular 24% is withheld; backup withholding is not added on top.
    paid = _paid(license, game="raffle", prize="6001.00", wager="1.00", paid_on=JUNE_2026, winner=REFUSES)
    assert (paid.withheld, paid.backup_withholding) == (D("1440.00"), False)


# --- one person's prizes of one drawing, added together (identical wagers) ---

def _drawing_prize(license, number, *, drawing="raffle.drawing:7"):
    return open_payout(license, game="raffle", session=drawing, number=number, prize=None)


def test_the_same_person_winning_twice_in_a_drawing_gets_the_form_on_the_second(license):
    first = pay(_drawing_prize(license, 1), winner=ANA, prize="1500.00", wager="1.00")
    assert not first.w2g  # $1,500 alone is under $2,000
    second = pay(_drawing_prize(license, 2), winner=ANA, prize="1000.00", wager="1.00")
    assert second.w2g and second.form_number == "W2G-2026-00001"
    assert (second.reportable, second.identical) == (D("2500.00"), D("1500.00"))  # box 1, box 7
    assert second.withheld == D("0.00")


def test_another_person_in_the_same_drawing_is_not_added(license):
    pay(_drawing_prize(license, 1), winner=ANA, prize="1500.00", wager="1.00")
    other = pay(_drawing_prize(license, 2), winner=BEN, prize="1000.00", wager="1.00")
    assert not other.w2g and other.identical is None
    # Nor is the same name with another taxpayer number: a namesake.
    namesake = pay(_drawing_prize(license, 3), winner=NAMESAKE, prize="1000.00", wager="1.00")
    assert not namesake.w2g


def test_the_same_person_in_another_drawing_is_not_added(license):
    pay(_drawing_prize(license, 1), winner=ANA, prize="1500.00", wager="1.00")
    elsewhere = pay(_drawing_prize(license, 1, drawing="raffle.drawing:8"), winner=ANA, prize="1000.00",
                    wager="1.00")
    assert not elsewhere.w2g


def test_a_returning_winner_giving_only_a_name_is_asked_for_the_form(license):
    """The desk asks the name first: the same name as an earlier winner of the drawing makes the form due, so
    the address, taxpayer number and identification are asked rather than the prize paid without them."""
    pay(_drawing_prize(license, 1), winner=ANA, prize="1500.00", wager="1.00")
    payout = _drawing_prize(license, 2)
    with pytest.raises(ValidationError) as refused:
        pay(payout, winner={"name": "ana ruiz"}, prize="1000.00", wager="1.00")
    assert {"street", "tin", "id_first", "id_second"} <= set(refused.value.message_dict)
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE
    # Given, with another taxpayer number, it is another person after all: no form.
    namesake = pay(payout, winner=NAMESAKE, prize="1000.00", wager="1.00")
    assert not namesake.w2g


def test_the_earlier_prizes_withholding_is_not_taken_twice(license):
    first = pay(_drawing_prize(license, 1), winner=ANA, prize="6001.00", wager="1.00")
    assert first.withheld == D("1440.00")  # 24% of $6,000
    second = pay(_drawing_prize(license, 2), winner=ANA, prize="1000.00", wager="1.00")
    # 24% of the $7,000 of proceeds together is $1,680.00; $1,440.00 of it was withheld from the first prize. The
    # first prize is on a form of its own: the second form reports the second prize only (no amount on two forms).
    assert (second.reportable, second.identical, second.withheld) == (D("1000.00"), None, D("240.00"))
    assert second.w2g


def test_the_form_1096_totals_count_no_amount_twice(license):
    pay(_drawing_prize(license, 1), winner=ANA, prize="2500.00", wager="1.00")
    pay(_drawing_prize(license, 2), winner=ANA, prize="1000.00", wager="1.00")
    forms = Payout.objects.filter(w2g=True)
    assert sum(form.reportable for form in forms) == D("3500.00")


def test_bingo_prizes_are_not_added_together(license):
    """A bingo player has one share a game (1406.2) and bingo is reported game by game: two payouts of one game (a
    claim voided, another won) are never added into a form."""
    for number in (1, 2):
        payout = open_payout(license, game="bingo", session="bingo.game:1", number=number, prize="1500.00")
        paid = pay(payout, winner=ANA)
        assert not paid.w2g and paid.identical is None


def test_withholding_never_exceeds_the_prize_paid(license):
    # $5,000 first (proceeds $4,999: not withheld on), then $100: 24% of the $5,099 together is $1,223.76, and the
    # desk can withhold no more than the $100 it pays.
    pay(_drawing_prize(license, 1), winner=ANA, prize="5000.00", wager="1.00")
    second = pay(_drawing_prize(license, 2), winner=ANA, prize="100.00", wager="1.00")
    assert second.w2g and second.withheld == D("100.00")
    quote = payout_quote(_drawing_prize(license, 3), prize=D("50.00"), wager=D("1.00"), on=JUNE_2026,
                         winner=winner_clean(ANA, form_due=True))
    assert quote.withheld == D("50.00") and quote.net == D("0.00")
