"""Payouts paid through the desk's services, for the tests of sealing, purging, leaks and the IRS's boundaries."""

import datetime as dt
from decimal import Decimal

from licensing.models import Payout, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_open, payout_pay
from tests.licensing.factories import license_for, member

JUNE_2026 = dt.date(2026, 6, 6)
TODAY = dt.date(2026, 6, 8)  # "today" for the desk: every day paid in these tests is on or before it
ANA = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC", "postal_code": "20001",
       "tin": "287-65-4321", "id_first": "DC driver's license ending 4411, photo", "id_second": "Voter card"}
BEN = {"name": "Ben Cho", "street": "9 Oak Ave SE", "city": "Washington", "state": "DC", "postal_code": "20003",
       "tin": "531-72-9046", "id_first": "US passport, photo", "id_second": "Social Security card"}


def bingo_license():
    return license_for(license_type=LicenseType.BINGO, license_class="A")


def officer(license):
    return member(license.organization, Role.OFFICER)


def open_payout(license, *, game: str = "bingo", session: str = "bingo.game:1", number: int = 1,
                prize: str | None = "2000.00", wager: str = "0.00", won_on: dt.date = JUNE_2026) -> Payout:
    """A payout due at the desk; a raffle's prize is None (the desk gives its value)."""
    return payout_open(license=license, game=game, source=f"{session}/prize:{number}", session=session,
                       label=f"Prize {number}", won_on=won_on, prize=Decimal(prize) if prize else None,
                       wager=Decimal(wager))


def pay(payout: Payout, *, winner: dict, actor=None, paid_on: dt.date = JUNE_2026, prize: str | None = None,
        wager: str | None = None, method: str = "cash", check_number: str = "") -> Payout:
    """Pay the whole prize on `paid_on` (the payout's own prize, or `prize` for a raffle's)."""
    amount = prize if payout.prize is None else str(payout.prize)
    return payout_pay(actor=actor or officer(payout.license), payout=payout, method=method, amount=amount,
                      winner=winner, prize=prize, wager=wager, check_number=check_number, paid_on=paid_on,
                      today=max(TODAY, paid_on))
