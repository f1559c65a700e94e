"""Prize split among winners on the same number: 30 DCMR 1406.2."""

from decimal import Decimal

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
