"""What an event financial report holds, one schema per kind, and the pure functions over it.

A report's content is one JSON document (`Report.data`): named sections, each either one group of fields
(`admissions`, `deposit`, ...) or a list of rows (`games`, `expenses`, ...). Amounts are strings with two
decimals ("12.50"), counts are integers, dates ISO strings. The schema below drives the cleaning (every
error keyed by the path it concerns, "games.3.prize"), the totals the dashboards add up, the lines a
submitted report is queried by, the diff of two versions and the portal's section forms, so the shape of
a report is written once.

- Bingo operation (30 DCMR 1404.1(h), 1405.1, 1407-1413): admissions, cards by kind with the serial ranges
  of special cards, charity game tickets sold and returned (1409), every game, door prizes (1408.11),
  expenses paid by check on the bingo account (1412.4, 1412.5), supplies from a licensed vendor (1403.1),
  worker reimbursements (1412.2), the deposit (1411.1), disbursements (1411.3), attestation.
- Raffle (1202.2(n), 1506.4): tickets printed, sold and returned, each prize with its winning ticket.
- Monte Carlo Night (1603.6, 1603.8, 1603.26, 1608.4): attendance and admissions, chips issued per
  participant, prizes with values.

No database here."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.money import money_value
from licensing.licenses.limits import GAME_TYPE_CHOICES

BINGO, RAFFLE, MONTECARLO = "bingo", "raffle", "montecarlo"
KINDS = (BINGO, RAFFLE, MONTECARLO)
ZERO = Decimal("0.00")
MAX_ROWS = 5000  # rows in one section: far above any real operation, a bound on what one request can add
MAX_COUNT = 10_000_000
TEXT_MAX = 200

MONEY, COUNT, TEXT, DATE, TIME, BOOL, CHOICE = "money", "count", "text", "date", "time", "bool", "choice"

CARD_KINDS = GAME_TYPE_CHOICES  # the kinds the caps of 30 DCMR 1402 and 1408 name
PAID_BY = (("cash", gettext_lazy("Cash")), ("check", pgettext_lazy("payment method", "Check")))
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
            Field("paid_by", CHOICE, _l("Paid by"), PAID_BY, default="cash"),
            Field("check_requested", BOOL, _l("Winner asked for a check"), default=False),
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


# --- cleaning ---


class _Errors:
    def __init__(self):
        self.by_path: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.by_path.setdefault(path, []).append(str(message))


def _clean_text(value, path: str, errors: _Errors) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        errors.add(path, _("Enter text."))
        return ""
    if "\x00" in value:
        errors.add(path, _("The text holds a NUL character, which no text can hold."))
        return ""
    value = value.strip()
    if len(value) > TEXT_MAX:
        errors.add(path, _("At most %(max)s characters.") % {"max": TEXT_MAX})
    return value


def _clean_count(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        errors.add(path, _("Enter a whole number."))
        return None
    if isinstance(value, str):
        text = value.strip()
        if not text.isascii() or not text.isdigit():
            errors.add(path, _("Write the number with the digits 0 to 9.") if any(c.isdigit() for c in text)
                       and not text.isascii() else _("Enter a whole number, 0 or more."))
            return None
        value = int(text)
    if not isinstance(value, int) or value < 0:
        errors.add(path, _("Enter a whole number, 0 or more."))
        return None
    if value > MAX_COUNT:
        errors.add(path, _("At most %(max)s.") % {"max": f"{MAX_COUNT:,}"})
        return None
    return value


def _clean_money(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    try:
        return format(money_value(value), "f")
    except ValidationError as exc:
        errors.add(path, exc.messages[0])
        return None


def _clean_date(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, dt.date):
        value = value.isoformat()
    if not isinstance(value, str) or not value.isascii() or len(value) != 10:
        errors.add(path, _("Enter a date as YYYY-MM-DD."))
        return None
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        errors.add(path, _("Enter a real date as YYYY-MM-DD."))
        return None
    if not 2000 <= day.year <= 2999:
        errors.add(path, _("Enter a date between the years 2000 and 2999."))
        return None
    return day.isoformat()


def _clean_time(value, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    if isinstance(value, dt.time):
        value = value.strftime("%H:%M")
    if not isinstance(value, str) or not value.isascii() or len(value) not in (5, 8):
        errors.add(path, _("Enter a time as HH:MM."))
        return None
    try:
        return dt.time.fromisoformat(value).strftime("%H:%M")
    except ValueError:
        errors.add(path, _("Enter a real time as HH:MM."))
        return None


def _clean_bool(value, path: str, errors: _Errors) -> bool:
    if value in (None, ""):
        return False
    if isinstance(value, bool):
        return value
    if value in ("true", "on", "1", 1):
        return True
    if value in ("false", "off", "0", 0):
        return False
    errors.add(path, _("Answer true or false."))
    return False


def _clean_choice(value, field: Field, path: str, errors: _Errors):
    if value in (None, ""):
        return None
    allowed = [key for key, _label in field.choices]
    if value not in allowed:
        errors.add(path, _("Choose one of: %(choices)s.") % {"choices": ", ".join(allowed)})
        return None
    return value


CLEANERS = {TEXT: _clean_text, COUNT: _clean_count, MONEY: _clean_money, DATE: _clean_date, TIME: _clean_time,
            BOOL: _clean_bool}


def _clean_group(section_: Section, raw, path: str, errors: _Errors, *, row: bool) -> dict:
    if not isinstance(raw, dict):
        errors.add(path, _("Give this part as an object of named fields."))
        return blank_row(section_)
    unknown = sorted(set(raw) - {f.name for f in section_.fields})
    for name in unknown:
        errors.add(f"{path}.{name}", _("No such field in this part of the report."))
    cleaned = {}
    for field in section_.fields:
        value = raw.get(field.name, _default(field))
        where = f"{path}.{field.name}"
        if field.type == CHOICE:
            cleaned[field.name] = _clean_choice(value, field, where, errors)
        else:
            cleaned[field.name] = CLEANERS[field.type](value, where, errors)
        if row and field.required and cleaned[field.name] in (None, ""):
            errors.add(where, _("This field is required."))
    return cleaned


def missing_at_submission(kind: str, data: dict) -> list[str]:
    """The paths of the figures a draft may lack and a submitted report may not ("prizes.2.value")."""
    missing = []
    for found in SCHEMAS[kind]:
        needed = [f.name for f in found.fields if f.needed_to_submit]
        if not needed:
            continue
        rows = data.get(found.name) or []
        for index, row in enumerate(rows if found.many else [rows], start=1):
            where = f"{found.name}.{index}" if found.many else found.name
            missing += [f"{where}.{name}" for name in needed if row.get(name) in (None, "")]
    return missing


def clean(kind: str, raw) -> dict:
    """The report document, cleaned; a ValidationError keyed by each bad path ("games.3.prize") otherwise.
    A missing section is its blank; an unknown one is refused."""
    if kind not in SCHEMAS:
        raise ValueError(f"no report of kind {kind!r}")
    errors = _Errors()
    if not isinstance(raw, dict):
        raise ValidationError({"data": [_("Give the report as an object of named parts.")]})
    known = {s.name for s in SCHEMAS[kind]} | {"corrections"}
    for name in sorted(set(raw) - known):
        errors.add(name, _("No such part in this report."))
    data: dict = {}
    for found in SCHEMAS[kind]:
        value = raw.get(found.name, [] if found.many else {})
        if not found.many:
            data[found.name] = _clean_group(found, value, found.name, errors, row=False)
            continue
        if not isinstance(value, list):
            errors.add(found.name, _("Give this part as a list of rows."))
            data[found.name] = []
            continue
        if len(value) > MAX_ROWS:
            errors.add(found.name, _("At most %(max)s rows.") % {"max": MAX_ROWS})
            value = value[:MAX_ROWS]
        data[found.name] = [_clean_group(found, row, f"{found.name}.{index}", errors, row=True)
                            for index, row in enumerate(value, start=1)]
    data["corrections"] = _clean_corrections(raw.get("corrections", {}), errors)
    if errors.by_path:
        raise ValidationError(errors.by_path)
    return data


def _clean_corrections(raw, errors: _Errors) -> dict:
    """{path: reason}: why a figure the live module recorded was changed."""
    if raw in (None, ""):
        return {}
    if not isinstance(raw, dict):
        errors.add("corrections", _("Give the corrections as an object of path: reason."))
        return {}
    cleaned = {}
    for path, reason in raw.items():
        if not isinstance(path, str) or len(path) > 100 or "\x00" in path:
            errors.add("corrections", _("A correction names the figure it corrects, such as games.3.prize."))
            continue
        text = _clean_text(reason, f"corrections.{path}", errors)
        if text:
            cleaned[path] = text
    return cleaned


# --- reading a cleaned document ---


def amount(value) -> Decimal:
    return Decimal(value) if value not in (None, "") else ZERO


def count(value) -> int:
    return value or 0


def _sum(rows, key) -> Decimal:
    return sum((amount(row.get(key)) for row in rows), ZERO)


@dataclass(frozen=True)
class Totals:
    handle: Decimal  # 30 DCMR 9900: bingo card sales only (see handle()); the 1400.9(e) shares are of it
    charity_tickets: Decimal  # charity game tickets sold (1409): a receipt, not handle, reported as its own line
    charity_ticket_prizes: Decimal  # the prizes those tickets paid
    gross_receipts: Decimal  # every receipt of the event (9900, 1411.1): the handle and the charity tickets
    prizes: Decimal  # cash prizes, charity ticket prizes and the retail value of door prizes / prize values
    cash_prizes: Decimal  # prizes paid in cash out of receipts (what 1411.1 lets the deposit leave out)
    expenses: Decimal  # expenses and worker reimbursements
    net_proceeds: Decimal  # gross receipts less prizes and expenses: what the lawful purpose is owed
    disbursed: Decimal  # what the report shows paid to the lawful purpose

    def as_dict(self) -> dict[str, Decimal]:
        return dict(self.__dict__)


def handle(kind: str, data: dict) -> Decimal:
    """The handle, the one place it is computed. 30 DCMR 9900: "the gross receipts from the sale of all bingo
    cards, including regular, extra regular, special and multi-hall cards": the admissions (each sells the regular
    card, 1402.1) and every card sold; not charity game tickets (1409), which are receipts reported as their own
    line. The definition names bingo cards only; a raffle's or a Monte Carlo Night's handle is what its players
    paid to play (tickets sold, admissions), so the Board's shares of every kind read alike."""
    if kind == BINGO:
        admissions = amount(data["admissions"]["price"]) * count(data["admissions"]["count"])
        return admissions + sum((amount(r["price"]) * count(r["count"]) for r in data["card_sales"]), ZERO)
    if kind == RAFFLE:
        return amount(data["tickets"]["price"]) * count(data["tickets"]["sold"])
    return amount(data["attendance"]["admission_price"]) * count(data["attendance"]["admissions"])


