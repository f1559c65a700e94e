"""Raffles stay fair when whoever holds the seed is not trusted (issue 29, docs/formats/raffle-drawing-2.md): one test
per attack, each failing, at the verifier (what anyone can check from the published drawing) and at the service (what
the Board's record refuses before it writes); then a raffle-drawing/2 drawing end to end through the API and the
portal, published with the witness fields and verified by the command; /1 drawings keep working as they were."""

import json
import subprocess
import sys

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from licensing.audit.verify import verify_log
from licensing.models import AuditEvent, DrawingFormat, DrawingStatus, RaffleDrawing, RaffleDrawingEvent, Role
from licensing.models.choices import LicenseType
from licensing.reports.drawings import engine
from licensing.reports.drawings.rules import WITNESS_RULE, WITNESS_STEP_RULE
from licensing.reports.drawings.selectors import drawing_published
from licensing.reports.drawings.services import (
    drawing_draw,
    drawing_sales_close,
    drawing_schedule,
    drawing_witness,
)
from tests.licensing.factories import DRAWING_SEED, in_charge, license_for, member, raffle_ready

SEED = DRAWING_SEED.hex()
DICE = "d6:3152646315245316623141522"
OTHER_DICE = "d6:3152646315245316623141523"  # the last die read differently
BALLS = "b75:7-64-22-51-3-38-70-12-45-29-60"
TICKETS = list(range(1000, 3000))
RECORD = [{"seq": 1, "kind": "scheduled", "at": "2027-04-01T15:00:00.000000Z"},
          {"seq": 2, "kind": "sales_closed", "at": "2027-05-01T18:30:00.000000Z"},
          {"seq": 3, "kind": "witnessed", "at": "2027-05-01T18:41:07.512004Z"},
          {"seq": 4, "kind": "drawn", "at": "2027-05-01T18:42:00.106213Z"}]


def published(*, tickets=TICKETS, prizes=3, seed=SEED, witness=DICE, record=RECORD) -> dict:
    found = engine.draw_witnessed(tickets=tickets, prizes=prizes, seed=seed, witness=witness)
    return {"format": "raffle-drawing/2", "raffle": "RF-2027-00031", "prizes": prizes,
            "commitment": found.commitment, "tickets_hash": found.tickets_hash, "witness": witness,
            "witness_name": "Ana Pérez", "seed": seed, "tickets": list(tickets), "winners": found.winners,
            "record": [dict(step) for step in record]}


# --- the attacks, at the verifier: anyone holding the published drawing catches each ---


def test_the_honest_drawing_verifies():
    assert engine.verify(published()) is None
    assert engine.verify(published(witness=BALLS)) is None


@settings(max_examples=60, deadline=None)
@given(other=st.binary(min_size=32, max_size=32))
def test_grinding_seeds_after_the_commitment_fails(other):
    """The organization holds the seed: it tries another one, draws consistently with it, publishes under the
    commitment it made before sales closed."""
    honest = published()
    ground = published(seed=other.hex())
    if other.hex() != SEED:
        assert engine.verify({**ground, "commitment": honest["commitment"]}) == "commitment"


def test_changing_the_ticket_list_after_close_fails():
    """A ticket added (sold late to a friend), one dropped or one 'returned' after the hash was announced: the winners
    drawn over the new list, published under the hash announced at the close."""
    honest = published()
    for tickets in ([*TICKETS, 5000], TICKETS[1:], [t for t in TICKETS if t != honest["winners"][0]]):
        changed = published(tickets=tickets)
        assert engine.verify({**changed, "tickets_hash": honest["tickets_hash"]}) == "tickets_hash"


def test_a_witness_entered_before_sales_closed_is_refused():
    by_order = [RECORD[0], {**RECORD[2], "seq": 2}, {**RECORD[1], "seq": 3}, RECORD[3]]
    by_time = [RECORD[0], RECORD[1], {**RECORD[2], "at": "2027-05-01T18:29:59.999999Z"}, RECORD[3]]
    for record in (by_order, by_time):
        assert engine.verify(published(record=record)) == "record"


