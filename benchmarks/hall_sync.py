"""Hall mode's sync: how long the Board takes to check and take in what a hall sends back, for a Monte Carlo Night of
10,000 chip-ledger entries and a bingo session of 30 games (issue 29: verification and import under 10 s).

Both events are played for real, through the live services, as a hall plays them: a kit prepared at the Board for the
device, then, in a transaction rolled back afterwards, the night's rounds on four table games (random bets on the
roulette wheel, punto banca, craps and banca francesa) and the session's games (start, 45 calls, a claim, the close),
chained with the kit's chain key, and the hall's export of each bundle. So the Board holds none of it, as when a
hall played it.

Then, from the bundle's JSON text:
- `verify_s`: the Board's check of both bundles (licensing.hall.checks: the kit, every chain, every signed head);
- `import_s`: the Board's whole receipt of both (licensing.hall.services.bundle_receive: the check, then the import of
  the rows and every log, chained again with the Board's key, then the replay of every log and of the night through
  its engines, then the receipt), each run in a transaction rolled back, so every run takes the bundles in afresh.
Medians of the runs; p95 too. Runs on a throwaway database (DATABASE_URL: PostgreSQL; SQLite when unset).

Last line: one JSON object (entries, games, logs, rows, bundle_mb, verify_s, verify_p95_s, import_s, import_p95_s,
target_s). `--quick`: 1,000 entries and 5 games, one run."""

import argparse
import contextlib
import datetime as dt
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import django  # noqa: E402
from _django import ROOT, test_database  # noqa: E402,F401  (puts the project on the path and names the test settings)

django.setup()

from django.core.exceptions import ValidationError  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import override_settings  # noqa: E402

from core import signing  # noqa: E402

TARGET_S = 10.0
DEVICE = signing.development_key("benchmark hall laptop")
CALLS_PER_GAME = 45
GAMES = ["wheel", "punto-banca", "craps", "banca-francesa"]  # a round: bets, then outcomes until it settles
PARTICIPANTS = 40


def _at_the_hall(kit, play):
    """`play()` at the 'hall' (the kit's chain key), the hall's export of the bundle as JSON text, all rolled back."""
    from licensing.hall.export import bundle_export

    with transaction.atomic(), override_settings(EVENT_LOG_KEY=kit.document["chain_key"]):
        play()
        text = json.dumps(bundle_export(kit=kit.document, device_private_key=DEVICE))
        transaction.set_rollback(True)
    return text


def _prepare(kind: str, event_id: int, actor):
    from licensing.hall.kinds import kit_kind
    from licensing.hall.services import kit_prepare

    return kit_prepare(actor=actor, event=kit_kind(kind).event(user=actor, pk=event_id),
                       device_public_key=signing.public_key_of(DEVICE))


def night_bundle(entries: int):
    """A night whose participants (registered ahead) play random rounds on its five table games at the hall until
    their ledgers hold `entries` rows; the kit and the bundle's text."""
    from montecarlo.models import ChipLedgerEntry
    from montecarlo.tables import services as table_services
    from montecarlo.tables.state import load_engine
    from tests.clock import board_time, travel
    from tests.montecarlo.factories import DAY, admit, night_for, table_for

    travel(board_time(DAY, dt.time(19, 0)))
    night, director = night_for(training=True, chips=100_000)
    admit(night, director, PARTICIPANTS)
    # Four tables of each game: a table's state is replayed from its log at every step, so shorter logs play faster.
    tables = [table_for(night, director, game, min_bet=20, max_bet=600) for game in GAMES for _ in range(4)]
    kit = _prepare("night", night.pk, director)
    rng = random.Random(29)

    def play():
        while ChipLedgerEntry.objects.filter(participant__night=night).count() < entries:
            table = rng.choice(tables)
            engine = load_engine(table)
            if engine.expects() == "open":
                table_services.table_play(actor=director, table=table, event={"type": "open"})
            kinds = [k for k in engine.bet_kinds() if not k.numbers and k.kind not in ("odds", "bet")]
            for participant in rng.sample(range(1, PARTICIPANTS + 1), 8):
                with contextlib.suppress(ValidationError):  # a bet the game does not take now (refused, unwritten)
                    table_services.table_play(actor=director, table=table, event={
                        "type": "bet", "participant": participant, "kind": rng.choice(kinds).kind, "amount": 20})
            for _ in range(20):  # craps may roll a point first: roll until the round settles
                try:
                    table_services.outcome_draw(actor=director, table=table, rng=random.Random(rng.random()))
                except ValidationError:  # no bet was taken: nothing to draw
                    break
                if load_engine(table).expects() == "open":
                    break

    return kit, _at_the_hall(kit, play)


