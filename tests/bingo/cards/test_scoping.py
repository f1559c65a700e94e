"""Card series and the sales register, portal and API, as a matrix: each organization role,
another organization (404, never 403, so nothing is disclosed), the Board (reads all, writes
nothing) and anonymous visitors."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.models import CardSale, CardSeries
from bingo.selectors import CHECKER_ROLES, PLANNER_ROLES, READER_ROLES
from licensing.models import Role
from tests.bingo.factories import CardSeriesFactory, bought, operation_with_games, staff, vendor_license
from tests.licensing.factories import board_member, board_staff, member


def source() -> dict:
    """A vendor's license in force and its invoice (30 DCMR 1403.1), as the API takes them."""
    return {**bought(vendor_license()), "invoice_date": timezone.localdate().isoformat()}


pytestmark = pytest.mark.django_db
SELLERS = PLANNER_ROLES | CHECKER_ROLES


@pytest.fixture
def world():
    sales.clear_caches()
    own_operation = operation_with_games(regular=2)
    other_operation = operation_with_games(regular=2)
    own, other = own_operation.license.organization, other_operation.license.organization
    own_series = CardSeriesFactory(organization=own, code="OWN", size=30)
    other_series = CardSeriesFactory(organization=other, code="OTHER", size=30)
    own_sale = services_cards.sale_record(
        age_declared=True, actor=staff(own)["checker"], operation=own_operation, series=own_series,
                                          first_face=1, last_face=5, price_each=Decimal("1.00"))
    other_sale = services_cards.sale_record(age_declared=True, actor=staff(other)["checker"], operation=other_operation,
                                            series=other_series, first_face=1, last_face=5,
                                            price_each=Decimal("1.00"))
    return {"own": own, "own_operation": own_operation, "own_series": own_series, "own_sale": own_sale,
            "other_operation": other_operation, "other_series": other_series, "other_sale": other_sale}


def pages(w, side):
    series, operation = w[f"{side}_series"], w[f"{side}_operation"]
    return [reverse("bingo:series_detail", args=[series.pk]),
            reverse("bingo:card_sheet_pdf", args=[series.pk]) + "?first=1&last=1&per_page=1",
            reverse("bingo:sales_register", args=[operation.pk])]


def api_reads(w, side):
    series, operation = w[f"{side}_series"], w[f"{side}_operation"]
    return [reverse("bingo-series-detail", args=[series.pk]), reverse("bingo-series-face", args=[series.pk, 3]),
            reverse("bingo-operation-sales", args=[operation.pk]),
            reverse("bingo-operation-card-counts", args=[operation.pk])]


def sale_body(w, side, first=10):
    return {"age_declared": True,
            "series": w[f"{side}_series"].pk, "first_face": first, "last_face": first + 1, "price_each": "1.00"}


