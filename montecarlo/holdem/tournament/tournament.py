"""A Texas Hold'em tournament as a state rebuilt from append-only events (30 DCMR 1603, 1604.3).

`Tournament.apply(event)` applies one event or raises TournamentError and changes nothing;
`Tournament.replay(config, events)` rebuilds the state after a restart, mid-hand included.
Event shapes: /tmp/tournament_contract.md (the Django layer stores them in order).
"""

import copy
import datetime as dt
from decimal import Decimal, InvalidOperation

from montecarlo.holdem.tournament import play
from montecarlo.holdem.tournament.balancing import balancing_moves
from montecarlo.holdem.tournament.errors import TournamentError
from montecarlo.holdem.tournament.finishing import rank_batch
from montecarlo.holdem.tournament.levels import Level, check_levels, level_from_dict, level_to_dict
from montecarlo.holdem.tournament.people import same_person
from montecarlo.holdem.tournament.table import Player, Table, last_hand, table_view

FINISH_METHODS = {"last_player": "30 DCMR 1603.25(a)", "time": "30 DCMR 1603.25(b)"}
PRIZE_RULE = "30 DCMR 1603.26"
NO_REBUYS = "30 DCMR 1603.30"
SAME_CHIPS = "30 DCMR 1603.20"
AGE_RULE = "30 DCMR 1702.1"
TABLE_RULE = "30 DCMR 1603.23"
ROUND_RULE = "30 DCMR 1603.27"  # one hand per player per round: nobody moves mid-hand


def _iso_date(value) -> bool:
    try:
        return isinstance(value, str) and dt.date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


def _text(event: dict, field: str, rule: str) -> str:
    value = event.get(field)
    if not isinstance(value, str) or not value.strip():
        raise TournamentError(f"{field}: required text", rule)
    return value


