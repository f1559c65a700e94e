"""Raffle drawings in the portal (issue 13): scheduled with a commitment, sales closed with the eligible tickets
(returned ones excluded, every number within the application's first..last, 30 DCMR 1202.2(n)), drawn with the
stored seed; the published file verifies with `python -m licensing.reports.drawings.engine verify`; the seed is
nowhere before the drawing; the record is hash-chained and append-only; only the organization's officers act."""

import json
import subprocess
import sys

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.urls import reverse
from rest_framework.test import APIClient

from licensing.audit.logs import chained_models
from licensing.audit.verify import verify_log
from licensing.models import AuditEvent, DrawingStatus, RaffleDrawing, RaffleDrawingEvent, Role
from licensing.models.choices import LicenseType
from licensing.reports.drawings import engine
from licensing.reports.drawings.selectors import drawing_published
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from tests.licensing.factories import DRAWING_SEED, board_staff, in_charge, license_for, member, raffle_ready

pytestmark = pytest.mark.django_db

SEED_HEX = DRAWING_SEED.hex()


@pytest.fixture
def raffle():
    return raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00012",
                                    application__first_ticket_number=100, application__last_ticket_number=199,
                                    application__tickets_printed=100))


@pytest.fixture
def officer(raffle):
    return member(raffle.organization, Role.OFFICER)


def schedule(officer, raffle, prizes=3):
    return drawing_schedule(actor=officer, license=raffle, prizes=prizes, seed_source=lambda: DRAWING_SEED)


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def verify_cli(tmp_path, published) -> subprocess.CompletedProcess:
    path = tmp_path / "drawing.json"
    path.write_text(json.dumps(published))
    return subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", "verify", str(path)],
                          capture_output=True, text=True, timeout=60)


def test_the_whole_flow_publishes_a_drawing_that_verifies(officer, raffle, tmp_path):
    drawing = schedule(officer, raffle)
    assert drawing.commitment == engine.commitment_of(DRAWING_SEED)
    sold = list(range(100, 150))
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=sold, returned=[101, 120],
                                  buyers_age_declared=True)
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    assert drawing.status == DrawingStatus.DRAWN
    published = drawing_published(drawing)
    eligible = sorted(set(sold) - {101, 120})
    assert published == {
        "format": "raffle-drawing/1", "raffle": "RF-2027-00012", "prizes": 3,
        "commitment": engine.commitment_of(DRAWING_SEED), "tickets_hash": engine.tickets_hash_of(eligible),
        "seed": SEED_HEX, "tickets": eligible,
        "winners": engine.draw(tickets=eligible, prizes=3, seed=SEED_HEX).winners,
    }
    assert not {101, 120} & set(published["winners"])
    assert list(drawing.events.order_by("seq").values_list("kind", flat=True)) == [
        "scheduled", "sales_closed", "drawn"]
    assert list(AuditEvent.objects.filter(organization=raffle.organization, event_type__startswith="licensing.raffle")
                .order_by("id").values_list("event_type", flat=True)) == [
        "licensing.raffle_drawing_scheduled", "licensing.raffle_drawing_sales_closed", "licensing.raffle_drawing_drawn"]

    result = verify_cli(tmp_path, published)
    assert (result.returncode, result.stdout.strip()) == (0, "verified")
    tampered_seed = {**published, "seed": "f" * 64}
    assert verify_cli(tmp_path, tampered_seed).stdout.strip() == "mismatch: commitment"
    tampered_tickets = {**published, "tickets": [*published["tickets"], 101]}
    result = verify_cli(tmp_path, tampered_tickets)
    assert (result.returncode, result.stdout.strip()) == (1, "mismatch: tickets_hash")


