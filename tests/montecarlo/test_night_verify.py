"""`verify_logs --night`: a played Monte Carlo Night (several tables, bets moved between two of them, a jackpot table
with its side bet, the count) verifies; a forger with the database owner's rights (the append-only trigger off,
tests/core/tamper.py) who alters, removes or forges a ledger entry, alters a table event, changes a participant's
running chips or a jackpot meter entry is named with the row; so is a ledger movement its table's log does not
give (or the other way round), even when every chain is intact. `verify_logs --log chips|table|jackpot` find
the chain tampers too."""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from core.chain import row_hash
from montecarlo.models import ChipLedgerEntry, EntryKind, JackpotEntry, Participant, TableEvent
from montecarlo.nights import services
from montecarlo.nights.ledger import ledger_post
from montecarlo.tables import services as table_services
from montecarlo.tables.state import append, lock
from tests.core.tamper import WRONG_KEY, forge_from, triggers_off
from tests.montecarlo.factories import admit, night_for, table_for

pytestmark = pytest.mark.django_db
LOGS = ("montecarlo_chipledgerentry", "montecarlo_tableevent", "montecarlo_jackpotentry")


@pytest.fixture
def night():
    """Three participants; two punto y banca tables with a round each and a bet moved from the first to the
    second; a Caribbean poker jackpot table where #1's flush wins a jackpot award; a wheel with a void spin;
    every table closed and the chips counted."""
    night, director = night_for()
    admit(night, director, 3)
    first, second = (table_for(night, director, "punto-banca", min_bet=20, max_bet=500) for _ in range(2))
    caribbean = table_for(night, director, "caribbean-poker", min_bet=10, max_bet=200, jackpot=True)
    wheel = table_for(night, director, "wheel", min_bet=5, max_bet=250)

    def play(table, *events):
        for event in events:
            table_services.table_play(actor=director, table=table, event=event)

    play(first, {"type": "open"}, {"type": "bet", "participant": 1, "kind": "player", "amount": 100},
         {"type": "bet", "participant": 2, "kind": "banker", "amount": 200},
         {"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]},
         {"type": "open"}, {"type": "bet", "participant": 3, "kind": "player", "amount": 60})
    play(second, {"type": "open"})
    table_services.bets_transfer(actor=director, table=first, to_table=second, reason="Shoe change")
    play(second, {"type": "outcome", "player": ["4h", "3d"], "banker": ["Kc", "8s"]})
    play(caribbean, {"type": "open"}, {"type": "bet", "participant": 1, "kind": "ante", "amount": 20},
         {"type": "bet", "participant": 1, "kind": "jackpot", "amount": 5},
         {"type": "bet", "participant": 2, "kind": "ante", "amount": 20},
         {"type": "decision", "participant": 1, "choice": "raise"},
         {"type": "decision", "participant": 2, "choice": "fold"},
         {"type": "outcome", "dealer": ["2c", "5d", "7s", "9c", "Jd"],
          "hands": {"1": ["2h", "5h", "8h", "Th", "Qh"]}})
    play(wheel, {"type": "open"}, {"type": "bet", "participant": 3, "kind": "2", "amount": 10},
         {"type": "void_outcome", "why": "on_peg", "reason": "Stopped on a peg"}, {"type": "outcome", "symbol": "2"})
    for table in (first, second, caribbean, wheel):
        table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    night.refresh_from_db()
    return night


def verify(night) -> str:
    out = StringIO()
    call_command("verify_logs", "--night", str(night.pk), stdout=out, stderr=StringIO())
    return out.getvalue()


def refused(night) -> tuple[str, str]:
    err = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("verify_logs", "--night", str(night.pk), stdout=StringIO(), stderr=err)
    return str(caught.value), err.getvalue()


def entry(night, number: int, seq: int) -> ChipLedgerEntry:
    return ChipLedgerEntry.objects.get(participant__night=night, participant__number=number, seq=seq)


def table(night, number: int):
    return night.tables.get(number=number)


def test_a_played_night_verifies(night):
    participants = {p.number: p for p in night.participants.all()}
    assert (participants[1].counted, participants[2].counted, participants[3].counted) == (1615, 780, 960)
    assert list(JackpotEntry.objects.filter(table=table(night, 3)).values_list("kind", "meter")) == [
        ("seed", 100000), ("contribution", 100001)]
    kinds = set(ChipLedgerEntry.objects.filter(participant__night=night).values_list("kind", flat=True))
    assert {EntryKind.TRANSFER_OUT, EntryKind.TRANSFER_IN, EntryKind.AWARD, EntryKind.COUNT} <= kinds
    out = verify(night)
    logs = 3 + 4 + 1  # three ledgers, four table logs, one jackpot
    events = (ChipLedgerEntry.objects.count() + TableEvent.objects.count() + JackpotEntry.objects.count())
    assert out.splitlines() == [f"OK: {logs} logs, {events} events",
                                f"OK: night {night.pk}: the tables' logs replay to the ledgers, and the chips balance"]
    for log in ("chips", "table", "jackpot"):
        call_command("verify_logs", "--log", log, stdout=StringIO())
    with pytest.raises(CommandError, match="no Monte Carlo Night 999999"):
        call_command("verify_logs", "--night", "999999", stdout=StringIO())


# --- tampers: each (what it does, which log of verify_logs finds it, what the refusal names) ---


def t_ledger_entry_altered(night, cursor):
    won = entry(night, 1, 3)  # #1's punto y banca win, +200
    cursor.execute("UPDATE montecarlo_chipledgerentry SET chips = 2000, balance = 2900 WHERE id = %s", [won.pk])
    return "chips", rf"chip ledger of participant #1 of \"Casino Night\" \(id {won.participant_id}\), seq 3: " \
                    r"altered or forged row"


def t_ledger_entry_altered_and_rehashed(night, cursor):
    won = entry(night, 1, 3)
    cursor.execute("UPDATE montecarlo_chipledgerentry SET note = 'paid twice' WHERE id = %s", [won.pk])
    head = forge_from(ChipLedgerEntry, str(won.participant_id), 3, cursor)
    cursor.execute("UPDATE montecarlo_participant SET head_hash = %s WHERE id = %s", [head, won.participant_id])
    return "chips", rf"\(id {won.participant_id}\), seq 3: altered or forged row"


def t_ledger_entry_removed(night, cursor):
    lost = entry(night, 2, 3)  # #2's lost banker bet
    cursor.execute("DELETE FROM montecarlo_chipledgerentry WHERE id = %s", [lost.pk])
    return "chips", rf"participant #2 of \"Casino Night\" \(id {lost.participant_id}\), seq 3: missing row"


def t_ledger_entry_forged(night, cursor):
    participant = Participant.objects.get(night=night, number=3)
    forged = ChipLedgerEntry(participant=participant, seq=participant.head_seq + 1, kind=EntryKind.WON, chips=5000,
                             house=-5000, balance=participant.chips + 5000, table=table(night, 4), bet="1.1",
                             round=1, prev_hash=participant.head_hash)
    forged.hash = row_hash("montecarlo.chipledgerentry", str(participant.pk), forged, key=WRONG_KEY)
    cursor.execute("INSERT INTO montecarlo_chipledgerentry (participant_id, seq, kind, chips, stake, house, balance, "
                   "table_id, bet, round, note, payload, created_at, prev_hash, hash) VALUES (%s, %s, %s, %s, 0, %s, "
                   "%s, %s, %s, %s, '', '{}', %s, %s, %s)",
                   [participant.pk, forged.seq, forged.kind, forged.chips, forged.house, forged.balance,
                    forged.table_id, forged.bet, forged.round, forged.created_at, forged.prev_hash, forged.hash])
    cursor.execute("UPDATE montecarlo_participant SET head_seq = %s, head_hash = %s, chips = %s, counted = %s "
                   "WHERE id = %s", [forged.seq, forged.hash, forged.balance, forged.balance, participant.pk])
    return "chips", rf"participant #3 of \"Casino Night\" \(id {participant.pk}\), seq {forged.seq}: altered or forged"


def t_table_event_altered(night, cursor):
    outcome = TableEvent.objects.get(table=table(night, 1), kind="outcome")
    payload = {**outcome.payload, "player": ["2h", "3d"], "banker": ["9c", "Ks"]}  # the banker wins instead
    cursor.execute("UPDATE montecarlo_tableevent SET payload = %s WHERE id = %s", [json.dumps(payload), outcome.pk])
    return "table", rf"table 1 \(punto-banca\) of \"Casino Night\" \(id {outcome.table_id}\), seq {outcome.seq}: " \
                    r"altered or forged row"


def t_table_event_removed(night, cursor):
    bet = TableEvent.objects.filter(table=table(night, 4), kind="bet").get()
    cursor.execute("DELETE FROM montecarlo_tableevent WHERE id = %s", [bet.pk])
    return "table", rf"table 4 \(wheel\) of \"Casino Night\" \(id {bet.table_id}\), seq {bet.seq}: missing row"


def t_participant_chips_changed(night, cursor):
    participant = Participant.objects.get(night=night, number=2)
    cursor.execute("UPDATE montecarlo_participant SET chips = chips + 500, counted = counted + 500 WHERE id = %s",
                   [participant.pk])
    return "chips", rf"participant #2 of \"Casino Night\" \(id {participant.pk}\), seq {participant.head_seq}: the " \
                    r"participant row says 1280 in hand and 0 at stake; the ledger 780 and 0"


def t_jackpot_meter_changed(night, cursor):
    contribution = JackpotEntry.objects.get(table=table(night, 3), kind="contribution")
    cursor.execute("UPDATE montecarlo_jackpotentry SET meter = 250000, chips = 150001 WHERE id = %s",
                   [contribution.pk])
    return "jackpot", rf"jackpot of table 3 \(caribbean-poker\) of \"Casino Night\" \(id {contribution.table_id}\), " \
                      r"seq 2: altered or forged row"


def t_jackpot_meter_changed_and_rehashed(night, cursor):
    contribution = JackpotEntry.objects.get(table=table(night, 3), kind="contribution")
    cursor.execute("UPDATE montecarlo_jackpotentry SET meter = 250000 WHERE id = %s", [contribution.pk])
    forge_from(JackpotEntry, str(contribution.table_id), 2, cursor)
    return "jackpot", r"jackpot of table 3 .*, seq 2: altered or forged row"


TAMPERS = [t_ledger_entry_altered, t_ledger_entry_altered_and_rehashed, t_ledger_entry_removed, t_ledger_entry_forged,
           t_table_event_altered, t_table_event_removed, t_participant_chips_changed, t_jackpot_meter_changed,
           t_jackpot_meter_changed_and_rehashed]


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda tamper: tamper.__name__[2:])
def test_each_tamper_is_named_with_its_row(night, tamper):
    verify(night)
    with triggers_off(*LOGS) as cursor:
        log, named = tamper(night, cursor)
    message, stderr = refused(night)
    assert "failed verification; first: " in message
    assert re.search(named, message), message
    assert stderr.startswith("FAILED ") and re.search(named, stderr), stderr
    with pytest.raises(CommandError, match=named):
        call_command("verify_logs", "--log", log, stdout=StringIO(), stderr=StringIO())
    for other in {"chips", "table", "jackpot"} - {log}:
        call_command("verify_logs", "--log", other, stdout=StringIO(), stderr=StringIO())


