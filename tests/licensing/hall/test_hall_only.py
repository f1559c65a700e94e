"""At the hall (DJANGO_ENV=hall) the server serves the event's pages only (licensing.hall.middleware)."""

import json

import pytest
from django.test import override_settings
from django.urls import reverse

from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import Role
from tests.bingo.factories import live_world
from tests.licensing.factories import member
from tests.licensing.hall.conftest import DEVICE, DEVICE_PRIVATE

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_the_hall(tmp_path):
    world = live_world(start=False)
    officer = member(world.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    (tmp_path / "kit.json").write_text(json.dumps(kit.document), encoding="utf-8")
    (tmp_path / "device.key").write_text(DEVICE_PRIVATE, encoding="utf-8")
    with override_settings(HALL=True, HALL_DIR=tmp_path):
        yield world, officer


def test_the_home_page_and_the_landing_page_lead_to_the_event(client, at_the_hall):
    world, officer = at_the_hall
    page = reverse("bingo:operation_detail", args=[world.game.operation_id])
    assert client.get("/").headers["Location"] == page
    client.force_login(officer)
    assert client.get(reverse("portal:dashboard")).headers["Location"] == page
    assert client.get(page).status_code == 200


def test_the_boards_pages_are_not_served_at_the_hall(client, at_the_hall):
    world, officer = at_the_hall
    client.force_login(officer)
    for address in (reverse("portal:organization_detail", args=[world.organization.pk]), "/public/charities/",
                    "/api/v1/organizations/", "/admin/"):
        answer = client.get(address)
        assert answer.status_code == 404, address
    assert "This page is not part of the event" in client.get(reverse("portal:hall_kits")).content.decode()
    client.logout()
    assert client.get(reverse("login")).status_code == 200


def test_on_the_boards_server_nothing_changes(client):
    assert client.get("/").status_code == 200


def test_the_payout_desk_is_served_at_the_hall_and_the_years_forms_are_not(client, at_the_hall):
    """The winners are paid in the hall; the year's forms read identities the hall seals for the Board."""
    world, officer = at_the_hall
    client.force_login(officer)
    assert client.get(reverse("portal:payout_desk", args=[world.organization.pk])).status_code == 200
    assert client.get("/api/v1/payouts/").status_code == 200
    year = reverse("portal:payouts_year", args=[world.organization.pk, 2026])
    assert client.get(year).status_code == 404
