"""Prizes paid at a hall travel back in its bundle (licensing.hall.payouts): the desk there seals each winner's identity
for the Board (core.sealing: the hall holds only the Board's public key, from the kit, and cannot read it back); the
Board opens it with its key and seals it again with its Fernet key as it takes the payout in. Refused, naming the row:
an identity it cannot open, a payout of another organization or event, a change the desk does not make, a prize the
Board has paid already."""

import copy
import datetime as dt
import json
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from bingo.live import services as live
from core import signing
from core.sealed_for_board import board_public_key, is_sealed_for_board, seal_for_board
from core.sealing import SealedValueUnreadable, new_key, unseal
from licensing.hall.document import body_of, kit_findings, signed
from licensing.hall.heads import records_sign
from licensing.hall.kinds import kit_kind
from licensing.hall.services import bundle_receive, kit_prepare
from licensing.models import HallKit, Payout, PayoutGame, PayoutStatus, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_identity, payout_open, payout_pay, payout_tin_reveal
from tests.bingo.factories import bingo_calls, live_world
from tests.licensing.factories import license_for, member
from tests.licensing.hall.conftest import DEVICE, DEVICE_PRIVATE, at_the_halls_desk, played_at_the_hall

pytestmark = pytest.mark.django_db
D = Decimal
PRIZE = "2500.00"  # a Form W-2G is due for a bingo prize of $2,000 or more in 2026 ($1,200 before)
PERSON = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC", "postal_code": "20001",
          "tin": "123-45-6789", "id_first": "DC driver's license ending 4411, photo", "id_second": "Voter card"}
IN_THE_CLEAR = ("123456789", "123-45-6789", "Ana Ruiz", "1 Main St NW", "ending 4411")


def _tonight(*, board_payout: bool = False):
    """Tonight's operation and its kit (prepared by an officer, who works the desk); `board_payout`: a prize opened
    at the Board before the kit, which the kit carries to the hall to pay."""
    world = live_world(start=False)
    officer = member(world.game.operation.license.organization, Role.OFFICER)
    opened = _open(world, "board:1") if board_payout else None
    kit = kit_prepare(actor=officer, event=kit_kind("bingo").event(user=officer, pk=world.game.operation_id),
                      device_public_key=DEVICE)
    return kit, world, opened


def _open(world, tail: str, prize: str = PRIZE, kind: str = PayoutGame.BINGO) -> Payout:
    game = world.game
    return payout_open(license=game.operation.license, game=kind, source=f"bingo.game:{game.pk}/{tail}",
                       session=f"bingo.game:{game.pk}", label="Game 1, card 5", won_on=timezone.localdate(),
                       prize=D(prize))


def _pay(kit, payout: Payout, winner: dict = PERSON) -> Payout:
    return payout_pay(actor=kit.prepared_by, payout=Payout.objects.get(pk=payout.pk), method="cash",
                      amount=str(payout.prize), winner=winner)


def _played(world) -> None:
    live.game_start(actor=world.caller, game=world.game)
    for number in bingo_calls(world.face(5))[:2]:
        live.ball_record(actor=world.caller, game=world.game, number=number)


def _more_calls(world):
    def step():
        live.ball_record(actor=world.caller, game=world.game, number=bingo_calls(world.face(5))[2])
    return step


def _payout_record(bundle: dict, pk: int) -> dict:
    return next(r for r in bundle["records"] if r["model"] == "licensing.payout" and r["pk"] == pk)


def _resigned(kit, bundle: dict) -> dict:
    """What the hall itself can do: change its rows and sign them again with its device."""
    bundle["records_signature"] = records_sign(private_key=DEVICE_PRIVATE, kit=str(kit.kit_id),
                                               records=bundle["records"])
    return bundle


@pytest.fixture
def paid_at_the_hall():
    """A W-2G prize opened and paid at the hall's desk; what the desk showed there; the bundle."""
    kit, world, _opened = _tonight()
    seen = {}

    def won_and_paid():
        _played(world)
        with at_the_halls_desk(kit.document):
            paid = _pay(kit, _open(world, "hall:1"))
            seen.update(paid=paid, identity=payout_identity(paid))
            with pytest.raises(SealedValueUnreadable):
                unseal(paid.identity)
            with pytest.raises(PermissionDenied):
                payout_tin_reveal(actor=kit.prepared_by, payout=paid)

    first, longer = played_at_the_hall(kit, won_and_paid, _more_calls(world))
    return kit, world, seen, first, longer


