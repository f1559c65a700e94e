"""The sales register: ranges sold for games, one sale per face and game (30 DCMR 1404.1(h)),
colours and their games (1405.2-1405.4), voids kept, and the 3/4 cutoff (1405.20)."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from bingo.cards import services as services_cards
from bingo.models import CardColour, CardSale, GameStatus, GameType, Hall
from core.findings import RuleViolation
from licensing.models import AuditEvent, Role
from tests.bingo.factories import CardSeriesFactory, close, games, operation_with_games, staff
from tests.licensing.factories import PremisesFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    operation = operation_with_games(regular=4, early_birds=2, special=1)
    organization = operation.license.organization
    return operation, CardSeriesFactory(organization=organization, size=100), staff(organization)


def sell(*, price_each=Decimal("1.00"), **kwargs):
    """A sale at a price within every cap of the tests' classes (30 DCMR 1402)."""
    return services_cards.sale_record(age_declared=True, price_each=price_each, **kwargs)


def rules(exc) -> set[str]:
    return {finding.rule for finding in exc.value.findings}


def fields(exc) -> set[str]:
    return {finding.field for finding in exc.value.findings}


def test_a_range_sold_by_a_checker_plays_every_regular_game(setup):
    operation, series, people = setup
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=11,
                                      last_face=20, price_each=Decimal("1.00"))
    assert sale.faces == 10 and sale.colour == CardColour.REGULAR and sale.sold_by == people["checker"]
    assert set(sale.games.all()) == set(games(operation, GameType.REGULAR))  # 30 DCMR 1405.2
    event = AuditEvent.objects.get(event_type="bingo.cards_sold", object_id=str(sale.pk))
    assert event.payload["first_face"] == 11 and event.payload["games"] == [3, 4, 5, 6]


def test_a_single_face_sale(setup):
    operation, series, people = setup
    sale = sell(actor=people["planner"], operation=operation, series=series, first_face=7)
    assert (sale.first_face, sale.last_face) == (7, 7)


def test_extra_regular_defaults_to_regular_games_not_yet_started(setup):
    operation, series, people = setup
    regular = games(operation, GameType.REGULAR)
    regular[0].status = GameStatus.LIVE
    regular[0].save()
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                      last_face=5, colour=CardColour.EXTRA_REGULAR)
    assert set(sale.games.all()) == set(regular[1:])  # 30 DCMR 1405.4: the games after its purchase
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=6,
                                   colour=CardColour.EXTRA_REGULAR, games=[regular[0]])
    assert rules(exc) == {"30 DCMR 1405.4"}


def test_regular_cards_play_only_regular_games_and_special_cards_the_others(setup):
    operation, series, people = setup
    special = games(operation, GameType.SPECIAL)
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                   games=special)
    assert rules(exc) == {"30 DCMR 1405.2"} and fields(exc) == {"games"}
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                      colour=CardColour.SPECIAL)
    assert {g.game_type for g in sale.games.all()} == {GameType.SPECIAL, GameType.EARLY_BIRD}


def test_overlapping_sale_for_the_same_game_is_refused_with_the_citation(setup):
    operation, series, people = setup
    [special_game] = games(operation, GameType.SPECIAL)
    special = {"colour": CardColour.SPECIAL}
    sell(actor=people["checker"], operation=operation, series=series, first_face=10, last_face=20,
         games=[special_game], **special)
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=18, last_face=25, **special)
    assert rules(exc) == {"30 DCMR 1404.1(h)"} and fields(exc) == {"first_face"}
    assert "18-20" in str(exc.value) and "game 7" in str(exc.value)
    assert CardSale.objects.count() == 1
    # The same faces for other games, or the next faces for the same game, are fine.
    sell(actor=people["checker"], operation=operation, series=series, first_face=10, last_face=20,
         games=games(operation, GameType.EARLY_BIRD), **special)
    sell(actor=people["checker"], operation=operation, series=series, first_face=21, last_face=25,
         games=[special_game], **special)
    # Another series' face 15 is another card.
    sell(actor=people["checker"], operation=operation, first_face=15, games=[special_game], **special,
         series=CardSeriesFactory(organization=operation.license.organization, code="B", size=50))
    assert CardSale.objects.count() == 4


