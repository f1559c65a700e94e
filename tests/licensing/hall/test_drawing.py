"""A raffle drawing at the hall (licensing.hall.drawing): a raffle-drawing/2 drawing's kit is prepared, a /1 drawing's
refused; the close of sales, the witness value and the draw played at the 'hall' (the test's database, with the kit's
chain key, rolled back) come back in a bundle the Board takes in: its drawing drawn with the winners the engine gives,
its log verified, the raffle's report prefilled; the same bundle twice changes nothing; a hall that changed what the
draw does not change, or forged the winners, is refused."""

import copy
import datetime as dt
import json

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from licensing.audit.verify import verify_log
from licensing.hall.kinds import kit_kind
from licensing.hall.selectors import preparable_events
from licensing.hall.services import bundle_receive, kit_prepare
from licensing.models import (
    DrawingFormat,
    DrawingStatus,
    HallHead,
    Payout,
    PayoutStatus,
    RaffleDrawing,
    RaffleDrawingEvent,
    Report,
    Role,
)
from licensing.models.choices import LicenseType
from licensing.reports.drawings import engine, events, services
from licensing.reports.drawings.selectors import drawing_public
from licensing.reports.drawings.verify import drawing_problems
from tests.licensing.factories import DRAWING_SEED, board_staff, in_charge, license_for, member, raffle_ready
from tests.licensing.hall.conftest import DEVICE, at_the_hall, played_at_the_hall
from tests.licensing.hall.hall_process import hall_manage

pytestmark = pytest.mark.django_db

DICE = "d6:3152646315245316623141522"
SOLD, RETURNED = list(range(1, 401)), [7, 99]


def _raffle(number: str):
    return raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number=number,
                                    application__first_ticket_number=1, application__last_ticket_number=500,
                                    application__tickets_printed=500, application__ticket_price="5.00"),
                        drawing_at=timezone.now() - dt.timedelta(minutes=1))


def _scheduled(officer, raffle, format=DrawingFormat.WITNESSED) -> RaffleDrawing:
    return services.drawing_schedule(actor=officer, license=raffle, prizes=3, format=format,
                                     seed_source=lambda: DRAWING_SEED)


@pytest.fixture
def raffle():
    return _raffle("RF-2027-00031")


@pytest.fixture
def officer(raffle):
    return member(raffle.organization, Role.OFFICER)


@pytest.fixture
def drawing(officer, raffle):
    return _scheduled(officer, raffle)


@pytest.fixture
def kit(officer, drawing):
    return kit_prepare(actor=officer, event=kit_kind("drawing").event(user=officer, pk=drawing.pk),
                       device_public_key=DEVICE)


def test_a_witnessed_drawings_kit_carries_the_drawing_and_a_seeded_drawings_is_refused(officer, raffle, drawing):
    seeded_raffle = _raffle("RF-2027-00032")
    seeded = _scheduled(member(seeded_raffle.organization, Role.OFFICER), seeded_raffle, DrawingFormat.SEEDED)
    assert [(event.kind, event.pk) for event in preparable_events(user=officer)] == [("drawing", drawing.pk)]
    client = APIClient()
    client.force_authenticate(officer)
    answer = client.post("/api/v1/hall-kits/", {"kind": "drawing", "event": drawing.pk,
                                                "device_public_key": DEVICE}, format="json")
    assert answer.status_code == 201, answer.json()
    document = answer.json()["document"]
    assert document["event"]["kind"] == "drawing" and document["event"]["date"] == timezone.localdate().isoformat()
    assert document["plan"]["drawing"] == {"format": "raffle-drawing/2", "commitment": drawing.commitment,
                                           "prizes": 3, "status": "scheduled"}
    assert document["plan"]["raffle"]["last_ticket_number"] == 500
    carried = {(record["model"], record["pk"]): record for record in document["records"]}
    assert carried[("licensing.raffledrawing", drawing.pk)]["fields"]["seed"] == DRAWING_SEED.hex()
    assert ("licensing.application", raffle.application_id) in carried
    assert [entry["log"] for entry in document["logs"]] == ["licensing.raffledrawingevent"]  # the commitment

    seeded_officer = member(seeded_raffle.organization, Role.OFFICER)
    client.force_authenticate(seeded_officer)
    refused = client.post("/api/v1/hall-kits/", {"kind": "drawing", "event": seeded.pk,
                                                 "device_public_key": DEVICE}, format="json")
    assert refused.status_code == 400, refused.json()
    assert "format" in str(refused.json()) and "raffle-drawing/2" in str(refused.json())
    assert preparable_events(user=seeded_officer) == []
    client.force_authenticate(board_staff())
    assert client.post("/api/v1/hall-kits/", {"kind": "drawing", "event": drawing.pk,
                                              "device_public_key": DEVICE}, format="json").status_code == 403
    client.force_authenticate(member(seeded_raffle.organization, Role.OFFICER))
    assert client.post("/api/v1/hall-kits/", {"kind": "drawing", "event": drawing.pk,
                                              "device_public_key": DEVICE}, format="json").status_code == 404


