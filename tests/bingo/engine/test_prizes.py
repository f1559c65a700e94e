"""Prize split among winners on the same number: 30 DCMR 1406.2."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bingo.engine import split_prize


def test_examples():
    assert split_prize(Decimal("100"), 3, "A") == [Decimal(34)] * 3
    assert split_prize(Decimal("5"), 3, "D") == [Decimal("1.67")] * 3
    assert split_prize(Decimal("100"), 4, "B") == [Decimal(25)] * 4
    assert split_prize("2000.00", 1, "c") == [Decimal(2000)]
    assert split_prize(Decimal("10.01"), 1, "A") == [Decimal(11)]
    assert split_prize(Decimal("0.10"), 3, "D") == [Decimal("0.04")] * 3
    assert all(isinstance(share, Decimal) for share in split_prize(7, 2, "A"))


@pytest.mark.parametrize(("args", "error"), [
    ((Decimal(100), 0, "A"), ValueError), ((Decimal(100), 2, "E"), ValueError), ((Decimal(-1), 2, "A"), ValueError),
    ((Decimal("1.005"), 2, "D"), ValueError), ((100.0, 2, "A"), TypeError), (("abc", 2, "A"), ValueError),
    ((Decimal(100), True, "A"), ValueError),
])
def test_bad_input(args, error):
    with pytest.raises(error):
        split_prize(*args)


@given(cents=st.integers(0, 10_000_000), winners=st.integers(1, 500), license_class=st.sampled_from("ABCD"))
def test_shares_are_equal_rounded_up_and_cover_the_prize(cents, winners, license_class):
    amount = Decimal(cents) / 100
    shares = split_prize(amount, winners, license_class)
    assert len(shares) == winners and len(set(shares)) == 1
    unit = Decimal("0.01") if license_class == "D" else Decimal(1)
    share = shares[0]
    assert share % unit == 0  # whole dollars, or whole cents for Class D
    assert share * winners >= amount
    assert share >= amount / winners
    assert share - unit < amount / winners  # rounded up to the NEXT unit, not beyond


@pytest.mark.parametrize(("amount", "winners", "license_class", "cap", "share"), [
    ("1998.00", 3, "B", "2000.00", "666.00"),  # rounding up lands exactly inside the cap
    ("2000.00", 3, "B", "2000.00", "666.00"),  # $667 each would be $2,001: the cap wins, rounding goes down
    ("2000.00", 2, "B", "2000.00", "1000.00"),
    ("2000.00", 1, "B", "2000.00", "2000.00"),
    ("5.00", 3, "D", "5.00", "1.66"),  # 30 DCMR 1408.3: $1.67 each would be $5.01
    ("4.98", 3, "D", "5.00", "1.66"),
    ("100.00", 3, "A", "1.00", "0.00"),  # an operation cap all but used up leaves nothing to share
])
def test_the_cap_wins_over_rounding_up(amount, winners, license_class, cap, share):
    shares = split_prize(Decimal(amount), winners, license_class, cap=Decimal(cap))
    assert shares == [Decimal(share)] * winners


@given(cents=st.integers(0, 200_000), winners=st.integers(1, 50), license_class=st.sampled_from("ABCD"),
       cap_cents=st.integers(0, 1_000_000))
def test_capped_shares_are_equal_in_the_unit_and_never_pass_the_cap(cents, winners, license_class, cap_cents):
    amount, cap = Decimal(cents) / 100, Decimal(cap_cents) / 100
    shares = split_prize(amount, winners, license_class, cap=cap)
    unit = Decimal("0.01") if license_class == "D" else Decimal(1)
    uncapped = split_prize(amount, winners, license_class)
    assert len(set(shares)) == 1 and shares[0] % unit == 0
    assert shares[0] * winners <= cap
    # The cap only ever lowers a share, by the least that keeps the total within it.
    assert shares[0] <= uncapped[0]
    assert shares == uncapped or (shares[0] + unit) * winners > cap


@pytest.mark.parametrize(("args", "error", "message"), [
    ((0.1, 2, "A"), TypeError, "money is Decimal, int or str, never float"),
    (("١٠", 2, "A"), ValueError, "'١٠' is not written with the digits 0 to 9"),
    (("ten", 2, "A"), ValueError, "'ten' is not an amount of money"),
    ((Decimal("-0.01"), 2, "A"), ValueError, "a prize is a non-negative amount, not Decimal('-0.01')"),
    (("NaN", 2, "A"), ValueError, "a prize is a non-negative amount, not 'NaN'"),
    (("1.005", 2, "A"), ValueError, "a prize is in whole cents, not '1.005'"),
    ((Decimal(100), 0, "A"), ValueError, "the number of winners is a whole number of at least 1, not 0"),
    ((Decimal(100), 2, "E"), ValueError, "license class is one of A, B, C, D, not 'E'"),
])
def test_bad_input_is_refused_saying_why(args, error, message):
    # The message is what the caller's console shows, so it is pinned word for word.
    with pytest.raises(error) as caught:
        split_prize(*args)
    assert str(caught.value) == message


def test_the_license_class_may_be_a_choice_with_a_value():
    # A license's class arrives as a model choice (an enum member with .value), or as its text.
    class_b = SimpleNamespace(value=" b ")
    assert split_prize(Decimal("100"), 3, class_b) == [Decimal(34)] * 3
    assert split_prize(Decimal("5"), 3, SimpleNamespace(value="D")) == [Decimal("1.67")] * 3
