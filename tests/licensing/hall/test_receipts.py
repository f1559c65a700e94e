"""Receiving what a hall sent back (licensing.hall.services.bundle_receive): checked before anything is accepted, kept
with the verdict and each reason; the same bundle twice changes nothing; a refused one is flagged to Board staff; in
the portal (upload) and the API, within the kit's scope."""

import copy
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.findings import RuleViolation
from licensing.hall.services import bundle_receive
from licensing.models import AuditEvent, HallBundle, Role
from tests.licensing.factories import OrganizationFactory, board_staff, member

pytestmark = pytest.mark.django_db


def _bad(bundle: dict) -> dict:
    tampered = copy.deepcopy(bundle)
    tampered["logs"][0]["rows"][2]["payload"]["number"] = 75
    return tampered


def test_an_intact_bundle_is_accepted_once_and_a_tampered_one_refused_with_its_reason(played):
    kit, world, bundle = played
    officer = member(kit.organization, Role.OFFICER)
    received, new = bundle_receive(actor=officer, kit=kit, bundle=bundle)
    assert new and received.accepted and received.findings == [] and (received.logs, received.rows) == (1, 5)
    again, new = bundle_receive(actor=officer, kit=kit, bundle=json.loads(json.dumps(bundle)))
    assert not new and again.pk == received.pk and HallBundle.objects.count() == 1
    refused, new = bundle_receive(actor=officer, kit=kit, bundle=_bad(bundle))
    assert new and not refused.accepted
    assert [finding["field"] for finding in refused.findings] == ["logs"]
    assert "seq 3: altered or forged row" in refused.findings[0]["message"]
    types = list(AuditEvent.objects.filter(event_type__startswith="licensing.hall_bundle").order_by("seq")
                 .values_list("event_type", flat=True))
    assert types == ["licensing.hall_bundle_accepted", "licensing.hall_bundle_refused"]


def test_a_bundle_of_another_kit_is_refused_outright(played):
    kit, _world, bundle = played
    other = copy.deepcopy(bundle)
    other["kit"]["kit"] = "00000000-0000-4000-8000-000000000000"
    for odd in (other, [], {"kit": "x"}):
        with pytest.raises(RuleViolation) as caught:
            bundle_receive(actor=member(kit.organization, Role.OFFICER), kit=kit, bundle=odd)
        assert caught.value.findings[0].field == "kit"
    assert not HallBundle.objects.exists()


def test_the_api_receives_a_bundle_and_answers_its_receipt(played, client):
    kit, _world, bundle = played
    url = f"/api/v1/hall-kits/{kit.kit_id}/bundles/"
    client.force_login(member(kit.organization, Role.CALLER))
    answer = client.post(url, bundle, content_type="application/json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["accepted"] is True and answer.json()["rows"] == 5
    assert client.post(url, bundle, content_type="application/json").status_code == 200
    refused = client.post(url, _bad(bundle), content_type="application/json").json()
    assert refused["accepted"] is False and refused["findings"][0]["rule"].startswith("hall-bundle/1")
    assert [row["accepted"] for row in client.get(url).json()["results"]] == [False, True]
    client.force_login(board_staff())
    assert client.get(url).status_code == 200  # the Board reads every kit's receipts
    # Another organization's officer: the kit is not there for them.
    client.force_login(member(OrganizationFactory(), Role.OFFICER))
    assert client.get(url).status_code == 404
    assert client.post(url, bundle, content_type="application/json").status_code == 404
    client.logout()
    assert client.post(url, bundle, content_type="application/json").status_code in (401, 403)


def test_the_officer_uploads_the_bundle_in_the_portal_and_the_board_sees_a_refused_one(played, client):
    kit, _world, bundle = played
    client.force_login(member(kit.organization, Role.OFFICER))
    url = f"/portal/hall/kits/{kit.kit_id}/bundles/"
    not_json = client.post(url, {"bundle": SimpleUploadedFile("b.json", b"\x00not json")})
    assert not_json.status_code == 400 and b"not JSON" in not_json.content
    done = client.post(url, {"bundle": SimpleUploadedFile("b.json", json.dumps(bundle).encode())})
    received = HallBundle.objects.get()
    assert done.status_code == 302 and done.url == f"/portal/hall/bundles/{received.pk}/"
    assert b"The Board accepts these records" in client.get(done.url).content
    client.post(url, {"bundle": io.BytesIO(json.dumps(_bad(bundle)).encode())})
    refused = HallBundle.objects.get(accepted=False)
    page = client.get(f"/portal/hall/bundles/{refused.pk}/").content.decode()
    assert "The Board refuses these records" in page and "seq 3: altered or forged row" in page
    # Board staff find it flagged on the hall mode page.
    client.force_login(board_staff())
    flagged = client.get("/portal/hall/").content.decode()
    assert "Bundles refused: possible tampering" in flagged and f"/portal/hall/bundles/{refused.pk}/" in flagged
    assert flagged.count("Bundles refused: possible tampering") == 1
    assert "<title>Hall mode" in flagged and "tampering" not in flagged.split("</title>")[0]
    # Another organization's officer: a 404.
    client.force_login(member(OrganizationFactory(), Role.OFFICER))
    assert client.get(f"/portal/hall/bundles/{refused.pk}/").status_code == 404
