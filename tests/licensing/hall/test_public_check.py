"""The public check of a head signed in the hall (the page its QR code points at: licensing.hall.heads.head_check_url,
and the same verdict for machines under /api/v1/public/), and the heads received on the event's public results
pages: the bingo hall's results, the Monte Carlo Night's public page."""

import copy
import uuid

import pytest

from licensing.audit.witness import PAGE_HEAD
from licensing.hall.heads import head_check_url, head_sign
from licensing.hall.kinds import kit_kind
from licensing.hall.services import bundle_receive, kit_prepare
from licensing.models import HallBundle, Role
from tests.licensing.factories import member
from tests.licensing.hall.conftest import DEVICE, DEVICE_PRIVATE
from tests.montecarlo.factories import night_for

pytestmark = pytest.mark.django_db
HOLDS, NOT_YET, DIFFERS = "The Board holds exactly these records.", "Not yet received", "Differs"


def _query(head: dict, **changed) -> dict:
    return {"log": head["log"], "identity": head["identity"], "seq": head["seq"], "hash": head["hash"], **changed}


def _check(client, kit, query: dict, api: bool = False):
    prefix = "/api/v1/public" if api else "/public"
    return client.get(f"{prefix}/hall/{kit.kit_id}/check/", query)


@pytest.fixture
def received(played):
    """The played game's bundle, accepted by the Board: its head, and the hash of its third row."""
    kit, world, bundle = played
    received, _new = bundle_receive(actor=member(kit.organization, Role.OFFICER), kit=kit, bundle=bundle)
    assert received.accepted
    return kit, world, bundle["heads"][0], bundle["logs"][0]["rows"][2]["hash"]


def test_the_qr_codes_address_is_the_check_page(received, client):
    kit, _world, head, _third = received
    page = client.get(head_check_url("https://gaming.example.gov", head).removeprefix("https://gaming.example.gov"))
    assert page.status_code == 200 and HOLDS in page.content.decode()


def test_the_three_verdicts_in_words_with_the_events_title_and_date(received, client):
    kit, _world, head, third = received
    cases = [
        (_query(head), 200, HOLDS, "holds_exactly"),
        (_query(head, seq=3, hash=third), 200, HOLDS, "holds_exactly"),  # the QR code of an earlier close
        (_query(head, hash="0" * 64), 200, DIFFERS, "differs"),
        (_query(head, seq=3, hash=head["hash"]), 200, DIFFERS, "differs"),
        (_query(head, seq=head["seq"] + 1), 200, NOT_YET, "not_yet_received"),  # the Board's copy ends earlier
        (_query(head, identity="999999"), 200, NOT_YET, "not_yet_received"),  # a log the Board never received
    ]
    for query, status, words, verdict in cases:
        page = _check(client, kit, query)
        text = page.content.decode()
        assert page.status_code == status and words in text and f'data-verdict="{verdict}"' in text, query
        assert kit.title in text and kit.event_date.strftime("%Y") in text
        # Nothing beyond the verdict: not the kit's keys, nor the records (not even the hashes the Board holds).
        held = {third, head["hash"]} - {query["hash"]}
        for secret in (kit.document["chain_key"], kit.device_public_key, "payload", *held):
            assert secret not in text, secret
        answer = _check(client, kit, query, api=True)
        assert answer.status_code == 200 and answer.json()["verdict"] == verdict, query
        assert answer.json()["event"] == {"title": kit.title, "date": kit.event_date.isoformat()}
        assert set(answer.json()) == {"kit", "event", "log", "identity", "seq", "hash", "verdict", "message"}


def test_a_refused_bundle_or_none_is_not_yet_received(played, client):
    kit, _world, bundle = played
    head = bundle["heads"][0]
    assert 'data-verdict="not_yet_received"' in _check(client, kit, _query(head)).content.decode()
    tampered = copy.deepcopy(bundle)
    tampered["logs"][0]["rows"][2]["payload"]["number"] = 75
    refused, _new = bundle_receive(actor=member(kit.organization, Role.OFFICER), kit=kit, bundle=tampered)
    assert not refused.accepted
    assert _check(client, kit, _query(head), api=True).json()["verdict"] == "not_yet_received"