def session_bundle(games: int):
    """A bingo session of `games` games played at the hall: each started, 45 balls called, a claim, the close."""
    from bingo.live import services as live
    from bingo.models import CardSale, Game
    from licensing.models import Role
    from tests.bingo.factories import add_game, bingo_calls, live_world
    from tests.clock import back_to_now, board_time, travel
    from tests.licensing.factories import member

    back_to_now()
    travel(board_time(dt.date.today(), dt.time(19, 0)))
    world = live_world(start=False, sold=(1, 60))
    officer = member(world.organization, Role.OFFICER)
    for _ in range(games - 1):
        add_game(world.game.operation, officer)
    for sale in CardSale.objects.filter(operation=world.game.operation):  # sold ahead, for every game
        sale.games.set(Game.objects.filter(operation=world.game.operation))
    kit = _prepare("bingo", world.game.operation_id, officer)

    def play():
        for game in Game.objects.filter(operation=world.game.operation).order_by("number"):
            live.game_start(actor=world.caller, game=game)
            winning = bingo_calls(world.face(5))
            others = [n for n in range(1, 76) if n not in winning][:CALLS_PER_GAME - len(winning)]
            for number in others + winning:
                live.ball_record(actor=world.caller, game=game, number=number)
            live.claim_face(actor=world.checker, game=game, face_number=5, series_code=world.series.code)
            live.game_close(actor=world.caller, game=game)

    return kit, _at_the_hall(kit, play)


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 entries and 5 games, one run")
    parser.add_argument("--runs", type=int, default=None, help="runs of each timing (default 3; 1 with --quick)")
    args = parser.parse_args()
    entries, games = (1_000, 5) if args.quick else (10_000, 30)
    runs = args.runs or (1 if args.quick else 3)
    with test_database():
        from licensing.hall.checks import bundle_problems
        from licensing.hall.services import bundle_receive

        built = time.perf_counter()
        pushed = [night_bundle(entries), session_bundle(games)]
        built = time.perf_counter() - built
        verify, receive = [], []
        for _ in range(runs):
            started = time.perf_counter()
            for _kit, text in pushed:
                findings = bundle_problems(json.loads(text))
                assert not findings, findings
            verify.append(time.perf_counter() - started)
            with transaction.atomic():
                started = time.perf_counter()
                for kit, text in pushed:
                    received, _new = bundle_receive(actor=kit.prepared_by, kit=kit, bundle=json.loads(text))
                    if not received.accepted:
                        print("the Board refused the benchmark's bundle:", *received.findings, sep="\n",
                              file=sys.stderr)
                        sys.exit(1)
                receive.append(time.perf_counter() - started)
                transaction.set_rollback(True)
    bundles = [json.loads(text) for _kit, text in pushed]
    rows = sum(len(log["rows"]) for bundle in bundles for log in bundle["logs"])
    ledger = sum(len(log["rows"]) for log in bundles[0]["logs"] if log["log"] == "montecarlo.chipledgerentry")
    figures = {"entries": ledger, "games": games, "logs": sum(len(bundle["logs"]) for bundle in bundles),
               "rows": rows, "bundle_mb": round(sum(len(text) for _kit, text in pushed) / 1e6, 2),
               "verify_s": round(statistics.median(verify), 3), "verify_p95_s": round(_p95(verify), 3),
               "import_s": round(statistics.median(receive), 3), "import_p95_s": round(_p95(receive), 3),
               "target_s": TARGET_S}
    print(f"A night of {ledger:,} ledger entries and a session of {games} games, played at the 'hall' in "
          f"{built:.0f} s: {figures['logs']} logs, {rows:,} rows, {figures['bundle_mb']} MB of JSON. The Board checks "
          f"both in {figures['verify_s']} s and takes both in (check, import, replay) in {figures['import_s']} s "
          f"(medians of {runs}; target {TARGET_S:.0f} s).")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
