"""The compliance checks of an event financial report, each a Finding with its 30 DCMR citation.

Pure functions over the cleaned report document (licensing.reports.content) and plain facts that
licensing.reports.checks reads from the database. No finding blocks anything: a report says what
happened, and the organization (before it submits) and the Board (after) read what the rules make of it.
Each finding's `field` is the path of the figure it concerns ("games.3.prize", "expenses.12.check_number").

Readings where the text leaves room:
- Prize caps (1408.1-1408.3) count the games' prizes; door prizes (1408.11) and charity game ticket
  prizes (1409) are not bingo game prizes. A game's `prize` is what the game paid, all winners together.
- 1408.5 is read per winner: a winner's share is the game's prize divided among its winners.
- 1412.4 needs a check for every expense but bank charges, which the bank takes from the account, and for every
  worker reimbursement (1412.2 reimburses an expense). A row says how it was paid; a check's number is given before
  the report is submitted (licensing.reports.services); a row paid in cash is a finding.
  Two rows with one check number are one check split over two lines if they name one payee (1412.5
  otherwise). A payee of "cash" or "bearer" names nobody (1412.5).
- 1403.1: a seller's license number is looked up; a vendor's license must be in force on the purchase
  date; an organization's number stands for the organization, which must have held a license in force at
  some time in the window before the sale (12 months, the register's bingo.supply_seller_licensed_months).
- 1603.8: every participant is issued the same chips (our design, the simplest way to meet it); the most
  usual count is the norm and every other row a finding.
- Hold'em prizes (1603.26) add up per player (by name, core.people.name_key) per day (a row's date, else
  the event's).

Judged by the rules in force on the event date: every cap, count and number of days is the Board's register's
(licensing.register.values), and `report_rules` reads them as of the report's event date, whenever it runs (a
Hold'em prize by the cap of its own day). A rule function called alone reads the day set by `values.as_of`, else
today."""

from __future__ import annotations

import calendar
import datetime as dt
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from itertools import pairwise

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.findings import Finding
from core.people import name_key
from licensing.licenses import limits
from licensing.licenses.limits import money
from licensing.models.choices import ORGANIZATION_LICENSE_TYPE_VALUES
from licensing.register import values as register
from licensing.reports.content import schema
from licensing.reports.content.totals import amount
from licensing.reports.content.totals import totals as report_totals
from licensing.reports.deadlines import report_days

PROCEEDS_RULES = {schema.BINGO: "30 DCMR 1411.3", schema.RAFFLE: "30 DCMR 1506.4",
                  schema.MONTECARLO: "30 DCMR 1608.4"}
NO_CHECK_CATEGORIES = frozenset({"bank"})  # taken by the bank from the account, not paid by check
# 30 DCMR 1412.3 excepts payments of a percentage of the gross receipts "to provide a combined prize pool for, or to
# compensate services rendered in connection with, a multi-hall bingo game".
POOL_CATEGORIES = frozenset({"multi_hall_pool", "multi_hall_services"})
NOBODY = frozenset({"cash", "bearer", "cash bearer"})  # payees that name no one (1412.5)
ORGANIZATION_LICENSE_TYPES = ORGANIZATION_LICENSE_TYPE_VALUES  # every license but a vendor's (1403.1's "organization")
SUPPLIES = "supplies"


def _finding(rule: str, message: str, path: str) -> Finding:
    return Finding(rule, message, field=path, blocking=False)


SECTION_NAMES = {
    # Short names, without the citations the portal's section titles carry: the finding cites its own rule.
    "card_sales": gettext_lazy("Cards sold"), "expenses": gettext_lazy("Expenses"),
    "reimbursements": gettext_lazy("Worker reimbursements"), "disbursements": gettext_lazy("Net proceeds used"),
    "chips": gettext_lazy("Chips"), "prizes": gettext_lazy("Prizes")}


def _row(section: str, index: int) -> str:
    """A row in words, "Expenses, row 12": built only for a finding (a clean row of 500 costs no translation)."""
    return _("%(section)s, row %(row)s") % {"section": SECTION_NAMES[section], "row": index}


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _time(value: str | None) -> dt.time | None:
    return dt.time.fromisoformat(value) if value else None


# --- 30 DCMR 1402: admission and card prices ---


