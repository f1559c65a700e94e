"""The planning portal: who sees and who may change an operation, the create flow, htmx game
entry with cited errors, reordering, and pattern names in Spanish."""

import datetime as dt

import pytest
from django.urls import reverse

from bingo.models import Game, Operation, WorkerDuty
from licensing.models import Role
from tests.bingo.factories import add_game, bingo_license, pattern, plan, planner
from tests.licensing.factories import board_staff, member

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def operation():
    return plan(bingo_license())


def game_data(**overrides):
    data = {"game-game_type": "regular", "game-pattern": pattern("four-corners").pk, "game-card_price": "2.00",
            "game-prize": "150.00"}
    data.update({f"game-{k}": v for k, v in overrides.items()})
    return data


def test_scoping_matrix_for_the_plan(client, operation):
    organization = operation.license.organization
    detail = reverse("bingo:operation_detail", args=[operation.pk])
    add = reverse("bingo:game_add", args=[operation.pk])
    pdf = reverse("bingo:program_sheet_pdf", args=[operation.pk])

    assert client.get(detail).status_code == 302  # anonymous: to the sign-in page
    assert client.post(add, game_data()).status_code == 302

    client.force_login(planner(organization))
    page = client.get(detail)
    assert page.status_code == 200 and "Add a game" in page.content.decode()
    assert client.post(add, game_data()).status_code == 302

    for role in (Role.CALLER, Role.CHECKER):
        client.force_login(member(organization, role))
        page = client.get(detail)
        assert page.status_code == 200 and "Add a game" not in page.content.decode()
        assert client.post(add, game_data()).status_code == 403

    client.force_login(board_staff())
    assert client.get(detail).status_code == 200
    assert client.get(pdf).status_code == 200
    assert client.post(add, game_data()).status_code == 403

    client.force_login(planner(bingo_license().organization))  # another organization
    assert client.get(detail).status_code == 404
    assert client.get(pdf).status_code == 404
    assert client.get(reverse("bingo:worker_posting", args=[operation.pk])).status_code == 404
    assert client.post(add, game_data()).status_code == 404
    assert operation.pk not in [o.pk for o in client.get(reverse("bingo:operation_list")).context["operations"]]
    assert Game.objects.filter(operation=operation).count() == 1


def test_create_flow(client):
    license = bingo_license()
    client.force_login(planner(license.organization))
    date = license.schedule[0]["date"]
    form = client.get(reverse("bingo:operation_create"))
    assert form.status_code == 200 and license.number in form.content.decode()
    data = {"license": license.pk, "premises": license.premises_id, "date": date, "starts_at": "18:30",
            "ends_at": "21:30", "member_in_charge": "Ana Gómez", "door_prizes_value": "120.00",
            "house_rules": "Bingo is called at once."}
    late = client.post(reverse("bingo:operation_create"), {**data, "ends_at": "22:30"})
    assert late.status_code == 400 and "30 DCMR 1202.2(m)" in late.content.decode()
    assert not Operation.objects.exists()
    response = client.post(reverse("bingo:operation_create"), data)
    operation = Operation.objects.get()
    assert response.status_code == 302 and response.url == reverse("bingo:operation_detail", args=[operation.pk])
    page = client.get(response.url).content.decode()
    assert operation.halls.get().key in page
    assert "30 DCMR 1401.3" in page  # no checker yet: shown as still to do


def test_htmx_game_entry_shows_cited_errors_and_reorders(client, operation):
    client.force_login(planner(operation.license.organization))
    add = reverse("bingo:game_add", args=[operation.pk])
    refused = client.post(add, game_data(card_price="2.01"), headers=HTMX)
    assert refused.status_code == 200
    body = refused.content.decode()
    assert "30 DCMR 1402" in body and 'id="plan"' in body and "<html" not in body
    assert not operation.games.exists()
    client.post(add, game_data(prize="10.00"), headers=HTMX)
    client.post(add, game_data(prize="20.00"), headers=HTMX)
    first, second = operation.games.order_by("number")
    client.post(reverse("bingo:game_move", args=[operation.pk, second.pk]), {"direction": "up"}, headers=HTMX)
    assert list(operation.games.order_by("number").values_list("pk", flat=True)) == [second.pk, first.pk]
    removed = client.post(reverse("bingo:game_remove", args=[operation.pk, first.pk]), headers=HTMX)
    assert removed.status_code == 200 and list(operation.games.values_list("pk", flat=True)) == [second.pk]


def test_edit_a_game_and_add_workers(client, operation):
    actor = planner(operation.license.organization)
    game = add_game(operation, actor)
    client.force_login(actor)
    url = reverse("bingo:game_edit", args=[operation.pk, game.pk])
    assert client.get(url).status_code == 200
    over = client.post(url, game_data(prize="2000.01"))
    assert over.status_code == 400 and "30 DCMR 1408.1" in over.content.decode()
    assert client.post(url, game_data(prize="1999.99")).status_code == 302
    game.refresh_from_db()
    assert str(game.prize) == "1999.99" and game.pattern.slug == "four-corners"
    client.post(reverse("bingo:worker_add", args=[operation.pk]), {"worker-name": "Luis", "worker-duty": "checker",
                                                                   "worker-date_of_birth": "1980-01-01"})
    worker = WorkerDuty.objects.get(operation=operation)
    posting = client.get(reverse("bingo:worker_posting", args=[operation.pk])).content.decode()
    assert "Luis" in posting and "30 DCMR 1401.1" in posting
    client.post(reverse("bingo:worker_remove", args=[operation.pk, worker.pk]))
    assert not WorkerDuty.objects.filter(operation=operation).exists()


def test_spanish_pattern_names_on_the_plan(client, operation):
    add_game(operation, planner(operation.license.organization), slug="four-corners")
    client.force_login(member(operation.license.organization, Role.OFFICER))
    url = reverse("bingo:operation_detail", args=[operation.pk])
    spanish = client.get(url, headers={"Accept-Language": "es"}).content.decode()
    english = client.get(url, headers={"Accept-Language": "en"}).content.decode()
    assert "Cuatro esquinas" in spanish and "Four corners" not in spanish
    assert "Four corners" in english
    assert "Cualquier línea" in spanish  # the pattern choices of the add-game form


def test_operation_edit_is_for_planners(client, operation):
    client.force_login(member(operation.license.organization, Role.CHECKER))
    assert client.get(reverse("bingo:operation_edit", args=[operation.pk])).status_code == 403
    client.force_login(planner(operation.license.organization))
    data = {"premises": operation.premises_id, "date": operation.date.isoformat(), "starts_at": "19:00",
            "ends_at": "22:00", "member_in_charge": "Rosa", "door_prizes_value": "0", "house_rules": ""}
    assert client.post(reverse("bingo:operation_edit", args=[operation.pk]), data).status_code == 302
    operation.refresh_from_db()
    assert operation.starts_at == dt.time(19, 0) and operation.member_in_charge == "Rosa"