def test_the_kit_carries_the_boards_public_key_for_identities_and_a_series_of_form_numbers_never_its_keys():
    kit, _world, _opened = _tonight()
    terms = kit.document["payouts"]
    assert terms == {"identity_key": board_public_key(settings.PAYOUT_IDENTITY_KEYS[0]),
                     "form_series": f"H{kit.id_base // HallKit.ID_SPAN}"}
    text = json.dumps(kit.document)
    assert not [key for key in settings.PAYOUT_IDENTITY_KEYS if key in text or key.rstrip("=") in text]
    board = signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY)
    for broken in ({**terms, "identity_key": "not-a-key"}, {**terms, "form_series": "W2G"}):
        document = signed({**body_of(kit.document), "payouts": broken}, settings.LOG_ANCHOR_SIGNING_KEY)
        [finding] = kit_findings(document, trusted_keys={board})
        assert finding.field == "payouts"


def test_a_paid_w2g_payout_comes_back_and_its_identity_reads_at_the_board_with_the_boards_key(paid_at_the_hall):
    kit, _world, seen, bundle, _longer = paid_at_the_hall
    hall = seen["paid"]
    assert hall.pk in range(kit.id_base, kit.id_base + HallKit.ID_SPAN)
    assert hall.w2g and hall.form_number == f"W2G-{hall.paid_on.year}-{kit.document['payouts']['form_series']}-00001"
    assert seen["identity"] == {"name": "Sealed for the Board", "sealed": True}  # the hall cannot read it
    record = _payout_record(bundle, hall.pk)
    assert is_sealed_for_board(record["fields"]["identity"]) and record["fields"]["tin_last4"] == "6789"
    text = json.dumps(bundle, ensure_ascii=False)
    assert [found for found in IN_THE_CLEAR if found in text] == []

    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings
    payout = Payout.objects.get(pk=hall.pk)
    assert (payout.status, payout.amount, payout.w2g, payout.form_number, payout.paid_by) == (
        PayoutStatus.PAID, D(PRIZE), True, hall.form_number, kit.prepared_by)
    assert not is_sealed_for_board(payout.identity)  # sealed again with the Board's Fernet key
    assert unseal(payout.identity)["tin"] == "123456789"
    assert payout_identity(payout)["name"] == "Ana Ruiz" and "tin" not in payout_identity(payout)
    assert payout_tin_reveal(actor=kit.prepared_by, payout=payout) == "123-45-6789"
    assert [found for found in IN_THE_CLEAR if found in payout.identity] == []


def test_the_boards_form_numbers_pass_over_the_halls_series(paid_at_the_hall):
    kit, world, seen, bundle, _longer = paid_at_the_hall
    assert bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)[0].accepted
    at_the_board = _pay(kit, _open(world, "board:2"), winner={**PERSON, "tin": "234-56-7890"})
    year = seen["paid"].paid_on.year
    assert at_the_board.form_number == f"W2G-{year}-00001"
    assert Payout.objects.get(pk=seen["paid"].pk).form_number == f"W2G-{year}-H{kit.id_base // HallKit.ID_SPAN}-00001"


def test_importing_twice_changes_nothing(paid_at_the_hall):
    kit, world, seen, first, longer = paid_at_the_hall
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=first)
    assert received.accepted, received.findings
    taken = Payout.objects.filter(pk=seen["paid"].pk).values().get()
    again, new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=copy.deepcopy(first))
    assert (again, new) == (received, False)
    appended, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=longer)  # the same payout, a call more
    assert appended.accepted, appended.findings
    assert Payout.objects.filter(pk=seen["paid"].pk).values().get() == taken  # not even sealed again
    assert Payout.objects.filter(session=f"bingo.game:{world.game.pk}").count() == 1


def _box_changed(token: str) -> str:
    at = len(token) - 20
    return token[:at] + ("A" if token[at] != "A" else "B") + token[at + 1:]


def _for_another_key(token: str) -> str:
    return seal_for_board(json.dumps(PERSON).encode("utf-8"), board_public_key(new_key()))


@pytest.mark.parametrize("tamper", [_box_changed, _for_another_key])
def test_a_sealed_identity_the_board_cannot_open_is_refused_naming_the_row(paid_at_the_hall, tamper):
    kit, _world, seen, bundle, _longer = paid_at_the_hall
    tampered = copy.deepcopy(bundle)
    fields = _payout_record(tampered, seen["paid"].pk)["fields"]
    fields["identity"] = tamper(fields["identity"])
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=_resigned(kit, tampered))
    assert not refused.accepted
    assert refused.findings[0]["message"].startswith(
        f"The Board cannot open the winner's identity of licensing.payout {seen['paid'].pk} sealed at the hall")
    assert not Payout.objects.filter(pk=seen["paid"].pk).exists()