def test_a_witness_entered_twice_is_refused():
    twice = [*RECORD[:3], {"seq": 4, "kind": "witnessed", "at": "2027-05-01T18:41:30.000000Z"},
             {**RECORD[3], "seq": 5}]
    assert engine.verify(published(record=twice)) == "record"
    never = [RECORD[0], RECORD[1], {**RECORD[3], "seq": 3}]
    assert engine.verify(published(record=never)) == "record"
    renumbered = [RECORD[0], RECORD[1], {**RECORD[2], "seq": 4}, {**RECORD[3], "seq": 5}]  # a row dropped between
    assert engine.verify(published(record=renumbered)) == "record"


def test_winners_not_from_the_derivation_are_refused():
    honest = published()
    seed_alone = engine.draw(tickets=TICKETS, prizes=3, seed=SEED).winners  # /1's draw: the witness left out
    assert seed_alone != honest["winners"]
    assert engine.verify({**honest, "winners": seed_alone}) == "winners"
    assert engine.verify({**honest, "winners": [1000, 1001, 1002]}) == "winners"
    assert engine.verify({**honest, "winners": list(reversed(honest["winners"]))}) == "winners"
    # Relabelling: the /2 drawing published as /1 (dropping the witness), or a /1 drawing dressed up as /2.
    assert engine.verify({**honest, "format": "raffle-drawing/1"}) == "winners"
    first = engine.draw(tickets=TICKETS, prizes=3, seed=SEED)
    assert engine.verify({**honest, "winners": first.winners}) == "winners"


@settings(max_examples=60, deadline=None)
@given(other=st.lists(st.integers(min_value=1, max_value=6), min_size=25, max_size=40))
def test_a_changed_witness_value_is_refused(other):
    witness = engine.witness_text(engine.DICE, other)
    honest = published()
    if witness != DICE:
        # 2,000 tickets, 3 prizes: another witness drawing the same winners is a 1-in-8-billion chance.
        assert engine.verify({**honest, "witness": witness}) == "winners"
    assert engine.verify({**honest, "witness": OTHER_DICE}) == "winners"


def verify_cli(tmp_path, drawing) -> subprocess.CompletedProcess:
    path = tmp_path / "drawing.json"
    path.write_text(json.dumps(drawing))
    return subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", "verify", str(path)],
                          capture_output=True, text=True, timeout=60)


def test_the_command_names_each_attack(tmp_path):
    honest = published()
    assert verify_cli(tmp_path, honest).stdout.strip() == "verified"
    cases = {"commitment": {**published(seed="ff" * 32), "commitment": honest["commitment"]},
             "tickets_hash": {**published(tickets=TICKETS[1:]), "tickets_hash": honest["tickets_hash"]},
             "record": published(record=[RECORD[0], {**RECORD[2], "seq": 2}, {**RECORD[1], "seq": 3}, RECORD[3]]),
             "winners": {**honest, "witness": OTHER_DICE}}
    for field, drawing in cases.items():
        result = verify_cli(tmp_path, drawing)
        assert (result.returncode, result.stdout.strip()) == (1, f"mismatch: {field}")


# --- the attacks, at the service: the record refuses them before anything is written ---


@pytest.fixture
def raffle(db):
    return raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00031",
                                    application__first_ticket_number=1, application__last_ticket_number=500,
                                    application__tickets_printed=500))


@pytest.fixture
def officer(raffle):
    return member(raffle.organization, Role.OFFICER)


def scheduled(officer, raffle, format=DrawingFormat.WITNESSED):
    return drawing_schedule(actor=officer, license=raffle, prizes=3, format=format, seed_source=lambda: DRAWING_SEED)


def closed(officer, raffle, format=DrawingFormat.WITNESSED):
    return drawing_sales_close(actor=officer, drawing=scheduled(officer, raffle, format), sold=list(range(1, 401)),
                               returned=[7, 99], buyers_age_declared=True)


