"""Paid prizes with a Form W-2G, through the desk's own services, for the tests of the forms, the year's list and
the API (tests/licensing/payouts/test_w2g.py, test_year_end.py, test_api.py)."""

import datetime as dt
import itertools
from decimal import Decimal

from licensing.models import Payout, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_open, payout_pay
from tests.licensing.factories import OrganizationFactory, license_for, member

JUNE_2026 = dt.date(2026, 6, 6)
WINNER = {"name": "Ana Ruiz", "street": "1 Main St NW, Apt 4", "city": "Washington", "state": "DC",
          "postal_code": "20001", "tin": "212-48-3071", "id_first": "DC driver's license ending 4411, photo",
          "id_second": "DC voter registration card"}
_sources = itertools.count(1)


def desk_license(name: str = "Brightwood Volunteer Fire Auxiliary", **organization):
    """A bingo license of an organization with a full address and a telephone number."""
    return license_for(license_type=LicenseType.BINGO, license_class="A", organization=OrganizationFactory(
        name=name, street_address="5816 Georgia Avenue NW", postal_code="20011", phone="202-555-0143",
        **organization))


def paid(license, *, game: str = "bingo", prize: str = "2500.00", wager: str = "0.00", winner: dict | None = None,
         paid_on: dt.date = JUNE_2026, label: str = "Game 7, blue, card B-1234", actor=None, **pay) -> Payout:
    """One prize opened for the game and paid at the desk by an officer (or `actor`)."""
    number = next(_sources)
    session = f"{game}.session:{number}"
    payout = payout_open(license=license, game=game, source=f"{session}/prize:{number}", session=session,
                         label=label, won_on=paid_on, prize=Decimal(prize), wager=Decimal(wager))
    actor = actor or member(license.organization, Role.OFFICER)
    return payout_pay(actor=actor, payout=payout, method=pay.pop("method", "cash"), amount=prize,
                      winner=winner if winner is not None else WINNER, paid_on=paid_on, today=paid_on, **pay)