def admission_price(admissions: dict, license_class: str) -> list[Finding]:
    """30 DCMR 1402.1 / 1402.2: the admission, with its regular card."""
    cap, rule = limits.card_price_cap(limits.REGULAR, license_class)
    price = amount(admissions.get("price"))
    if price <= cap:
        return []
    return [_finding(rule, _("Admissions: the admission price %(price)s is over the %(cap)s a Class %(cls)s "
                             "operation may charge (%(rule)s).") % {
        "price": money(price), "cap": money(cap), "cls": license_class, "rule": rule}, "admissions.price")]


def card_prices(card_sales: list[dict], license_class: str) -> list[Finding]:
    """30 DCMR 1402.1-1402.6: each kind of card sold, by class."""
    findings = []
    for index, row in enumerate(card_sales, start=1):
        found = limits.card_price_cap(row["kind"], license_class)
        price = amount(row.get("price"))
        if found is None or found[0] is None or price <= found[0]:
            continue
        cap, rule = found
        findings.append(_finding(rule, _(
            "%(row)s: the %(kind)s card price %(price)s is over the %(cap)s a Class %(cls)s operation may charge "
            "(%(rule)s).") % {"row": _row("card_sales", index), "kind": limits.game_type_label(row["kind"]),
                              "price": money(price), "cap": money(cap), "cls": license_class, "rule": rule},
            f"card_sales.{index}.price"))
    return findings


# --- 30 DCMR 1408, 1405.19/1405.21: prizes and early birds ---


def _plans(games: list[dict]) -> list[limits.GamePlan]:
    return [limits.GamePlan(number=row["number"], game_type=row["game_type"], card_price=Decimal("0"),
                            prize=amount(row["prize"])) for row in games]  # all three required in a row


def game_prizes(games: list[dict], license_class: str, period: str) -> list[Finding]:
    """30 DCMR 1408.1-1408.3: each game's prize, and the operation's (1408.2: no cap in a limited period;
    1408.1 excepts multi-hall games)."""
    plans = _plans(games)
    findings = []
    for index, plan in enumerate(plans, start=1):
        findings += [replace(f, field=f"games.{index}.prize", blocking=False)
                     for f in limits.game_prize(plan, license_class, period)]
    findings += [replace(f, field="games", blocking=False)
                 for f in limits.operation_prizes(plans, license_class, period)]
    return findings


def early_bird_games(games: list[dict], period: str) -> list[Finding]:
    """30 DCMR 1405.19 (regular), 1405.21 (limited period): at most six early-bird games."""
    return [replace(f, field="games", blocking=False) for f in limits.early_birds(_plans(games), period)]


def prizes_by_check(games: list[dict]) -> list[Finding]:
    """30 DCMR 1408.5: a prize over $10 is paid by check when the winner asks."""
    findings = []
    limit = limits.check_on_request_over()
    for index, row in enumerate(games, start=1):
        share = amount(row.get("prize")) / max(row.get("winners") or 1, 1)
        if row.get("check_requested") and row.get("paid_by") != "check" and share > limit:
            findings.append(_finding("30 DCMR 1408.5", _(
                "Game %(number)s: the winner asked for a check, and a prize over %(limit)s is then paid by check; "
                "this one, %(share)s a winner, was not (30 DCMR 1408.5).") % {
                "number": row.get("number") or index, "limit": money(limit),
                "share": money(share)}, f"games.{index}.paid_by"))
    return findings


# --- 30 DCMR 1412: expenses ---


def worker_reimbursements(rows: list[dict]) -> list[Finding]:
    """30 DCMR 1412.2: at most $15 per worker per occasion, every row of the same worker added up."""
    totals: dict[str, Decimal] = {}
    names: dict[str, str] = {}  # each worker as first written
    findings = []
    cap = limits.worker_reimbursement_cap()
    for index, row in enumerate(rows, start=1):
        key = name_key(row.get("worker"))
        names.setdefault(key, row["worker"])
        before = totals.get(key, Decimal("0"))
        totals[key] = before + amount(row.get("amount"))
        if before <= cap < totals[key]:  # once per worker, where the cap is passed
            findings.append(_finding("30 DCMR 1412.2", _(
                "%(row)s: %(worker)s is reimbursed %(total)s for this operation; a worker is reimbursed at most "
                "%(cap)s per occasion (30 DCMR 1412.2).") % {
                "row": _row("reimbursements", index), "worker": names[key],
                "total": money(totals[key]), "cap": money(cap)},
                f"reimbursements.{index}.amount"))
    return findings


