"""A tournament's entry fee, prizes and chip counts: digits 0-9 only, fees and prizes in whole cents."""

import pytest
from rest_framework.test import APIClient

from licensing.models import Role
from montecarlo.models import Tournament
from montecarlo.tournaments.forms import TournamentForm
from montecarlo.tournaments.rules import prize_findings
from tests.licensing.factories import member
from tests.montecarlo.factories import DAY, mcn_license

pytestmark = pytest.mark.django_db
BASE = "/api/v1/montecarlo/tournaments/"


@pytest.mark.parametrize(("change", "field"), [
    ({"starting_chips": "１００００"}, "starting_chips"), ({"max_per_table": "٧"}, "max_per_table"),
    ({"entry_fee": "٢٥"}, "entry_fee"), ({"entry_fee": "-25.00"}, "entry_fee"),
    ({"entry_fee": "25.001"}, "entry_fee"), ({"prizes": ["٢٠٠"]}, "prizes"),
])
def test_the_api_refuses_them_naming_the_field(change, field):
    license = mcn_license()
    client = APIClient()
    client.force_authenticate(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    body = {"license": license.pk, "name": "Hold'em", "date": DAY.isoformat(), "starts_at": "18:30",
            "ends_at": "22:00", "entry_fee": "25.00", "starting_chips": 10000, "max_per_table": 7,
            "finish_method": "last_player", "template": "turbo", "prizes": ["200.00"], **change}
    response = client.post(BASE, body, format="json")
    assert response.status_code == 400
    assert {error["field"].split("[")[0].split(".")[0] for error in response.json()["errors"]} == {field}
    assert not Tournament.objects.exists()


def test_the_form_and_the_rules_refuse_them_too():
    license = mcn_license()
    form = TournamentForm({"license": license.pk, "name": "Hold'em", "date": DAY.isoformat(), "starts_at": "18:30",
                           "ends_at": "22:00", "entry_fee": "٢٥", "starting_chips": "١٠٠٠٠", "max_per_table": "7",
                           "finish_method": "last_player", "template": "turbo", "prizes": "٢٠٠, 100"},
                          licenses=type(license).objects.filter(pk=license.pk))
    assert not form.is_valid()
    assert {"entry_fee", "starting_chips", "prizes"} <= set(form.errors)
    assert [finding.field for finding in prize_findings(["٢٠٠", "100.00", "99.999"])] == ["prizes", "prizes"]
