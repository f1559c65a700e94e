"""The rules a raffle drawing is held to, as pure functions (no database): each returns findings that cite
their section; the services gather the facts and refuse on any.

- 30 DCMR 1200.1, 1210.1: sales close and the draw happen only while the license is in force (not suspended,
  revoked or expired at that moment): `licensing.licenses.rules.in_force_findings`, the check bingo and Monte
  Carlo live play already make, is reused as it is.
- 30 DCMR 1202.2(n): the drawing is held at the date, time and place the application states, not before.
- 30 DCMR 1301.5: the member in charge or the alternate is present at the drawing, named on its record.
- 30 DCMR 1702.1: no raffle ticket is sold to anyone under 18: the sellers' declaration is given when sales close.
- 30 DCMR 1413.1: a report accounts for a drawing that took place: the raffle's report is submitted only once
  the time of its drawing has come (the drawing's record hands its figures to the report when it is held).
- 30 DCMR 1502.5, 1502.6: after the license is approved and before any ticket is issued, the printer's statement
  (tickets printed, first and last number) and a proof of the ticket are filed with the Board.
- raffle-drawing/2 (docs/formats/raffle-drawing-2.md): a witnessed drawing's witness value is entered after sales
  close, once, in its canonical form with at least 64 bits (25 dice or 11 balls), with the witness's name.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from core.dates import when
from core.findings import Finding
from licensing.register.values import value
from licensing.reports.drawings import engine

TIME_RULE = "30 DCMR 1202.2(n)"
IN_CHARGE_RULE = "30 DCMR 1301.5"
AGE_RULE = "30 DCMR 1702.1"
PRINTER_STATEMENT_RULE = "30 DCMR 1502.5"
TICKET_PROOF_RULE = "30 DCMR 1502.6"
# The sections of docs/formats/raffle-drawing-2.md a witnessed drawing is held to.
WITNESS_RULE = "raffle-drawing/2 (The witness value)"
WITNESS_STEP_RULE = "raffle-drawing/2 (Published values, in order)"


def drawing_time_findings(*, now: dt.datetime, drawing_at: dt.datetime | None) -> list[Finding]:
    """30 DCMR 1202.2(n): the drawing is held at the time the application states, not a minute before."""
    if drawing_at is None:
        return [Finding(TIME_RULE, _(
            "the license's application states no date and time for the drawing, so it cannot be held "
            "(30 DCMR 1202.2(n))."), field="drawing_at")]
    if now < drawing_at:
        return [Finding(TIME_RULE, _(
            "the drawing is held at the time the license states, %(time)s, not before (30 DCMR 1202.2(n)).")
            % {"time": when(drawing_at)}, field="drawing_at")]
    return []


def report_after_drawing_findings(*, now: dt.datetime, drawing_at: dt.datetime | None) -> list[Finding]:
    """30 DCMR 1413.1: a raffle's financial report is submitted after its drawing, not before it."""
    if drawing_at is not None and now < drawing_at:
        return [Finding("30 DCMR 1413.1", _(
            "the raffle's drawing is at %(time)s: its financial report is submitted after the drawing, not "
            "before (30 DCMR 1413.1).") % {"time": when(drawing_at)}, field="event_date")]
    return []


def in_charge_findings(*, present: int | None, in_charge: dict[int, str]) -> list[Finding]:
    """30 DCMR 1301.5: one of `in_charge` (the organization's current member in charge and alternate, by id)
    is present at the drawing."""
    if not in_charge:
        return [Finding(IN_CHARGE_RULE, _(
            "the organization's records name no member in charge or alternate: one of them must be present at "
            "the drawing (30 DCMR 1301.5). Name them on the organization's profile."), field="in_charge")]
    if present is None:
        return [Finding(IN_CHARGE_RULE, _(
            "say who is present at the drawing: the member in charge or the alternate (30 DCMR 1301.5)."),
            field="in_charge")]
    if present not in in_charge:
        return [Finding(IN_CHARGE_RULE, _(
            "the person named is not the organization's member in charge or alternate; one of them must be "
            "present at the drawing (30 DCMR 1301.5)."), field="in_charge")]
    return []


