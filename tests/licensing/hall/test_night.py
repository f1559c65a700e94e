"""A Monte Carlo Night played at the 'hall' (licensing.hall): the kit carries the night's logs the Board holds already
(each table's opening terms, the jackpot's seed, the ledger of a participant registered ahead), the hall's rows go on
from them, and the Board takes them in after its own rows, replays the night and prefills its report; a hall that
changed one of the Board's rows, or a log the Board went on with after signing the kit, is refused."""

import copy
from decimal import Decimal

import pytest

from core import chain
from licensing.audit.verify import verify_log
from licensing.hall.bundle import chained_model, rebuilt
from licensing.hall.kinds import kit_kind
from licensing.hall.services import bundle_receive, kit_prepare
from licensing.models import HallLogImport, Payout, PayoutStatus, Report, Role
from montecarlo.models import ChipLedgerEntry, JackpotEntry, NightStatus, Participant, TableEvent
from montecarlo.nights import services as night_services
from montecarlo.tables import services as table_services
from montecarlo.tables.verify import night_logs, night_problems
from tests.clock import during
from tests.licensing.factories import member
from tests.licensing.hall.conftest import DEVICE, head_of, played_at_the_hall
from tests.montecarlo.factories import admit, caribbean_round, night_for, table_for

pytestmark = pytest.mark.django_db

LEDGER, TABLE, JACKPOT = "montecarlo.chipledgerentry", "montecarlo.tableevent", "montecarlo.jackpotentry"


@pytest.fixture
def night_kit():
    """Tonight's night with a wheel and a Caribbean poker table with its jackpot, two participants registered ahead,
    and its kit: the clock at 19:00 on the night's day."""
    night, director = night_for()
    during(night)
    wheel = table_for(night, director, "wheel")
    poker = table_for(night, director, "caribbean-poker", jackpot=True, jackpot_seed=1000, jackpot_bet=10,
                      jackpot_contribution_pct=50)
    admit(night, director, 2)
    officer = member(night.license.organization, Role.OFFICER)
    kit = kit_prepare(actor=officer, event=kit_kind("night").event(user=officer, pk=night.pk),
                      device_public_key=DEVICE)
    return kit, night, director, wheel, poker


def play(director, table, **event):
    return table_services.table_play(actor=director, table=table, event=event)


def _night_played(night, director, wheel, poker):
    def step():
        play(director, wheel, type="open")
        play(director, wheel, type="bet", participant=1, kind="2", amount=50)
        play(director, wheel, type="outcome", symbol="2")
        caribbean_round(director, poker, participant=2, ante=20, jackpot=10, dealer=["Ac", "Kd", "7h", "5s", "2c"],
                        hand=["Qh", "Qs", "9d", "4c", "3h"])
        for table in (wheel, poker):
            table_services.table_close(actor=director, table=table)
        night_services.night_count(actor=director, night=night)
        night_services.prizes_award(actor=director, night=night)
    return step


def _board_heads(night) -> dict:
    return {(model.chain_label(), identity): list(model.chain_rows(identity).values_list("seq", "hash"))
            for model, identity in night_logs(night.pk)}


