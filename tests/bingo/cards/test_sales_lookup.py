"""What the live console reads from the register: the sold faces of a game as an engine bank
(rebuilt when sales change), the face behind a claimed face number (30 DCMR 1404.1(h)), and
the card counts by colour for the financial report."""

from decimal import Decimal

import numpy as np
import pytest
from django.core.exceptions import ValidationError

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.models import CardColour, GameType
from core.findings import RuleViolation
from tests.bingo.factories import CardSeriesFactory, games, operation_with_games, staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    sales.clear_caches()
    operation = operation_with_games(regular=3, special=1)
    organization = operation.license.organization
    return operation, CardSeriesFactory(organization=organization, size=80), staff(organization)["checker"]


def sell(checker, operation, series, first, last=None, price_each=Decimal("1.00"), **kwargs):
    return services_cards.sale_record(
        age_declared=True, actor=checker, operation=operation, series=series, first_face=first,
                                      last_face=last, price_each=price_each, **kwargs)


def test_find_sold_face_returns_the_generated_face(setup):
    operation, series, checker = setup
    game = games(operation)[0]
    sell(checker, operation, series, 5, 9)
    card, found = sales.find_sold_face(game=game, face_number=7)
    assert found == series and card == sales.series_faces(series)[6]
    card, found = sales.find_sold_face(game=game, face_number=7, series_code="A")
    assert card == sales.series_faces(series)[6]


def test_a_face_not_sold_for_this_game_is_refused_with_the_citation(setup):
    operation, series, checker = setup
    first, _second, _third, special = games(operation)
    sell(checker, operation, series, 5, 9, games=[special], colour=CardColour.SPECIAL)
    with pytest.raises(RuleViolation) as exc:
        sales.find_sold_face(game=first, face_number=7)
    finding = exc.value.findings[0]
    assert finding.rule == "30 DCMR 1404.1(h)" and finding.field == "face_number"
    assert "Face 7 was not sold for game 1" in finding.message
    with pytest.raises(RuleViolation):
        sales.find_sold_face(game=special, face_number=10)  # outside the range sold


def test_a_voided_face_no_longer_plays(setup):
    operation, series, checker = setup
    game = games(operation)[0]
    sale = sell(checker, operation, series, 1, 3)
    services_cards.sale_void(actor=checker, sale=sale, reason="refund")
    with pytest.raises(RuleViolation):
        sales.find_sold_face(game=game, face_number=2)


def test_unknown_face_number_is_refused_on_the_face_number(setup):
    operation, series, checker = setup
    game = games(operation)[0]
    sell(checker, operation, series, 1, 80)
    for number in (81, 0, -3):
        with pytest.raises(RuleViolation) as exc:
            sales.find_sold_face(game=game, face_number=number)
        assert exc.value.findings[0].field == "face_number" and "does not exist" in exc.value.findings[0].message
    with pytest.raises(ValidationError) as exc:
        sales.find_sold_face(game=game, face_number=3, series_code="NOPE")
    assert "series" in exc.value.error_dict


def test_same_face_number_in_two_series_needs_the_series_code(setup):
    operation, series, checker = setup
    game = games(operation)[0]
    other = CardSeriesFactory(organization=operation.license.organization, code="B", size=80, seed=5)
    sell(checker, operation, series, 1, 10)
    sell(checker, operation, other, 5, 15)
    with pytest.raises(ValidationError) as exc:
        sales.find_sold_face(game=game, face_number=7)
    assert "series" in exc.value.error_dict and not isinstance(exc.value, RuleViolation)
    card, found = sales.find_sold_face(game=game, face_number=7, series_code="B")
    assert found == other and card == sales.series_faces(other)[6]
    card, found = sales.find_sold_face(game=game, face_number=12)  # only B sold face 12
    assert found == other


def test_sold_faces_bank_matches_the_register_in_order(setup):
    operation, series, checker = setup
    game = games(operation)[0]
    other = CardSeriesFactory(organization=operation.license.organization, code="B", size=80, seed=5)
    sell(checker, operation, series, 10, 12)
    sell(checker, operation, other, 3, 4)
    sell(checker, operation, series, 30, 30, colour=CardColour.SPECIAL)  # not for this game
    sold = sales.sold_faces(game)
    assert sold.keys == [(series.pk, 10), (series.pk, 11), (series.pk, 12), (other.pk, 3), (other.pk, 4)]
    assert len(sold.bank) == 5
    expected = [sales.series_faces(series)[n - 1] for n in (10, 11, 12)] + \
               [sales.series_faces(other)[n - 1] for n in (3, 4)]
    assert np.array_equal(sold.bank.squares, np.array([card.squares for card in expected], dtype=np.uint8))


def test_sold_faces_is_cached_and_rebuilt_on_a_new_sale_or_a_void(setup, django_assert_max_num_queries):
    operation, series, checker = setup
    game = games(operation)[0]
    first_sale = sell(checker, operation, series, 1, 2)
    sold = sales.sold_faces(game)
    with django_assert_max_num_queries(1):  # only the version query
        assert sales.sold_faces(game) is sold
    sell(checker, operation, series, 3, 3)
    rebuilt = sales.sold_faces(game)
    assert rebuilt is not sold and len(rebuilt.bank) == 3 and rebuilt.keys[-1] == (series.pk, 3)
    services_cards.sale_void(actor=checker, sale=first_sale, reason="mistake")
    after_void = sales.sold_faces(game)
    assert after_void.keys == [(series.pk, 3)]


def test_sold_faces_of_a_game_without_sales_is_an_empty_bank(setup):
    operation, _series, _checker = setup
    sold = sales.sold_faces(games(operation)[0])
    assert sold.keys == [] and len(sold.bank) == 0


def test_card_counts_by_colour_leave_voids_out(setup):
    operation, series, checker = setup
    sell(checker, operation, series, 1, 10)
    sell(checker, operation, series, 11, 14, colour=CardColour.EXTRA_REGULAR)
    sell(checker, operation, series, 1, 6, colour=CardColour.SPECIAL, games=games(operation, GameType.SPECIAL))
    void = sell(checker, operation, series, 20, 29)
    services_cards.sale_void(actor=checker, sale=void, reason="returned unopened")
    assert sales.card_counts(operation) == {"regular": 10, "extra_regular": 4, "special": 6}
    assert sales.card_counts(operation_with_games()) == {"regular": 0, "extra_regular": 0, "special": 0}
