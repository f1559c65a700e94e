"""A raffle drawing's winners at the payout desk (licensing.payouts): one payout per prize, in prize order, due as
soon as the drawing names the winning tickets. The drawing knows only the tickets, so each prize's value is entered
at the desk (`prize` None until then); the wager is one ticket's price, as the application states it.

Source "raffle.drawing:<drawing>/prize:<n>", session "raffle.drawing:<drawing>" (what the IRS adds one person's
winnings over). `drawing_payouts_open` reads only the drawing's record and may run any number of times: the draw
calls it in its transaction, hall mode for a drawing drawn at the hall (licensing.hall.drawing). Once a prize is paid
the drawing's record goes to the raffle's report again with the value paid (`prizes_paid`; the drawings' services
`drawing_prize_paid`, which licensing's AppConfig registers with the desk)."""

from __future__ import annotations

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from licensing.models import DrawingStatus, Payout, PayoutGame, PayoutStatus, RaffleDrawing
from licensing.payouts.services import ZERO, payout_open


def session_of(drawing: RaffleDrawing) -> str:
    return f"raffle.drawing:{drawing.pk}"


def _label(ticket: int, place: int) -> str:
    with translation.override("en"):  # Form W-2G box 5, a regulated record: in English, as the report's PDF
        return _("Ticket %(ticket)s, prize %(place)s") % {"ticket": ticket, "place": place}


def drawing_payouts_open(drawing: RaffleDrawing) -> list[Payout]:
    """The payouts of a drawn drawing's prizes (none before the draw), in prize order."""
    drawing = RaffleDrawing.objects.select_related("license__application").get(pk=drawing.pk)
    if drawing.status != DrawingStatus.DRAWN:
        return []
    drawn = drawing.events.get(kind=DrawingStatus.DRAWN)
    price = drawing.license.application.ticket_price
    return [payout_open(license=drawing.license, game=PayoutGame.RAFFLE,
                        source=f"{session_of(drawing)}/prize:{place}", session=session_of(drawing),
                        label=_label(ticket, place), won_on=timezone.localdate(drawn.created_at),
                        wager=price if price is not None else ZERO)
            for place, ticket in enumerate(drawn.payload["winners"], start=1)]


def drawing_payouts_open_by_id(drawing_id: int) -> None:
    """Hall mode's hook (licensing.hall.kinds.KitKind.payouts): a drawing the Board took in from the hall."""
    drawing_payouts_open(RaffleDrawing.objects.get(pk=drawing_id))


def prizes_paid(drawing: RaffleDrawing) -> dict[int, str]:
    """The value of each prize paid at the desk, by prize number ("2": "500.00"), for the raffle's report."""
    paid = Payout.objects.filter(session=session_of(drawing), status=PayoutStatus.PAID)
    return {int(source.rsplit(":", 1)[1]): format(prize, "f")
            for source, prize in paid.values_list("source", "prize")}