def no_share_of_receipts(expenses: list[dict]) -> list[Finding]:
    """30 DCMR 1412.3: no expense set as a percentage of gross or net receipts, but a multi-hall game's prize pool
    or the services rendered for a multi-hall game."""
    return [_finding("30 DCMR 1412.3", _(
        "%(row)s: %(payee)s is paid a share of the receipts; no expense is based on a percentage of the gross or "
        "net receipts, except for a multi-hall game's prize pool or services (30 DCMR 1412.3).") % {
        "row": _row("expenses", index), "payee": row["payee"]}, f"expenses.{index}.basis")
        for index, row in enumerate(expenses, start=1)
        if row.get("basis") == "share_of_receipts" and row.get("category") not in POOL_CATEGORIES]


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


def checks_numbered(expenses: list[dict]) -> list[Finding]:
    """30 DCMR 1412.4: expenses are paid only by consecutively numbered checks on the bingo account."""
    findings = []
    first_row: dict[int, int] = {}
    for index, row in enumerate(expenses, start=1):
        if row.get("category") in NO_CHECK_CATEGORIES:
            continue
        number = row.get("check_number")
        if row.get("paid_by") == "cash":
            findings.append(_paid_in_cash("expenses", index, row["payee"], row.get("amount")))
            continue
        if number is None:
            findings.append(_finding("30 DCMR 1412.4", _(
                "%(row)s: %(payee)s, %(amount)s, has no check number; expenses are paid only by numbered checks on "
                "the bingo account (30 DCMR 1412.4).") % {
                "row": _row("expenses", index), "payee": row["payee"],
                "amount": money(amount(row.get("amount")))}, f"expenses.{index}.check_number"))
            continue
        first_row.setdefault(number, index)
    numbers = sorted(first_row)
    for previous, number in pairwise(numbers):
        if number != previous + 1:
            missing = list(range(previous + 1, number))
            findings.append(_finding("30 DCMR 1412.4", ngettext(
                "%(row)s: check %(number)s follows check %(previous)s, so check %(missing)s is not accounted for; "
                "checks are numbered consecutively (30 DCMR 1412.4).",
                "%(row)s: check %(number)s follows check %(previous)s, so checks %(missing)s are not accounted for; "
                "checks are numbered consecutively (30 DCMR 1412.4).", len(missing)) % {
                "row": _row("expenses", first_row[number]), "number": number, "previous": previous,
                "missing": _span(missing)}, f"expenses.{first_row[number]}.check_number"))
    return findings


CHECK_RULE = "30 DCMR 1412.4"


def _paid_in_cash(section: str, index: int, payee: str, paid) -> Finding:
    return _finding(CHECK_RULE, _(
        "%(row)s: %(payee)s, %(amount)s, was paid in cash; expenses and reimbursements are paid only by numbered "
        "checks on the bingo account (30 DCMR 1412.4).") % {
        "row": _row(section, index), "payee": payee, "amount": money(amount(paid))}, f"{section}.{index}.paid_by")


def reimbursements_by_check(rows: list[dict]) -> list[Finding]:
    """30 DCMR 1412.4: a worker's reimbursement (1412.2) is an expense like any other, paid by numbered check."""
    findings = []
    for index, row in enumerate(rows, start=1):
        if row.get("paid_by") == "cash":
            findings.append(_paid_in_cash("reimbursements", index, row["worker"], row.get("amount")))
        elif row.get("check_number") is None:
            findings.append(_finding(CHECK_RULE, _(
                "%(row)s: %(worker)s, %(amount)s, has no check number; reimbursements are paid only by numbered "
                "checks on the bingo account (30 DCMR 1412.4).") % {
                "row": _row("reimbursements", index), "worker": row["worker"],
                "amount": money(amount(row.get("amount")))}, f"reimbursements.{index}.check_number"))
    return findings


