"""A raffle drawing's winners at the payout desk (licensing.reports.drawings.payouts): the draw opens one payout per
prize, in prize order, due, its value left to the desk; reading the drawing again adds nothing; a prize paid sends
the drawing's record to the raffle's report again, with the value paid."""

from decimal import Decimal

import pytest
from django.utils import timezone

from licensing.models import Payout, PayoutStatus, Report, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_pay
from licensing.reports.drawings.payouts import drawing_payouts_open
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from tests.licensing.factories import DRAWING_SEED, in_charge, license_for, member, raffle_ready

pytestmark = pytest.mark.django_db


@pytest.fixture
def raffle():
    return raffle_ready(license_for(
        license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00041",
        application__first_ticket_number=100, application__last_ticket_number=199,
        application__tickets_printed=100, application__ticket_price=Decimal("5.00")))


def scheduled(raffle, officer, prizes=3):
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=prizes, seed_source=lambda: DRAWING_SEED)
    return drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(100, 160)), returned=[],
                               buyers_age_declared=True)


def payouts(drawing):
    return list(Payout.objects.filter(session=f"raffle.drawing:{drawing.pk}").order_by("pk"))


def test_the_draw_opens_one_payout_per_prize_in_prize_order(raffle):
    officer = member(raffle.organization, Role.OFFICER)
    drawing = scheduled(raffle, officer)
    assert drawing_payouts_open(drawing) == []  # nothing before the draw
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    winners = drawing.events.get(kind="drawn").payload["winners"]
    opened = payouts(drawing)
    assert [(p.source, p.label, p.status, p.prize, p.wager, p.game, p.won_on) for p in opened] == [
        (f"raffle.drawing:{drawing.pk}/prize:{place}", f"Ticket {ticket}, prize {place}", PayoutStatus.DUE, None,
         Decimal("5.00"), "raffle", timezone.localdate()) for place, ticket in enumerate(winners, start=1)]
    assert drawing_payouts_open(drawing) == opened and payouts(drawing) == opened  # again: the same ones


def test_a_prize_paid_at_the_desk_goes_to_the_report_with_its_value(raffle):
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawing_draw(actor=officer, drawing=scheduled(raffle, officer), in_charge=in_charge(raffle))
    winners = drawing.events.get(kind="drawn").payload["winners"]
    second = payouts(drawing)[1]
    payout_pay(actor=officer, payout=second, method="cash", amount="250.00", prize="250.00",
               winner={"name": "Ana Ruiz"})
    report = Report.objects.get(license=raffle)
    assert report.recorded["prizes"] == [{"winning_ticket": winners[0]},
                                         {"winning_ticket": winners[1], "value": "250.00"},
                                         {"winning_ticket": winners[2]}]
    assert report.data["prizes"][1]["value"] == "250.00"  # the draft, untouched since the draw, takes it
    assert report.prizes == Decimal("250.00")