def test_the_kit_carries_the_logs_the_board_holds_and_the_halls_rows_go_on_from_them(night_kit):
    kit, night, director, wheel, poker = night_kit
    ahead = list(Participant.objects.filter(night=night).order_by("number"))
    carried = {(entry["log"], entry["identity"]): entry["rows"] for entry in kit.document["logs"]}
    assert set(carried) == {(TABLE, str(wheel.pk)), (TABLE, str(poker.pk)), (JACKPOT, str(poker.pk)),
                            *((LEDGER, str(p.pk)) for p in ahead)}
    assert [row["kind"] for row in carried[(TABLE, str(poker.pk))]] == ["config"]
    before = _board_heads(night)

    [bundle] = played_at_the_hall(kit, _night_played(night, director, wheel, poker))
    during(night, night.ends_at)
    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert received.accepted, received.findings

    after = _board_heads(night)
    for log, rows in before.items():
        assert after[log][:len(rows)] == rows  # the Board's own rows stay as they were; the hall's follow
    assert [(t.from_seq, t.to_seq) for t in HallLogImport.objects.filter(log=LEDGER, identity=str(ahead[0].pk))] == [
        (2, len(after[(LEDGER, str(ahead[0].pk))]))]
    assert list(ChipLedgerEntry.objects.filter(participant=ahead[0]).order_by("seq").values_list("kind", "chips")) == [
        ("issue", 1000), ("bet", -50), ("won", 150), ("count", 0)]
    assert JackpotEntry.objects.filter(table=poker).count() == 2
    assert TableEvent.objects.filter(table=wheel).first().kind == "config"
    for model, identity in night_logs(night.pk):
        assert verify_log(model, identity).ok, verify_log(model, identity).problem
    night.refresh_from_db()
    assert night.status == NightStatus.AWARDED and night_problems(night) == []
    assert [p.counted for p in Participant.objects.filter(night=night).order_by("number")] == [1100, 1050]
    report = Report.objects.get(license=kit.license, event_date=kit.event_date)
    assert report.recorded["attendance"] == {"participants": 2}
    assert [prize["value"] for prize in report.recorded["prizes"]] == ["80.00", "40.00"]
    # The prizes awarded at the hall are due at the Board's payout desk (the import opens them: no service ran).
    assert list(Payout.objects.filter(session=f"montecarlo.night:{night.pk}").order_by("source")
                .values_list("source", "status", "prize", "description")) == [
        (f"montecarlo.night:{night.pk}/award:1", PayoutStatus.DUE, Decimal("80.00"), "Dinner for two"),
        (f"montecarlo.night:{night.pk}/award:2", PayoutStatus.DUE, Decimal("40.00"), "Gift basket")]


def _rewritten(kit, bundle, log: str, identity: str, change) -> dict:
    """The bundle with a log changed by `change(rows)` and chained again with the kit's chain key, its head signed
    again by the device: what a hall that rewrote its own records would send."""
    bundle = copy.deepcopy(bundle)
    entry = next(e for e in bundle["logs"] if (e["log"], e["identity"]) == (log, identity))
    change(entry["rows"])
    model, previous = chained_model(log), chain.GENESIS
    for row in entry["rows"]:
        row["prev_hash"] = previous
        row["hash"] = previous = chain.row_hash(log, identity, rebuilt(model, row),
                                                kit.document["chain_key"].encode("utf-8"))
    bundle["heads"] = [head for head in bundle["heads"] if (head["log"], head["identity"]) != (log, identity)]
    bundle["heads"].append(head_of(kit.document, identity, entry["rows"][-1]["seq"], previous, log=log))
    return bundle


def test_a_hall_that_changed_a_row_the_kit_carried_is_refused(night_kit):
    kit, night, director, wheel, poker = night_kit
    [bundle] = played_at_the_hall(kit, _night_played(night, director, wheel, poker))
    first = Participant.objects.get(night=night, number=1)

    def more_chips(rows):
        for row in rows:
            row["balance"] += 4000
        rows[0]["chips"] += 4000

    forged = _rewritten(kit, bundle, LEDGER, str(first.pk), more_chips)
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=forged)
    assert not refused.accepted
    assert refused.findings[0]["message"] == (f"{LEDGER} {first.pk}, seq 1: not the row the kit carried (the log as "
                                              "the Board held it when it signed the kit).")
    assert ChipLedgerEntry.objects.filter(participant=first).count() == 1


def test_a_log_the_board_went_on_with_after_signing_the_kit_is_refused(night_kit):
    kit, night, director, wheel, poker = night_kit
    [bundle] = played_at_the_hall(kit, _night_played(night, director, wheel, poker))
    play(director, wheel, type="open")  # at the Board, after the kit was signed
    refused, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=bundle)
    assert not refused.accepted
    assert refused.findings[0]["message"] == (f"{TABLE} {wheel.pk}: the Board already holds seq 1 to 2 of this "
                                              "log, not from this kit.")
    assert Participant.objects.get(night=night, number=1).chips == 1000
    assert TableEvent.objects.filter(table=wheel).count() == 2
