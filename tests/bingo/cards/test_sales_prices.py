"""Every card sale within the price caps of the operation's class (30 DCMR 1402.1-1402.6), never free
(1408.10), and with a price named: through the service, the portal's sales register and the API."""

from decimal import Decimal

import pytest
from django.urls import reverse

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.models import CardColour, CardSale, GameType
from core.findings import RuleViolation
from tests.bingo.factories import CardSeriesFactory, games, operation_with_games, staff
from tests.licensing.factories import LicenseFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    sales.clear_caches()
    operation = operation_with_games(regular=2, early_birds=1, special=1)
    organization = operation.license.organization
    return operation, CardSeriesFactory(organization=organization, size=100), staff(organization)["checker"]


def sell(operation, series, checker, first, price, **kwargs):
    return services_cards.sale_record(
        age_declared=True, actor=checker, operation=operation, series=series, first_face=first,
                                      price_each=Decimal(price), **kwargs)


def refused(operation, series, checker, first, price, **kwargs) -> list[str]:
    with pytest.raises(RuleViolation) as exc:
        sell(operation, series, checker, first, price, **kwargs)
    assert {f.field for f in exc.value.findings} == {"price_each"}
    return [f.rule for f in exc.value.findings]


@pytest.mark.parametrize("colour, ok, over, rule", [
    (CardColour.REGULAR, "4.00", "4.01", "30 DCMR 1402.1"),
    (CardColour.EXTRA_REGULAR, "2.00", "2.01", "30 DCMR 1402.3"),
    (CardColour.SPECIAL, "2.00", "2.01", "30 DCMR 1402.5"),  # an early bird and a special game: $1 each
])
def test_class_b_caps_through_the_service(world, colour, ok, over, rule):
    operation, series, checker = world
    assert refused(operation, series, checker, 1, over, colour=colour) == [rule]
    sale = sell(operation, series, checker, 1, ok, colour=colour)
    assert sale.price_each == Decimal(ok)
    assert CardSale.objects.count() == 1


def test_the_issues_sales_are_refused(world):
    """An extra regular card at $9, a regular card at $25 and a card at the old default $0.00 were accepted."""
    operation, series, checker = world
    assert refused(operation, series, checker, 1, "9.00", colour=CardColour.EXTRA_REGULAR) == ["30 DCMR 1402.3"]
    assert refused(operation, series, checker, 2, "25.00") == ["30 DCMR 1402.1"]
    assert refused(operation, series, checker, 3, "0.00") == ["30 DCMR 1408.10"]
    assert sell(operation, series, checker, 3, "0.01").price_each == Decimal("0.01")
    with pytest.raises(TypeError):
        services_cards.sale_record(
            age_declared=True, actor=checker, operation=operation, series=series, first_face=4)  # no price
    assert CardSale.objects.count() == 1


@pytest.mark.parametrize("colour, ok, over, rule", [
    (CardColour.REGULAR, "0.25", "0.26", "30 DCMR 1402.2"),
    (CardColour.EXTRA_REGULAR, "0.15", "0.16", "30 DCMR 1402.4"),
])
def test_class_d_caps_through_the_service(colour, ok, over, rule):
    operation = operation_with_games(regular=2, license=LicenseFactory(application__license_class="D"))
    organization = operation.license.organization
    series, checker = CardSeriesFactory(organization=organization), staff(organization)["checker"]
    assert refused(operation, series, checker, 1, over, colour=colour) == [rule]
    assert sell(operation, series, checker, 1, ok, colour=colour).price_each == Decimal(ok)


def test_a_special_card_for_one_game_is_held_to_that_games_cap(world):
    operation, series, checker = world
    [special] = games(operation, GameType.SPECIAL)
    assert refused(operation, series, checker, 1, "1.01", colour=CardColour.SPECIAL,
                   games=[special]) == ["30 DCMR 1402.5"]
    assert sell(operation, series, checker, 1, "1.00", colour=CardColour.SPECIAL, games=[special])


def test_the_portal_refuses_a_price_over_the_cap_or_missing(client, world):
    operation, series, checker = world
    client.force_login(checker)
    url = reverse("bingo:sales_register", args=[operation.pk])
    form = {"age_declared": True, "series": series.pk, "first_face": 1, "colour": "extra_regular"}
    over = client.post(url, {**form, "price_each": "2.01"})
    assert over.status_code == 400 and "30 DCMR 1402.3" in over.context["form"].errors["price_each"][0]
    free = client.post(url, {**form, "price_each": "0"})
    assert free.status_code == 400 and "30 DCMR 1408.10" in free.context["form"].errors["price_each"][0]
    missing = client.post(url, form)
    assert missing.status_code == 400 and "price_each" in missing.context["form"].errors
    assert not CardSale.objects.exists()
    assert client.post(url, {**form, "price_each": "2.00"}).status_code == 302
    assert CardSale.objects.get().price_each == Decimal("2.00")


def test_the_api_refuses_a_price_over_the_cap_or_missing(client, world):
    operation, series, checker = world
    client.force_login(checker)
    url = reverse("bingo-operation-sales", args=[operation.pk])
    body = {"age_declared": True, "series": series.pk, "first_face": 1, "colour": "regular"}
    over = client.post(url, {**body, "price_each": "4.01"}, content_type="application/json")
    [error] = over.json()["errors"]
    assert over.status_code == 400 and (error["field"], error["rule"]) == ("price_each", "30 DCMR 1402.1")
    assert "30 DCMR 1402.1" in error["message"]
    free = client.post(url, {**body, "price_each": "0.00"}, content_type="application/json")
    assert free.status_code == 400 and free.json()["errors"][0]["rule"] == "30 DCMR 1408.10"
    missing = client.post(url, body, content_type="application/json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "price_each"
    assert not CardSale.objects.exists()
    sold = client.post(url, {**body, "price_each": "4.00"}, content_type="application/json")
    assert sold.status_code == 201 and sold.json()["price_each"] == "4.00"
