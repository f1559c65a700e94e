"""Custom patterns drawn on the 5x5 grid: masks computed with the free centre, names in both
languages, owned by the organization (portal editor and API)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from bingo.engine import Card
from bingo.engine import Pattern as EnginePattern
from bingo.engine.card import FREE_BIT
from bingo.models import Pattern
from bingo.patterns import services
from licensing.models import Role
from tests.bingo.factories import add_game, bingo_license, plan, planner
from tests.licensing.factories import OrganizationFactory, member

pytestmark = pytest.mark.django_db
CORNERS = [0, 4, 20, 24]


def test_masks_include_the_free_centre_and_rotations():
    organization = OrganizationFactory()
    corners = services.pattern_create(actor=planner(organization), organization=organization, name_en="Corners",
                                      name_es="Esquinas", squares=CORNERS)
    assert corners.slug == f"org{organization.pk}-corners"
    assert corners.masks == [sum(1 << s for s in CORNERS) | FREE_BIT]
    assert corners.organization == organization and not corners.is_standard
    # An L in the top-left corner, allowed in any of the four turns.
    ell = services.pattern_create(actor=member(organization, Role.CALLER), organization=organization,
                                  name_en="Corner L", name_es="L de esquina", squares=[0, 1, 5],
                                  any_rotation=True)
    assert len(ell.masks) == 4 and all(mask & FREE_BIT for mask in ell.masks)
    turned = sum(1 << s for s in (3, 4, 9)) | FREE_BIT  # the same L turned a quarter turn clockwise
    assert turned in ell.masks
    # The engine accepts the stored masks as a pattern the claims check uses.
    engine = EnginePattern.from_masks(ell.slug, ell.name_en, ell.name_es, ell.masks)
    card = Card([[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 0, 34, 35], [46, 47, 48, 49, 50],
                 [61, 62, 63, 64, 65]])
    assert engine.is_complete(card.coverage([1, 16, 2]))  # the L on squares 0, 1 and 5
    assert not engine.is_complete(card.coverage([1, 16, 3]))


def test_bad_drawings_and_names_are_refused():
    organization = OrganizationFactory()
    actor = planner(organization)
    with pytest.raises(ValidationError) as exc:
        services.pattern_create(actor=actor, organization=organization, name_en="Only free", name_es="Libre",
                                squares=[12])
    assert "squares" in exc.value.error_dict
    with pytest.raises(ValidationError) as exc:
        services.pattern_create(actor=actor, organization=organization, name_en="X", name_es="", squares=[25])
    assert set(exc.value.error_dict) == {"name_es", "squares"}
    services.pattern_create(actor=actor, organization=organization, name_en="Twice", name_es="Dos", squares=[1])
    with pytest.raises(ValidationError) as exc:
        services.pattern_create(actor=actor, organization=organization, name_en="twice", name_es="Dos", squares=[2])
    assert "name_en" in exc.value.error_dict
    with pytest.raises(PermissionDenied):
        services.pattern_create(actor=member(organization, Role.CHECKER), organization=organization,
                                name_en="No", name_es="No", squares=[1])


def test_editor_page_creates_a_pattern_and_it_is_offered_in_spanish(client):
    license = bingo_license()
    actor = planner(license.organization)
    client.force_login(actor)
    page = client.get(reverse("bingo:pattern_editor"))
    body = page.content.decode()
    assert page.status_code == 200 and "pattern_editor.js" in body and 'data-square="24"' in body
    assert 'data-square="12"' not in body  # the free centre is fixed, not a toggle
    response = client.post(reverse("bingo:pattern_editor"), {
        "organization": license.organization.pk, "name_en": "Sides", "name_es": "Lados", "squares": "0,5,10,15,20"})
    assert response.status_code == 302
    pattern = Pattern.objects.get(slug=f"org{license.organization.pk}-sides")
    assert pattern.masks == [sum(1 << s for s in (0, 5, 10, 15, 20)) | FREE_BIT]
    operation = plan(license)
    add_game(operation, actor, slug=pattern.slug)
    spanish = client.get(reverse("bingo:operation_detail", args=[operation.pk]),
                         headers={"Accept-Language": "es"}).content.decode()
    assert "Lados" in spanish
    # Another organization's planner neither sees nor may use it.
    stranger = planner(OrganizationFactory())
    client.force_login(stranger)
    assert "Sides" not in client.get(reverse("bingo:pattern_editor")).content.decode()


def test_custom_pattern_api():
    organization = OrganizationFactory()
    client = APIClient()
    client.force_authenticate(planner(organization))
    created = client.post("/api/v1/bingo/custom-patterns/", {
        "organization": organization.pk, "name_en": "Corners", "name_es": "Esquinas", "squares": CORNERS},
        format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["masks"] == [sum(1 << s for s in CORNERS) | FREE_BIT]
    assert [p["slug"] for p in client.get("/api/v1/bingo/custom-patterns/").json()["results"]] == \
        [f"org{organization.pk}-corners"]
    other = APIClient()
    other.force_authenticate(planner(OrganizationFactory()))
    assert other.get("/api/v1/bingo/custom-patterns/").json()["results"] == []
    # Another organization's id reads as an unknown one (was a 403); a checker of the organization may
    # see it but not draw for it: 403.
    for organization_id in (organization.pk, 10**9):
        refused = other.post("/api/v1/bingo/custom-patterns/", {
            "organization": organization_id, "name_en": "Mine", "name_es": "Mío", "squares": [1]}, format="json")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["field"] == "organization"
        assert refused.json()["errors"][0]["code"] == "does_not_exist"
    checker = APIClient()
    checker.force_authenticate(member(organization, Role.CHECKER))
    assert checker.post("/api/v1/bingo/custom-patterns/", {
        "organization": organization.pk, "name_en": "Mine", "name_es": "Mío", "squares": [1]},
        format="json").status_code == 403
    bad = client.post("/api/v1/bingo/custom-patterns/", {
        "organization": organization.pk, "name_en": "Free", "name_es": "Libre", "squares": [12]}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "squares"