def charity_ticket_sales(data: dict) -> Decimal:
    """What the charity game tickets sold took in (1404.1(h) counts them apart from the cards)."""
    return sum((amount(r["price"]) * count(r["sold"]) for r in data.get("charity_tickets", [])), ZERO)


def totals(kind: str, data: dict) -> Totals:
    """The computed figures of a cleaned report."""
    expenses = _sum(data.get("expenses", []), "amount") + _sum(data.get("reimbursements", []), "amount")
    disbursed = _sum(data.get("disbursements", []), "amount")
    tickets, ticket_prizes = ZERO, ZERO
    if kind == BINGO:
        tickets, ticket_prizes = charity_ticket_sales(data), _sum(data["charity_tickets"], "prizes_paid")
        cash_prizes = _sum(data["games"], "prize") + ticket_prizes
        prizes = cash_prizes + _sum(data["door_prizes"], "retail_value")
    else:
        cash_prizes = prizes = _sum(data["prizes"], "value")
    played = handle(kind, data)
    gross = played + tickets
    return Totals(handle=played, charity_tickets=tickets, charity_ticket_prizes=ticket_prizes, gross_receipts=gross,
                  prizes=prizes, cash_prizes=cash_prizes, expenses=expenses, net_proceeds=gross - prizes - expenses,
                  disbursed=disbursed)


