"""Hall mode's event kits (licensing.hall): an officer prepares one for a bingo operation or a Monte Carlo Night and
the device that will run it; the Board signs it at once; the hall device checks it (signature, device, day, license)
and names each reason it refuses; nothing is written when the kit is refused; and each role reads only its own."""

import copy
import datetime as dt
import json
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.core.management.base import CommandError
from django.http import Http404
from django.utils import timezone

from core import signing
from core.findings import RuleViolation
from licensing.audit.witness import trusted_keys
from licensing.hall.document import KIT_RULE, kit_findings, signed
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import AuditEvent, EnforcementAction, HallKit, Role
from licensing.models.choices import EnforcementKind
from tests.bingo.factories import (
    CardSeriesFactory,
    GameFactory,
    HallFactory,
    OperationFactory,
    staff_on_duty,
    standard_pattern,
)
from tests.licensing.factories import board_staff, member
from tests.montecarlo.factories import night_for, table_for

pytestmark = pytest.mark.django_db
DEVICE_PRIVATE = signing.development_key("a hall laptop")
DEVICE = signing.public_key_of(DEVICE_PRIVATE)
KITS = "/api/v1/hall-kits/"


def _operation(**fields):
    operation = OperationFactory(**fields)
    HallFactory(operation=operation, is_drawing_location=True)
    staff_on_duty(operation)
    for number, prize in ((1, "100.00"), (2, "250.00")):
        GameFactory(operation=operation, number=number, pattern=standard_pattern("any-line"), prize=Decimal(prize))
    CardSeriesFactory(organization=operation.license.organization, code="S1", seed=12345, size=120)
    return operation


def _planner(operation):
    return member(operation.license.organization, Role.OFFICER)


def _kit(operation=None, *, device=DEVICE):
    operation = operation or _operation()
    actor = _planner(operation)
    return kit_prepare(actor=actor, event=kit_kind("bingo").event(user=actor, pk=operation.pk),
                       device_public_key=device)


def _rules(findings) -> list[str]:
    return [finding.rule for finding in findings]


# --- What a kit holds, and the hall's check ---


def test_a_prepared_kit_holds_what_the_hall_needs_and_checks_on_the_event_day_for_its_device():
    operation = _operation()
    kit = _kit(operation)
    document = kit.document
    assert document["format"] == "hall-kit/1" and document["kit"] == str(kit.kit_id)
    assert document["event"] == {"kind": "bingo", "id": operation.pk, "title": kit.title,
                                 "date": operation.date.isoformat(), "starts_at": "18:00:00", "ends_at": "22:00:00",
                                 "place": str(operation.premises), "training": False}
    assert document["license"]["number"] == operation.license.number and document["license"]["status"] == "active"
    # The Board's numbers in force that day, with their citations; no fee or bond (paid at the Board).
    assert document["numbers"]["bingo.game_prize_cap.class_abc"]["citation"].startswith("30 DCMR 1408")
    assert not any(key.startswith(("fee.", "bond.")) for key in document["numbers"])
    plan = document["plan"]
    assert [game["number"] for game in plan["games"]] == [1, 2] and plan["games"][1]["prize"] == "250.00"
    assert plan["games"][0]["pattern"]["masks"] == standard_pattern("any-line").masks
    assert plan["series"] == [{"code": "S1", "seed": 12345, "size": 120, "source": "vendor"}]
    assert {worker["duty"] for worker in plan["workers"]} >= {"checker", "member_in_charge"}
    assert document["device"] == {"public_key": DEVICE} and len(document["chain_key"]) >= 43
    assert kit_findings(document, trusted_keys=trusted_keys(), today=operation.date, device_public_key=DEVICE) == []
    # Audited on the organization's trail.
    event = AuditEvent.objects.get(event_type="licensing.hall_kit_prepared")
    assert event.organization_id == operation.license.organization_id
    assert event.payload["kit"] == str(kit.kit_id) and event.payload["device_public_key"] == DEVICE


def test_a_kit_survives_reformatting_but_not_a_changed_value():
    kit = _kit()
    day = kit.event_date
    reformatted = json.loads(json.dumps(kit.document, indent=4, sort_keys=False))
    assert kit_findings(reformatted, trusted_keys=trusted_keys(), today=day) == []
    changed = copy.deepcopy(kit.document)
    changed["plan"]["games"][0]["prize"] = "2000.00"
    [finding] = kit_findings(changed, trusted_keys=trusted_keys(), today=day)
    assert finding.rule == KIT_RULE and finding.field == "signature" and "changed after the Board signed" in \
        finding.message


