"""Every write of a raffle drawing: schedule, close sales, (raffle-drawing/2) enter the witness value, draw. Each
validates everything before it writes, runs in one transaction holding the drawing's row lock (appends to its log
are serialized under it), appends one event to the drawing's hash-chained record and records an audit event.

Only the filing officers of the license's organization act (30 DCMR 1202.2: the organization conducts its
raffle); the Board reads. The rules a drawing is held to (the license in force at close of sales and draw, the
stated time, the member in charge present, the buyers' age, the printer's statement and ticket proof) are in
`licensing.reports.drawings.rules`."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.chain import head_of
from core.findings import Finding, RuleViolation
from licensing.audit.tasks import anchors_after_commit
from licensing.licenses.live import board_now, license_in_force
from licensing.licenses.rules import in_force_findings
from licensing.models import (
    AnchorReason,
    AuditEvent,
    DrawingFormat,
    DrawingStatus,
    License,
    Payout,
    RaffleDrawing,
    RaffleDrawingEvent,
    ResponsiblePerson,
    User,
)
from licensing.models.choices import DocumentKind, LicenseStatus, LicenseType, ResponsibleRole
from licensing.models.organizations import FILING_ROLES
from licensing.reports.drawings import engine, events, rules
from licensing.reports.drawings.payouts import drawing_payouts_open, prizes_paid
from licensing.reports.services import report_recorded_handover
from licensing.selectors import has_role

TICKET_RULE = "30 DCMR 1202.2(n)"  # the application states the raffle's ticket numbers
DRAWING_RULE = "30 DCMR 1202.2(n)"
PRIZES_MAX = 1000
# The longest canonical witness value is 75 balls (219 characters): anything longer is refused unread.
WITNESS_TEXT_MAX = 300

SeedSource = Callable[[], bytes]
# What else happens as a drawing is drawn, inside the draw's transaction: hall mode registers the signing of the
# drawing log's head at the hall (licensing.hall.drawing; the drawings import no hall mode).
DrawnHook = Callable[..., object]  # hook(*, actor, drawing)
_drawn_hooks: dict[str, DrawnHook] = {}


def drawing_drawn_hook_register(name: str, hook: DrawnHook) -> None:
    """Register (or replace, when an app is reloaded) `hook(*, actor, drawing)`, called as each drawing is drawn."""
    _drawn_hooks[name] = hook


def system_seed() -> bytes:
    return secrets.token_bytes(engine.SEED_BYTES)


# --- validation (raises, writes nothing) ---


def _require_officer(actor: User, license: License) -> None:
    if not has_role(user=actor, organization_id=license.organization_id, roles=FILING_ROLES):
        raise PermissionDenied(_("Only the officers of the licensed organization may conduct its raffle drawing."))


def _license_clean(license: License) -> License:
    if license.license_type != LicenseType.RAFFLE:
        raise RuleViolation(Finding(DRAWING_RULE, _("a drawing is held under a raffle license"), field="license"))
    if license.status != LicenseStatus.ACTIVE:
        raise RuleViolation(Finding("30 DCMR 1200.1", _("the raffle license is not active: no drawing may be held "
                                                        "under it"), field="license"))
    application = license.application
    if application.first_ticket_number is None or application.last_ticket_number is None:
        raise RuleViolation(Finding(TICKET_RULE, _("the license's application states no ticket numbers, so no "
                                                   "ticket can be checked"), field="license"))
    return license


def _prizes_clean(prizes) -> int:
    if isinstance(prizes, bool) or not isinstance(prizes, int) or not 1 <= prizes <= PRIZES_MAX:
        raise RuleViolation(Finding(DRAWING_RULE, _("the number of prizes is a whole number from 1 to %(max)s")
                                    % {"max": PRIZES_MAX}, field="prizes"))
    return prizes


def _numbers_clean(numbers, *, field: str, first: int, last: int) -> list[int]:
    if not isinstance(numbers, list | tuple) or any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
        raise RuleViolation(Finding(TICKET_RULE, _("give the ticket numbers as a list of whole numbers"),
                                    field=field))
    seen: set[int] = set()
    for number in numbers:
        if not first <= number <= last:
            raise RuleViolation(Finding(TICKET_RULE, _(
                "ticket %(number)s is not one of the license's tickets, numbered %(first)s to %(last)s"
            ) % {"number": number, "first": first, "last": last}, field=field))
        if number in seen:
            raise RuleViolation(Finding(TICKET_RULE, _("ticket %(number)s is listed twice") % {"number": number},
                                        field=field))
        seen.add(number)
    return sorted(numbers)


def _in_force_clean(license: License, *, action: str) -> None:
    """30 DCMR 1200.1, 1210.1: nothing is conducted under a license suspended, revoked or out of its term at
    this moment: the same check as bingo and Monte Carlo live play."""
    today = board_now().date()
    findings = in_force_findings(license_in_force(license, today), today, action=action)
    if findings:
        raise RuleViolation(findings)


def printer_documents_missing(license: License) -> list:
    """30 DCMR 1502.5, 1502.6: the findings for the printer's statement or the ticket proof not on file."""
    kinds = set(license.organization.documents.filter(
        kind__in=[DocumentKind.PRINTERS_AFFIDAVIT, DocumentKind.TICKET_PROOF]).values_list("kind", flat=True))
    return rules.printer_documents_findings(has_statement=DocumentKind.PRINTERS_AFFIDAVIT in kinds,
                                            has_proof=DocumentKind.TICKET_PROOF in kinds)