def refusal(call, field: str) -> str:
    with pytest.raises(ValidationError) as caught:
        call()
    assert field in caught.value.message_dict, caught.value.message_dict
    return " ".join(caught.value.message_dict[field])


def test_a_second_witness_entry_is_refused_and_changes_nothing(officer, raffle):
    drawing = drawing_witness(actor=officer, drawing=closed(officer, raffle), witness=DICE, witness_name="Ana Pérez")
    head = (drawing.head_seq, drawing.head_hash)
    for again in (DICE, OTHER_DICE, BALLS):
        said = refusal(lambda again=again: drawing_witness(actor=officer, drawing=drawing, witness=again,
                                                           witness_name="Bob"), "witness")
        assert WITNESS_STEP_RULE in said and "Ana Pérez entered it" in said and "second entry is refused" in said
    drawing.refresh_from_db()
    assert (drawing.head_seq, drawing.head_hash) == head
    assert drawing.events.get(kind=DrawingStatus.WITNESSED).payload == {"witness": DICE, "witness_name": "Ana Pérez"}
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    assert drawing_published(drawing)["witness"] == DICE
    # After the draw too: still the first entry only.
    refusal(lambda: drawing_witness(actor=officer, drawing=drawing, witness=OTHER_DICE, witness_name="Bob"), "witness")
    assert drawing.events.filter(kind=DrawingStatus.WITNESSED).count() == 1


def test_a_witness_entry_before_sales_close_is_refused(officer, raffle):
    drawing = scheduled(officer, raffle)
    said = refusal(lambda: drawing_witness(actor=officer, drawing=drawing, witness=DICE, witness_name="Ana"),
                   "witness")
    assert WITNESS_STEP_RULE in said and "after ticket sales close" in said
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.events.count() == 1


def test_no_draw_without_the_witness_value_and_no_witness_value_for_a_first_format_drawing(officer, raffle):
    drawing = closed(officer, raffle)
    said = refusal(lambda: drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle)), "witness")
    assert WITNESS_STEP_RULE in said
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED

    other = license_for(license_type=LicenseType.RAFFLE, license_class="2", organization=raffle.organization,
                        application__first_ticket_number=1, application__last_ticket_number=500)
    first = closed(officer, raffle_ready(other), format=DrawingFormat.SEEDED)
    said = refusal(lambda: drawing_witness(actor=officer, drawing=first, witness=DICE, witness_name="Ana"), "witness")
    assert "raffle-drawing/1" in said
    assert drawing_draw(actor=officer, drawing=first, in_charge=in_charge(raffle)).status == DrawingStatus.DRAWN


def test_a_seed_changed_after_the_commitment_draws_nothing(officer, raffle):
    drawing = drawing_witness(actor=officer, drawing=closed(officer, raffle), witness=DICE, witness_name="Ana")
    RaffleDrawing.objects.filter(pk=drawing.pk).update(seed="ff" * 32)  # the device's holder swaps the seed
    with pytest.raises(ValueError, match="no longer match what was published"):
        drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    assert not RaffleDrawingEvent.objects.filter(drawing=drawing, kind=DrawingStatus.DRAWN).exists()


def test_a_drawing_turned_into_the_first_format_is_seen_by_the_chain_check(officer, raffle):
    drawing = drawing_witness(actor=officer, drawing=closed(officer, raffle), witness=DICE, witness_name="Ana")
    assert verify_log(RaffleDrawingEvent, str(drawing.pk)).ok
    RaffleDrawing.objects.filter(pk=drawing.pk).update(format=DrawingFormat.SEEDED)  # to draw without the witness
    walked = verify_log(RaffleDrawingEvent, str(drawing.pk))
    assert not walked.ok and "format" in str(walked.problem)


