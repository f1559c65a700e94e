"""At the hall, closing a table signs its log's head and the end-of-night count signs every log of the night (each
participant's chip ledger, each table's log and jackpot) with the device's key (licensing.hall.closing); the night's
leaderboard shows each as text and a QR code, and the export sends them as signed. On the Board's server: nothing."""

from html import unescape

import pytest
from django.urls import reverse

from licensing.audit.scopes import log_scope
from licensing.hall.checks import bundle_problems
from licensing.hall.export import bundle_export
from licensing.hall.heads import head_check_url, head_line, head_verifies
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import HallHead
from montecarlo.models import TableEvent
from montecarlo.nights import services
from montecarlo.tables import services as table_services
from tests.licensing.hall.conftest import DEVICE, DEVICE_PRIVATE, at_the_hall
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_kit():
    night, director = night_for()
    kit = kit_prepare(actor=director, event=kit_kind("night").event(user=director, pk=night.pk),
                      device_public_key=DEVICE)
    return night, director, kit.document


def play_a_round(night, director):
    """Three participants; a wheel round that #1 wins and #2 loses; the table then closed."""
    admit(night, director, 3)
    table = table_for(night, director, "wheel", min_bet=5, max_bet=500)
    table_services.table_play(actor=director, table=table, event={"type": "open"})
    for participant, symbol in ((1, "1"), (2, "5")):
        table_services.table_play(actor=director, table=table, event={
            "type": "bet", "participant": participant, "kind": symbol, "amount": 100})
    table_services.table_play(actor=director, table=table, event={"type": "outcome", "symbol": "1"})
    table_services.table_close(actor=director, table=table)
    return table


def signed_logs() -> dict[tuple[str, str], HallHead]:
    return {(head.log, head.identity): head for head in HallHead.objects.all()}


def test_the_table_close_and_the_count_sign_every_log_of_the_night(night_kit, tmp_path):
    night, director, kit = night_kit
    with at_the_hall(kit, tmp_path):
        table = play_a_round(night, director)
        assert set(signed_logs()) == {("montecarlo.tableevent", str(table.pk))}  # the table's close: its own log
        table_head = signed_logs()[("montecarlo.tableevent", str(table.pk))]
        services.night_count(actor=director, night=night)
    logs = [(model, identity) for model, identity in log_scope("night").logs(night.pk)
            if model.chain_rows(identity).exists()]
    signed = signed_logs()
    assert set(signed) == {(model.chain_label(), identity) for model, identity in logs}
    assert len(signed) == 4  # three ledgers and the table (a wheel keeps no jackpot)
    for model, identity in logs:
        head, last = signed[(model.chain_label(), identity)], model.chain_rows(identity).last()
        assert (head.seq, head.hash) == (last.seq, last.hash)
        assert head_verifies(head.head, device_public_key=DEVICE)
    # The count did not sign the closed table again: its log had not grown.
    assert HallHead.objects.filter(log=TableEvent.chain_label()).get() == table_head


def test_on_the_boards_server_the_count_signs_nothing(night_kit):
    night, director, _kit = night_kit
    play_a_round(night, director)
    services.night_count(actor=director, night=night)
    assert not HallHead.objects.exists()


def test_the_leaderboard_shows_each_signed_head_and_the_export_sends_them(client, night_kit, tmp_path):
    night, director, kit = night_kit
    page = reverse("montecarlo:leaderboard", args=[night.public_key])
    fragment = reverse("montecarlo:leaderboard_heads", args=[night.public_key])
    with at_the_hall(kit, tmp_path):
        play_a_round(night, director)
        services.night_count(actor=director, night=night)
        html, refreshed = unescape(client.get(page).content.decode()), unescape(client.get(fragment).content.decode())
        bundle = bundle_export(kit=kit, device_private_key=DEVICE_PRIVATE)
    heads = list(HallHead.objects.all())
    for head in heads:
        url = head_check_url(kit["board_url"], head.head)
        for shown in (html, refreshed):
            assert head_line(head.head) in shown and f'data-check-url="{url}"' in shown
    assert html.count("<svg") == refreshed.count("<svg") == len(heads) == 4
    assert "Participant #3" in html and "Table 1" in html
    assert f'hx-get="{fragment}"' in html  # fetched again when the count changes the night's status
    # The export sends exactly the heads signed at the closes, and the Board accepts the night's bundle.
    assert sorted(bundle["heads"], key=lambda head: head["signature"]) == sorted(
        (head.head for head in heads), key=lambda head: head["signature"])
    assert bundle_problems(bundle) == []
    # The Board's own server shows none of it.
    assert "hall-head" not in client.get(page).content.decode()
    assert client.get(fragment).content.decode().strip() == ""