def checks_without_number(data: dict) -> list[str]:
    """The paths of the rows said to be paid by check that give no check number ("expenses.2.check_number"):
    30 DCMR 1412.4 has a bingo report give each check's number before it is submitted. Bank charges are no
    check (the bank takes them)."""
    missing = []
    for section in ("expenses", "reimbursements"):
        for index, row in enumerate(data.get(section, []), start=1):
            if row.get("category") in NO_CHECK_CATEGORIES or row.get("paid_by") == "cash":
                continue
            if row.get("check_number") is None:
                missing.append(f"{section}.{index}.check_number")
    return missing


def checks_to_payees(expenses: list[dict]) -> list[Finding]:
    """30 DCMR 1412.5: every check is payable to the specific payee that provided the goods or services."""
    findings = []
    payee_of: dict[int, tuple[str, int, str]] = {}
    for index, row in enumerate(expenses, start=1):
        payee, number = (row.get("payee") or "").strip(), row.get("check_number")
        key = name_key(payee)
        if not key or key in NOBODY:
            values = {"row": _row("expenses", index), "amount": money(amount(row.get("amount"))), "payee": payee}
            findings.append(_finding("30 DCMR 1412.5", (_(
                "%(row)s: the expense of %(amount)s is payable to %(payee)s, not to a named payee; each check is "
                "payable to the specific payee that provided the goods or services (30 DCMR 1412.5).") if key else _(
                "%(row)s: the expense of %(amount)s names no payee; each check is payable to the specific payee that "
                "provided the goods or services (30 DCMR 1412.5).")) % values, f"expenses.{index}.payee"))
            continue
        if number is None:
            continue
        seen = payee_of.setdefault(number, (key, index, payee))
        if seen[0] != key:
            findings.append(_finding("30 DCMR 1412.5", _(
                "%(row)s: check %(number)s is also written to %(other)s (row %(other_row)s); a check is payable to "
                "the one payee it pays (30 DCMR 1412.5).") % {
                "row": _row("expenses", index), "number": number, "other": seen[2], "other_row": seen[1]},
                f"expenses.{index}.check_number"))
    return findings


# --- 30 DCMR 1411.1, 1411.3, 1506.4, 1608.4: the money afterwards ---


def deposit_on_time(deposit: dict, *, due: dt.date | None, required: Decimal, as_of: dt.date) -> list[Finding]:
    """30 DCMR 1411.1: the gross receipts less cash prizes, deposited in the bingo account by the end of the
    next business day. `due` is None where nothing is deposited (Class D)."""
    if due is None:
        return []
    on = _date(deposit.get("date"))
    if on is None:
        if as_of <= due:
            return []  # still to be made
        return [_finding("30 DCMR 1411.1", _(
            "Deposit: no deposit to the bingo account is reported; %(amount)s was due by the end of %(due)s, the "
            "next business day after the operation (30 DCMR 1411.1).") % {
            "amount": money(required), "due": due.isoformat()}, "deposit.date")]
    findings = []
    if on > due:
        findings.append(_finding("30 DCMR 1411.1", _(
            "Deposit: deposited on %(date)s, after %(due)s; the receipts are deposited by the end of the next "
            "business day after the operation (30 DCMR 1411.1).") % {"date": on.isoformat(), "due": due.isoformat()},
            "deposit.date"))
    deposited = amount(deposit.get("amount"))
    if deposited < required:
        findings.append(_finding("30 DCMR 1411.1", _(
            "Deposit: %(deposited)s deposited; the gross receipts less cash prizes, %(required)s, are all deposited "
            "in the bingo account (30 DCMR 1411.1).") % {"deposited": money(deposited), "required": money(required)},
            "deposit.amount"))
    return findings