@pytest.mark.parametrize(("witness", "says"), [
    ("d6:" + "1" * 24, "at least 25 dice"), ("d6:" + "7" * 25, "one digit from 1 to 6"),
    ("d6:" + "١" * 25, "one digit from 1 to 6"), ("b75:1-2-3-4-5-6-7-8-9-10", "at least 11 balls"),
    ("b75:1-2-3-4-5-6-7-8-9-10-80", "ball 80 is not one of the balls 1 to 75"),
    ("b75:1-2-3-4-5-6-7-8-9-10-3", "ball 3 is drawn twice"), ("dice:12345", "six-sided dice (d6)"),
    ("d6:" + "1" * 10**5, "at most 100"), ("", "six-sided dice"), (None, "six-sided dice"),
])
def test_a_bad_witness_value_is_refused_naming_the_field_and_the_format(officer, raffle, witness, says):
    drawing = closed(officer, raffle)
    said = refusal(lambda: drawing_witness(actor=officer, drawing=drawing, witness=witness, witness_name="Ana"),
                   "witness")
    assert WITNESS_RULE in said and says in said
    assert drawing.events.count() == 2


@pytest.mark.parametrize("name", ["", "   ", "Ana\x00", "Ana\x1b[31m", "a" * 201, None, 12])
def test_a_bad_witness_name_is_refused(officer, raffle, name):
    drawing = closed(officer, raffle)
    said = refusal(lambda: drawing_witness(actor=officer, drawing=drawing, witness=DICE, witness_name=name),
                   "witness_name")
    assert WITNESS_RULE in said
    assert drawing.events.count() == 2


def test_the_formats_are_the_models_choices():
    assert tuple(DrawingFormat.values) == engine.FORMATS


def test_a_bad_format_is_refused(officer, raffle):
    said = refusal(lambda: scheduled(officer, raffle, format="raffle-drawing/3"), "format")
    assert "raffle-drawing/2" in said
    assert not RaffleDrawing.objects.filter(license=raffle).exists()


# --- end to end ---


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def errors(answer) -> list[tuple]:
    return [(error["field"], error["rule"]) for error in answer.json()["errors"]]


