"""A Hold'em tournament's prizes at the payout desk (montecarlo.tournaments.payouts): publishing the results opens
one payout per place paid, due, at the place's prize with the buy-in as the wager; reading them again adds nothing;
a training tournament has none."""

from decimal import Decimal

import pytest

from licensing.models import Payout, PayoutStatus
from montecarlo.models import Tournament, TournamentStatus
from montecarlo.tournaments import services
from montecarlo.tournaments.payouts import tournament_payouts_open
from tests.montecarlo.factories import mcn_license, play_to_one, running

pytestmark = pytest.mark.django_db


def published(names, **overrides):
    tournament, director = running(names, license=mcn_license(), **overrides)
    play_to_one(director, tournament)
    return services.results_publish(actor=director, tournament=tournament)


def test_each_place_paid_is_a_payout_due_at_its_prize_with_the_buy_in_as_wager(board_clock):
    tournament = published(["Ana", "Ben", "Cy", "Dee"], name="Friday Hold'em")
    payouts = list(Payout.objects.filter(session=f"holdem.tournament:{tournament.pk}").order_by("source"))
    # Cy won; the other three went out on one hand and share second place's and third's prizes.
    assert [(row["place"], row["name"]) for row in tournament.results] == [(1, "Cy"), (2, "Ana"), (2, "Ben"),
                                                                          (2, "Dee")]
    session = f"holdem.tournament:{tournament.pk}"
    assert [(p.source, p.status, p.prize, p.wager, p.game, p.label) for p in payouts] == [
        (f"{session}/place:1", PayoutStatus.DUE, Decimal("300.00"), tournament.entry_fee, "holdem",
         "Place 1, Friday Hold'em"),
        *[(f"{session}/place:2/player:{row['player']}", PayoutStatus.DUE, Decimal(row["prize"]),
           tournament.entry_fee, "holdem", f"Place 2 (shared), Friday Hold'em, {row['name']}")
          for row in tournament.results[1:]]]
    assert sum(p.prize for p in payouts[1:]) == Decimal("200.00")  # second's and third's prizes, split three ways
    assert {p.won_on for p in payouts} == {tournament.date}
    tournament_payouts_open(tournament)  # again: the same payouts
    assert list(Payout.objects.filter(session=f"holdem.tournament:{tournament.pk}").order_by("source")) == payouts


def test_a_training_or_unpublished_tournament_has_no_payout(board_clock):
    tournament = published(["Ana", "Ben", "Cy"])
    Payout.objects.filter(session=f"holdem.tournament:{tournament.pk}").delete()  # the queryset's: as if never opened
    Tournament.objects.filter(pk=tournament.pk).update(training=True)
    assert tournament_payouts_open(tournament) == []
    Tournament.objects.filter(pk=tournament.pk).update(training=False, status=TournamentStatus.RUNNING)
    assert tournament_payouts_open(tournament) == []
    Tournament.objects.filter(pk=tournament.pk).update(status=TournamentStatus.PUBLISHED)
    assert len(tournament_payouts_open(tournament)) == sum(
        1 for row in tournament.results if Decimal(row["prize"]) > 0)