def test_the_hall_names_each_reason_it_refuses_a_kit():
    kit = _kit()
    document, day = kit.document, kit.event_date
    trusted = trusted_keys()
    # Another device's kit, another day.
    other_device = signing.public_key_of(signing.development_key("another laptop"))
    findings = kit_findings(document, trusted_keys=trusted, today=day + dt.timedelta(days=1),
                            device_public_key=other_device)
    assert [finding.field for finding in findings] == ["device", "event"]
    assert "for another device" in findings[0].message and "not today" in findings[1].message
    # Signed with a key that is not the Board's (a forger's own key, put in the kit).
    forger = signing.development_key("a forger")
    forged = signed({**{k: v for k, v in document.items() if k != "signature"},
                     "board_key": signing.public_key_of(forger)}, forger)
    [finding] = kit_findings(forged, trusted_keys=trusted, today=day)
    assert finding.field == "board_key" and "not the Board's" in finding.message
    # Not a kit at all; a kit missing a part.
    assert kit_findings([1, 2], trusted_keys=trusted)[0].field == "format"
    cut = {k: v for k, v in document.items() if k != "plan"}
    assert kit_findings(cut, trusted_keys=trusted)[0].message == "The kit lacks plan."
    # A license suspended by the event's day, in a kit the Board signed: 30 DCMR 1200.1.
    body = {k: v for k, v in document.items() if k != "signature"}
    body["license"] = {**body["license"], "suspended_on": day.isoformat()}
    suspended = signed(body, settings.LOG_ANCHOR_SIGNING_KEY)
    [finding] = kit_findings(suspended, trusted_keys=trusted, today=day)
    assert finding.rule == "30 DCMR 1200.1" and "suspended" in finding.message


# --- Preparing: refused before anything is written ---


def test_a_kit_is_refused_for_a_past_event_a_suspended_license_or_a_key_that_is_none():
    past = _operation(date=timezone.localdate() - dt.timedelta(days=1))
    with pytest.raises(RuleViolation) as caught:
        _kit(past, device="not-a-key\x00")
    fields = {finding.field for finding in caught.value.findings}
    assert fields >= {"device_public_key", "event"}
    operation = _operation(date=timezone.localdate() + dt.timedelta(days=3))
    EnforcementAction.objects.create(license=operation.license, kind=EnforcementKind.SUSPENSION, explanation="1209.1",
                                     starts_on=operation.date, ends_on=operation.date + dt.timedelta(days=9),
                                     issued_by=board_staff())
    with pytest.raises(RuleViolation) as caught:
        _kit(operation)
    assert _rules(caught.value.findings) == ["30 DCMR 1200.1"]
    assert not HallKit.objects.exists()
    assert not AuditEvent.objects.filter(event_type="licensing.hall_kit_prepared").exists()


def test_kits_are_append_only():
    kit = _kit()
    with pytest.raises(Exception, match="append-only"):
        kit.save()
    with pytest.raises(Exception, match="append-only"):
        kit.delete()


# --- Who may prepare and read ---


def test_only_the_planners_of_the_organization_prepare_a_bingo_kit():
    operation = _operation()
    organization = operation.license.organization
    for role in (Role.OFFICER, Role.MEMBER_IN_CHARGE):
        assert kit_kind("bingo").event(user=member(organization, role), pk=operation.pk).pk == operation.pk
    with pytest.raises(PermissionDenied):
        kit_kind("bingo").event(user=member(organization, Role.CALLER), pk=operation.pk)
    with pytest.raises(PermissionDenied):
        kit_kind("bingo").event(user=board_staff(), pk=operation.pk)
    other = _operation()
    with pytest.raises(Http404):
        kit_kind("bingo").event(user=_planner(other), pk=operation.pk)
    with pytest.raises(Http404):
        kit_kind("raffle-of-nothing")