def test_a_witnessed_drawing_through_the_api(officer, raffle, tmp_path, monkeypatch):
    monkeypatch.setattr("licensing.reports.drawings.services.system_seed", lambda: DRAWING_SEED)
    client = api(officer)
    answer = client.post("/api/v1/raffle-drawings/", {"license": raffle.pk, "prizes": 3,
                                                      "format": "raffle-drawing/2"}, format="json")
    assert answer.status_code == 201, answer.content
    pk = answer.json()["id"]
    assert answer.json()["format"] == "raffle-drawing/2" and answer.json()["witness"] is None

    early = client.post(f"/api/v1/raffle-drawings/{pk}/witness", {"witness": DICE, "witness_name": "Ana"},
                        format="json")
    assert early.status_code == 400 and errors(early) == [("witness", WITNESS_STEP_RULE)]
    answer = client.post(f"/api/v1/raffle-drawings/{pk}/close-sales",
                         {"sold": list(range(1, 401)), "returned": [7, 99], "buyers_age_declared": True},
                         format="json")
    assert answer.status_code == 200, answer.content
    assert client.post(f"/api/v1/raffle-drawings/{pk}/draw", {"in_charge": in_charge(raffle)},
                       format="json").status_code == 400  # the witness value first

    for body, field in [({"witness": "d6:" + "1" * 24 + "\x00", "witness_name": "Ana"}, "witness"),
                        ({"witness": "d6:" + "١" * 25, "witness_name": "Ana"}, "witness"),
                        ({"witness": "d6:" + "1" * 5000, "witness_name": "Ana"}, "witness"),
                        ({"witness": 10**40, "witness_name": "Ana"}, "witness"),
                        ({"witness": ["d6:1"], "witness_name": "Ana"}, "witness"),
                        ({"witness": DICE, "witness_name": "Ana\x00"}, "witness_name"),
                        ({"witness": DICE, "witness_name": "x" * 5000}, "witness_name"),
                        ({"witness": DICE}, "witness_name")]:
        refused = client.post(f"/api/v1/raffle-drawings/{pk}/witness", body, format="json")
        assert refused.status_code == 400, (body, refused.content)
        assert field in [error["field"] for error in refused.json()["errors"]], refused.json()
    assert RaffleDrawing.objects.get(pk=pk).status == DrawingStatus.SALES_CLOSED

    answer = client.post(f"/api/v1/raffle-drawings/{pk}/witness", {"witness": BALLS, "witness_name": " Ana Pérez "},
                         format="json")
    assert answer.status_code == 200, answer.content
    assert (answer.json()["status"], answer.json()["witness"], answer.json()["witness_name"]) == (
        "witnessed", BALLS, "Ana Pérez")
    assert answer.json()["seed"] is None and answer.json()["witnessed_at"]
    second = client.post(f"/api/v1/raffle-drawings/{pk}/witness", {"witness": DICE, "witness_name": "Bob"},
                         format="json")
    assert second.status_code == 400 and errors(second) == [("witness", WITNESS_STEP_RULE)]
    public = api().get(f"/api/v1/public/raffle-drawings/{pk}/").json()
    assert public["witness"] == BALLS and public["seed"] is None and public["published"] is None

    answer = client.post(f"/api/v1/raffle-drawings/{pk}/draw", {"in_charge": in_charge(raffle)}, format="json")
    assert answer.status_code == 200, answer.content
    body = api().get(f"/api/v1/public/raffle-drawings/{pk}/").json()
    eligible = sorted(set(range(1, 401)) - {7, 99})
    expected = engine.draw_witnessed(tickets=eligible, prizes=3, seed=SEED, witness=BALLS)
    assert body["winners"] == expected.winners != engine.draw(tickets=eligible, prizes=3, seed=SEED).winners
    published_drawing = body["published"]
    assert published_drawing["format"] == "raffle-drawing/2" and published_drawing["witness"] == BALLS
    assert published_drawing["witness_name"] == "Ana Pérez"
    assert [step["kind"] for step in published_drawing["record"]] == list(engine.RECORD_KINDS)
    download = api().get(reverse("public:raffle_drawing_json", args=[pk]))
    assert json.loads(download.content) == published_drawing == drawing_published(RaffleDrawing.objects.get(pk=pk))
    assert verify_cli(tmp_path, published_drawing).stdout.strip() == "verified"
    assert verify_cli(tmp_path, {**published_drawing, "witness": BALLS.replace("-60", "-61")}).stdout.strip() == (
        "mismatch: winners")
    assert list(AuditEvent.objects.filter(organization=raffle.organization, event_type__startswith="licensing.raffle")
                .order_by("id").values_list("event_type", flat=True)) == [
        "licensing.raffle_drawing_scheduled", "licensing.raffle_drawing_sales_closed",
        "licensing.raffle_drawing_witnessed", "licensing.raffle_drawing_drawn"]
    assert verify_log(RaffleDrawingEvent, str(pk)).ok


def page(raffle) -> str:
    return reverse("portal:license_drawing", args=[raffle.pk])


def inline_error(response, field: str) -> str:
    body = response.content.decode()
    assert f'id="id_{field}_error"' in body, body
    return body.split(f'id="id_{field}_error"', 1)[1].split("</div>", 1)[0]


