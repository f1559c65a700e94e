"""Registration takes who the player is: name, date of birth, the Board's player id if any, kept in the
log's register event. No player under 18 on the tournament's date, to the day (30 DCMR 1702.1); one
entry per person (1603.30). Service, portal and API."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from core.dates import day
from licensing.models import AuditEvent, Role
from licensing.organizations.eligibility import years_before
from montecarlo.tournaments import services
from montecarlo.tournaments.rules import eighteenth_birthday, player_findings
from montecarlo.tournaments.state import load_engine
from tests.licensing.factories import member
from tests.montecarlo.factories import DAY, TournamentFactory, mcn_license

pytestmark = pytest.mark.django_db
API = "/api/v1/montecarlo/tournaments/"
EIGHTEEN = years_before(DAY, 18)  # born on this day, a player turns 18 on DAY


@pytest.fixture
def planned():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    return TournamentFactory(actor=director, license=license), director


def register(planned, name="Ana", born=EIGHTEEN, **extra):
    tournament, director = planned
    return services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=born,
                                    **extra)


def test_a_player_who_turns_18_on_the_day_plays(planned):
    assert register(planned) == "p1"


def test_a_player_who_turns_18_the_day_after_does_not(planned):
    with pytest.raises(ValidationError) as caught:
        register(planned, born=EIGHTEEN + dt.timedelta(days=1))
    [finding] = caught.value.findings
    assert (finding.rule, finding.field) == ("30 DCMR 1702.1", "date_of_birth")
    assert finding.message == (
        f"no one under 18 may play; this player turns 18 on {day(DAY + dt.timedelta(days=1))}, "
        f"after the tournament on {day(DAY)} (30 DCMR 1702.1).")
    assert load_engine(planned[0]).players == {}


@pytest.mark.parametrize("born", [DAY + dt.timedelta(days=1), dt.date(1899, 12, 31)])
def test_a_date_of_birth_must_be_possible(planned, born):
    with pytest.raises(ValidationError) as caught:
        register(planned, born=born)
    assert caught.value.findings[0].message.startswith("enter the player's date of birth, between "
                                                       "Jan. 1, 1900 and the tournament's date")


@pytest.mark.parametrize("born", [None, "1980-01-01", dt.datetime(1980, 1, 1)])
def test_a_date_of_birth_is_required(planned, born):
    with pytest.raises(ValidationError) as caught:
        register(planned, born=born)
    assert [(f.rule, f.field) for f in caught.value.findings] == [("30 DCMR 1702.1", "date_of_birth")]


def test_born_on_29_february():
    born = dt.date(2008, 2, 29)
    assert eighteenth_birthday(born) == dt.date(2026, 3, 1)
    assert player_findings(date_of_birth=born, on=dt.date(2026, 2, 28))[0].rule == "30 DCMR 1702.1"
    assert player_findings(date_of_birth=born, on=dt.date(2026, 3, 1)) == []
    assert eighteenth_birthday(dt.date(2004, 2, 29)) == dt.date(2022, 3, 1)
    assert eighteenth_birthday(dt.date(2006, 5, 31)) == dt.date(2024, 5, 31)


def test_the_register_event_keeps_who_the_player_is_and_the_audit_does_not_keep_the_date(planned):
    register(planned, name="  Ana   Diaz ", born=dt.date(1980, 5, 17), board_player_id=" dc-77 ")
    event = planned[0].events.get(kind="register")
    assert event.payload == {"type": "register", "player": "p1", "name": "Ana Diaz", "date_of_birth": "1980-05-17",
                             "board_player_id": "DC-77"}
    audit = AuditEvent.objects.get(event_type="montecarlo.player_registered")
    assert audit.payload["date_of_birth"] == "recorded" and "1980" not in str(audit.payload)


@pytest.mark.parametrize("board_id", ["DC 77", "x" * 41, "DC/77"])
def test_a_board_player_id_is_letters_digits_and_hyphens(planned, board_id):
    with pytest.raises(ValidationError) as caught:
        register(planned, board_player_id=board_id)
    assert "board_player_id" in caught.value.message_dict


def test_the_same_person_enters_once_and_a_namesake_enters_too(planned):
    register(planned, name="Ana")
    with pytest.raises(ValidationError) as caught:
        register(planned, name="ANA")
    assert [(f.rule, f.field) for f in caught.value.findings] == [("30 DCMR 1603.30", "name")]
    assert register(planned, name="Ana", born=dt.date(1970, 1, 1)) == "p2"


def test_the_api_registers_with_the_date_of_birth(planned):
    tournament, director = planned
    client = APIClient()
    client.force_authenticate(director)
    url = f"{API}{tournament.pk}/register/"
    response = client.post(url, {"name": "Ana"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "date_of_birth"
    young = (EIGHTEEN + dt.timedelta(days=1)).isoformat()
    response = client.post(url, {"name": "Ana", "date_of_birth": young}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["rule"]) == ("date_of_birth", "30 DCMR 1702.1")
    response = client.post(url, {"name": "Ana", "date_of_birth": EIGHTEEN.isoformat(), "board_player_id": "DC-1"},
                           format="json")
    assert response.status_code == 200 and [s["name"] for s in response.json()["standings"]] == ["Ana"]
    assert load_engine(tournament).players["p1"].board_player_id == "DC-1"


def test_the_page_registers_with_the_date_of_birth(client, planned):
    tournament, director = planned
    client.force_login(director)
    url = reverse("montecarlo:tournament_command", args=[tournament.pk, "register"])
    young = (EIGHTEEN + dt.timedelta(days=1)).isoformat()
    page = client.post(url, {"name": "Ana", "date_of_birth": young}, follow=True).content.decode()
    assert "no one under 18 may play" in page and "30 DCMR 1702.1" in page
    page = client.post(url, {"name": "Ana"}, follow=True).content.decode()
    assert "Date of birth: This field is required." in page
    client.post(url, {"name": "Ana", "date_of_birth": EIGHTEEN.isoformat()})
    assert [p.name for p in load_engine(tournament).players.values()] == ["Ana"]