def _printer_documents_clean(license: License) -> None:
    """30 DCMR 1502.5, 1502.6: the printer's statement and a ticket proof are on file before tickets issue."""
    findings = printer_documents_missing(license)
    if findings:
        raise RuleViolation(findings)


IN_CHARGE_ROLES = (ResponsibleRole.MEMBER_IN_CHARGE, ResponsibleRole.ALTERNATE)


def in_charge_choices(license: License) -> dict[int, ResponsiblePerson]:
    """Who may be the member in charge present at the drawing (30 DCMR 1301.5): the organization's current
    member in charge and alternate (1202.2(j)), by id."""
    people = ResponsiblePerson.objects.filter(organization_id=license.organization_id, is_current=True,
                                              role__in=IN_CHARGE_ROLES).order_by("role", "full_name")
    return {person.pk: person for person in people}


def _status_clean(drawing: RaffleDrawing, expected: str, message: str) -> None:
    if drawing.status != expected:
        raise RuleViolation(Finding(DRAWING_RULE, message, field="status"))


def _format_clean(format) -> str:
    if format not in DrawingFormat.values:
        raise RuleViolation(Finding(rules.WITNESS_STEP_RULE, _(
            "the drawing's format is raffle-drawing/1 (the committed seed) or raffle-drawing/2 (the committed seed "
            "and a witness value from the room)"), field="format"))
    return format


def _draw_status_clean(drawing: RaffleDrawing) -> None:
    """Drawn once, after sales close and, in raffle-drawing/2, after the witness value is entered."""
    witnessed = drawing.format == DrawingFormat.WITNESSED
    if witnessed and drawing.status == DrawingStatus.SALES_CLOSED:
        raise RuleViolation(Finding(rules.WITNESS_STEP_RULE, _(
            "the witness value produced in the room is entered before the winners are drawn"), field="witness"))
    _status_clean(drawing, DrawingStatus.WITNESSED if witnessed else DrawingStatus.SALES_CLOSED,
                  _("the drawing is held once, after sales close") if drawing.status == DrawingStatus.SCHEDULED
                  else _("this raffle has been drawn"))


# --- writing ---


def _lock(drawing: RaffleDrawing) -> RaffleDrawing:
    # The row lock serializes appends: seq and prev_hash are read and written under it.
    return RaffleDrawing.objects.select_for_update(of=("self",)).select_related(
        "license__organization", "license__application").get(pk=drawing.pk)


