"""A Monte Carlo Night's prizes at the payout desk (montecarlo.nights.payouts): awarding opens one payout per prize,
due, with the prize's description and value and the admission as the wager; reading the awards again adds nothing;
a training night has none."""

from decimal import Decimal

import pytest

from licensing.models import Payout, PayoutStatus
from montecarlo.models import Night
from montecarlo.nights import services
from montecarlo.nights.payouts import night_payouts_open
from tests.montecarlo.factories import admit, night_for

pytestmark = pytest.mark.django_db


def awarded(**fields):
    night, director = night_for(**fields)
    admit(night, director, 3)
    services.night_count(actor=director, night=night)
    return services.prizes_award(actor=director, night=night)


def test_each_prize_awarded_is_a_payout_due_with_its_description_and_value():
    night = awarded(prizes=[{"description": "Dinner for two", "value": "80"}, {"description": "Gift basket",
                                                                               "value": "40"}])
    payouts = list(Payout.objects.filter(session=f"montecarlo.night:{night.pk}").order_by("source"))
    assert [(p.source, p.status, p.description, p.prize, p.wager, p.game) for p in payouts] == [
        (f"montecarlo.night:{night.pk}/award:{award['place']}", PayoutStatus.DUE, award["description"],
         Decimal(award["value"]), Decimal("25.00"), "montecarlo") for award in night.awards]
    first = night.awards[0]
    assert payouts[0].label == f"Casino Night, prize 1, participant #{first['participant']}"
    assert payouts[0].won_on == night.date and payouts[0].license == night.license
    night_payouts_open(night)  # again: the same payouts
    assert list(Payout.objects.filter(session=f"montecarlo.night:{night.pk}").order_by("source")) == payouts


def test_a_prize_posted_at_no_value_is_no_payout():
    night = awarded(prizes=[{"description": "Trophy", "value": "0"}, {"description": "Gift basket", "value": "40"}])
    assert list(Payout.objects.filter(session=f"montecarlo.night:{night.pk}").values_list("source", flat=True)) == [
        f"montecarlo.night:{night.pk}/award:2"]


def test_a_training_night_has_no_payout():
    night = awarded(training=True, prizes=[{"description": "Practice", "value": "0"}])
    # Even an award with a value (a training night posts none: montecarlo.nights.rules.training_findings).
    Night.objects.filter(pk=night.pk).update(awards=[{**night.awards[0], "value": "50.00"}])
    assert night_payouts_open(night) == []
    assert not Payout.objects.filter(session=f"montecarlo.night:{night.pk}").exists()
