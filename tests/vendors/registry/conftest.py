import pytest

from licensing.models import License
from tests.clock import back_to_now
from tests.once import built_once
from tests.vendors.factories import MONTECARLO_ITEMS, licensed_vendor, revoked, suspended


def _four_vendors() -> dict[str, int]:
    # No certificates built (their on-commit callbacks never run: the world is rolled back): not what these tests read.
    world = {
        "potomac": licensed_vendor(name="Potomac Gaming Supply LLC"),
        "anacostia": licensed_vendor(name="Anacostia Casino Nights Inc", items=MONTECARLO_ITEMS),
        "suspended": suspended(licensed_vendor(name="Rock Creek Bingo Paper Co")),
        "revoked": revoked(licensed_vendor(name="Foggy Bottom Daubers LLC")),
    }
    back_to_now()
    return {name: license.pk for name, license in world.items()}


@pytest.fixture(scope="package")
def _registry_world(django_db_setup, django_db_blocker):
    """The registry's vendors, built once for the registry's tests (tests/once.py)."""
    yield from built_once(django_db_blocker, _four_vendors)


@pytest.fixture
def registry(db, _registry_world):
    """Four vendors: two licensed (one also selling Monte Carlo Night supplies), one suspended, one revoked; read
    afresh for each test."""
    return {name: License.objects.get(pk=pk) for name, pk in _registry_world.items()}