def flatten(data: dict, kind: str) -> dict[str, object]:
    """Every figure of the document by path: "admissions.count", "games.3.prize" (rows count from 1).
    A record holds only the parts, and in them only the fields, its module recorded: the others are no
    figure of it (a cleaned report holds every field)."""
    flat: dict[str, object] = {}
    for found in SCHEMAS[kind]:
        if found.name not in data:
            continue
        value = data.get(found.name)
        if found.many:
            for index, row in enumerate(value or [], start=1):
                for field in found.fields:
                    if field.name in row:
                        flat[f"{found.name}.{index}.{field.name}"] = row[field.name]
        else:
            for field in found.fields:
                if field.name in (value or {}):
                    flat[f"{found.name}.{field.name}"] = value[field.name]
    return flat


def diff(kind: str, old: dict, new: dict) -> list[dict]:
    """What changed between two versions, path by path, in schema order: [{path, old, new}]."""
    before, after = flatten(old, kind), flatten(new, kind)
    paths = list(before) + [p for p in after if p not in before]
    changes = [{"path": p, "old": before.get(p), "new": after.get(p)} for p in paths
               if before.get(p) != after.get(p)]
    old_reasons, new_reasons = old.get("corrections", {}), new.get("corrections", {})
    for path in sorted(set(old_reasons) | set(new_reasons)):
        if old_reasons.get(path) != new_reasons.get(path):
            changes.append({"path": f"corrections.{path}", "old": old_reasons.get(path),
                            "new": new_reasons.get(path)})
    return changes


