"""A tournament whose stored events do not replay: every page and API answer that rebuilds its state
says so (409, naming the refused event), logs it at ERROR, and writes nothing; never a 500."""

import logging

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from montecarlo.models import TournamentEvent
from montecarlo.tournaments import state
from tests.montecarlo.factories import running

pytestmark = pytest.mark.django_db
API = "/api/v1/montecarlo/tournaments/"


@pytest.fixture
def broken():
    """A running tournament whose last stored event the engine refuses (as a damaged log would be)."""
    tournament, director = running(["Ana", "Ben"])
    event = state.append(actor=director, tournament=tournament, kind="action",
                                  payload={"type": "no-such-event", "table": 1})
    return tournament, director, event.seq


def test_the_engine_error_names_the_event(broken):
    tournament, _, seq = broken
    with pytest.raises(state.TournamentStateError) as caught:
        state.load_engine(tournament)
    assert caught.value.seq == seq and caught.value.tournament_id == tournament.pk
    assert f"event {seq}" in caught.value.message and "no-such-event" in caught.value.message


def test_director_dealer_clock_and_results_pages_answer_a_clear_error(client, broken, caplog):
    tournament, director, seq = broken
    client.force_login(director)
    pages = [
        reverse("montecarlo:tournament_detail", args=[tournament.pk]),
        reverse("montecarlo:table_dealer", args=[tournament.pk, 1]),
        reverse("montecarlo:results", args=[tournament.pk]),
        reverse("montecarlo:hand_list", args=[tournament.pk]),
        reverse("montecarlo:clock_screen", args=[tournament.public_key]),
    ]
    with caplog.at_level(logging.ERROR, logger="montecarlo.tournaments.state"):
        for url in pages:
            response = client.get(url)
            assert response.status_code == 409, url
            assert f"event {seq}" in response.content.decode() and "cannot be replayed" in response.content.decode()
    errors = [record for record in caplog.records if record.levelno == logging.ERROR]
    assert len(errors) == len(pages) and all(record.exc_info for record in errors)


def test_a_command_on_a_broken_tournament_writes_nothing(client, broken):
    tournament, director, _ = broken
    client.force_login(director)
    count = TournamentEvent.objects.filter(tournament=tournament).count()
    response = client.post(reverse("montecarlo:tournament_command", args=[tournament.pk, "register"]),
                           {"name": "Cy", "date_of_birth": "1980-05-17"})
    assert response.status_code == 409
    assert TournamentEvent.objects.filter(tournament=tournament).count() == count


def test_the_api_answers_409_in_its_error_shape(broken):
    tournament, director, seq = broken
    client = APIClient()
    client.force_authenticate(director)
    register = {"name": "Cy", "date_of_birth": "1980-05-17"}
    for method, path, body in [("get", "state/", None), ("get", "results/", None), ("post", "clock/", {"op": "pause"}),
                               ("post", "register/", register), ("get", "hands/1/history/", None)]:
        response = getattr(client, method)(f"{API}{tournament.pk}/{path}", body, format="json")
        assert response.status_code == 409, path
        [error] = response.json()["errors"]
        assert error["code"] == "tournament_state_invalid" and f"event {seq}" in error["message"]
