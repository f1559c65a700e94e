"""Hold'em is dealt only within the licensed hours (30 DCMR 1603.19) under a license in force (1200.1):
every hand start and clock start or resume checks the event's licensed day and hours on the Board's
clock (America/New_York) and the license's status, through the service, the portal and the API. A
training tournament (no prizes, nothing reported; its flag recorded in the log) may be dealt at any hour.
The factories' license is licensed 18:00-23:30 on DAY; the clock is frozen at 19:00 (conftest)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from core.dates import day
from licensing.models import EnforcementAction, Role
from licensing.models.choices import EnforcementKind, LicenseStatus
from montecarlo.models import Tournament, TournamentStatus, changed_terms
from montecarlo.tournaments import services
from tests.licensing.factories import board_staff, member
from tests.montecarlo.factories import ADULT, DAY, TournamentFactory, at, mcn_license, running

pytestmark = pytest.mark.django_db
API = "/api/v1/montecarlo/tournaments/"


def findings_of(error: ValidationError) -> list[tuple[str, str]]:
    return [(f.rule, f.field) for f in error.findings]


@pytest.fixture
def seated():
    """Three players seated, the clock not started."""
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = TournamentFactory(actor=director, license=license)
    for name in ("Ana", "Ben", "Cy"):
        services.player_register(actor=director, tournament=tournament, name=name, date_of_birth=ADULT)
    services.seats_draw(actor=director, tournament=tournament)
    return tournament, director


ONE_LEVEL = [{"small_blind": 25, "big_blind": 50, "ante": 0, "minutes": 600}]  # no break in the evening


@pytest.mark.parametrize("now,ok", [
    (at(DAY, 17, 59, 59), False),
    (at(DAY, 18, 0), True),
    (at(DAY, 23, 30), True),
    (at(DAY, 23, 30, 1), False),
    (at(DAY + dt.timedelta(days=1), 19, 0), False),
])
def test_a_hand_starts_only_within_the_licensed_hours(now, ok):
    tournament, director = running(["Ana", "Ben"], levels=ONE_LEVEL)
    head = tournament.head_seq
    if ok:
        assert services.hand_start(actor=director, tournament=tournament, table=1, now=now)["hand_no"] == 1
        return
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1, now=now)
    assert findings_of(caught.value) == [("30 DCMR 1603.19", "time")]
    message = caught.value.findings[0].message
    assert message.startswith(f"the Monte Carlo Night is licensed for {day(DAY)}, 18:00-23:30; "
                              f"it is now {day(now.date())} {now:%H:%M}")
    assert message.endswith("(30 DCMR 1603.19).")
    assert Tournament.objects.get(pk=tournament.pk).head_seq == head  # refused: nothing written


def test_the_day_before_the_license_is_in_force_nothing_is_dealt():
    tournament, director = running(["Ana", "Ben"])  # the factories' license takes effect on DAY
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1, now=at(DAY - dt.timedelta(days=1), 19))
    assert findings_of(caught.value) == [("30 DCMR 1200.1", "license")]


def test_the_hours_are_read_on_the_boards_clock():
    tournament, director = running(["Ana", "Ben"])
    opening = at(DAY, 18, 0).astimezone(dt.UTC)  # the same moment in UTC: 22:00 or 23:00 by the season
    with pytest.raises(ValidationError):
        services.hand_start(actor=director, tournament=tournament, table=1, now=opening - dt.timedelta(seconds=1))
    assert services.hand_start(actor=director, tournament=tournament, table=1, now=opening)["hand_no"] == 1


@pytest.mark.parametrize("now,ok", [(at(DAY, 17, 59), False), (at(DAY, 18, 0), True), (at(DAY, 23, 31), False)])
def test_the_clock_starts_only_within_the_licensed_hours(seated, now, ok):
    tournament, director = seated
    if ok:
        assert services.clock_control(actor=director, tournament=tournament, op="start", now=now)
        return
    with pytest.raises(ValidationError) as caught:
        services.clock_control(actor=director, tournament=tournament, op="start", now=now)
    assert findings_of(caught.value) == [("30 DCMR 1603.19", "time")]
    assert caught.value.findings[0].message.startswith("the Monte Carlo Night is licensed for ")
    tournament.refresh_from_db()
    assert tournament.clock_started_at is None


def test_the_clock_resumes_only_within_the_licensed_hours():
    tournament, director = running(["Ana", "Ben"])
    services.clock_control(actor=director, tournament=tournament, op="pause", now=at(DAY, 23, 0))
    with pytest.raises(ValidationError) as caught:
        services.clock_control(actor=director, tournament=tournament, op="resume", now=at(DAY, 23, 45))
    assert caught.value.findings[0].message.startswith("the Monte Carlo Night is licensed for ")
    # Pausing is no play: it stays allowed at any hour.
    services.clock_control(actor=director, tournament=tournament, op="resume", now=at(DAY, 23, 15))
    services.clock_control(actor=director, tournament=tournament, op="pause", now=at(DAY, 23, 50))


def suspend_today(license):
    EnforcementAction.objects.create(license=license, kind=EnforcementKind.SUSPENSION, explanation="x",
                                     starts_on=DAY, ends_on=DAY + dt.timedelta(days=10), issued_by=board_staff())


def test_a_suspension_that_has_begun_stops_play():
    tournament, director = running(["Ana", "Ben"])
    suspend_today(tournament.license)
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1)
    assert findings_of(caught.value) == [("30 DCMR 1200.1", "license")]
    assert caught.value.findings[0].message == (
        f"license {tournament.license.number} is suspended, so nothing may be played under it "
        "(30 DCMR 1200.1).")


@pytest.mark.parametrize("status", [LicenseStatus.REVOKED, LicenseStatus.SUSPENDED])
def test_a_revoked_or_suspended_license_stops_play(status):
    tournament, director = running(["Ana", "Ben"])
    tournament.license.status = status
    tournament.license.save(update_fields=["status"])
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1)
    assert findings_of(caught.value) == [("30 DCMR 1200.1", "license")]
    services.clock_control(actor=director, tournament=tournament, op="pause")  # no play: allowed
    with pytest.raises(ValidationError) as caught:
        services.clock_control(actor=director, tournament=tournament, op="resume")
    assert findings_of(caught.value) == [("30 DCMR 1200.1", "license")]


def test_hours_no_longer_licensed_stop_play():
    tournament, director = running(["Ana", "Ben"])
    license = tournament.license
    license.schedule = [{**license.schedule[0], "starts_at": "20:00"}]  # the hours were cut after planning
    license.save(update_fields=["schedule"])
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1)
    assert caught.value.findings[0].message == (
        f"license {license.number} has no licensed hours on {day(DAY)} that hold this tournament "
        "(30 DCMR 1603.19).")


def test_the_api_refuses_in_its_error_shape(board_clock):
    tournament, director = running(["Ana", "Ben"])
    client = APIClient()
    client.force_authenticate(member(tournament.license.organization, Role.DEALER))
    board_clock.move_to(at(DAY, 23, 45))
    response = client.post(f"{API}{tournament.pk}/hands/", {"table": 1}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["field"], error["rule"]) == ("time", "30 DCMR 1603.19")
    assert "the Monte Carlo Night is licensed for" in error["message"]
    client.force_authenticate(director)
    client.post(f"{API}{tournament.pk}/clock/", {"op": "pause"}, format="json")
    response = client.post(f"{API}{tournament.pk}/clock/", {"op": "resume"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["rule"] == "30 DCMR 1603.19"


def test_the_pages_refuse_with_the_rule(client, board_clock):
    tournament, director = running(["Ana", "Ben"])
    client.force_login(member(tournament.license.organization, Role.DEALER))
    board_clock.move_to(at(DAY, 6, 0))
    head = tournament.head_seq
    response = client.post(reverse("montecarlo:table_command", args=[tournament.pk, 1, "start"]), follow=True)
    assert "the Monte Carlo Night is licensed for" in response.content.decode()
    assert "30 DCMR 1603.19" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).head_seq == head


# --- training tournaments ---


def training(**overrides):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    return running(["Ana", "Ben"], license=license, director=director, training=True, prizes=[], **overrides)


def test_a_training_tournament_is_dealt_outside_the_licensed_hours():
    tournament, director = training()
    assert tournament.training and tournament.prizes == []
    view = services.hand_start(actor=director, tournament=tournament, table=1, now=at(DAY, 3, 0))
    assert view["hand_no"] == 1


def test_a_training_tournament_still_needs_a_license_in_force():
    tournament, director = training()
    suspend_today(tournament.license)
    with pytest.raises(ValidationError) as caught:
        services.hand_start(actor=director, tournament=tournament, table=1, now=at(DAY, 3, 0))
    assert findings_of(caught.value) == [("30 DCMR 1200.1", "license")]


def test_a_training_tournament_has_no_prizes():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=license, training=True, prizes=["0", "0.01"])
    assert findings_of(caught.value) == [("30 DCMR 1603.19", "prizes")]
    assert TournamentFactory(actor=director, license=license, training=True, prizes=["0.00"]).prizes == ["0.00"]


def test_a_training_tournament_is_not_published():
    tournament, director = training(finish_method="time", stop_at=dt.time(22, 0))
    services.tournament_stop(actor=director, tournament=tournament, now=at(DAY, 22, 0))
    with pytest.raises(ValidationError) as caught:
        services.results_publish(actor=director, tournament=tournament)
    assert findings_of(caught.value) == [("30 DCMR 1603.19", "status")]
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_the_training_flag_is_in_the_config_event_and_cannot_be_flipped():
    tournament, _director = training()
    assert tournament.events.get(seq=1).payload["training"] is True
    call_command("verify_logs", "--tournament", str(tournament.pk))
    Tournament.objects.filter(pk=tournament.pk).update(training=False)  # as a raw edit of the row would
    with pytest.raises(Exception, match="training"):
        call_command("verify_logs", "--tournament", str(tournament.pk))


def test_a_config_event_without_the_flag_is_a_tournament_played_for_real():
    tournament, _director = running(["Ana", "Ben"])
    recorded = dict(tournament.events.get(seq=1).payload)
    assert recorded.pop("training") is False
    assert changed_terms(recorded, tournament) == []  # written before the flag existed
    tournament.training = True
    assert changed_terms(recorded, tournament) == ["training"]


def test_the_api_and_the_page_plan_a_training_tournament(client):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    api = APIClient()
    api.force_authenticate(director)
    body = {"license": license.pk, "name": "Practice", "date": DAY.isoformat(), "starts_at": "18:30",
            "ends_at": "22:00", "entry_fee": "0.00", "starting_chips": 10000, "max_per_table": 7,
            "finish_method": "last_player", "template": "turbo", "training": True, "prizes": ["50.00"]}
    response = api.post(API, body, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["rule"] == "30 DCMR 1603.19"
    response = api.post(API, {**body, "prizes": []}, format="json")
    assert response.status_code == 201 and response.json()["training"] is True
    client.force_login(director)
    data = {**body, "name": "Page practice", "training": "on", "prizes": "100"}
    response = client.post(reverse("montecarlo:tournament_create"), data)
    assert response.status_code == 400 and "a training tournament awards no prizes" in response.content.decode()
    response = client.post(reverse("montecarlo:tournament_create"), {**data, "prizes": ""})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Training tournament: no prizes and nothing reported" in page
    tournament = Tournament.objects.get(name="Page practice")
    clock = client.get(reverse("montecarlo:clock_screen", args=[tournament.public_key])).content.decode()
    assert "Training tournament: no prizes" in clock
