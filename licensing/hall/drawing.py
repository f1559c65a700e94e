"""A raffle drawing as a hall kit carries it (licensing.hall): the raffle's tickets, time and place (its license's
application), the drawing with its commitment and its seed, the member in charge and the alternate (one of them is
present at the draw, 30 DCMR 1301.5) and the printer's documents on file (1502.5, 1502.6), so the close of sales, the
witness value and the draw run at the hall through the drawings' own pages and services. The organization's officers,
who conduct the drawing, prepare its kit.

Only a raffle-drawing/2 drawing travels: the kit carries the seed, so at the hall the organization holds it, and only
the witness value produced in the room after sales close keeps the draw fair then (docs/formats/raffle-drawing-2.md).
Registered with licensing.hall.kinds by licensing's AppConfig.ready, with the `drawing` log scope and the signing of
the drawing log's head as it is drawn at the hall."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.findings import Finding, RuleViolation
from licensing.hall.closing import heads_sign_at_close
from licensing.hall.kinds import KitEvent, KitKind
from licensing.models import (
    Document,
    DrawingFormat,
    DrawingStatus,
    RaffleDrawing,
    RaffleDrawingEvent,
    ResponsiblePerson,
    User,
)
from licensing.models.choices import DocumentKind
from licensing.models.organizations import FILING_ROLES
from licensing.reports.drawings.payouts import drawing_payouts_open_by_id
from licensing.reports.drawings.selectors import drawing_get, drawing_list
from licensing.reports.drawings.services import IN_CHARGE_ROLES, drawing_report_send
from licensing.selectors import has_role, organization_ids_with_roles

KIND = "drawing"
KIT_RULE = "raffle-drawing/2"
LAST_MINUTE = dt.time(23, 59, 59)  # the drawing is held at or after its stated time, on its day


def _event(drawing: RaffleDrawing) -> KitEvent:
    license, application = drawing.license, drawing.license.application
    at = timezone.localtime(application.drawing_at)
    return KitEvent(kind=KIND, pk=drawing.pk, license=license, date=at.date(),
                    title=_("Raffle drawing under license %(number)s") % {"number": license.number},
                    starts_at=at.time().replace(microsecond=0), ends_at=LAST_MINUTE,
                    place=application.drawing_place, training=False,
                    url=reverse("portal:license_drawing", args=[license.pk]))


def kit_events(*, user, today: dt.date) -> list[KitEvent]:
    """The raffle-drawing/2 drawings not drawn yet, stated for today or later, of the organizations where the user
    conducts the raffle (an officer: drawings.services)."""
    midnight = timezone.make_aware(dt.datetime.combine(today, dt.time.min))
    drawings = drawing_list(user=user).filter(
        format=DrawingFormat.WITNESSED, license__application__drawing_at__gte=midnight,
        license__organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES),
    ).exclude(status=DrawingStatus.DRAWN)
    return [_event(drawing) for drawing in drawings]


def kit_event(*, user, pk: int) -> KitEvent:
    drawing = drawing_get(user=user, pk=pk)  # 404 outside the user's scope
    if not has_role(user=user, organization_id=drawing.license.organization_id, roles=FILING_ROLES):
        raise PermissionDenied(_("Only the officers of the licensed organization may prepare its drawing's kit."))
    if drawing.format != DrawingFormat.WITNESSED:
        raise RuleViolation(Finding(KIT_RULE, _(
            "this drawing is scheduled as raffle-drawing/1: at the hall the organization holds the seed, so only a "
            "raffle-drawing/2 drawing (the seed and a witness value produced in the room) is fair there"),
            field="format"))
    if drawing.status == DrawingStatus.DRAWN:
        raise RuleViolation(Finding(KIT_RULE, _("this raffle has been drawn"), field="status"))
    if drawing.license.application.drawing_at is None:
        raise RuleViolation(Finding("30 DCMR 1202.2(n)", _(
            "the license's application states no date and time for the drawing"), field="drawing_at"))
    return _event(drawing)


def kit_plan(event: KitEvent) -> dict:
    drawing = RaffleDrawing.objects.select_related("license__application").get(pk=event.pk)
    application = drawing.license.application
    return {
        "raffle": {"license": drawing.license.number, "first_ticket_number": application.first_ticket_number,
                   "last_ticket_number": application.last_ticket_number,
                   "ticket_price": None if application.ticket_price is None else format(application.ticket_price, "f"),
                   "drawing_at": timezone.localtime(application.drawing_at).isoformat(),
                   "drawing_place": application.drawing_place},
        "drawing": {"format": drawing.format, "commitment": drawing.commitment, "prizes": drawing.prizes,
                    "status": drawing.status},
    }


def kit_rows(pk: int) -> list:
    """The drawing's rows for the hall server: its license's application (the tickets, time and place the services
    read), the member in charge and the alternate, the printer's statement and ticket proof on file (the rows: the
    files stay at the Board), and the drawing (its seed included)."""
    drawing = RaffleDrawing.objects.select_related("license__application").get(pk=pk)
    organization_id = drawing.license.organization_id
    people = ResponsiblePerson.objects.filter(organization_id=organization_id, is_current=True,
                                              role__in=IN_CHARGE_ROLES).order_by("pk")
    documents = Document.objects.filter(organization_id=organization_id, kind__in=[
        DocumentKind.PRINTERS_AFFIDAVIT, DocumentKind.TICKET_PROOF]).order_by("pk")
    return [drawing.license.application, *people, *documents, drawing]


def kit_received(pk: int, actor) -> None:
    """The Board took the hall's records in: a drawing drawn at the hall sends its record to the raffle's financial
    report, as the draw does at the Board. A report the Board cannot prefill (marked not held) waits for the
    organization."""
    try:
        drawing_report_send(drawing=RaffleDrawing.objects.get(pk=pk))
    except ValidationError:
        return


def kit_payout_sessions(pk: int) -> list[str]:
    """The drawing is one session of the payout desk (licensing.models.Payout.session): its winning tickets."""
    return [f"raffle.drawing:{pk}"]


def kit_page(pk: int) -> str:
    return reverse("portal:license_drawing", args=[RaffleDrawing.objects.values_list("license_id", flat=True)
                                                   .get(pk=pk)])


def drawing_heads_sign(*, actor: User, drawing: RaffleDrawing) -> None:
    """At the hall the draw closes the drawing: the device signs its log's head (licensing.hall.closing), inside the
    draw's transaction. On the Board's server this signs nothing."""
    heads_sign_at_close(actor=actor, organization=drawing.license.organization, kind=KIND, event_id=drawing.pk,
                        logs=[(RaffleDrawingEvent, str(drawing.pk))])


KIT_KIND = KitKind(name=KIND, label=gettext_lazy("Raffle drawing"), events=kit_events, event=kit_event,
                   plan=kit_plan, rows=kit_rows, page=kit_page, received=kit_received, log_scope="drawing",
                   payouts=drawing_payouts_open_by_id,
                   # Closing sales, the witness value and the draw move the drawing's status (its head is the
                   # Board's to set); the hall creates no row of its own but the payouts of its winning tickets
                   # (licensing.hall.payouts, for every kind).
                   state={"licensing.raffledrawing": ("status",)}, made=(), payout_sessions=kit_payout_sessions)