def _at_the_hall(kit, tmp_path, *steps) -> list[dict]:
    with at_the_hall(kit.document, tmp_path):
        return played_at_the_hall(kit, *steps)


def _closed_and_witnessed(officer, drawing):
    services.drawing_sales_close(actor=officer, drawing=drawing, sold=SOLD, returned=RETURNED,
                                 buyers_age_declared=True)
    services.drawing_witness(actor=officer, drawing=drawing, witness=DICE, witness_name="Ana Pérez")


def test_the_drawing_drawn_at_the_hall_comes_back_and_the_board_takes_it_in(officer, raffle, drawing, kit, tmp_path):
    def drawn_at_the_hall():
        _closed_and_witnessed(officer, drawing)
        services.drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
        [head] = HallHead.objects.filter(kit=kit.kit_id)  # the draw closes the drawing: its log's head signed
        assert (head.log, head.identity, head.seq) == ("licensing.raffledrawingevent", str(drawing.pk), 4)

    [bundle] = _at_the_hall(kit, tmp_path, drawn_at_the_hall)
    assert RaffleDrawing.objects.get(pk=drawing.pk).status == DrawingStatus.SCHEDULED  # the Board holds none of it
    received, new = bundle_receive(actor=officer, kit=kit, bundle=bundle)
    assert new and received.accepted, received.findings
    drawing = RaffleDrawing.objects.get(pk=drawing.pk)
    expected = engine.draw_witnessed(tickets=sorted(set(SOLD) - set(RETURNED)), prizes=3, seed=DRAWING_SEED.hex(),
                                     witness=DICE)
    public = drawing_public(drawing)
    assert drawing.status == DrawingStatus.DRAWN and public["winners"] == expected.winners
    assert public["witness"] == DICE and public["witness_name"] == "Ana Pérez"
    assert verify_log(RaffleDrawingEvent, str(drawing.pk)).ok and drawing_problems(drawing.pk) == []
    assert (drawing.head_seq, drawing.head_hash) == (4, drawing.events.last().hash)
    report = Report.objects.get(license=raffle, source=f"raffle.drawing:{drawing.pk}")
    assert [prize["winning_ticket"] for prize in report.recorded["prizes"]] == expected.winners
    # Each prize is due at the Board's payout desk (the import opens them: no service ran), its value the desk's.
    assert list(Payout.objects.filter(session=f"raffle.drawing:{drawing.pk}").order_by("pk")
                .values_list("source", "label", "status", "prize")) == [
        (f"raffle.drawing:{drawing.pk}/prize:{place}", f"Ticket {ticket}, prize {place}", PayoutStatus.DUE, None)
        for place, ticket in enumerate(expected.winners, start=1)]

    again, new = bundle_receive(actor=officer, kit=kit, bundle=copy.deepcopy(bundle))
    assert (again, new) == (received, False) and drawing.events.count() == 4
    assert Payout.objects.filter(session=f"raffle.drawing:{drawing.pk}").count() == 3