# --- every chain intact, the night's record inconsistent: only the replay sees it ---


def test_a_ledger_movement_its_table_s_log_does_not_give(night):
    """A payout posted to a ledger by the application's own writer (so its chain is sound and the chips still
    balance, the house paying it) that no event of the table gives."""
    participant = Participant.objects.get(night=night, number=1)
    ledger_post(participant=participant, kind=EntryKind.WON, chips=200, house=-200, table=table(night, 1), bet="1.1",
                round=1)
    for log in ("chips", "table", "jackpot"):
        call_command("verify_logs", "--log", log, stdout=StringIO(), stderr=StringIO())
    message, stderr = refused(night)
    assert message == (f"night {night.pk}: table 1: the ledgers hold a movement its log does not give: "
                       "participant #1, won on bet 1.1, +200 chips")
    assert stderr == f"FAILED {message.split(': ', 1)[1]}\n"


def test_a_table_event_no_ledger_records(night):
    """A bet appended to a table's log by the application's own writer with no ledger entry beside it."""
    first = lock(table(night, 4))
    append(actor=None, table=first, kind="open", payload={"type": "open"})
    append(actor=None, table=first, kind="bet", payload={"type": "bet", "participant": 2, "kind": "5", "amount": 50})
    message, _ = refused(night)
    assert message == (f"night {night.pk}: table 4: the ledgers lack a movement its log gives: participant #2, bet on "
                       "bet 2.1, -50 chips")


def test_a_table_event_that_does_not_replay(night):
    wheel = lock(table(night, 4))
    append(actor=None, table=wheel, kind="outcome", payload={"type": "outcome", "symbol": "7"})
    message, _ = refused(night)
    assert f"night {night.pk}: table 4: The record of table {wheel.pk} cannot be replayed: its event" in message


def test_chips_that_do_not_balance(night):
    """Chips the house never won taken off a ledger: the ledger's chain is sound, the balance is not."""
    participant = Participant.objects.get(night=night, number=3)
    ledger_post(participant=participant, kind=EntryKind.COUNT, chips=-80, note="skimmed")
    for log in ("chips", "table", "jackpot"):
        call_command("verify_logs", "--log", log, stdout=StringIO(), stderr=StringIO())
    message, _ = refused(night)
    assert message == (f"night {night.pk}: the chips do not balance: issued 3000 != held 3275 + house won 285 - "
                       "house paid 640")