def _append(*, actor: User, drawing: RaffleDrawing, kind: str, payload: dict,
            audit: Callable[..., AuditEvent]) -> RaffleDrawingEvent:
    """Append to the drawing's record; `audit` (one of .events) mirrors the new row in the audit trail."""
    event = RaffleDrawingEvent(drawing=drawing, kind=kind, payload=payload, actor=actor)
    event.link(head_of(drawing.events.all()))
    event.save()
    drawing.status, drawing.head_seq, drawing.head_hash = kind, event.seq, event.hash
    drawing.save(update_fields=["status", "head_seq", "head_hash"])
    audit(actor=actor, drawing=drawing, event=event)
    return event


@transaction.atomic
def drawing_schedule(*, actor: User, license: License, prizes: int, format: str = DrawingFormat.SEEDED,
                     seed_source: SeedSource | None = None) -> RaffleDrawing:
    """Draw the secret seed and publish its commitment, sha256(seed), before ticket sales close. In
    raffle-drawing/2 a witness value entered after sales close is combined with it (drawing_witness)."""
    # Locked: two schedules at once cannot both pass the one-drawing check below.
    license = License.objects.select_for_update().select_related("organization", "application").get(pk=license.pk)
    _require_officer(actor, license)
    _license_clean(license)
    if RaffleDrawing.objects.filter(license=license).exists():
        raise RuleViolation(Finding(DRAWING_RULE, _(
            "a raffle license has one drawing, at the date, time and place it states (30 DCMR 1202.2(n)); this "
            "one is already scheduled"), field="license"))
    _printer_documents_clean(license)
    prizes = _prizes_clean(prizes)
    format = _format_clean(format)
    seed = (seed_source or system_seed)()
    if not isinstance(seed, bytes) or len(seed) != engine.SEED_BYTES:
        raise ValueError("the seed source gives 32 bytes")
    commitment = engine.commitment_of(seed)
    drawing = RaffleDrawing.objects.create(license=license, prizes=prizes, format=format, seed=seed.hex(),
                                           commitment=commitment, created_by=actor)
    # The record opens with what the drawing is for (the license, the number of prizes, a /2 drawing its format)
    # beside the commitment: the drawing row must keep agreeing with it (RaffleDrawingEvent.owner_problems).
    opened = {"commitment": commitment, "license": license.number, "prizes": prizes}
    if format == DrawingFormat.WITNESSED:
        opened["format"] = format
    _append(actor=actor, drawing=drawing, kind=DrawingStatus.SCHEDULED, payload=opened,
            audit=events.raffle_drawing_scheduled)
    return drawing


@transaction.atomic
def drawing_sales_close(*, actor: User, drawing: RaffleDrawing, sold: list[int], returned: list[int],
                        buyers_age_declared: bool = False) -> RaffleDrawing:
    """Close sales: the eligible tickets are those sold less those returned; publish their hash. The sellers
    declare that no ticket went to a buyer under 18 (30 DCMR 1702.1); the license is in force now (1200.1)."""
    drawing = _lock(drawing)
    _require_officer(actor, drawing.license)
    _status_clean(drawing, DrawingStatus.SCHEDULED, _("sales of this drawing are already closed"))
    _in_force_clean(drawing.license, action=_("closing ticket sales"))
    _printer_documents_clean(drawing.license)
    application = drawing.license.application
    bounds = {"first": application.first_ticket_number, "last": application.last_ticket_number}
    sold = _numbers_clean(sold, field="sold", **bounds)
    returned = _numbers_clean(returned, field="returned", **bounds)
    unsold = sorted(set(returned) - set(sold))
    if unsold:
        raise RuleViolation(Finding(TICKET_RULE, _("ticket %(number)s is returned but was not sold")
                                    % {"number": unsold[0]}, field="returned"))
    tickets = sorted(set(sold) - set(returned))
    if len(tickets) < drawing.prizes:
        raise RuleViolation(Finding(DRAWING_RULE, _(
            "%(count)s eligible tickets cannot win %(prizes)s prizes: each prize goes to a different ticket"
        ) % {"count": len(tickets), "prizes": drawing.prizes}, field="sold"))
    age = rules.buyers_age_findings(declared=buyers_age_declared)
    if age:
        raise RuleViolation(age)
    tickets_hash = engine.tickets_hash_of(tickets)
    _append(actor=actor, drawing=drawing, kind=DrawingStatus.SALES_CLOSED,
            payload={"tickets": tickets, "returned": returned, "tickets_hash": tickets_hash,
                     "buyers_age_declared": True},
            audit=events.raffle_drawing_sales_closed)
    # The eligible tickets are final: the record's head is anchored (and witnessed) once this commits.
    anchors_after_commit(reason=AnchorReason.CLOSE)
    return drawing