@pytest.mark.parametrize("role", list(Role))
def test_organization_roles(client, world, role):
    w = world
    user = member(w["own"], role)
    client.force_login(user)
    reader = role in READER_ROLES
    for url in pages(w, "own"):
        assert client.get(url).status_code == (200 if reader else 404), url
    for url in pages(w, "other") + api_reads(w, "other"):
        assert client.get(url).status_code == 404, url
    for url in api_reads(w, "own"):
        assert client.get(url).status_code == (200 if reader else 404), url
    listed = {row["code"] for row in client.get(reverse("bingo-series-list")).json()["results"]}
    assert listed == ({"OWN"} if reader else set())
    assert client.get(reverse("bingo:series_list")).status_code == 200

    # Planners create series; everyone else is refused (403 inside the organization).
    created = client.post(reverse("bingo-series-list"), {"organization": w["own"].pk, "code": f"N-{role}",
                                                           "size": 10, **source()}, content_type="application/json")
    assert created.status_code == (201 if role in PLANNER_ROLES else 403)
    assert client.get(reverse("bingo:series_create")).status_code == (200 if role in PLANNER_ROLES else 403)

    # Checkers, callers and planners sell (30 DCMR 1401.4); a sale for another organization is 404.
    sold = client.post(reverse("bingo-operation-sales", args=[w["own_operation"].pk]), sale_body(w, "own"),
                       content_type="application/json")
    assert sold.status_code == (201 if role in SELLERS else 404 if not reader else 403)
    portal = client.post(reverse("bingo:sales_register", args=[w["own_operation"].pk]),
                         {"age_declared": True,
                          "series": w["own_series"].pk, "first_face": 20, "colour": "regular", "price_each": "1.00"})
    assert portal.status_code == (302 if role in SELLERS else 404)
    assert client.post(reverse("bingo-operation-sales", args=[w["other_operation"].pk]), sale_body(w, "other"),
                       content_type="application/json").status_code == 404
    assert client.post(reverse("bingo-sale-void", args=[w["other_sale"].pk]), {"reason": "x"},
                       content_type="application/json").status_code == 404
    assert client.post(reverse("bingo:sale_void", args=[w["other_sale"].pk]), {"reason": "x"}).status_code == 404
    voided = client.post(reverse("bingo-sale-void", args=[w["own_sale"].pk]), {"reason": "wrong colour"},
                         content_type="application/json")
    assert voided.status_code == (200 if role in SELLERS else 404)
    assert CardSale.objects.get(pk=w["other_sale"].pk).voided_at is None


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_board_reads_everything_and_writes_nothing(client, world, make_user):
    w = world
    client.force_login(make_user())
    for side in ("own", "other"):
        for url in pages(w, side) + api_reads(w, side):
            assert client.get(url).status_code == 200, url
    listed = {row["code"] for row in client.get(reverse("bingo-series-list")).json()["results"]}
    assert listed == {"OWN", "OTHER"}
    assert client.post(reverse("bingo-series-list"), {"organization": w["own"].pk, "code": "B"},
                       content_type="application/json").status_code == 403
    assert client.get(reverse("bingo:series_create")).status_code == 403
    assert client.post(reverse("bingo-operation-sales", args=[w["own_operation"].pk]), sale_body(w, "own"),
                       content_type="application/json").status_code == 403
    assert client.post(reverse("bingo:sales_register", args=[w["own_operation"].pk]),
                       {"age_declared": True,
                        "series": w["own_series"].pk, "first_face": 20, "colour": "regular"}).status_code == 403
    assert client.post(reverse("bingo-sale-void", args=[w["own_sale"].pk]), {"reason": "x"},
                       content_type="application/json").status_code == 403
    assert CardSale.objects.filter(voided_at__isnull=False).count() == 0
    assert CardSeries.objects.count() == 2


def test_anonymous_visitors_see_nothing(client, world):
    w = world
    for url in pages(w, "own") + [reverse("bingo:series_list"), reverse("bingo:series_create")]:
        response = client.get(url)
        assert response.status_code == 302 and "login" in response["Location"], url
    for url in api_reads(w, "own") + [reverse("bingo-series-list")]:
        assert client.get(url).status_code == 401, url
    assert client.post(reverse("bingo-operation-sales", args=[w["own_operation"].pk]), sale_body(w, "own"),
                       content_type="application/json").status_code == 401
    assert CardSale.objects.count() == 2


def test_api_sale_errors_carry_the_rule(client, world):
    w = world
    client.force_login(staff(w["own"])["checker"])
    url = reverse("bingo-operation-sales", args=[w["own_operation"].pk])
    response = client.post(url, {"age_declared": True,
                                 "series": w["own_series"].pk, "first_face": 3, "last_face": 8, "price_each": "1.00"},
                           content_type="application/json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "first_face" and error["rule"] == "30 DCMR 1404.1(h)"
    # A series of another organization is not even named.
    response = client.post(url, {"age_declared": True,
                                 "series": w["other_series"].pk, "first_face": 3, "price_each": "1.00"},
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "series"
    game_elsewhere = w["other_operation"].games.first().pk
    response = client.post(url, {"age_declared": True,
                                 "series": w["own_series"].pk, "first_face": 9, "games": [game_elsewhere],
                                 "price_each": "1.00"},
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "games"
    face = client.get(reverse("bingo-series-face", args=[w["own_series"].pk, 31]))
    assert face.status_code == 404


def test_api_face_and_counts_content(client, world):
    w = world
    client.force_login(staff(w["own"])["planner"])
    face = client.get(reverse("bingo-series-face", args=[w["own_series"].pk, 3])).json()
    card = sales.series_faces(w["own_series"])[2]
    assert face["squares"] == list(card.squares) and face["face_number"] == 3 and face["series_code"] == "OWN"
    assert face["columns"][2][2] == 0
    counts = client.get(reverse("bingo-operation-card-counts", args=[w["own_operation"].pk])).json()
    assert counts == {"regular": 5, "extra_regular": 0, "special": 0}
    listed = client.get(reverse("bingo-operation-sales", args=[w["own_operation"].pk])).json()["results"]
    assert [(row["first_face"], row["last_face"], row["series_code"]) for row in listed] == [(1, 5, "OWN")]
    assert "seed" not in client.get(reverse("bingo-series-detail", args=[w["own_series"].pk])).json()