def buyers_age_findings(*, declared, on: dt.date | None = None) -> list[Finding]:
    """30 DCMR 1702.1: no raffle ticket buyer is under 18 (the register's age in force on `on`, default today); the
    sellers declare it when sales close."""
    if declared is not True:
        return [Finding(AGE_RULE, _(
            "declare that every ticket was sold to a buyer %(age)s or older; no one under %(age)s may buy a raffle "
            "ticket (30 DCMR 1702.1).") % {"age": value("player.minimum_age", on)}, field="buyers_age_declared")]
    return []


def printer_documents_findings(*, has_statement: bool, has_proof: bool) -> list[Finding]:
    """30 DCMR 1502.5, 1502.6: the printer's statement and the ticket proof are on file before tickets issue."""
    findings = []
    if not has_statement:
        findings.append(Finding(PRINTER_STATEMENT_RULE, _(
            "file the printer's statement (tickets printed, first and last number) with the organization's "
            "documents before any ticket is issued (30 DCMR 1502.5)."), field="documents"))
    if not has_proof:
        findings.append(Finding(TICKET_PROOF_RULE, _(
            "file a proof of the raffle ticket with the organization's documents before any ticket is issued "
            "(30 DCMR 1502.6)."), field="documents"))
    return findings


def witness_step_findings(*, witnessed_format: bool, sales_closed: bool, entered: dict | None) -> list[Finding]:
    """raffle-drawing/2: the witness value is entered after sales close (the tickets are fixed before it exists) and
    once (the record keeps the first entry: `entered`, its witness_name and time, refuses a second)."""
    if not witnessed_format:
        return [Finding(WITNESS_STEP_RULE, _(
            "this drawing is raffle-drawing/1: its winners are drawn with the committed seed alone, and it takes no "
            "witness value"), field="witness")]
    if entered is not None:
        return [Finding(WITNESS_STEP_RULE, _(
            "the witness value is entered once: %(name)s entered it at %(time)s, and a second entry is refused")
            % {"name": entered["witness_name"], "time": when(entered["at"])}, field="witness")]
    if not sales_closed:
        return [Finding(WITNESS_STEP_RULE, _(
            "the witness value is entered after ticket sales close, once the eligible tickets and their hash are "
            "fixed"), field="witness")]
    return []


def witness_value_findings(witness) -> list[Finding]:
    """raffle-drawing/2: the witness value in its canonical form (the engine decides; the words are translated)."""
    try:
        engine.check_witness(witness)
    except engine.MalformedDrawing as error:
        messages = {
            "source": _("the witness value comes from six-sided dice (d6) or the balls of a 75-ball bingo blower "
                        "(b75)"),
            "dice": _("the witness value needs at least %(least)s dice (64 bits, so that it cannot be guessed) and at "
                      "most %(most)s; each die is one digit from 1 to 6, in the order read"),
            "balls": _("the witness value needs at least %(least)s balls (64 bits, so that it cannot be guessed) and "
                       "at most %(most)s, each a number from 1 to %(top)s, in the order drawn"),
            "ball_range": _("ball %(ball)s is not one of the balls 1 to %(top)s"),
            "ball_twice": _("ball %(ball)s is drawn twice: a ball drawn is not put back"),
        }
        return [Finding(WITNESS_RULE, messages[error.reason] % error.params, field="witness")]
    return []


def witness_name_findings(name) -> list[Finding]:
    """raffle-drawing/2: the record names the witness who read the value aloud and entered it."""
    try:
        engine.check_witness_name(name)
    except engine.MalformedDrawing:
        return [Finding(WITNESS_RULE, _(
            "give the name of the witness who read the value aloud and entered it: 1 to %(max)s characters, without "
            "control characters") % {"max": engine.WITNESS_NAME_MAX}, field="witness_name")]
    return []
