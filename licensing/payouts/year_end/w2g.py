"""What a paid payout's Form W-2G (Certain Gambling Winnings) says, box by box, as the IRS numbers them
(Instructions for Forms W-2G and 5754): read from the payout as the desk recorded it (licensing.payouts.services)
and the winner's sealed identity. The printed form (pdf.py), the year's CSV and the API all take their boxes from
here, so the three never disagree.

The winner's taxpayer number is truncated (***-**-1234) unless the caller hands the full number in (`tin`), which
only the organization's filing people obtain, audited (year_end.services). Boxes 13-18 (state and local) stay
blank: the desk withholds no District of Columbia tax on these winnings. The payer's federal identification number is
the organization's EIN, from its facts (licensing.organizations); until it gives one, that box is blank and the form
says so."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from licensing.models import Payout, PayoutGame
from licensing.payouts.services import payout_identity

FORM = "W-2G"
FORM_TITLE = _("Certain Gambling Winnings")
# Box 3 in the IRS's words for each kind of wager the Board licenses.
WAGER_TYPES = {
    PayoutGame.BINGO: _("Bingo"),
    PayoutGame.RAFFLE: _("Raffle"),
    PayoutGame.HOLDEM: _("Poker tournament"),
    PayoutGame.MONTECARLO: _("Casino night prize"),
}
# 26 CFR 301.6109-4: a payer may truncate the payee's TIN on the statements it furnishes (Copies B and C of Form
# W-2G); the copy filed with the IRS (Copy A) carries it in full.
TRUNCATION_RULE = "26 CFR 301.6109-4"


@dataclass(frozen=True)
class Box:
    number: str
    key: str  # the CSV's and the API's name for it: stable, the same in every language
    label: str
    money: bool = False

    @property
    def column(self) -> str:
        return f"box_{self.number}_{self.key}"


BOXES = (
    Box("1", "reportable_winnings", _("Reportable winnings"), money=True),
    Box("2", "date_won", _("Date won")),
    Box("3", "type_of_wager", _("Type of wager")),
    Box("4", "federal_income_tax_withheld", _("Federal income tax withheld"), money=True),
    Box("5", "transaction", _("Transaction")),
    Box("6", "race", _("Race")),
    Box("7", "winnings_from_identical_wagers", _("Winnings from identical wagers"), money=True),
    Box("8", "cashier", _("Cashier")),
    Box("9", "winner_tin", _("Winner's taxpayer identification no.")),
    Box("10", "window", _("Window")),
    Box("11", "first_identification", _("First identification")),
    Box("12", "second_identification", _("Second identification")),
    Box("13", "state_payer_state_id", _("State/Payer's state identification no.")),
    Box("14", "state_winnings", _("State winnings"), money=True),
    Box("15", "state_income_tax_withheld", _("State income tax withheld"), money=True),
    Box("16", "local_winnings", _("Local winnings"), money=True),
    Box("17", "local_income_tax_withheld", _("Local income tax withheld"), money=True),
    Box("18", "name_of_locality", _("Name of locality")),
)
BOX = {box.number: box for box in BOXES}


@dataclass(frozen=True)
class Party:
    """The payer or the winner as the form's left-hand boxes show them."""

    name: str
    street: str = ""
    city: str = ""
    state: str = ""
    postal_code: str = ""
    phone: str = ""
    tin: str = ""  # the payer's EIN (12-3456789); the winner's is box 9

    @property
    def place(self) -> str:
        """City or town, state and ZIP code, on one line as the form asks."""
        return ", ".join(part for part in (self.city, f"{self.state} {self.postal_code}".strip()) if part)


@dataclass(frozen=True)
class W2G:
    payout_id: int
    form_number: str
    year: int  # the calendar year the prize was paid in
    paid_on: dt.date
    game: str
    payer: Party
    winner: Party
    boxes: dict[str, object] = field(default_factory=dict)  # by box number: a Decimal, a date, text or None
    tin_full: bool = False  # box 9 holds the full number (a filing person's audited export), not the truncated one
    tin_refused: bool = False  # no number given: backup withholding (box 4)
    backup_withholding: bool = False
    identity_purged: bool = False  # past the retention period: the winner's identity is gone, the amounts stay

    def box(self, number: str):
        return self.boxes[number]


def _initials(user) -> str:
    name = (getattr(user, "full_name", "") or "").split()
    return "".join(part[0] for part in name).upper()[:4]


def w2g_content(payout: Payout, *, tin: str | None = None) -> W2G:
    """The form of a paid payout whose prize is reported (`payout.w2g`). `tin`: the full number, formatted
    123-45-6789, for the audited export; otherwise box 9 is truncated."""
    if not payout.w2g or payout.paid_on is None:
        raise ValueError(f"payout {payout.pk} has no Form W-2G: it is not a paid, reportable prize")
    organization = payout.organization
    payer = Party(name=organization.name, street=organization.street_address, city=organization.city,
                  state=organization.state, postal_code=organization.postal_code, phone=organization.phone,
                  tin=organization.ein)
    identity = payout_identity(payout)
    winner = Party(name=identity.get("name", ""), street=identity.get("street", ""), city=identity.get("city", ""),
                   state=identity.get("state", ""), postal_code=identity.get("postal_code", ""))
    boxes: dict[str, object] = dict.fromkeys(BOX)
    boxes.update({
        "1": payout.reportable,
        "2": payout.won_on,
        "3": WAGER_TYPES[payout.game],
        "4": payout.withheld,
        "5": payout.label,
        # The IRS asks the cashier's initials of bingo's payer only (boxes 6 and 10 are racing's).
        "8": _initials(payout.paid_by) if payout.game == PayoutGame.BINGO and payout.paid_by else "",
        "9": tin if tin else payout.tin_masked,
        "11": identity.get("id_first", ""),
        "12": identity.get("id_second", ""),
    })
    if payout.identical:
        boxes["7"] = payout.identical
    return W2G(payout_id=payout.pk, form_number=payout.form_number, year=payout.paid_on.year, paid_on=payout.paid_on,
               game=payout.game, payer=payer,
               winner=winner, boxes=boxes, tin_full=bool(tin), tin_refused=payout.tin_refused,
               backup_withholding=payout.backup_withholding, identity_purged=payout.identity_purged_at is not None)