def drawing_recorded(drawing: RaffleDrawing, *, closed: RaffleDrawingEvent, drawn: RaffleDrawingEvent) -> dict:
    """What the drawing's record gives the raffle report (30 DCMR 1202.2(n)): the tickets printed (the
    application's numbers) and their price, those sold (the eligible ones: sold less returned) and returned,
    the date drawn, and each prize's winning ticket in prize order, with its value once the payout desk paid it
    (licensing.reports.drawings.payouts). A prize's name is not in the record: the organization writes it, and the
    value of a prize not yet paid."""
    application = drawing.license.application
    tickets = {"first_number": application.first_ticket_number, "last_number": application.last_ticket_number,
               "sold": len(closed.payload["tickets"]), "unsold_returned": len(closed.payload["returned"])}
    if application.ticket_price is not None:
        tickets["price"] = format(application.ticket_price, "f")
    paid = prizes_paid(drawing)
    return {"tickets": tickets, "drawing": {"date": timezone.localdate(drawn.created_at).isoformat()},
            "prizes": [{"winning_ticket": number, **({"value": paid[place]} if place in paid else {})}
                       for place, number in enumerate(drawn.payload["winners"], start=1)]}


@transaction.atomic
def drawing_witness(*, actor: User, drawing: RaffleDrawing, witness: str, witness_name: str) -> RaffleDrawing:
    """raffle-drawing/2: record the witness value produced in the room after sales close (dice rolled or bingo balls
    drawn, read aloud), in its canonical form, and the name of the witness who entered it. Once: the record keeps
    the first entry and a second is refused, as is an entry before sales close. The draw's key is derived from it."""
    drawing = _lock(drawing)
    _require_officer(actor, drawing.license)
    first = drawing.events.filter(kind=DrawingStatus.WITNESSED).first()
    findings = rules.witness_step_findings(
        witnessed_format=drawing.format == DrawingFormat.WITNESSED,
        sales_closed=drawing.status == DrawingStatus.SALES_CLOSED,
        entered={"witness_name": first.payload["witness_name"], "at": first.created_at} if first else None)
    if findings:
        raise RuleViolation(findings)
    _in_force_clean(drawing.license, action=_("entering the witness value"))
    witness_name = witness_name.strip() if isinstance(witness_name, str) else witness_name
    findings = rules.witness_value_findings(witness) + rules.witness_name_findings(witness_name)
    if findings:
        raise RuleViolation(findings)
    _append(actor=actor, drawing=drawing, kind=DrawingStatus.WITNESSED,
            payload={"witness": witness, "witness_name": witness_name}, audit=events.raffle_drawing_witnessed)
    # The first entry is final: the record's head is anchored (and witnessed) once this commits.
    anchors_after_commit(reason=AnchorReason.CLOSE)
    return drawing


def _winners(drawing: RaffleDrawing, closed: RaffleDrawingEvent) -> engine.Drawing:
    """The draw of the drawing's format, from what its record published."""
    if drawing.format == DrawingFormat.WITNESSED:
        witnessed = drawing.events.get(kind=DrawingStatus.WITNESSED)
        return engine.draw_witnessed(tickets=closed.payload["tickets"], prizes=drawing.prizes, seed=drawing.seed,
                                     witness=witnessed.payload["witness"])
    return engine.draw(tickets=closed.payload["tickets"], prizes=drawing.prizes, seed=drawing.seed)


