import pytest

from tests.vendors.licensed import MONTECARLO_ITEMS, licensed_vendor, revoked, suspended


@pytest.fixture
def registry(db, django_capture_on_commit_callbacks):
    """Four vendors: two licensed (one also selling Monte Carlo Night supplies), one suspended, one revoked."""
    with django_capture_on_commit_callbacks(execute=False):  # no certificates built: not what these tests read
        return {
            "potomac": licensed_vendor(name="Potomac Gaming Supply LLC"),
            "anacostia": licensed_vendor(name="Anacostia Casino Nights Inc", items=MONTECARLO_ITEMS),
            "suspended": suspended(licensed_vendor(name="Rock Creek Bingo Paper Co")),
            "revoked": revoked(licensed_vendor(name="Foggy Bottom Daubers LLC")),
        }
