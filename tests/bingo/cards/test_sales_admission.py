"""Only the card that comes with the admission is regular (30 DCMR 1402.1, 1402.3): a named player buys one regular
card, the others are extra regular at most $2 ($2.00 sold, $2.01 refused, at the sale as when planned). No player
under 18 (30 DCMR 1702.1): the player declares it at the sale, as a night's participant at the door. Service,
portal and API."""

from decimal import Decimal

import pytest
from django.urls import reverse

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.cards.forms import CharitySellForm
from bingo.models import CardColour, CardSale
from core.findings import RuleViolation
from tests.bingo.factories import CardSeriesFactory, operation_with_games, staff
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    sales.clear_caches()
    operation = operation_with_games(regular=2)
    organization = operation.license.organization
    return operation, CardSeriesFactory(organization=organization, size=100), staff(organization)["checker"]


def sell(world, **kwargs):
    operation, series, checker = world
    return services_cards.sale_record(actor=checker, operation=operation, series=series, **kwargs)


def rules_of(world, **kwargs) -> list[tuple[str, str]]:
    with pytest.raises(RuleViolation) as exc:
        sell(world, **kwargs)
    return [(f.rule, f.field) for f in exc.value.findings]


def test_a_named_player_gets_one_regular_card_and_extra_regular_ones_at_most_2(world):
    ok = {"age_declared": True, "buyer": "Rosa Diaz"}
    assert rules_of(world, first_face=1, last_face=3, price_each=Decimal("4.00"), **ok) == [
        ("30 DCMR 1402.3", "last_face")]
    assert sell(world, first_face=1, price_each=Decimal("4.00"), **ok).faces == 1  # the admission's card
    extra = {"colour": CardColour.EXTRA_REGULAR, **ok}
    assert rules_of(world, first_face=2, last_face=3, price_each=Decimal("2.01"), **extra) == [
        ("30 DCMR 1402.3", "price_each")]
    assert sell(world, first_face=2, last_face=3, price_each=Decimal("2.00"), **extra).faces == 2
    assert CardSale.objects.count() == 2


def test_no_sale_without_the_players_age_declaration(world):
    assert rules_of(world, first_face=1, price_each=Decimal("1.00")) == [("30 DCMR 1702.1", "age_declared")]
    assert rules_of(world, first_face=1, price_each=Decimal("1.00"), age_declared=False) == [
        ("30 DCMR 1702.1", "age_declared")]
    sale = sell(world, first_face=1, price_each=Decimal("1.00"), age_declared=True)
    assert sale.age_declared


def test_the_portal_and_the_api_ask_for_the_declaration(client, world):
    operation, series, checker = world
    client.force_login(checker)
    form = {"series": series.pk, "first_face": 1, "colour": "regular", "price_each": "1.00"}
    page = client.post(reverse("bingo:sales_register", args=[operation.pk]), form)
    assert page.status_code == 400 and "30 DCMR 1702.1" in page.context["form"].errors["age_declared"][0]
    assert "18 or older" in client.get(reverse("bingo:sales_register", args=[operation.pk])).content.decode()
    url = reverse("bingo-operation-sales", args=[operation.pk])
    refused = client.post(url, form, content_type="application/json")
    assert refused.status_code == 400
    assert [(e["field"], e["rule"]) for e in refused.json()["errors"]] == [("age_declared", "30 DCMR 1702.1")]
    assert not CardSale.objects.exists()
    sold = client.post(url, {**form, "age_declared": True}, content_type="application/json")
    assert sold.status_code == 201 and sold.json()["age_declared"] is True


def test_the_declaration_names_the_age_in_force(client, world):
    """The label is the register's player.minimum_age on the operation's day, never a copy of it."""
    operation, series, checker = world
    client.force_login(checker)
    url = reverse("bingo:sales_register", args=[operation.pk])
    assert "The player declares being 18 or older (30 DCMR 1702.1)" in client.get(url).content.decode()
    board_number("player.minimum_age", 21)
    page = client.get(url).content.decode()
    assert "The player declares being 21 or older (30 DCMR 1702.1)" in page and "18 or older" not in page
    assert CharitySellForm().fields["age_declared"].label == "The player declares being 21 or older (30 DCMR 1702.1)"
