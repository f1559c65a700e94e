"""The filing fixtures (a frozen day, an eligible filer, its API client), shared by the applications,
organizations and premises tests; the helpers that drive a filing are in tests/licensing/applications/filing.py."""

import importlib

import pytest
import time_machine
from django.apps import apps

from licensing.models import Role
from tests.licensing.applications.filing import NOON, TODAY
from tests.licensing.factories import MembershipFactory, make_eligible, set_bond

_fee_seed = importlib.import_module("licensing.migrations.0004_seed_fee_schedule")


@pytest.fixture
def frozen():
    """The Board's clock at noon on TODAY; the fee schedule seeded (a transactional test may have flushed it)."""
    with time_machine.travel(NOON, tick=False):
        _fee_seed.seed(apps, None)
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