def test_a_witnessed_drawing_through_the_portal(client, officer, raffle, monkeypatch, tmp_path):
    monkeypatch.setattr("licensing.reports.drawings.services.system_seed", lambda: DRAWING_SEED)
    client.force_login(officer)
    assert "raffle-drawing/2" in client.get(page(raffle)).content.decode()
    client.post(page(raffle), {"action": "schedule", "prizes": "2", "format": "raffle-drawing/2"})
    drawing = RaffleDrawing.objects.get(license=raffle)
    assert drawing.format == DrawingFormat.WITNESSED
    client.post(page(raffle), {"action": "close_sales", "sold": "1-300", "returned": "5",
                               "buyers_age_declared": "on"})
    body = client.get(page(raffle)).content.decode()
    assert "Enter the witness value" in body and 'value="witness"' in body and SEED not in body
    assert client.post(page(raffle), {"action": "draw", "confirm": "on", "in_charge": in_charge(raffle)}
                       ).status_code == 400  # a stale draw form: the witness value comes first

    entry = {"action": "witness", "witness_source": "d6", "witness": "3 1 5 2 6, 4 6 3 1 5  2453166231415 22",
             "witness_name": "Ana Pérez", "confirm": "on"}
    for change, field, says in [
        ({"witness": "3 1 5 2 6"}, "witness", "at least 25 dice"),
        ({"witness": "٣١٥٢٦" * 5}, "witness", "digits 0 to 9 only"),
        ({"witness": "3 1 5 2 6 x"}, "witness", "“x” is not the number of a die or a ball"),
        ({"witness": "7" * 25}, "witness", "one digit from 1 to 6"),
        ({"witness": "1" * 400}, "witness", "at most 300 characters"),
        ({"witness_source": "b75", "witness": "1 2 3 4 5 6 7 8 9 10 3"}, "witness", "ball 3 is drawn twice"),
        ({"witness_source": "b75", "witness": "1 2 3 4 5 6 7 8 9 10 1000"}, "witness", "is not the number of"),
        ({"witness_source": "d20"}, "witness_source", "Select a valid choice"),
        ({"witness_name": ""}, "witness_name", "This field is required"),
        ({"confirm": ""}, "confirm", "This field is required"),
    ]:
        response = client.post(page(raffle), {**entry, **change})
        assert response.status_code == 400, change
        assert says in inline_error(response, field), (change, inline_error(response, field))
    nul = client.post(page(raffle), {**entry, "witness": "3\x001"})
    assert nul.status_code == 400 and "contains a NUL character" in nul.content.decode()
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED and drawing.events.count() == 2

    response = client.post(page(raffle), entry, follow=True)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.WITNESSED
    assert drawing.events.get(kind=DrawingStatus.WITNESSED).payload == {"witness": DICE, "witness_name": "Ana Pérez"}
    body = response.content.decode()
    assert DICE in body and "Ana Pérez" in body and 'value="draw" class="danger">Draw the winners<' in body
    # A second entry from a page loaded before the first: refused, the first kept.
    again = client.post(page(raffle), {**entry, "witness": "1" * 25})
    assert again.status_code == 400 and drawing.events.count() == 3

    client.post(page(raffle), {"action": "draw", "confirm": "on", "in_charge": in_charge(raffle)})
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.DRAWN
    eligible = sorted(set(range(1, 301)) - {5})
    assert drawing_published(drawing)["winners"] == engine.draw_witnessed(tickets=eligible, prizes=2, seed=SEED,
                                                                          witness=DICE).winners
    public = client.get(reverse("public:raffle_drawing", args=[drawing.pk])).content.decode()
    assert DICE in public and "Ana Pérez" in public and "witness value was entered once after sales closed" in public
    assert verify_cli(tmp_path, drawing_published(drawing)).stdout.strip() == "verified"


def test_first_format_drawings_are_published_as_before(officer, raffle):
    drawing = drawing_draw(actor=officer, drawing=closed(officer, raffle, DrawingFormat.SEEDED),
                           in_charge=in_charge(raffle))
    first = drawing_published(drawing)
    assert set(first) == {"format", "raffle", "prizes", "commitment", "tickets_hash", "seed", "tickets", "winners"}
    assert first["format"] == "raffle-drawing/1" and engine.verify(first) is None
    assert "format" not in drawing.events.get(kind=DrawingStatus.SCHEDULED).payload
    assert api().get(f"/api/v1/public/raffle-drawings/{drawing.pk}/").json()["published"] == first