def proceeds_used(disbursements: list[dict], *, kind: str, event_date: dt.date, used_by: dt.date | None,
                  net_proceeds: Decimal, as_of: dt.date) -> list[Finding]:
    """30 DCMR 1411.3 (bingo, 30 days), 1506.4 (raffle, 30 days after the drawing), 1608.4 (Monte Carlo Night,
    10 days): the net proceeds used for the lawful purpose in time. Each payment after the date is a finding,
    and so is a shortfall once the date has passed."""
    if used_by is None:
        return []
    rule, days = PROCEEDS_RULES[kind], (used_by - event_date).days
    event = {schema.BINGO: _("operation"), schema.RAFFLE: _("drawing"),
             schema.MONTECARLO: _("Monte Carlo Night")}[kind]
    findings, in_time = [], Decimal("0")
    for index, row in enumerate(disbursements, start=1):
        on = _date(row.get("date"))
        if on is not None and on > used_by:
            findings.append(_finding(rule, _(
                "%(row)s: %(amount)s paid to %(payee)s on %(date)s, after %(by)s; the net proceeds are used within "
                "%(days)s days of the %(event)s (%(rule)s).") % {
                "row": _row("disbursements", index), "amount": money(amount(row.get("amount"))),
                "payee": row["payee"], "date": on.isoformat(), "by": used_by.isoformat(), "days": days,
                "event": event, "rule": rule}, f"disbursements.{index}.date"))
        elif on is not None:
            in_time += amount(row.get("amount"))
    if as_of > used_by and in_time < net_proceeds:
        findings.append(_finding(rule, _(
            "Net proceeds used: %(used)s of the net proceeds of %(net)s were used for the lawful purpose by %(by)s, "
            "%(days)s days after the %(event)s (%(rule)s).") % {
            "used": money(in_time), "net": money(net_proceeds), "by": used_by.isoformat(), "days": days,
            "event": event, "rule": rule}, "disbursements"))
    return findings


# --- 30 DCMR 1403.1: supplies from a licensed seller ---


@dataclass(frozen=True)
class LicenseRecord:
    """A license as the day of a sale reads it: its term, the suspensions it served, its revocation."""

    number: str
    license_type: str
    effective_on: dt.date
    expires_on: dt.date
    suspensions: tuple[tuple[dt.date, dt.date], ...] = ()
    revoked_on: dt.date | None = None  # the day the revocation took effect: not in force from then on


def in_force_spans(record: LicenseRecord) -> list[tuple[dt.date, dt.date]]:
    """The days the license was in force, as (first, last) spans: its term, less its suspensions, ending the
    day before a revocation."""
    last = record.expires_on
    if record.revoked_on is not None:
        last = min(last, record.revoked_on - dt.timedelta(days=1))
    spans, start = [], record.effective_on
    for begins, ends in sorted(record.suspensions):
        if begins > start:
            spans.append((start, min(begins - dt.timedelta(days=1), last)))
        start = max(start, ends + dt.timedelta(days=1))
    spans.append((start, last))
    return [(first, final) for first, final in spans if first <= final]


def in_force_between(record: LicenseRecord, first: dt.date, last: dt.date) -> bool:
    return any(begins <= last and first <= ends for begins, ends in in_force_spans(record))


def _not_in_force_why(record: LicenseRecord, day: dt.date) -> str:
    if record.revoked_on is not None and day >= record.revoked_on:
        return _("revoked on %(date)s") % {"date": record.revoked_on.isoformat()}
    for begins, ends in record.suspensions:
        if begins <= day <= ends:
            return _("suspended from %(start)s to %(end)s") % {"start": begins.isoformat(), "end": ends.isoformat()}
    return _("in force from %(start)s to %(end)s") % {"start": record.effective_on.isoformat(),
                                                     "end": record.expires_on.isoformat()}


def months_before(day: dt.date, months: int) -> dt.date:
    """The same day `months` calendar months earlier (the month's last day where it has no such day)."""
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


@dataclass(frozen=True)
class Supplier:
    """The license a supply row names; for an organization's license, every license of that organization."""

    license: LicenseRecord
    organization_licenses: tuple[LicenseRecord, ...] = ()


def supplies_licensed(expenses: list[dict], suppliers: Mapping[str, Supplier], *, window_months: int | None = None
                      ) -> list[Finding]:
    """30 DCMR 1403.1: bingo supplies only from a vendor licensed on the purchase date, or from another licensed
    organization, licensed at the sale or within the window before it (None: the register's window)."""
    if window_months is None:
        window_months = register.value("bingo.supply_seller_licensed_months")
    findings = []
    for index, row in enumerate(expenses, start=1):
        if row.get("category") != SUPPLIES:
            continue
        number, on = row["vendor_license"].strip().upper(), _date(row.get("purchase_date"))
        if number and on is not None:
            findings += _supplier_findings(suppliers.get(number), on, index, number, window_months)
            continue
        values = {"row": _row("expenses", index), "payee": row["payee"], "number": number}
        if not number:
            findings.append(_finding("30 DCMR 1403.1", _(
                "%(row)s: the supplies bought from %(payee)s name no seller's license number; bingo supplies come "
                "only from a licensed vendor or another licensed organization (30 DCMR 1403.1).") % values,
                f"expenses.{index}.vendor_license"))
        else:
            findings.append(_finding("30 DCMR 1403.1", _(
                "%(row)s: give the purchase date of the supplies from %(payee)s, so license %(number)s is checked on "
                "it (30 DCMR 1403.1).") % values, f"expenses.{index}.purchase_date"))
    return findings