def test_a_voided_sale_frees_its_faces_and_is_kept(setup):
    operation, series, people = setup
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                      last_face=10)
    with pytest.raises(ValidationError) as exc:
        services_cards.sale_void(actor=people["checker"], sale=sale, reason=" ")
    assert "reason" in exc.value.error_dict
    voided = services_cards.sale_void(actor=people["checker"], sale=sale, reason="Wrong colour handed out")
    assert voided.voided_at is not None and voided.void_reason == "Wrong colour handed out"
    again = sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                       last_face=10, colour=CardColour.EXTRA_REGULAR)
    assert CardSale.objects.filter(pk=sale.pk, voided_at__isnull=False).exists()
    assert CardSale.objects.count() == 2 and again.pk != sale.pk
    assert AuditEvent.objects.filter(event_type="bingo.card_sale_voided", object_id=str(sale.pk)).exists()
    with pytest.raises(ValidationError):
        services_cards.sale_void(actor=people["checker"], sale=sale, reason="twice")


def test_cutoff_after_three_quarters_of_the_scheduled_games(setup):
    """4 regular + 1 special games are scheduled; the 2 early birds do not count (30 DCMR 1405.20)."""
    operation, series, people = setup
    early = games(operation, GameType.EARLY_BIRD)
    regular = games(operation, GameType.REGULAR)
    close(*early, *regular[:3])  # 3 of 5 scheduled: under 3/4, early birds do not count
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=1)
    assert list(sale.games.all()) == [regular[3]]
    close(regular[3])  # 4 of 5: past 3/4
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=2,
                                   games=games(operation, GameType.SPECIAL), colour=CardColour.EXTRA_REGULAR)
    assert "30 DCMR 1405.20" in rules(exc)
    special = sell(actor=people["checker"], operation=operation, series=series,
                                         first_face=2, colour=CardColour.SPECIAL)
    assert list(special.games.all()) == games(operation, GameType.SPECIAL)


def test_closed_games_ranges_outside_the_series_and_reversed_ranges_refused(setup):
    operation, series, people = setup
    regular = games(operation, GameType.REGULAR)
    close(regular[0])
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                   games=[regular[0]])
    assert "30 DCMR 1406.3" in rules(exc)
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=95,
                                   last_face=101)
    assert fields(exc) == {"last_face"} and "1 to 100" in str(exc.value)
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=0)
    assert fields(exc) >= {"first_face"}
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=9,
                                   last_face=3)
    assert fields(exc) == {"last_face"}
    assert not CardSale.objects.exists()


def test_games_of_another_operation_and_series_of_another_organization_refused(setup):
    operation, series, people = setup
    other_operation = operation_with_games(regular=1, license=operation.license)
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                   games=games(other_operation))
    assert fields(exc) == {"games"}
    foreign = CardSeriesFactory(organization=operation_with_games().license.organization, code="F")
    with pytest.raises(RuleViolation) as exc:
        sell(actor=people["checker"], operation=operation, series=foreign, first_face=1)
    assert fields(exc) == {"series"} and rules(exc) == {"30 DCMR 1404.1"}


def test_hall_must_belong_to_the_operation_and_price_is_stored(setup):
    operation, series, people = setup
    hall = Hall.objects.create(operation=operation, premises=operation.premises, name="Main", key="k-main",
                               is_drawing_location=True)
    sale = sell(actor=people["checker"], operation=operation, series=series, first_face=1,
                                      price_each=Decimal("0.75"), hall=hall)
    assert sale.hall == hall and sale.price_each == Decimal("0.75")
    elsewhere = Hall.objects.create(operation=operation_with_games(), premises=PremisesFactory(), name="Other",
                                    key="k-other")
    with pytest.raises(ValidationError) as exc:
        sell(actor=people["checker"], operation=operation, series=series, first_face=2,
                                   hall=elsewhere)
    assert "hall" in exc.value.error_dict


def test_who_may_sell(setup):
    operation, series, people = setup
    sell(actor=people["caller"], operation=operation, series=series, first_face=1)
    outsider = member(operation_with_games().license.organization, Role.OFFICER)
    for actor in (outsider, member(operation.license.organization, Role.DEALER)):
        with pytest.raises(PermissionDenied):
            sell(actor=actor, operation=operation, series=series, first_face=2)
    with pytest.raises(PermissionDenied):
        services_cards.sale_void(actor=outsider, sale=CardSale.objects.get(), reason="not mine")
