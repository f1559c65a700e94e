"""The filing fixtures (a frozen day, an eligible filer, its API client), shared by the applications,
organizations and premises tests; the helpers that drive a filing are in tests/licensing/applications/factories.py."""


import pytest
import time_machine

from licensing.models import Role
from tests.licensing.applications.factories import NOON, TODAY
from tests.licensing.factories import MembershipFactory, make_eligible, set_bond


@pytest.fixture
def frozen():
    """The Board's clock at noon on TODAY. (The register's fees come with every migrate, and again after a
    transactional test's flush: licensing.apps.register_pack_load.)"""
    with time_machine.travel(NOON, tick=False):
        yield TODAY


@pytest.fixture
def filer(frozen, organization):
    user = MembershipFactory(organization=organization, role=Role.OFFICER).user
    make_eligible(organization, uploaded_by=user)
    for license_type, license_class in (("bingo", "A"), ("bingo", "B"), ("bingo", "C"), ("montecarlo", "1")):
        set_bond(license_type, license_class)
    return user


@pytest.fixture
def api(client, filer):
    client.force_login(filer)
    return client
