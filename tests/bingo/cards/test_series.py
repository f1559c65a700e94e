"""Card series: faces regenerated from the seed, distinct and valid (30 DCMR 1404.1, 1405.6),
and the series_create service."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import override_settings

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.engine import FREE_SQUARE, column_range
from bingo.models import CardSeries
from licensing.models import AuditEvent, Role
from tests.bingo.factories import CardSeriesFactory, bought, vendor_license
from tests.licensing.factories import member

pytestmark = pytest.mark.django_db


def test_faces_are_reproducible_from_the_seed_and_distinct(organization):
    series = CardSeriesFactory(organization=organization, size=400, seed=99)
    faces = sales.series_faces(series)
    sales.clear_caches()
    again = sales.series_faces(CardSeries.objects.get(pk=series.pk))
    assert [f.squares for f in faces] == [f.squares for f in again]
    assert len(faces) == 400
    assert len({f.squares for f in faces}) == 400
    other = CardSeriesFactory(organization=organization, code="B", size=400, seed=100)
    assert sales.series_faces(other)[0] != faces[0]


def test_every_face_has_valid_columns_and_the_free_centre(organization):
    for face in sales.series_faces(CardSeriesFactory(organization=organization, size=300, seed=7)):
        assert face.squares[FREE_SQUARE] == 0
        for col in range(5):
            numbers = [face.squares[row * 5 + col] for row in range(5) if row * 5 + col != FREE_SQUARE]
            assert all(n in column_range(col) for n in numbers)
            assert len(set(numbers)) == len(numbers)
        assert len(face.numbers) == 24


def test_cache_key_includes_the_seed(organization):
    series = CardSeriesFactory(organization=organization, size=20, seed=1)
    first = sales.series_faces(series)[0]
    series.seed = 2  # a changed seed is never served the old faces
    assert sales.series_faces(series)[0] != first


def test_planner_creates_a_series_with_a_secret_seed_and_audit(organization):
    planner = member(organization, Role.OFFICER)
    vendor = vendor_license()
    one = services_cards.series_create(actor=planner, organization=organization, code="X1", size=30, **bought(vendor))
    two = services_cards.series_create(actor=planner, organization=organization, code="X2", size=30, **bought(vendor))
    assert one.size == 30 and one.seed != two.seed and 0 <= one.seed < 2**62
    assert AuditEvent.objects.filter(event_type="bingo.series_created", object_id=str(one.pk)).exists()


@override_settings(BINGO_SERIES_SIZE=25)
def test_size_defaults_to_the_setting(organization):
    series = services_cards.series_create(actor=member(organization, Role.OFFICER), organization=organization,
                                          code="D", **bought())
    assert series.size == 25


def test_duplicate_code_empty_code_and_bad_size_refused(organization):
    planner = member(organization, Role.OFFICER)
    services_cards.series_create(actor=planner, organization=organization, code="A", size=10, **bought())
    with pytest.raises(ValidationError) as exc:
        services_cards.series_create(actor=planner, organization=organization, code="A", size=0)
    assert set(exc.value.error_dict) == {"code", "size"}
    with pytest.raises(ValidationError) as exc:
        services_cards.series_create(actor=planner, organization=organization, code="  ", size=10)
    assert "1404.1(c)" in str(exc.value)
    assert CardSeries.objects.filter(organization=organization).count() == 1


@pytest.mark.parametrize("role", [Role.CALLER, Role.CHECKER])
def test_game_workers_and_outsiders_cannot_create_series(organization, other_organization, role):
    with pytest.raises(PermissionDenied):
        services_cards.series_create(actor=member(organization, role), organization=organization, code="Z", size=5)
    with pytest.raises(PermissionDenied):
        services_cards.series_create(actor=member(other_organization, Role.OFFICER), organization=organization,
                                     code="Z", size=5)
    assert not CardSeries.objects.exists()