@transaction.atomic
def drawing_draw(*, actor: User, drawing: RaffleDrawing, in_charge: int | None = None) -> RaffleDrawing:
    """Draw the winners among the eligible tickets with the stored seed (raffle-drawing/2: and the witness value),
    then reveal the seed; the record prefills the raffle's financial report (the report of the drawing's date). Held
    only while the license is in force (30 DCMR 1200.1), at or after the time the application states (1202.2(n)),
    with the member in charge or the alternate present, named on the record (1301.5)."""
    drawing = _lock(drawing)
    _require_officer(actor, drawing.license)
    _draw_status_clean(drawing)
    _in_force_clean(drawing.license, action=_("the drawing"))
    application = drawing.license.application
    people = in_charge_choices(drawing.license)
    findings = rules.drawing_time_findings(now=timezone.now(), drawing_at=application.drawing_at)
    findings += rules.in_charge_findings(present=in_charge, in_charge={pk: p.full_name for pk, p in people.items()})
    if findings:
        raise RuleViolation(findings)
    present = people[in_charge]
    witness = {"name": present.full_name, "role": present.role, "responsible_person": present.pk}
    closed = drawing.events.get(kind=DrawingStatus.SALES_CLOSED)
    found = _winners(drawing, closed)
    if found.commitment != drawing.commitment or found.tickets_hash != closed.payload["tickets_hash"]:
        raise ValueError(f"raffle drawing {drawing.pk}: the stored seed or tickets no longer match what was published")
    drawn = _append(actor=actor, drawing=drawing, kind=DrawingStatus.DRAWN,
                    payload={"seed": drawing.seed, "winners": found.winners, "in_charge": witness,
                             "place": application.drawing_place},
                    audit=events.raffle_drawing_drawn)
    for hook in _drawn_hooks.values():
        hook(actor=actor, drawing=drawing)
    drawing_payouts_open(drawing)  # each prize due at the payout desk, its value entered there
    _report_handover(drawing, closed=closed, drawn=drawn)
    anchors_after_commit(reason=AnchorReason.CLOSE)
    return drawing


def _report_handover(drawing: RaffleDrawing, *, closed: RaffleDrawingEvent, drawn: RaffleDrawingEvent) -> None:
    report_recorded_handover(license=drawing.license, event_date=timezone.localdate(drawn.created_at),
                             source=f"raffle.drawing:{drawing.pk}",
                             recorded=drawing_recorded(drawing, closed=closed, drawn=drawn))


@transaction.atomic
def drawing_report_send(*, drawing: RaffleDrawing) -> None:
    """The drawn drawing's record to the raffle's financial report, as the draw sends it: for a drawing drawn
    elsewhere (at the hall, taken in by the Board: licensing.hall.drawing). Nothing before the drawing."""
    drawing = _lock(drawing)
    if drawing.status != DrawingStatus.DRAWN:
        return
    _report_handover(drawing, closed=drawing.events.get(kind=DrawingStatus.SALES_CLOSED),
                     drawn=drawing.events.get(kind=DrawingStatus.DRAWN))


def drawing_prize_paid(payout: Payout) -> None:
    """The payout desk paid a raffle prize (licensing.payouts.hooks): the drawing's record goes to the raffle's
    report again, now with the value paid. A report the Board cannot prefill (marked not held) is the organization's
    to settle: the payment stands."""
    session, _sep, pk = payout.session.partition(":")
    drawing = RaffleDrawing.objects.filter(pk=int(pk)).first() if session == "raffle.drawing" and pk.isdigit() \
        else None
    if drawing is None:
        return  # a raffle prize no drawing of this system named: no record to send
    try:
        drawing_report_send(drawing=drawing)
    except ValidationError:
        return
