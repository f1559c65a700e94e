"""A night's bundle is 4-5 MB of JSON, more than Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): the bundle uploads
(the API's and the portal's) take up to MAX_BUNDLE_BYTES (core.middleware.body_limit), every other address keeps
Django's limit, and a larger body is a 413 naming the limit, never a 500."""

import copy
import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from bingo.models import GameEvent
from core import chain
from licensing.hall.bundle import MAX_BUNDLE_BYTES, rebuilt
from licensing.models import HallBundle, Role
from tests.licensing.factories import member
from tests.licensing.hall.conftest import head_of

pytestmark = pytest.mark.django_db
LOG = "bingo.gameevent"


def _grown(kit, bundle: dict, size: int) -> dict:
    """The played game's log carried on in memory until the bundle is over `size` bytes of JSON, each row a copy of
    the last call, chained with the kit's key and the head signed again by the device: to the Board's check, a long
    night's bundle."""
    grown = copy.deepcopy(bundle)
    log = grown["logs"][0]
    key = kit.document["chain_key"].encode("utf-8")
    last = log["rows"][-1]
    per_row = len(json.dumps(last))
    for _ in range(size // per_row + 1):
        row = {**last, "seq": last["seq"] + 1, "prev_hash": last["hash"]}
        row["hash"] = chain.row_hash(LOG, log["identity"], rebuilt(GameEvent, row), key)
        log["rows"].append(row)
        last = row
    grown["heads"] = [head_of(kit.document, log["identity"], last["seq"], last["hash"])]
    return grown


@pytest.fixture
def large(played):
    kit, _world, bundle = played
    grown = _grown(kit, bundle, 3 * 1024 * 1024)
    body = json.dumps(grown).encode("utf-8")
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE < len(body) < MAX_BUNDLE_BYTES
    return kit, body


def test_the_api_accepts_a_bundle_larger_than_djangos_limit(large, client):
    kit, body = large
    client.force_login(member(kit.organization, Role.OFFICER))
    answer = client.post(f"/api/v1/hall-kits/{kit.kit_id}/bundles/", body, content_type="application/json")
    assert answer.status_code == 201, answer.content[:500]
    assert answer.json()["accepted"] is True and answer.json()["rows"] == len(json.loads(body)["logs"][0]["rows"])
    # Django's limit holds everywhere else: the same body sent to prepare a kit is refused before any view.
    other = client.post("/api/v1/hall-kits/", body, content_type="application/json")
    assert other.status_code == 400 and other.json()["errors"][0]["code"] == "bad_request"


def test_the_portal_takes_the_same_file(large, client):
    kit, body = large
    client.force_login(member(kit.organization, Role.OFFICER))
    done = client.post(f"/portal/hall/kits/{kit.kit_id}/bundles/", {"bundle": SimpleUploadedFile("b.json", body)})
    assert done.status_code == 302 and HallBundle.objects.get().accepted


def test_a_body_over_the_limit_is_a_413_naming_it(played, client):
    kit, _world, _bundle = played
    client.force_login(member(kit.organization, Role.OFFICER))
    too_large = b'{"format": "' + b"x" * MAX_BUNDLE_BYTES + b'"}'
    answer = client.post(f"/api/v1/hall-kits/{kit.kit_id}/bundles/", too_large, content_type="application/json")
    assert answer.status_code == 413
    [error] = answer.json()["errors"]
    assert error["code"] == "request_too_large" and "50 MB" in error["message"]
    upload = f"/portal/hall/kits/{kit.kit_id}/bundles/"
    page = client.post(upload, {"bundle": SimpleUploadedFile("b.json", too_large + b" " * 100_000)})
    assert page.status_code == 413 and "larger than 50 MB" in page.content.decode()
    # Just over, within the room the middleware leaves for the parts' headers: the form says it.
    page = client.post(upload, {"bundle": SimpleUploadedFile("b.json", too_large)})
    assert page.status_code == 400 and "The file is larger than 50 MB" in page.content.decode()
    assert not HallBundle.objects.exists()
