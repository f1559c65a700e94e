"""The schema of an event financial report, one per kind, written once: the named sections of the document
(`Report.data`), each one group of fields or a list of rows, and each field's type, label, choices and default. The
cleaning, the totals, the lines, the diff of two versions and the portal's section forms are all read from it
(the package's docstring says what each kind holds). No database here."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext_lazy

from licensing.licenses.limits import GAME_TYPE_CHOICES

BINGO, RAFFLE, MONTECARLO = "bingo", "raffle", "montecarlo"
KINDS = (BINGO, RAFFLE, MONTECARLO)
MAX_ROWS = 5000  # rows in one section: far above any real operation, a bound on what one request can add
MAX_COUNT = 10_000_000
TEXT_MAX = 200

MONEY, COUNT, TEXT, DATE, TIME, BOOL, CHOICE = "money", "count", "text", "date", "time", "bool", "choice"

CARD_KINDS = GAME_TYPE_CHOICES  # the kinds the caps of 30 DCMR 1402 and 1408 name
PAID_BY = (("cash", gettext_lazy("Cash")), ("check", pgettext_lazy("payment method", "Check")))
# A game's prize, as the payout desk paid it (bingo.live.payouts): also by annuity (a multi-hall prize, 30 DCMR
# 1408.6), or not yet paid when its record was handed over.
GAME_PAID_BY = (*PAID_BY, ("annuity", gettext_lazy("Annuity")), ("unpaid", gettext_lazy("Not yet paid")))
EXPENSE_CATEGORIES = (
    ("supplies", gettext_lazy("Supplies (cards, tickets, equipment)")), ("rent", gettext_lazy("Rent")),
    ("security", gettext_lazy("Security")), ("advertising", gettext_lazy("Advertising")),
    ("multi_hall_pool", gettext_lazy("Multi-hall prize pool")),
    ("multi_hall_services", gettext_lazy("Services for a multi-hall game")), ("bank", gettext_lazy("Bank charges")),
    ("other", gettext_lazy("Other")))
EXPENSE_BASES = (("fixed", gettext_lazy("A fixed amount")),
                 ("share_of_receipts", gettext_lazy("A share of receipts")))
PRIZE_GAMES = (("holdem", gettext_lazy("Texas Hold'em tournament")), ("other", gettext_lazy("Other games")))


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    label: object  # a lazy translation
    choices: tuple = ()
    required: bool = False  # a row is not saved without it
    default: object = None
    # Not needed to save a draft, needed to submit: a figure a live module cannot know, so its prefilled
    # rows come without it (a raffle prize's value: the drawing knows only the winning tickets).
    needed_to_submit: bool = False


@dataclass(frozen=True)
class Section:
    name: str
    label: object
    fields: tuple[Field, ...]
    many: bool = False
    hint: object = ""

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


_l = gettext_lazy


def _expenses(hint):
    return Section("expenses", _l("Expenses"), (
        Field("payee", TEXT, _l("Payee"), required=True),
        Field("category", CHOICE, _l("Category"), EXPENSE_CATEGORIES, required=True, default="other"),
        Field("amount", MONEY, _l("Amount"), required=True),
        # 30 DCMR 1412.4: paid by a numbered check on the bingo account; a check's number is given to submit.
        Field("paid_by", CHOICE, _l("Paid by"), PAID_BY, default="check"),
        Field("check_number", COUNT, _l("Check number")),
        Field("basis", CHOICE, _l("How the amount was set"), EXPENSE_BASES, default="fixed"),
        Field("vendor_license", TEXT, _l("Vendor license number (supplies)")),
        Field("purchase_date", DATE, _l("Purchase date")),
    ), many=True, hint=hint)


DISBURSEMENTS = Section("disbursements", _l("Net proceeds used for the lawful purpose"), (
    Field("date", DATE, _l("Date"), required=True),
    Field("payee", TEXT, _l("Paid to"), required=True),
    Field("purpose", TEXT, _l("Purpose")),
    Field("amount", MONEY, _l("Amount"), required=True),
), many=True)

SCHEMAS: dict[str, tuple[Section, ...]] = {
    BINGO: (
        Section("operation", _l("The operation"), (
            Field("starts_at", TIME, _l("Started at")), Field("ends_at", TIME, _l("Ended at")),
        )),
        Section("admissions", _l("Admissions (30 DCMR 1402.1)"), (
            Field("count", COUNT, _l("Admissions sold"), default=0),
            Field("price", MONEY, _l("Admission price"), default="0.00"),
        )),
        Section("card_sales", _l("Cards sold (30 DCMR 1404.1(h))"), (
            Field("kind", CHOICE, _l("Kind"), CARD_KINDS, required=True, default="regular"),
            Field("count", COUNT, _l("Cards sold"), required=True),
            Field("price", MONEY, _l("Price each"), required=True),
            Field("first_serial", TEXT, _l("First serial number")),
            Field("last_serial", TEXT, _l("Last serial number")),
        ), many=True, hint=_l("Give the serial numbers of special cards.")),
        Section("charity_tickets", _l("Charity game tickets (30 DCMR 1409)"), (
            Field("series", TEXT, _l("Deal or series"), required=True),
            Field("price", MONEY, _l("Price each"), required=True),
            Field("sold", COUNT, _l("Sold"), required=True),
            Field("unsold_returned", COUNT, _l("Unsold, returned"), default=0),
            Field("first_serial", TEXT, _l("First serial number")),
            Field("last_serial", TEXT, _l("Last serial number")),
            Field("prizes_paid", MONEY, _l("Prizes paid"), default="0.00"),
        ), many=True),
        Section("games", _l("Games and prizes (30 DCMR 1408)"), (
            Field("number", COUNT, _l("Game"), required=True),
            Field("game_type", CHOICE, _l("Type"), CARD_KINDS, required=True, default="regular"),
            Field("pattern", TEXT, _l("Pattern")),
            Field("prize", MONEY, _l("Prize"), required=True),
            Field("winners", COUNT, _l("Winners"), default=1),
            Field("paid_by", CHOICE, _l("Paid by"), GAME_PAID_BY, default="cash"),
            Field("check_requested", BOOL, _l("Winner asked for a check"), default=False),
            Field("check_number", TEXT, _l("Check numbers")),  # 30 DCMR 1408.5: each winner's check, from the desk
        ), many=True),
        Section("door_prizes", _l("Door prizes (30 DCMR 1408.11)"), (
            Field("description", TEXT, _l("Door prize"), required=True),
            Field("retail_value", MONEY, _l("Retail value"), required=True),
        ), many=True),
        _expenses(_l("Every expense is paid by a numbered check on the bingo account (30 DCMR 1412.4, 1412.5); "
                     "supplies come from a licensed vendor (30 DCMR 1403.1).")),
        Section("reimbursements", _l("Worker reimbursements (30 DCMR 1412.2)"), (
            Field("worker", TEXT, _l("Worker"), required=True),
            Field("amount", MONEY, _l("Amount"), required=True),
            Field("paid_by", CHOICE, _l("Paid by"), PAID_BY, default="check"),  # 1412.4, like every expense
            Field("check_number", COUNT, _l("Check number")),
        ), many=True, hint=_l("Reimbursements are paid by numbered check on the bingo account, like every expense "
                              "(30 DCMR 1412.4).")),
        Section("deposit", _l("Deposit to the bingo account (30 DCMR 1411.1)"), (
            Field("date", DATE, _l("Deposited on")),
            Field("amount", MONEY, _l("Amount deposited")),
        )),
        DISBURSEMENTS,
        Section("attestation", _l("Attestation"), (
            Field("member_in_charge", TEXT, _l("Member in charge")),
            Field("gross_receipts_member", TEXT, _l("Member responsible for gross receipts")),
            # 30 DCMR 1404.1(e): only US currency is accepted for admissions, cards, supplies and charity game
            # tickets; the organization declares it with the report (licensing.reports.services).
            Field("us_currency", BOOL, _l("Every admission, card, bingo supply and charity game ticket was paid "
                                          "for in US currency (30 DCMR 1404.1(e))"), default=False),
        )),
    ),
    RAFFLE: (
        Section("tickets", _l("Tickets (30 DCMR 1202.2(n))"), (
            Field("first_number", COUNT, _l("First ticket printed")),
            Field("last_number", COUNT, _l("Last ticket printed")),
            Field("sold", COUNT, _l("Sold"), default=0),
            Field("unsold_returned", COUNT, _l("Unsold, returned"), default=0),
            Field("price", MONEY, _l("Price each"), default="0.00"),
        )),
        Section("drawing", _l("The drawing"), (Field("date", DATE, _l("Drawn on")),)),
        # The drawing hands over each prize's winning ticket, in prize order; the organization names the prize
        # and gives its value (licensing.reports.drawings), before it submits.
        Section("prizes", _l("Prizes"), (
            Field("description", TEXT, _l("Prize"), needed_to_submit=True),
            Field("value", MONEY, _l("Value"), needed_to_submit=True),
            Field("winning_ticket", COUNT, _l("Winning ticket")),
        ), many=True),
        _expenses(""),
        DISBURSEMENTS,
        Section("attestation", _l("Attestation"), (Field("officer", TEXT, _l("Officer attesting")),)),
    ),
    MONTECARLO: (
        Section("attendance", _l("Attendance and admissions (30 DCMR 1603.3)"), (
            Field("participants", COUNT, _l("Participants"), default=0),
            Field("admissions", COUNT, _l("Admissions paid"), default=0),
            Field("admission_price", MONEY, _l("Admission price"), default="0.00"),
        )),
        Section("chips", _l("Chips issued per participant (30 DCMR 1603.6, 1603.8)"), (
            Field("participant", TEXT, _l("Participant"), required=True),
            Field("chips", COUNT, _l("Chips issued"), required=True),
        ), many=True),
        Section("prizes", _l("Prizes awarded (30 DCMR 1603.26)"), (
            Field("participant", TEXT, _l("Winner"), required=True),
            Field("description", TEXT, _l("Prize")),
            Field("value", MONEY, _l("Value"), required=True),
            Field("game", CHOICE, _l("Won at"), PRIZE_GAMES, default="other"),
            Field("date", DATE, _l("Date")),
        ), many=True),
        _expenses(""),
        DISBURSEMENTS,
        Section("attestation", _l("Attestation"), (Field("officer", TEXT, _l("Officer attesting")),)),
    ),
}

# Report kind of each license type that files event reports.
KIND_OF_LICENSE_TYPE = {"bingo": BINGO, "raffle": RAFFLE, "montecarlo": MONTECARLO}


def sections(kind: str) -> tuple[Section, ...]:
    return SCHEMAS[kind]


def section(kind: str, name: str) -> Section:
    for found in SCHEMAS[kind]:
        if found.name == name:
            return found
    raise KeyError(name)


def _default(field: Field):
    return field.default


def blank_row(section_: Section) -> dict:
    return {f.name: _default(f) for f in section_.fields}


def blank(kind: str) -> dict:
    """An empty report of the kind: every one-group section with its defaults, every list empty."""
    data: dict = {"corrections": {}}
    for found in SCHEMAS[kind]:
        data[found.name] = [] if found.many else blank_row(found)
    return data