class Tournament:
    def __init__(
        self,
        *,
        starting_chips: int,
        levels: list[Level],
        max_per_table: int = 7,
        finish_method: str = "last_player",
        prizes=(),
        prize_cap: Decimal = Decimal("500"),
        seats_limit: int = 7,
    ):
        """`prize_cap` and `seats_limit`: the most a place wins (1603.26) and the most players a table seats
        (1603.23), as the Board sets them; the caller passes the figures in force on the tournament's date. The
        defaults are DC's, which every log recorded before the figures were passed was played under."""
        if isinstance(starting_chips, bool) or not isinstance(starting_chips, int) or starting_chips < 1:
            raise TournamentError("starting_chips: every player gets the same whole number of chips", "30 DCMR 1603.20")
        if isinstance(seats_limit, bool) or not isinstance(seats_limit, int) or seats_limit < 2:
            raise TournamentError("seats_limit: a table seats at least 2 players", TABLE_RULE)
        if (isinstance(max_per_table, bool) or not isinstance(max_per_table, int)
                or not 2 <= max_per_table <= seats_limit):
            raise TournamentError(f"max_per_table: a table seats a dealer and 2 to {seats_limit} players", TABLE_RULE)
        if finish_method not in FINISH_METHODS:
            raise TournamentError(
                "finish_method: played down to one player, or stopped at a set time", "30 DCMR 1603.25"
            )
        levels = [lv if isinstance(lv, Level) else level_from_dict(lv) for lv in levels]
        problems = check_levels(levels)
        if problems:
            rule, message, _index = problems[0]
            raise TournamentError(f"levels: {message}", rule)
        try:
            cap = Decimal(str(prize_cap))
            prizes = [Decimal(str(p)) for p in prizes]
        except InvalidOperation:
            raise TournamentError("prizes: amounts of money", PRIZE_RULE) from None
        for place, prize in enumerate(prizes, start=1):
            if prize < 0 or prize > cap:
                # 1603.26: prizes up to the cap per player per day (the per-day sum across
                # tournaments is the Django layer's check).
                raise TournamentError(f"prizes: the prize for place {place}, ${prize}, is not $0 to ${cap}", PRIZE_RULE)
        self.starting_chips = starting_chips
        self.levels = levels
        self.max_per_table = max_per_table
        self.seats_limit = seats_limit
        self.finish_method = finish_method
        self.prizes = prizes
        self.prize_cap = cap
        self.status = "registering"
        self.players: dict[str, Player] = {}
        self.tables: dict[int, Table] = {}
        self.hands: list[dict] = []
        self.corrections: list[dict] = []  # chip corrections: {"table", "from_player", "to_player", "chips", "reason"}
        self.forfeits: list[dict] = []  # chips of players out before a deal (1604.3(aa))
        self.events: list[dict] = []
        self._batches = 0

    # --- events -------------------------------------------------------------------------

    def config(self) -> dict:
        """The constructor's arguments as JSON (for `replay`)."""
        return {
            "starting_chips": self.starting_chips,
            "levels": [level_to_dict(lv) for lv in self.levels],
            "max_per_table": self.max_per_table,
            "finish_method": self.finish_method,
            "prizes": [str(p) for p in self.prizes],
            "prize_cap": str(self.prize_cap),
            "seats_limit": self.seats_limit,
        }

    @classmethod
    def replay(cls, config: dict, events: list[dict]) -> "Tournament":
        tournament = cls(**config)
        for event in events:
            tournament.apply(event)
        return tournament

    def apply(self, event: dict) -> None:
        """Apply one event. Raises TournamentError and changes nothing when it is illegal."""
        handler = self._HANDLERS.get(event.get("type")) if isinstance(event, dict) else None
        if handler is None:
            raise TournamentError(f"type: {event!r} is not a tournament event", "30 DCMR 1604.3(dd)")
        # The growing logs are only appended to; everything else is restored on failure.
        logs = ("hands", "corrections", "forfeits", "events", "levels", "prizes")
        saved = copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in logs})
        lengths = (len(self.hands), len(self.corrections), len(self.forfeits))
        try:
            handler(self, event)
        except Exception:
            self.__dict__.update(saved)
            del self.hands[lengths[0] :]
            del self.corrections[lengths[1] :]
            del self.forfeits[lengths[2] :]
            raise
        self.events.append(copy.deepcopy(event))

    def require_running(self) -> None:
        if self.status != "running":
            raise TournamentError(f"the tournament is {self.status}, not running", "30 DCMR 1603.25")

    def _register(self, event: dict) -> None:
        pid = _text(event, "player", NO_REBUYS)
        if self.status != "registering":
            raise TournamentError("player: registration closed when play started; no rebuys or late entries", NO_REBUYS)
        if pid in self.players:
            raise TournamentError(f"player: {pid} is already registered; one entry per player, no rebuys", NO_REBUYS)
        born = event.get("date_of_birth")  # absent only in logs kept before it was asked
        if born is not None and not _iso_date(born):
            raise TournamentError(f"date_of_birth: {born!r} is not a date (YYYY-MM-DD)", AGE_RULE)
        board_id = event.get("board_player_id")
        if board_id is not None and (not isinstance(board_id, str) or not board_id.strip()):
            raise TournamentError("board_player_id: the Board's player id, as text", NO_REBUYS)
        # 1603.20: one entry fee, the same starting chips for every player.
        player = Player(id=pid, name=_text(event, "name", SAME_CHIPS), chips=self.starting_chips, date_of_birth=born,
                        board_player_id=board_id)
        twin = next((p for p in self.players.values() if same_person(p, player)), None)
        if twin is not None:
            raise TournamentError(f"name: {player.name} is already entered (as {twin.id}); one entry per player, "
                                  "no rebuys", NO_REBUYS)
        self.players[pid] = player

    def _seat(self, event: dict) -> None:
        if self.status != "registering":
            raise TournamentError("assignments: the seats were drawn when play started", TABLE_RULE)
        given = event.get("assignments")
        if not isinstance(given, dict) or set(given) != set(self.players):
            raise TournamentError("assignments: every registered player, and only they, gets a seat", TABLE_RULE)
        if len(given) < 2:
            raise TournamentError("assignments: a tournament needs at least two players", "30 DCMR 1603.25")
        taken: dict[tuple[int, int], str] = {}
        for pid, place in given.items():
            ok = isinstance(place, list | tuple) and len(place) == 2
            ok = ok and all(isinstance(v, int) and not isinstance(v, bool) for v in place)
            if not ok or place[0] < 1 or not 1 <= place[1] <= self.max_per_table:
                raise TournamentError(f"assignments: {pid} needs [table, seat 1-{self.max_per_table}]", TABLE_RULE)
            if tuple(place) in taken:
                raise TournamentError(f"assignments: table {place[0]} seat {place[1]} is given twice", TABLE_RULE)
            taken[tuple(place)] = pid
        for (table_no, seat_no), pid in sorted(taken.items()):
            table = self.tables.setdefault(table_no, Table(number=table_no))
            table.seats[seat_no] = pid
            self.players[pid].table, self.players[pid].seat = table_no, seat_no
        self.status = "running"

    def _chip_correction(self, event: dict) -> None:
        """A miscount put right at one table: chips move from one player to another there, so the
        chips in play stay what the entries brought (1603.20) and nobody buys more (1603.30)."""
        self.require_running()
        if "from_player" not in event or "to_player" not in event:
            raise TournamentError(
                "chips: a correction moves chips from one player to another at the same table; it never sets a "
                "count, adds chips to play (a rebuy, 1603.30) or takes them out", SAME_CHIPS)
        giver, taker = self._live_player(event, "from_player"), self._live_player(event, "to_player")
        if giver is taker:
            raise TournamentError(f"to_player: {taker.id} is also the player the chips come from", SAME_CHIPS)
        chips = event.get("chips")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise TournamentError("chips: a whole number of chips, at least 1", SAME_CHIPS)
        if chips > giver.chips:
            raise TournamentError(f"chips: {giver.id} has {giver.chips} chips, fewer than {chips}; a correction "
                                  "only moves chips in play, never adds any (no rebuys, 1603.30)", SAME_CHIPS)
        if giver.table != taker.table:
            raise TournamentError(f"to_player: {taker.id} sits at table {taker.table}, {giver.id} at table "
                                  f"{giver.table}; a correction puts right a miscount at one table", SAME_CHIPS)
        reason = _text(event, "reason", "30 DCMR 1604.3(dd)")
        table = self.tables[giver.table]
        if table.hand is not None:
            raise TournamentError(f"from_player: table {table.number} is playing hand {table.hand.hand_no}; "
                                  "correct the chips after it", SAME_CHIPS)
        self.corrections.append({"table": table.number, "from_player": giver.id, "to_player": taker.id,
                                 "chips": chips, "reason": reason})
        giver.chips -= chips
        taker.chips += chips

    def _move(self, event: dict) -> None:
        self.require_running()
        player = self._live_player(event)
        src = self.tables[player.table]
        dst = play.table_of(self, event, in_hand=False)
        if src.hand is not None:
            raise TournamentError(f"player: table {src.number} is in a hand; move between hands", ROUND_RULE)
        if dst is src:
            raise TournamentError(f"table: {player.id} already sits at table {dst.number}", TABLE_RULE)
        seat = event.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.max_per_table:
            raise TournamentError(f"seat: a seat from 1 to {self.max_per_table}", TABLE_RULE)
        if seat in dst.seats:
            raise TournamentError(f"seat: table {dst.number} seat {seat} is taken", TABLE_RULE)
        del src.seats[player.seat]
        dst.seats[seat] = player.id
        player.table, player.seat = dst.number, seat
        if not src.seats:
            src.broken, src.button_seat = True, None

    def _stop(self, event: dict) -> None:
        self.require_running()
        if self.finish_method != "time":
            raise TournamentError(
                "this tournament is played down to one player; it cannot be stopped", FINISH_METHODS["last_player"]
            )
        busy = [t.number for t in self.tables.values() if t.hand is not None]
        if busy:
            raise TournamentError(f"hands are in progress at tables {busy}; stop between hands", FINISH_METHODS["time"])
        live = [p for p in self.players.values() if p.out_order is None]
        for player, place, prize in rank_batch([(p, p.chips) for p in live], 1, self.prizes):
            player.place, player.prize = place, prize
        self.status = "finished"

    _HANDLERS = {
        "register": _register,
        "seat": _seat,
        "hand_start": play.hand_start,
        "action": play.action,
        "showdown": play.showdown,
        "misdeal": play.misdeal,
        "chip_correction": _chip_correction,
        "move": _move,
        "stop": _stop,
    }

    def _live_player(self, event: dict, field: str = "player") -> Player:
        pid = event.get(field)
        player = self.players.get(pid) if isinstance(pid, str) else None
        if player is None:
            raise TournamentError(f"{field}: {pid!r} is not registered", SAME_CHIPS)
        if player.out_order is not None:
            raise TournamentError(f"{field}: {pid} is out of the tournament; no rebuys", NO_REBUYS)
        return player

    # --- hands and eliminations (called by play.py) --------------------------------------

    def complete_hand(self, table: Table, result: dict, deck: list[int], *, mucked: list[int]) -> None:
        """`mucked`: the hand's seat indexes that mucked at the showdown (not entered, 1604.3(t)(2))."""
        th = table.hand
        history = th.history(deck)
        for pid, stack in zip(th.players, result["stacks"], strict=True):
            self.players[pid].chips = stack
        self.hands.append({"hand_no": th.hand_no, "table": table.number, "level": th.level,
                           "seats": list(th.seat_nos), "players": list(th.players),
                           "history": history, "result": result, "mucked": list(mucked)})  # fmt: skip
        table.hands_played += 1
        table.hand = None
        table.last_result = last_hand(th, result, mucked)
        # 1604.3(aa)(2): out with no chips; ranked among themselves by their stacks at the start
        # of this hand.
        out = [(th.players[i], th.start_stacks[i]) for i in result["eliminated"]]
        if out:
            self.eliminate(out, table=table.number, hand_no=th.hand_no)

    def eliminate(self, out: list[tuple[str, int]], *, table: int, hand_no: int) -> None:
        """Players out together (one hand, or before one hand under 1604.3(aa))."""
        self._batches += 1
        left = self.players_left() - len(out)
        order = {pid: i for i, pid in enumerate(self.players)}
        entries = sorted(((self.players[pid], stack) for pid, stack in out), key=lambda e: order[e[0].id])
        for player, place, prize in rank_batch(entries, left + 1, self.prizes):
            del self.tables[player.table].seats[player.seat]
            player.place, player.prize, player.out_order = place, prize, self._batches
            player.eliminated_in_hand, player.eliminated_at_table = hand_no, table
            player.chips, player.table, player.seat = 0, None, None
        if left <= 1:  # 1603.25(a): the last player left wins
            for player in self.players.values():
                if player.out_order is None:
                    player.place, player.prize = rank_batch([(player, player.chips)], 1, self.prizes)[0][1:]
            self.status = "finished"

    # --- read-only views -----------------------------------------------------------------

    def players_left(self) -> int:
        return sum(1 for p in self.players.values() if p.out_order is None)

    def total_chips(self) -> int:
        return sum(p.chips for p in self.players.values())

    def average_stack(self) -> int:
        left = self.players_left()
        return self.total_chips() // left if left else 0

    def table_view(self, table: int) -> dict:
        if table not in self.tables:
            raise TournamentError(f"table: there is no table {table}", TABLE_RULE)
        return table_view(self.tables[table], self.players)

    def balancing_moves(self) -> list[dict]:
        if self.status != "running":
            return []
        tables = [
            {"number": t.number, "seats": t.seats, "button": t.button_seat, "busy": t.hand is not None}
            for t in self.tables.values()
            if not t.broken
        ]
        return balancing_moves(tables, self.max_per_table)

    def standings(self) -> list[dict]:
        """Placed players by place; players still in (not yet placed) first, by chips."""
        players = list(self.players.values())
        unplaced = sorted((p for p in players if p.place is None), key=lambda p: -p.chips)
        placed = sorted((p for p in players if p.place is not None), key=lambda p: p.place)
        return [
            {"place": p.place, "player": p.id, "name": p.name, "chips": p.chips, "prize": p.prize}
            for p in unplaced + placed
        ]

    def results(self) -> list[dict]:
        if self.status != "finished":
            raise TournamentError(
                "results: the finishing order is final only when the tournament ends", "30 DCMR 1603.25"
            )
        return [
            {"place": s["place"], "player": s["player"], "name": s["name"], "prize": s["prize"]}
            for s in self.standings()
        ]

    def hand_history(self, table: int, hand_no: int) -> dict:
        for logged in self.hands:
            if logged["table"] == table and logged["hand_no"] == hand_no:
                return copy.deepcopy(logged["history"])
        raise TournamentError(f"hand_no: table {table} has no completed hand {hand_no}", "30 DCMR 1604.3(dd)")