def corrected_figures(kind: str, recorded: dict, data: dict) -> list[dict]:
    """The figures the live module recorded that the report changes: [{path, recorded, reported, reason}].
    Only paths the record holds count; a row the organization added is no correction."""
    if not recorded:
        return []
    held, reported = flatten(recorded, kind), flatten(data, kind)
    reasons = data.get("corrections", {})
    return [{"path": path, "recorded": value, "reported": reported.get(path), "reason": reasons.get(path, "")}
            for path, value in held.items() if reported.get(path) != value]


def label_of(kind: str, path: str) -> str:
    """A path in words: "Games, row 3: Prize"."""
    parts = path.split(".")
    try:
        found = section(kind, parts[0])
    except KeyError:
        return path
    if found.many and len(parts) == 3 and parts[1].isdigit():
        try:
            return _("%(section)s, row %(row)s: %(field)s") % {
                "section": found.label, "row": parts[1], "field": found.field(parts[2]).label}
        except StopIteration:
            return path
    if not found.many and len(parts) == 2:
        try:
            return f"{found.label}: {found.field(parts[1]).label}"
        except StopIteration:
            return path
    return str(found.label)


# --- lines: a submitted report's rows as the database queries them ---

LINE_SECTIONS = {"card_sales", "charity_tickets", "games", "door_prizes", "expenses", "reimbursements",
                 "disbursements", "prizes", "chips"}
_LINE_AMOUNT = {"card_sales": "price", "charity_tickets": "price", "games": "prize", "door_prizes": "retail_value",
                "expenses": "amount", "reimbursements": "amount", "disbursements": "amount", "prizes": "value"}
_LINE_QUANTITY = {"card_sales": "count", "charity_tickets": "sold", "games": "winners", "chips": "chips"}
_LINE_TEXT = {"card_sales": "kind", "charity_tickets": "series", "games": "pattern", "door_prizes": "description",
              "expenses": "payee", "reimbursements": "worker", "disbursements": "payee", "prizes": "description",
              "chips": "participant"}
_LINE_DATE = {"expenses": "purchase_date", "disbursements": "date", "prizes": "date"}


@dataclass(frozen=True)
class Line:
    section: str
    position: int
    description: str
    category: str
    amount: Decimal
    quantity: int | None
    on_date: dt.date | None
    vendor_license: str
    data: dict


def lines(kind: str, data: dict) -> list[Line]:
    found: list[Line] = []
    for section_ in SCHEMAS[kind]:
        if section_.name not in LINE_SECTIONS:
            continue
        for position, row in enumerate(data.get(section_.name, []), start=1):
            on = row.get(_LINE_DATE.get(section_.name, ""))
            found.append(Line(
                section=section_.name, position=position,
                description=(row.get(_LINE_TEXT[section_.name]) or "")[:TEXT_MAX],
                category=row.get("category") or row.get("game_type") or row.get("game") or "",
                amount=amount(row.get(_LINE_AMOUNT.get(section_.name, ""))),
                quantity=row.get(_LINE_QUANTITY.get(section_.name, "")),
                on_date=dt.date.fromisoformat(on) if on else None,
                vendor_license=(row.get("vendor_license") or "").upper(),
                data=row))
    return found
