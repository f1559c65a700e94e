"""Regular and extra regular cards play the games their rule gives them (30 DCMR 1405.2, 1405.4); a list of
games that disagrees is refused with the section, through the service, the portal and the API. Special and
early-bird cards play their own games."""

from decimal import Decimal

import pytest
from django.urls import reverse

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.models import CardColour, CardSale, GameStatus, GameType
from core.findings import RuleViolation
from tests.bingo.factories import CardSeriesFactory, close, games, operation_with_games, staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    sales.clear_caches()
    operation = operation_with_games(regular=2, early_birds=1, special=1)  # 1 early bird, 2-3 regular, 4 special
    organization = operation.license.organization
    return operation, CardSeriesFactory(organization=organization, size=100), staff(organization)["checker"]


def sell(operation, series, checker, first, **kwargs):
    return services_cards.sale_record(
        age_declared=True, actor=checker, operation=operation, series=series, first_face=first,
                                      price_each=Decimal("1.00"), **kwargs)


def test_a_regular_card_for_one_of_two_regular_games_is_refused(world):
    operation, series, checker = world
    first, second = games(operation, GameType.REGULAR)
    with pytest.raises(RuleViolation) as exc:
        sell(operation, series, checker, 1, games=[first])
    [finding] = exc.value.findings
    assert (finding.rule, finding.field) == ("30 DCMR 1405.2", "games")
    assert "game 3 is missing" in finding.message and "30 DCMR 1405.2" in finding.message
    assert not CardSale.objects.exists()
    # The whole list, or none: the card plays both regular games.
    assert set(sell(operation, series, checker, 1, games=[first, second]).games.all()) == {first, second}
    assert set(sell(operation, series, checker, 2).games.all()) == {first, second}


def test_a_regular_card_keeps_playing_a_regular_game_in_play(world):
    operation, series, checker = world
    first, second = games(operation, GameType.REGULAR)
    first.status = GameStatus.LIVE
    first.save(update_fields=["status"])
    with pytest.raises(RuleViolation):
        sell(operation, series, checker, 1, games=[second])
    close(first)  # once closed it is no longer played, and the list without it agrees
    assert list(sell(operation, series, checker, 1, games=[second]).games.all()) == [second]


def test_an_extra_regular_card_plays_the_regular_games_not_yet_started(world):
    operation, series, checker = world
    first, second = games(operation, GameType.REGULAR)
    extra = {"colour": CardColour.EXTRA_REGULAR}
    with pytest.raises(RuleViolation) as exc:
        sell(operation, series, checker, 1, games=[second], **extra)  # leaves out game 2, not yet started
    assert [f.rule for f in exc.value.findings] == ["30 DCMR 1405.4"]
    first.status = GameStatus.LIVE
    first.save(update_fields=["status"])
    with pytest.raises(RuleViolation) as exc:
        sell(operation, series, checker, 1, games=[first, second], **extra)  # game 2 started before the sale
    assert [f.rule for f in exc.value.findings] == ["30 DCMR 1405.4"]
    assert list(sell(operation, series, checker, 1, games=[second], **extra).games.all()) == [second]
    assert list(sell(operation, series, checker, 2, **extra).games.all()) == [second]


def test_special_cards_play_their_own_games(world):
    operation, series, checker = world
    [early] = games(operation, GameType.EARLY_BIRD)
    [special] = games(operation, GameType.SPECIAL)
    one = sell(operation, series, checker, 1, colour=CardColour.SPECIAL, games=[special])
    assert list(one.games.all()) == [special]
    assert set(sell(operation, series, checker, 2, colour=CardColour.SPECIAL).games.all()) == {early, special}
    with pytest.raises(RuleViolation) as exc:
        sell(operation, series, checker, 3, colour=CardColour.SPECIAL, games=games(operation, GameType.REGULAR))
    assert {f.rule for f in exc.value.findings} == {"30 DCMR 1405.2"}


def test_the_portal_refuses_a_regular_card_for_part_of_the_regular_games(client, world):
    operation, series, checker = world
    first, second = games(operation, GameType.REGULAR)
    client.force_login(checker)
    url = reverse("bingo:sales_register", args=[operation.pk])
    form = {"age_declared": True, "series": series.pk, "first_face": 1, "colour": "regular", "price_each": "1.00"}
    response = client.post(url, {**form, "games": [first.pk]})
    assert response.status_code == 400 and "30 DCMR 1405.2" in response.context["form"].errors["games"][0]
    assert not CardSale.objects.exists()
    assert client.post(url, {**form, "games": [first.pk, second.pk]}).status_code == 302


def test_the_api_refuses_an_extra_regular_card_for_part_of_its_games(client, world):
    operation, series, checker = world
    first, second = games(operation, GameType.REGULAR)
    client.force_login(checker)
    url = reverse("bingo-operation-sales", args=[operation.pk])
    body = {"age_declared": True, "series": series.pk, "first_face": 1, "colour": "extra_regular", "price_each": "1.00"}
    response = client.post(url, {**body, "games": [second.pk]}, content_type="application/json")
    [error] = response.json()["errors"]
    assert response.status_code == 400 and (error["field"], error["rule"]) == ("games", "30 DCMR 1405.4")
    assert not CardSale.objects.exists()
    sold = client.post(url, body, content_type="application/json")
    assert sold.status_code == 201 and sold.json()["games"] == sorted([first.pk, second.pk])
