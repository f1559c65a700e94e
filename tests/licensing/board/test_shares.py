"""The 1400.9(e) shares of the handle and the figures' arithmetic (pure)."""

from decimal import Decimal

from licensing.board.shares import Figures, added, percent


def test_percent_rounds_half_up_to_one_decimal_and_has_no_share_of_nothing():
    assert percent(Decimal("1"), Decimal("3")) == Decimal("33.3")
    assert percent(Decimal("2"), Decimal("3")) == Decimal("66.7")
    assert percent(Decimal("0.05"), Decimal("100")) == Decimal("0.1")  # 0.05% rounds half up
    assert percent(Decimal("5"), Decimal("0")) is None
    assert percent(Decimal("-50"), Decimal("100")) == Decimal("-50.0")  # a loss is shown, not hidden


def test_shares_of_figures_and_their_sum():
    one = Figures(reports=1, handle=Decimal("450.00"), gross_receipts=Decimal("450.00"), prizes=Decimal("100.00"),
                  expenses=Decimal("45.00"), net_proceeds=Decimal("305.00"))
    assert one.shares.as_dict() == {"prizes": Decimal("22.2"), "lawful_purpose": Decimal("67.8"),
                                    "expenses": Decimal("10.0")}
    both = added([one, one])
    assert both.reports == 2 and both.handle == Decimal("900.00") and both.shares == one.shares
    assert Figures().shares.prizes is None
    assert Figures.of({"reports": 0, "handle": None}).handle == Decimal("0.00")