def _supplier_findings(supplier: Supplier | None, on: dt.date, index: int, number: str, window_months: int
                       ) -> list[Finding]:
    path = f"expenses.{index}.vendor_license"

    def values() -> dict:
        return {"row": _row("expenses", index), "number": number, "date": on.isoformat()}

    if supplier is None:
        return [_finding("30 DCMR 1403.1", _(
            "%(row)s: no license is numbered %(number)s; bingo supplies come only from a licensed vendor or another "
            "licensed organization (30 DCMR 1403.1).") % values(), path)]
    record = supplier.license
    if record.license_type in ORGANIZATION_LICENSE_TYPES:
        since = months_before(on, window_months)
        if any(in_force_between(own, since, on) for own in supplier.organization_licenses or (record,)):
            return []
        return [_finding("30 DCMR 1403.1", _(
            "%(row)s: %(number)s is the license of an organization that held no license in force from %(since)s to "
            "%(date)s; supplies come from another organization only if it is licensed at the sale or was within "
            "the %(months)s months before it (30 DCMR 1403.1).") % {**values(), "since": since.isoformat(),
                                                                   "months": window_months}, path)]
    if any(begins <= on <= ends for begins, ends in in_force_spans(record)):
        return []
    return [_finding("30 DCMR 1403.1", _(
        "%(row)s: vendor license %(number)s was not in force on %(date)s, the purchase date (it was %(why)s); bingo "
        "supplies come only from a vendor licensed when it sells (30 DCMR 1403.1).") % {
        **values(), "why": _not_in_force_why(record, on)}, path)]


# --- 30 DCMR 1413.1, 1400.5, 1202.2(m): the report and the operation ---


def filed_on_time(*, due: dt.date | None, as_of: dt.date, filed: bool, period: str) -> list[Finding]:
    """30 DCMR 1413.1: within 10 days of a regular operation, 30 of a limited-period one. `as_of` is the day
    the report was first submitted, or today for a draft."""
    if due is None or as_of <= due:
        return []
    values = {"date": as_of.isoformat(), "due": due.isoformat(), "days": report_days(period),
              "period": _("limited-period") if period == limits.LIMITED else _("regular")}
    if filed:
        message = _("The report was filed on %(date)s, after %(due)s; it is due within %(days)s days of a %(period)s "
                    "operation (30 DCMR 1413.1).") % values
    else:
        message = _("The report is not filed yet on %(date)s and was due by %(due)s, within %(days)s days of a "
                    "%(period)s operation (30 DCMR 1413.1).") % values
    return [_finding("30 DCMR 1413.1", message, "submitted_at")]


def premises_week(event_date: dt.date, others_that_week: int | None) -> list[Finding]:
    """30 DCMR 1400.5: at most two bingo operations a week on one premises, whoever holds them. `others_that_week`
    counts every other operation in the ISO week at the premises (None: the premises are not known). The limit is
    the one in force on the event date."""
    limit = limits.operations_per_week(event_date)
    if others_that_week is None or others_that_week + 1 <= limit:
        return []
    monday = event_date - dt.timedelta(days=event_date.weekday())
    return [_finding("30 DCMR 1400.5", _(
        "The week of %(monday)s to %(sunday)s has %(count)s bingo operations at these premises, this one included; "
        "at most %(limit)s a week on one premises (30 DCMR 1400.5).") % {
        "monday": monday.isoformat(), "sunday": (monday + dt.timedelta(days=6)).isoformat(),
        "count": others_that_week + 1, "limit": limit}, "event_date")]