def test_an_unknown_kit_is_a_404(received, client):
    _kit, _world, head, _third = received
    for prefix in ("/public", "/api/v1/public"):
        assert client.get(f"{prefix}/hall/{uuid.uuid4()}/check/", _query(head)).status_code == 404
        assert client.get(f"{prefix}/hall/not-a-kit/check/", _query(head)).status_code == 404


@pytest.mark.parametrize(("changed", "field"), [
    ({"seq": "٣"}, "seq"),  # Arabic-Indic three
    ({"seq": "３"}, "seq"),  # fullwidth three
    ({"seq": "9" * 40}, "seq"),
    ({"seq": "0"}, "seq"),
    ({"seq": "-1"}, "seq"),
    ({"hash": "٠" * 64}, "hash"),
    ({"hash": "abc"}, "hash"),
    ({"log": "no.such"}, "log"),
    ({"log": "bingo"}, "log"),
    ({"identity": "12 13"}, "identity"),
    ({"identity": "x" * 101}, "identity"),
])
def test_a_query_it_cannot_read_is_a_400_naming_the_parameter(received, client, changed, field):
    kit, _world, head, _third = received
    page = _check(client, kit, _query(head, **changed))
    assert page.status_code == 400 and f"<li>{field}: " in page.content.decode()
    answer = _check(client, kit, _query(head, **changed), api=True)
    assert answer.status_code == 400 and [error["field"] for error in answer.json()["errors"]] == [field]


def test_missing_parameters_and_nul_bytes_are_400s_naming_them(received, client):
    kit, _world, head, _third = received
    page = _check(client, kit, {})
    text = page.content.decode()
    assert page.status_code == 400 and all(f"<li>{name}: " in text for name in ("log", "identity", "seq", "hash"))
    answer = _check(client, kit, {"seq": "1"}, api=True)
    assert answer.status_code == 400
    assert sorted(error["field"] for error in answer.json()["errors"]) == ["hash", "identity", "log"]
    for api in (False, True):
        nul = _check(client, kit, _query(head, identity="1\x00"), api=api)
        assert nul.status_code == 400 and "identity" in nul.content.decode()


def test_the_bingo_results_page_shows_the_heads_the_board_received(received, client):
    kit, world, head, _third = received
    url = f"/bingo/flashboard/{world.hall.key}/results/"
    page = client.get(url).content.decode()
    assert "Records received from the hall" in page and f"row {head['seq']}" in page and head["hash"] in page
    # Not in the form of the Board's own heads: a saved copy of the page must not witness the Board's logs (which
    # hold these rows chained again with the Board's key) with the hall's hashes.
    assert not any(found["hash"] == head["hash"] for found in PAGE_HEAD.finditer(page))
    assert head_check_url("", head).replace("&", "&amp;") in page


def test_the_nights_public_page_shows_the_heads_the_board_received(client, settings):
    night, director = night_for()
    kit = kit_prepare(actor=director, event=kit_kind("night").event(user=director, pk=night.pk),
                      device_public_key=DEVICE)
    url = f"/montecarlo/night/{night.public_key}/"
    assert "Records received from the hall" not in client.get(url).content.decode()

    def head(identity, seq, hash):
        return head_sign(private_key=DEVICE_PRIVATE, kit=str(kit.kit_id), log="montecarlo.chipledgerentry",
                         identity=identity, seq=seq, hash=hash, at=kit.prepared_at)

    # Two accepted bundles (an export, then one after more play) and a refused one: each log's highest head shown.
    for heads, accepted in (([head("9", 4, "a" * 64), head("10", 2, "b" * 64)], True),
                            ([head("9", 7, "c" * 64)], True), ([head("9", 8, "d" * 64)], False)):
        HallBundle.objects.create(kit=kit, digest=heads[0]["hash"], content={"heads": heads}, accepted=accepted,
                                  received_by=director)
    page = client.get(url).content.decode()
    assert "Records received from the hall" in page
    assert "montecarlo.chipledgerentry 9</code> · row 7 · <code>" + "c" * 64 in page
    assert "montecarlo.chipledgerentry 10</code> · row 2 · <code>" + "b" * 64 in page
    assert page.index("chipledgerentry 9<") < page.index("chipledgerentry 10<")  # participant 9 before 10
    assert "a" * 64 not in page and "d" * 64 not in page