def test_a_hall_that_changed_the_drawing_beyond_its_steps_or_forged_the_winners_is_refused(officer, raffle, drawing,
                                                                                            kit, tmp_path):
    def prizes_changed():
        _closed_and_witnessed(officer, drawing)
        services.drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
        RaffleDrawing.objects.filter(pk=drawing.pk).update(prizes=1)

    def winners_forged():
        _closed_and_witnessed(officer, drawing)
        held = RaffleDrawing.objects.get(pk=drawing.pk)
        services._append(actor=officer, drawing=held, kind=DrawingStatus.DRAWN,
                         payload={"seed": held.seed, "winners": [1, 2, 3], "in_charge": None, "place": ""},
                         audit=events.raffle_drawing_drawn)

    for step, found in ((prizes_changed, f"changed prizes of licensing.raffledrawing {drawing.pk}"),
                        (winners_forged, "the published drawing does not verify: winners")):
        [bundle] = _at_the_hall(kit, tmp_path, step)
        refused, _new = bundle_receive(actor=officer, kit=kit, bundle=bundle)
        assert not refused.accepted and found in refused.findings[0]["message"], refused.findings
        assert RaffleDrawing.objects.get(pk=drawing.pk).status == DrawingStatus.SCHEDULED
        assert drawing.events.count() == 1


# At the hall, through the drawing's own portal page (the hall serves it; the drawings' list of licenses is not
# served): the home page leads to it, then the close of sales, the witness value and the draw, each a POST.
HALL_DRAWING = """
from django.test import Client
from licensing.models import HallHead, RaffleDrawing, User
client = Client()
client.force_login(User.objects.get(pk={officer}))
home = client.get("/")
page = home["Location"]
assert page == "/portal/licenses/{license}/drawing/", page
assert client.get("/portal/applications/").status_code == 404
steps = [dict(action="close_sales", sold="{sold}", returned="7 99", buyers_age_declared="on"),
         dict(action="witness", witness_source="d6", witness="{dice}", witness_name="Ana Pérez", confirm="on"),
         dict(action="draw", in_charge="{in_charge}", confirm="on")]
for data in steps:
    answer = client.post(page, data)
    assert answer.status_code == 302, (data["action"], answer.status_code, answer.content.decode()[-3000:])
print("drawn", RaffleDrawing.objects.get(pk={drawing}).status, HallHead.objects.count())
"""


def test_a_drawing_kit_installs_at_the_hall_its_steps_run_on_its_page_and_the_board_accepts_the_export(
        officer, raffle, drawing, kit, tmp_path, hall_dir):
    path = tmp_path / "kit.json"
    path.write_text(json.dumps(kit.document), encoding="utf-8")
    now = timezone.localtime()
    installed = hall_manage(hall_dir, "hall", "install", str(path), at=now)
    assert installed.returncode == 0, installed.stderr
    script = HALL_DRAWING.format(officer=officer.pk, license=raffle.pk, drawing=drawing.pk, in_charge=in_charge(raffle),
                                 sold=" ".join(map(str, SOLD)), dice=" ".join(DICE.removeprefix("d6:")))
    played = hall_manage(hall_dir, "shell", "-c", script, at=now)
    assert played.returncode == 0 and "drawn drawn 1" in played.stdout, played.stderr + played.stdout
    bundle_path = tmp_path / "bundle.json"
    exported = hall_manage(hall_dir, "hall", "export", str(hall_dir / "kit.json"), "--out", str(bundle_path), at=now)
    assert exported.returncode == 0, exported.stderr
    received, _new = bundle_receive(actor=officer, kit=kit, bundle=json.loads(bundle_path.read_text()))
    assert received.accepted, received.findings
    drawn = RaffleDrawing.objects.get(pk=drawing.pk)
    assert drawn.status == DrawingStatus.DRAWN and drawing_problems(drawn.pk) == []
    assert verify_log(RaffleDrawingEvent, str(drawn.pk)).ok