def operation_hours(operation: dict) -> list[Finding]:
    """30 DCMR 1202.2(m): no bingo between 12:00 midnight and 9:00 am. An end at 00:00 is midnight itself;
    any other end at or before the start ran past midnight."""
    starts, ends = _time(operation.get("starts_at")), _time(operation.get("ends_at"))
    ban_from, ban_until = limits.no_bingo_hours()
    if starts is not None and limits.in_overnight_ban(starts):
        path = "operation.starts_at"
    elif ends is not None and ends != ban_from and (
            ends <= starts if starts is not None else ends <= ban_until):
        path = "operation.ends_at"
    else:
        return []
    return [_finding("30 DCMR 1202.2(m)", _(
        "The operation ran %(start)s-%(end)s, into the hours between %(from)s and %(until)s when no bingo is "
        "played (30 DCMR 1202.2(m)).") % {"start": operation.get("starts_at") or "?",
                                          "end": operation.get("ends_at") or "?",
                                          **limits.no_bingo_hours_words()}, path)]


# --- Monte Carlo Night: 30 DCMR 1603.6, 1603.8, 1603.26 ---


def same_chips(chips: list[dict]) -> list[Finding]:
    """30 DCMR 1603.8 (and 1603.6, the chips themselves): no correlation between the chips a participant gets
    and the participant's donation, so every participant is issued the same chips."""
    if not chips:
        return []
    counts = Counter(row["chips"] for row in chips)
    usual = max(counts, key=counts.__getitem__)  # the most usual count; of equals, the first written
    return [_finding("30 DCMR 1603.8", _(
        "%(row)s: %(participant)s was issued %(chips)s chips, the other participants %(usual)s; every participant "
        "is issued the same chips, so none depends on a donation (30 DCMR 1603.6, 30 DCMR 1603.8).") % {
        "row": _row("chips", index), "participant": row["participant"], "chips": f"{row['chips']:,}",
        "usual": f"{usual:,}"}, f"chips.{index}.chips")
        for index, row in enumerate(chips, start=1) if row["chips"] != usual]


def holdem_prizes(prizes: list[dict], event_date: dt.date) -> list[Finding]:
    """30 DCMR 1603.26: Texas Hold'em prizes of at most $500 per player per day, every prize of the day added, held
    to the cap in force on that day."""
    totals: dict[tuple[str, dt.date], Decimal] = {}
    names: dict[str, str] = {}  # each player as first written
    findings = []
    for index, row in enumerate(prizes, start=1):
        if row.get("game") != "holdem":
            continue
        day = _date(row.get("date")) or event_date
        key = (name_key(row.get("participant")), day)
        names.setdefault(key[0], row["participant"])
        before = totals.get(key, Decimal("0"))
        totals[key] = before + amount(row.get("value"))
        cap = limits.holdem_prize_cap(day)
        if before <= cap < totals[key]:
            findings.append(_finding("30 DCMR 1603.26", _(
                "%(row)s: %(participant)s won %(total)s at Texas Hold'em on %(date)s; a player wins at most %(cap)s "
                "a day (30 DCMR 1603.26).") % {
                "row": _row("prizes", index), "participant": names[key[0]],
                "total": money(totals[key]), "date": day.isoformat(), "cap": money(cap)},
                f"prizes.{index}.value"))
    return findings


# --- Raffle: 30 DCMR 1202.2(n) ---


def tickets_accounted(tickets: dict) -> list[Finding]:
    """30 DCMR 1202.2(n): tickets are numbered consecutively from the first to the last printed, and every one
    is sold or returned unsold: sold + unsold returned = last - first + 1."""
    first, last = tickets.get("first_number"), tickets.get("last_number")
    if first is None or last is None:
        return [_finding("30 DCMR 1202.2(n)", _(
            "Tickets: give the first and the last ticket number printed, so every ticket is accounted for "
            "(30 DCMR 1202.2(n))."), "tickets.first_number" if first is None else "tickets.last_number")]
    if last < first:
        return [_finding("30 DCMR 1202.2(n)", _(
            "Tickets: the last ticket printed, %(last)s, comes before the first, %(first)s (30 DCMR 1202.2(n)).") % {
            "last": last, "first": first}, "tickets.last_number")]
    printed, sold, returned = last - first + 1, tickets.get("sold") or 0, tickets.get("unsold_returned") or 0
    if sold + returned == printed:
        return []
    values = {"printed": f"{printed:,}", "first": first, "last": last, "sold": f"{sold:,}",
              "returned": f"{returned:,}", "accounted": f"{sold + returned:,}",
              "gap": f"{abs(printed - sold - returned):,}"}
    if sold + returned < printed:
        message = _("Tickets: %(printed)s were printed, numbers %(first)s to %(last)s; %(sold)s sold and %(returned)s "
                    "returned unsold account for %(accounted)s, so %(gap)s are not accounted for "
                    "(30 DCMR 1202.2(n)).") % values
    else:
        message = _("Tickets: %(printed)s were printed, numbers %(first)s to %(last)s; %(sold)s sold and %(returned)s "
                    "returned unsold make %(accounted)s, %(gap)s more than were printed (30 DCMR 1202.2(n)).") % values
    return [_finding("30 DCMR 1202.2(n)", message, "tickets.sold")]


