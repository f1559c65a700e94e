"""Prize splitting among winners on the same number (30 DCMR 1406.2), within the game's cap (1408.1, 1408.3)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

CENT = Decimal("0.01")
LICENSE_CLASSES = ("A", "B", "C", "D")


def _money(amount) -> Decimal:
    # Floats carry binary noise (0.1 + 0.2); money comes in as Decimal, int or str.
    if isinstance(amount, float):
        raise TypeError("money is Decimal, int or str, never float")
    if isinstance(amount, str) and not amount.isascii():
        raise ValueError(f"{amount!r} is not written with the digits 0 to 9")  # Decimal("١٠") would be 10
    try:
        value = Decimal(str(amount)) if not isinstance(amount, Decimal) else amount
    except InvalidOperation:
        raise ValueError(f"{amount!r} is not an amount of money")
    if not value.is_finite() or value < 0:
        raise ValueError(f"a prize is a non-negative amount, not {amount!r}")
    if value != value.quantize(CENT):
        raise ValueError(f"a prize is in whole cents, not {amount!r}")
    return value


def split_prize(amount, winners: int, license_class: str, cap=None) -> list[Decimal]:
    """Each winner's share: the prize split equally, each share rounded UP to the next dollar,
    for Class D to the next cent (30 DCMR 1406.2). split_prize(100, 3, "A") -> [34, 34, 34].

    The shares may add up to more than the announced prize: the regulation rounds up, so
    the organization pays the difference, but never past `cap`, the most the game may pay
    (30 DCMR 1408.1 $2,000 a game, 1408.3 $5 for Class D). Where rounding up would break
    the cap, the cap wins and the shares stay equal and in the same unit: each is the largest
    whole dollar (Class D: cent) that keeps the total within the cap, so the rounding goes down
    instead. split_prize(2000, 3, "B", cap=2000) -> [666, 666, 666], not 667 each ($2,001)."""
    value = _money(amount)
    if not isinstance(winners, int) or isinstance(winners, bool) or winners < 1:
        raise ValueError(f"the number of winners is a whole number of at least 1, not {winners!r}")
    klass = str(getattr(license_class, "value", license_class)).strip().upper()
    if klass not in LICENSE_CLASSES:
        raise ValueError(f"license class is one of {', '.join(LICENSE_CLASSES)}, not {license_class!r}")
    # Exact integer arithmetic in cents: ceiling division cannot be fooled by a rounded quotient.
    cents = int(value * 100)
    unit = 1 if klass == "D" else 100  # 30 DCMR 1406.2: Class D to the cent, others to the dollar
    units = -(-cents // (winners * unit))
    if cap is not None:
        units = min(units, int(_money(cap) * 100) // (winners * unit))
    share = (Decimal(units * unit) / 100).quantize(CENT)
    return [share] * winners