def test_the_api_flow_and_the_public_page(officer, raffle, tmp_path):
    client = api(officer)
    answer = client.post("/api/v1/raffle-drawings/", {"license": raffle.pk, "prizes": 2}, format="json")
    assert answer.status_code == 201, answer.content
    pk = answer.json()["id"]
    assert answer.json()["seed"] is None
    drawing = RaffleDrawing.objects.get(pk=pk)

    def seen_everywhere():
        public_api = api().get(f"/api/v1/public/raffle-drawings/{pk}/")
        page = api().get(reverse("public:raffle_drawing", args=[pk]))
        portal = client.get(f"/api/v1/raffle-drawings/{pk}/")
        assert public_api.status_code == page.status_code == portal.status_code == 200
        return public_api.content.decode() + page.content.decode() + portal.content.decode()

    shown = seen_everywhere()
    assert drawing.seed not in shown and drawing.commitment in shown and "Not drawn yet" in shown
    assert api().get(reverse("public:raffle_drawing_json", args=[pk])).status_code == 404

    undeclared = client.post(f"/api/v1/raffle-drawings/{pk}/close-sales",
                             {"sold": [100, 105, 110, 199], "returned": [105]}, format="json")
    assert undeclared.status_code == 400
    assert [(e["field"], e["rule"]) for e in undeclared.json()["errors"]] == [("buyers_age_declared",
                                                                               "30 DCMR 1702.1")]
    answer = client.post(f"/api/v1/raffle-drawings/{pk}/close-sales",
                         {"sold": [100, 105, 110, 199], "returned": [105], "buyers_age_declared": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["tickets_hash"] == engine.tickets_hash_of([100, 110, 199])
    shown = seen_everywhere()
    assert drawing.seed not in shown and answer.json()["tickets_hash"] in shown
    # the audit trail does not hold the seed before the drawing either
    assert drawing.seed not in json.dumps(list(AuditEvent.objects.values_list("payload", flat=True)))

    nobody = client.post(f"/api/v1/raffle-drawings/{pk}/draw")
    assert nobody.status_code == 400
    assert [(e["field"], e["rule"]) for e in nobody.json()["errors"]] == [("in_charge", "30 DCMR 1301.5")]
    answer = client.post(f"/api/v1/raffle-drawings/{pk}/draw", {"in_charge": in_charge(raffle, "alternate")},
                         format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["in_charge"]["role"] == "alternate" and answer.json()["drawn_at"]
    body = api().get(f"/api/v1/public/raffle-drawings/{pk}/").json()
    assert body["seed"] == drawing.seed and len(body["winners"]) == 2 and 105 not in body["winners"]
    page = api().get(reverse("public:raffle_drawing", args=[pk])).content.decode()
    assert drawing.seed in page and "python -m licensing.reports.drawings.engine verify" in page
    # The record's head, as verify_logs --witness reads it from a saved page.
    assert f"licensing.raffledrawingevent {pk} seq 3 {RaffleDrawing.objects.get(pk=pk).head_hash}" in page
    download = api().get(reverse("public:raffle_drawing_json", args=[pk]))
    assert download.status_code == 200 and "attachment" in download["Content-Disposition"]
    assert json.loads(download.content) == body["published"]
    assert verify_cli(tmp_path, json.loads(download.content)).returncode == 0

    again = client.post(f"/api/v1/raffle-drawings/{pk}/draw", {"in_charge": in_charge(raffle)}, format="json")
    assert again.status_code == 400 and "status" in again.content.decode()


@pytest.mark.parametrize(("sold", "returned", "field", "words"), [
    ([100, 250], [], "sold", "ticket 250 is not one of the license's tickets, numbered 100 to 199"),
    ([99, 100], [], "sold", "ticket 99"),
    ([100, 101, 101], [], "sold", "ticket 101 is listed twice"),
    ([100, 101, 102], [102, 102], "returned", "ticket 102 is listed twice"),
    ([100, 101, 102], [300], "returned", "ticket 300"),
    ([100, 101, 102], [103], "returned", "ticket 103 is returned but was not sold"),
    ([100, 101, 102], [101], "sold", "2 eligible tickets cannot win 3 prizes"),
])
def test_bad_tickets_are_refused_naming_the_field(officer, raffle, sold, returned, field, words):
    drawing = schedule(officer, raffle)
    with pytest.raises(ValidationError) as refused:
        drawing_sales_close(actor=officer, drawing=drawing, sold=sold, returned=returned, buyers_age_declared=True)
    assert field in refused.value.message_dict
    assert words in str(refused.value.message_dict[field]) and "30 DCMR 1202.2(n)" in str(refused.value)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.events.count() == 1

    answer = api(officer).post(f"/api/v1/raffle-drawings/{drawing.pk}/close-sales",
                               {"sold": sold, "returned": returned, "buyers_age_declared": True}, format="json")
    assert answer.status_code == 400
    assert any(error["field"] == field for error in answer.json()["errors"]), answer.json()


def test_a_drawing_needs_a_raffle_license_and_prizes(officer, raffle):
    bingo = license_for(license_type=LicenseType.BINGO, license_class="B", organization=raffle.organization)
    answer = api(officer).post("/api/v1/raffle-drawings/", {"license": bingo.pk, "prizes": 1}, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "license"
    with pytest.raises(ValidationError) as refused:
        drawing_schedule(actor=officer, license=raffle, prizes=0)
    assert "prizes" in refused.value.message_dict
    with pytest.raises(ValidationError):
        drawing_draw(actor=officer, drawing=schedule(officer, raffle))  # sales are not closed
    assert not RaffleDrawing.objects.filter(status=DrawingStatus.DRAWN).exists()


def test_only_the_organizations_officers_act_and_the_board_reads(officer, raffle):
    drawing = schedule(officer, raffle)
    stranger_raffle = license_for(license_type=LicenseType.RAFFLE, license_class="2")
    stranger = member(stranger_raffle.organization, Role.OFFICER)
    staff = board_staff()
    caller = member(raffle.organization, Role.CALLER)  # a game role files nothing

    assert api(stranger).get(f"/api/v1/raffle-drawings/{drawing.pk}/").status_code == 404
    assert api(stranger).post(f"/api/v1/raffle-drawings/{drawing.pk}/close-sales", {"sold": [100]},
                              format="json").status_code == 404
    assert api(stranger).post("/api/v1/raffle-drawings/", {"license": raffle.pk, "prizes": 1},
                              format="json").status_code == 404
    assert api().post("/api/v1/raffle-drawings/", {"license": raffle.pk, "prizes": 1},
                      format="json").status_code in (401, 403)

    assert api(staff).get(f"/api/v1/raffle-drawings/{drawing.pk}/").status_code == 200
    assert api(staff).post(f"/api/v1/raffle-drawings/{drawing.pk}/close-sales", {"sold": [100, 101, 102]},
                           format="json").status_code == 403
    with pytest.raises(PermissionDenied):
        drawing_schedule(actor=staff, license=raffle, prizes=1)
    with pytest.raises(PermissionDenied):
        drawing_sales_close(actor=caller, drawing=drawing, sold=[100, 101, 102], returned=[],
                            buyers_age_declared=True)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED


def test_the_record_is_chained_verified_and_append_only(officer, raffle):
    assert RaffleDrawingEvent in chained_models()
    drawing = schedule(officer, raffle)
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=[100, 101, 102, 103], returned=[],
                                  buyers_age_declared=True)
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    assert verify_log(RaffleDrawingEvent, str(drawing.pk)).ok
    call_command("verify_logs", "--log", "raffle")

    table = RaffleDrawingEvent._meta.db_table
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET payload = %s WHERE drawing_id = %s",
                       [json.dumps({"seed": "0" * 64, "winners": [100]}), drawing.pk])
    if connection.vendor == "postgresql":  # SQLite's DELETE stays open: the test flush empties tables with it
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE drawing_id = %s", [drawing.pk])
    assert verify_log(RaffleDrawingEvent, str(drawing.pk)).ok


def test_a_raffle_license_has_one_drawing(officer, raffle):
    schedule(officer, raffle)
    with pytest.raises(ValidationError) as refused:
        schedule(officer, raffle)
    assert "license" in refused.value.message_dict and "1202.2(n)" in str(refused.value.message_dict["license"])
    assert RaffleDrawing.objects.filter(license=raffle).count() == 1