# --- one report ---


@dataclass(frozen=True)
class ReportFacts:
    """What the rules need beside the document, read by licensing.reports.checks."""

    kind: str
    license_class: str
    period: str
    event_date: dt.date
    as_of: dt.date  # the day the report was first submitted; today for a draft
    filed: bool = False
    report_due: dt.date | None = None
    deposit_due: dt.date | None = None
    proceeds_used_by: dt.date | None = None
    suppliers: Mapping[str, Supplier] = field(default_factory=dict)  # by license number, upper case
    seller_window_months: int | None = None  # None: the register's, in force on the event date
    operations_that_week: int | None = None  # the other bingo operations that ISO week at the premises


def report_rules(data: dict, facts: ReportFacts) -> list[Finding]:
    """Every check of one cleaned report, in the order of its sections, by the figures in force on its event date
    (a report filed after the Board changed a cap is still judged by the cap of the day it reports)."""
    with register.as_of(facts.event_date):
        return _report_rules(data, facts)


def _report_rules(data: dict, facts: ReportFacts) -> list[Finding]:
    totals = report_totals(facts.kind, data)
    if facts.kind == schema.BINGO:
        games = data["games"]
        own = [
            *operation_hours(data["operation"]), *premises_week(facts.event_date, facts.operations_that_week),
            *admission_price(data["admissions"], facts.license_class),
            *card_prices(data["card_sales"], facts.license_class),
            *game_prizes(games, facts.license_class, facts.period), *early_bird_games(games, facts.period),
            *prizes_by_check(games), *_expense_rules(data["expenses"], facts),
            *worker_reimbursements(data["reimbursements"]),
            *(reimbursements_by_check(data["reimbursements"]) if facts.license_class != limits.CLASS_D else []),
            *deposit_on_time(data["deposit"], due=facts.deposit_due,
                             required=totals.gross_receipts - totals.cash_prizes, as_of=facts.as_of)]
    elif facts.kind == schema.RAFFLE:
        own = tickets_accounted(data["tickets"])
    else:
        own = [*same_chips(data["chips"]), *holdem_prizes(data["prizes"], facts.event_date)]
    return [*own,
            *proceeds_used(data["disbursements"], kind=facts.kind, event_date=facts.event_date,
                           used_by=facts.proceeds_used_by, net_proceeds=totals.net_proceeds, as_of=facts.as_of),
            *filed_on_time(due=facts.report_due, as_of=facts.as_of, filed=facts.filed, period=facts.period)]


def _expense_rules(expenses: list[dict], facts: ReportFacts) -> list[Finding]:
    """30 DCMR 1403.1, 1412.3-1412.5: the bingo operation's expenses. Class D keeps no bingo account (1411.1 pays
    all its receipts out to prizes and expenses), so it writes no checks on one (1412.4, 1412.5)."""
    findings = supplies_licensed(expenses, facts.suppliers, window_months=facts.seller_window_months)
    findings += no_share_of_receipts(expenses)
    if facts.license_class != limits.CLASS_D:
        findings += checks_numbered(expenses) + checks_to_payees(expenses)
    return findings


def supply_numbers(data: dict) -> set[str]:
    """The seller license numbers the report's supply rows name (upper case), for checks to look up."""
    return {row["vendor_license"].strip().upper() for row in data["expenses"]
            if row["category"] == SUPPLIES and row["vendor_license"].strip()}