@pytest.mark.parametrize("change, found", [
    ("another_license", "is a payout of another organization or license than the kit's"),
    ("another_event", "is not a prize of this event"),
])
def test_a_payout_of_another_organization_or_event_is_refused_naming_the_row(paid_at_the_hall, change, found):
    kit, _world, seen, bundle, _longer = paid_at_the_hall
    tampered = copy.deepcopy(bundle)
    fields = _payout_record(tampered, seen["paid"].pk)["fields"]
    if change == "another_license":
        other = license_for(license_type=LicenseType.BINGO, license_class="B")
        fields.update(organization=other.organization_id, license=other.pk)
    else:
        other_game = live_world(start=False).game
        fields["session"] = f"bingo.game:{other_game.pk}"
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=_resigned(kit, tampered))
    assert not refused.accepted
    assert f"licensing.payout {seen['paid'].pk} {found}" in refused.findings[0]["message"], refused.findings
    assert not Payout.objects.filter(pk=seen["paid"].pk).exists()


def test_a_payout_the_board_opened_is_paid_at_the_hall_and_takes_only_the_pay_fields():
    kit, world, opened = _tonight(board_payout=True)
    carried = _payout_record(kit.document, opened.pk)["fields"]
    assert carried["status"] == PayoutStatus.DUE and carried["identity"] == ""

    def paid_there():
        _played(world)
        with at_the_halls_desk(kit.document):
            _pay(kit, opened)

    def paid_and_redated():
        paid_there()
        Payout.objects.filter(pk=opened.pk).update(won_on=timezone.localdate() - dt.timedelta(days=1))

    [redated] = played_at_the_hall(kit, paid_and_redated)
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=redated)
    assert not refused.accepted
    assert f"The hall changed won_on of licensing.payout {opened.pk}" in refused.findings[0]["message"]
    assert Payout.objects.get(pk=opened.pk).status == PayoutStatus.DUE

    [bundle] = played_at_the_hall(kit, paid_there)
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings
    payout = Payout.objects.get(pk=opened.pk)
    assert payout.status == PayoutStatus.PAID and payout.form_number.startswith(f"W2G-{payout.paid_on.year}-H")
    assert unseal(payout.identity)["name"] == "Ana Ruiz"


def test_a_prize_the_board_paid_meanwhile_is_not_paid_again_from_the_hall():
    kit, world, opened = _tonight(board_payout=True)

    def paid_there():
        _played(world)
        with at_the_halls_desk(kit.document):
            _pay(kit, opened)

    [bundle] = played_at_the_hall(kit, paid_there)
    _pay(kit, opened, winner={**PERSON, "name": "Bo Diaz"})  # the same prize paid online meanwhile
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert not refused.accepted
    assert f"licensing.payout {opened.pk} is Paid at the Board already" in refused.findings[0]["message"]
    assert unseal(Payout.objects.get(pk=opened.pk).identity)["name"] == "Bo Diaz"


def test_at_the_hall_the_desk_adds_a_winners_earlier_prizes_of_the_session_by_the_numbers_last_digits():
    """The hall cannot open the identities it sealed: it matches a winner's earlier prizes of the same session by the
    taxpayer number's last four digits, which it keeps in the clear. (Bingo is reported game by game, so the prizes
    here are of a kind that adds up: a charity drawing's, $1,500 each, under the $2,000 of 2026 alone.)"""
    kit, world, _opened = _tonight()
    seen = {}

    def twice_to_one_winner():
        with at_the_halls_desk(kit.document):
            first = _pay(kit, _open(world, "hall:1", prize="1500.00", kind=PayoutGame.RAFFLE))
            other = _pay(kit, _open(world, "hall:2", prize="1500.00", kind=PayoutGame.RAFFLE),
                         winner={**PERSON, "name": "Cy Ortiz", "tin": "234-56-7890"})
            second = _pay(kit, _open(world, "hall:3", prize="1500.00", kind=PayoutGame.RAFFLE))
            seen.update(first=first, other=other, second=second)

    played_at_the_hall(kit, twice_to_one_winner)
    assert not seen["first"].w2g and not seen["other"].w2g and seen["other"].identical is None
    assert seen["second"].w2g
    assert (seen["second"].identical, seen["second"].reportable) == (D("1500.00"), D("3000.00"))