def test_the_api_prepares_a_kit_and_each_role_reads_its_own(client):
    operation = _operation()
    officer = _planner(operation)
    client.force_login(officer)
    answer = client.post(KITS, {"kind": "bingo", "event": operation.pk, "device_public_key": DEVICE},
                         content_type="application/json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["kind"] == "bingo" and body["event"] == operation.pk and body["license"] == operation.license.number
    assert kit_findings(body["document"], trusted_keys=trusted_keys(), today=operation.date) == []
    assert [row["id"] for row in client.get(KITS).json()["results"]] == [body["id"]]
    assert client.get(f"{KITS}{body['id']}/").json()["document"] == body["document"]
    # The organization's caller reads the kit; another organization's officer and a stranger do not; the Board does.
    for user, sees in ((member(operation.license.organization, Role.CALLER), True),
                       (_planner(_operation()), False), (board_staff(), True)):
        client.force_login(user)
        assert (len(client.get(KITS).json()["results"]) == 1) is sees
        assert client.get(f"{KITS}{body['id']}/").status_code == (200 if sees else 404)
    client.logout()
    assert client.get(KITS).status_code in (401, 403)
    assert client.post(KITS, {}, content_type="application/json").status_code in (401, 403)


@pytest.mark.parametrize("body, field", [
    ({"kind": "bingo", "event": "x", "device_public_key": DEVICE}, "event"),
    ({"kind": "bingo", "event": 10**30, "device_public_key": DEVICE}, "event"),
    ({"kind": "bingo", "device_public_key": DEVICE}, "event"),
    ({"kind": "bingo", "event": "OPERATION", "device_public_key": "\x00" * 20}, "device_public_key"),
    ({"kind": "bingo", "event": "OPERATION", "device_public_key": "٣" * 43}, "device_public_key"),
])
def test_bad_input_names_its_field_and_writes_nothing(client, body, field):
    operation = _operation()
    client.force_login(_planner(operation))
    body = {name: operation.pk if value == "OPERATION" else value for name, value in body.items()}
    answer = client.post(KITS, body, content_type="application/json")
    assert answer.status_code == 400, answer.content
    assert field in {error["field"] for error in answer.json()["errors"]}
    assert not HallKit.objects.exists()


def test_unknown_kind_or_event_is_a_404(client):
    operation = _operation()
    client.force_login(_planner(operation))
    for body in ({"kind": "raffle", "event": operation.pk, "device_public_key": DEVICE},
                 {"kind": "bingo", "event": operation.pk + 10**6, "device_public_key": DEVICE}):
        assert client.post(KITS, body, content_type="application/json").status_code == 404
    assert client.get(f"{KITS}not-a-uuid/").status_code == 404


# --- The portal, and the device's commands ---


def test_the_officer_prepares_a_kit_in_the_portal_and_the_device_checks_the_download(client, tmp_path, capsys):
    operation = _operation()
    client.force_login(_planner(operation))
    page = client.get("/portal/hall/")
    assert page.status_code == 200 and f"/portal/hall/new/bingo/{operation.pk}/".encode() in page.content
    refused = client.post(f"/portal/hall/new/bingo/{operation.pk}/", {"device_public_key": "short"})
    assert refused.status_code == 400 and b"is not one" in refused.content and not HallKit.objects.exists()
    # The device makes its key; the officer pastes the public key it printed.
    key_file = tmp_path / "device.key"
    call_command("hall", "keygen", "--key", str(key_file))
    public = capsys.readouterr().out.strip().splitlines()[-1]
    assert key_file.stat().st_mode & 0o777 == 0o600 and signing.public_key_of(key_file.read_text().strip()) == public
    done = client.post(f"/portal/hall/new/bingo/{operation.pk}/", {"device_public_key": public})
    kit = HallKit.objects.get()
    assert done.status_code == 302 and done.url == f"/portal/hall/kits/{kit.kit_id}/"
    assert b"Download the kit" in client.get(done.url).content
    download = client.get(f"/portal/hall/kits/{kit.kit_id}/kit.json")
    assert download["Content-Disposition"].startswith("attachment;")
    kit_file = tmp_path / "kit.json"
    kit_file.write_bytes(download.content)
    call_command("hall", "check", str(kit_file), "--key", str(key_file), "--on", operation.date.isoformat())
    assert "The kit checks" in capsys.readouterr().out
    # keygen never overwrites the key the kit names.
    call_command("hall", "keygen", "--key", str(key_file))
    assert capsys.readouterr().out.strip().endswith(public)
    # Changed on the way, or checked on another day: refused, with the reason, exit code 2.
    tampered = json.loads(download.content)
    tampered["event"]["ends_at"] = "23:59:00"
    kit_file.write_text(json.dumps(tampered))
    with pytest.raises(CommandError) as caught:
        call_command("hall", "check", str(kit_file), "--key", str(key_file), "--on", operation.date.isoformat())
    assert caught.value.returncode == 2 and "changed after the Board signed" in capsys.readouterr().err


def test_a_monte_carlo_night_kit_holds_its_terms_and_tables():
    night, director = night_for()
    table_for(night, director, "wheel")
    event = kit_kind("night").event(user=director, pk=night.pk)
    kit = kit_prepare(actor=director, event=event, device_public_key=DEVICE)
    plan = kit.document["plan"]
    assert plan["night"]["starting_chips"] == 1000 and plan["night"]["admission_price"] == "25.00"
    assert [(table["number"], table["game"]) for table in plan["tables"]] == [(1, "wheel")]
    assert kit_findings(kit.document, trusted_keys=trusted_keys(), today=night.date, device_public_key=DEVICE) == []
    with pytest.raises(PermissionDenied):
        kit_kind("night").event(user=member(night.license.organization, Role.DEALER), pk=night.pk)
