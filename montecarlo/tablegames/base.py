"""What every table-game engine shares: the refusal (`GameError`), a chip movement (`Posting`), a bet, and
`RoundTable`, the deterministic state machine a table's log is replayed through.

A table plays rounds (a coup of punto y banca, a spin of the wheel, a Caribbean poker hand, a throw of the
dice). Every change is an event, a JSON-able dict, applied by `apply(event)`: it either raises `GameError`
and changes nothing, or changes the state and returns the chip movements it causes. The events every game
knows:

    {"type": "open"}                                     a new round: bets are taken
    {"type": "bet", "participant": 12, "kind": "banker", "amount": 100}     (+ "number" where a bet names one)
    {"type": "outcome", ...}                             the cards, dice or slot: the engine settles
    {"type": "void_outcome", "reason": "..."}            a void spin or throw: nothing is settled, bets stand
    {"type": "void_round", "reason": "..."}              the round is void: every bet still at stake returned
Each game adds its own (Caribbean poker's "decision", craps' "remove") and the fields of its outcome.

Chips are whole numbers. A bet moves chips from the participant's hand onto the table (`BET`, chips -amount);
settling moves them back with the winnings (`WON`), leaves them with the house (`LOST`), or returns them
(`PUSHED`, `RETURNED`). `house` is the house's side of each movement, so that for any play

    chips issued = chips in hand + chips at stake + chips the house won - chips the house paid

(`Posting.house` adds up to "won - paid"). No chip has a cash value (30 DCMR 1603.21): nothing here knows money.

Messages are English templates marked with `gettext_noop` (makemessages finds them) and filled with
`params`: the Django layer translates the template and fills it in the reader's language. Pure Python:
no Django and nothing of the apps around it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal, InvalidOperation

# Posting kinds.
BET, WON, LOST, PUSHED, RETURNED, AWARD = "bet", "won", "lost", "pushed", "returned", "award"
POSTING_KINDS = (BET, WON, LOST, PUSHED, RETURNED, AWARD)

# Round phases every game shares; a game may add its own between BETTING and the outcome.
IDLE, BETTING, SETTLED = "idle", "betting", "settled"

# The seed texts, cited by file (shared/regulations) so a reader finds them.
SOURCES = {
    "000": "Peru Caribbean poker rules (000)",
    "001": "Montevideo progressive Caribbean poker rules (001)",
    "002": "Castilla-La Mancha punto y banca order (002)",
    "003": "Andorra casino game rules (003)",
}
DICE_RULE = "30 DCMR 1604.1"
# 30 DCMR 1604.1: "in all dice games the dice are at least three quarters of an inch". A dice table states the size
# of its dice as a setting (inches, a decimal string so it is exact), checked when the table is set up and posted.
DICE_SIZE_MIN = Decimal("0.75")
DICE_SIZE_DEFAULT = "0.75"
CHIPS_RULE = "30 DCMR 1603.21"
LIMITS_RULE = "30 DCMR 1603.2"  # the table's limits are house rules, posted (1604.4 is Hold'em's house rules only)
MAX_CHIPS = 10**12  # a bound on any amount, far above any night


def gettext_noop(message: str) -> str:
    """Marks an English template for translation (makemessages reads the name); the Django layer
    translates it when it shows the message."""
    return message


def cite(source: str, where: str) -> str:
    """A citation of a seed text: cite("002", "art. 8(b)") gives
    "Castilla-La Mancha punto y banca order (002) art. 8(b)"."""
    return f"{SOURCES[source]} {where}"


class GameError(ValueError):
    """A refused event or setting. `template % params` is the English message; `rule` the citation; `field`
    the input at fault ("amount", "kind", "player", "settings.decks"...)."""

    def __init__(self, template: str, *, rule: str = "", field: str = "", **params):
        # `field` names the input and may be part of the message too ("%(field)s: ...").
        self.template, self.params, self.rule, self.field = template, {"field": field, **params}, rule, field
        super().__init__(str(self))

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


@dataclass(frozen=True)
class Posting:
    """One chip movement of one participant. `chips`: the change to the chips in hand; `house`: the change
    to the house's result (+stake on a loss, -winnings on a win, 0 otherwise); `note`: why, in a few words
    (an English template filled from `params`, like GameError)."""

    participant: int
    kind: str
    bet: str
    stake: int
    chips: int
    house: int = 0
    note: str = ""
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Bet:
    id: str  # "<round>.<n>", unique at the table
    participant: int
    kind: str
    amount: int
    number: int | None = None  # the number a bet names (a place bet on 6, a come bet's point)
    round: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class BetKind:
    """A bet the table takes. `pays`: the winnings for a stake of `pays[1]` ("1:1" -> (1, 1)); `unit`: a bet is
    a whole multiple of it, so that every payout is whole chips (a 5% commission needs multiples of 20)."""

    kind: str
    label: str  # an English template (gettext_noop)
    pays: tuple[int, int] | None
    rule: str
    unit: int = 1
    numbers: tuple[int, ...] = ()  # the numbers it must name, if any
    shown: str = ""  # how the pay reads when "a:b" would not say it ("1:1 less 5%"), an English template


def whole(value, *, field: str, rule: str = LIMITS_RULE, minimum: int = 0, maximum: int = MAX_CHIPS) -> int:
    """An int from an event or a setting (never a bool, a float or a string), within bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(gettext_noop("%(field)s: a whole number of chips, not %(value)r"), rule=rule,
                        field=field, value=value)
    if not minimum <= value <= maximum:
        raise GameError(gettext_noop("%(field)s: between %(minimum)s and %(maximum)s, not %(value)s"), rule=rule,
                        field=field, minimum=minimum, maximum=maximum, value=value)
    return value


def check_dice_size(value) -> Decimal:
    """The dice's size in inches, at least 3/4 inch (30 DCMR 1604.1)."""
    try:
        size = Decimal(str(value).strip()) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    except InvalidOperation:
        size = None
    if size is None or not size.is_finite():
        raise GameError(gettext_noop("settings.dice_size: the size of the dice in inches, such as 0.75, not %(value)r"),
                        rule=DICE_RULE, field="settings.dice_size", value=value)
    if size < DICE_SIZE_MIN:
        raise GameError(gettext_noop("settings.dice_size: dice of %(value)s inch are too small: dice are at least 3/4 "
                                     "inch (0.75)"), rule=DICE_RULE, field="settings.dice_size", value=str(size))
    return size


def read_dice(event: dict, count: int, *, rule: str) -> list[int]:
    """The dice of an outcome: `count` of them, each a whole number 1 to 6."""
    dice = event.get("dice")
    if (not isinstance(dice, list) or len(dice) != count
            or any(isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6 for die in dice)):
        raise GameError(gettext_noop("dice: %(count)s dice, each 1 to 6, not %(value)r"), rule=rule, field="dice",
                        count=count, value=dice)
    return list(dice)


def reason_of(event: dict) -> str:
    reason = event.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise GameError(gettext_noop("reason: say why the round or the outcome is void"), field="reason")
    return " ".join(reason.split())[:200]


class RoundTable:
    """The state machine every game builds on. A subclass sets `code`, `name`, `SETTINGS` (defaults) and
    implements `bet_kinds()`, `check_settings()`, `outcome(event)` (settle; returns postings and sets
    `self.last`), `draw(rng)` (a random outcome event for the current state: training tables) and, where
    its bets carry over rounds or need more, `check_bet(bet)` and `handle(event)`."""

    code = ""
    name = ""
    SETTINGS: dict = {"min_bet": 10, "max_bet": 500}
    # Why a spin or a throw is void, each with the rule that says so (003 s. 24, 003 s. 25, 30 DCMR 1604.1(a)), and
    # the rule cited when the why is missing. A game of cards has none: its misdeal is a void round.
    VOID_WHYS: dict[str, str] = {}
    VOID_RULE = ""

    def __init__(self, settings: dict | None = None):
        unknown = sorted(set(settings or {}) - set(self.SETTINGS))
        if unknown:
            raise GameError(gettext_noop("settings: %(names)s is not a setting of this game"),
                            field=f"settings.{unknown[0]}", names=", ".join(unknown))
        self.settings = {**self.SETTINGS, **(settings or {})}
        self.min_bet = whole(self.settings["min_bet"], field="settings.min_bet", minimum=1)
        self.max_bet = whole(self.settings["max_bet"], field="settings.max_bet", minimum=self.min_bet)
        self.check_settings()
        self.round = 0
        self.phase = IDLE
        self.bets: dict[str, Bet] = {}  # every bet at stake, by id
        self.placed = 0  # bets placed this round, for ids
        self.last: dict = {}  # what the last outcome, void or voided round was, for the screens
        self.history: list[dict] = []  # one summary per settled or voided round

    # --- what a subclass provides ---

    def check_settings(self) -> None:
        """Validate the game's own settings (raise GameError naming `settings.<name>`)."""

    def bet_kinds(self) -> tuple[BetKind, ...]:
        """The bets this table takes (a game may make them depend on its settings)."""
        raise NotImplementedError

    def check_bet(self, bet: Bet, kind: BetKind) -> None:
        """Refuse a bet the game does not take now (the phase, a contract bet...); limits are checked already."""

    def outcome(self, event: dict) -> list[Posting]:
        raise NotImplementedError

    def draw(self, rng) -> dict:
        raise NotImplementedError

    def void_outcome(self, event: dict) -> list[Posting]:
        """A void spin or throw (003 s. 24, 003 s. 25, 30 DCMR 1604.1(a)): nothing settles, the bets stand and the
        dealer spins or throws again. `why` is required, one of the game's VOID_WHYS; `reason`, the dealer's own
        words, is optional but text."""
        if not self.VOID_WHYS:
            raise GameError(gettext_noop("type: nothing is spun or thrown at this game; a misdealt round is a "
                                         "void_round"), rule=self.VOID_RULE, field="type")
        why = event.get("why")
        if not isinstance(why, str) or why not in self.VOID_WHYS:
            raise GameError(gettext_noop("why: a spin or throw is void only when %(whys)s, not %(value)r"),
                            rule=self.VOID_RULE, field="why", whys=", ".join(self.VOID_WHYS), value=why)
        reason = event.get("reason", "")
        if not isinstance(reason, str):
            raise GameError(gettext_noop("reason: a line of text, not %(value)r"), rule=self.VOID_WHYS[why],
                            field="reason", value=reason)
        self.last = {"round": self.round, "void": True, "why": why, "reason": " ".join(reason.split())[:200],
                     "rule": self.VOID_WHYS[why], **self.void_details(why)}
        return []

    def void_details(self, why: str) -> dict:
        """What else the screen says of a void spin or throw (the dice to replace, the point)."""
        return {}

    def handle(self, event: dict) -> list[Posting]:
        """A game's own event types."""
        raise GameError(gettext_noop("type: %(type)s is not an event of this game"), field="type",
                        type=event.get("type"))

    def limits_rule(self, kind: BetKind) -> str:
        """What sets a bet's limits: the game's text where it speaks of them (the table sets them within its
        band), else the table's posted house rules."""
        return kind.rule or LIMITS_RULE

    def limits(self, kind: BetKind) -> tuple[int, int]:
        """The smallest and largest stake of a bet kind: the table's limits unless the game says more."""
        return self.min_bet, self.max_bet

    # --- the events ---

    def apply(self, event: dict) -> list[Posting]:
        if not isinstance(event, dict):
            raise GameError(gettext_noop("an event is a mapping with a type"), field="type")
        kind = event.get("type")
        if kind == "open":
            return self._open()
        if kind == "bet":
            return self._bet(event)
        if kind == "outcome":
            self._expect_outcome()
            return self.outcome(event)
        if kind == "void_outcome":
            self._expect_outcome()
            return self.void_outcome(event)
        if kind == "void_round":
            return self._void_round(event)
        return self.handle(event)

    def _open(self) -> list[Posting]:
        if self.phase not in (IDLE, SETTLED):
            raise GameError(gettext_noop("round %(round)s is still being played: settle or void it first"),
                            field="type", round=self.round)
        self.round += 1
        self.placed = 0
        self.phase = BETTING
        return []

    def _expect_outcome(self) -> None:
        """An outcome (or a void one) needs an open round with bets at stake; a game with more phases says more."""
        if self.phase != BETTING or not self.bets:
            raise GameError(gettext_noop("no bets are at stake in an open round: open a round and take bets first"),
                            field="type")

    def kind(self, name) -> BetKind:
        for kind in self.bet_kinds():
            if kind.kind == name:
                return kind
        raise GameError(gettext_noop("kind: %(kind)s is not a bet of this game"), field="kind", kind=name)

    def _bet(self, event: dict) -> list[Posting]:
        if self.phase != BETTING:
            raise GameError(gettext_noop("bets are taken only while a round is open for bets"), field="type")
        kind = self.kind(event.get("kind"))
        participant = whole(event.get("participant"), field="participant", minimum=1, maximum=10**9)
        amount = whole(event.get("amount"), field="amount", minimum=1)
        low, high = self.limits(kind)
        if not low <= amount <= high:
            raise GameError(gettext_noop("amount: a %(kind)s bet at this table is %(low)s to %(high)s chips, "
                                         "not %(amount)s"), rule=self.limits_rule(kind), field="amount",
                            kind=kind.kind, low=low, high=high, amount=amount)
        if amount % kind.unit:
            raise GameError(gettext_noop("amount: a %(kind)s bet is taken in multiples of %(unit)s chips so that "
                                         "it is paid in whole chips"), rule=kind.rule or LIMITS_RULE,
                            field="amount", kind=kind.kind, unit=kind.unit)
        number = event.get("number")
        if kind.numbers:
            if type(number) is not int or number not in kind.numbers:  # 6.0 == 6 and True == 1: ints only
                raise GameError(gettext_noop("number: a %(kind)s bet names one of %(numbers)s"), rule=kind.rule,
                                field="number", kind=kind.kind, numbers=", ".join(map(str, kind.numbers)))
        elif number is not None:
            raise GameError(gettext_noop("number: a %(kind)s bet names no number"), field="number", kind=kind.kind)
        bet = Bet(id=f"{self.round}.{self.placed + 1}", participant=participant, kind=kind.kind, amount=amount,
                  number=number, round=self.round)
        self.check_bet(bet, kind)
        self.placed += 1
        self.bets[bet.id] = bet
        return [Posting(participant, BET, bet.id, amount, -amount)]

    def _void_round(self, event: dict) -> list[Posting]:
        if self.phase == IDLE or (self.phase == SETTLED and not self.bets):
            raise GameError(gettext_noop("there is no round in play to void"), field="type")
        reason = reason_of(event)
        postings = [self.settle(bet, RETURNED) for bet in list(self.bets.values())]
        self.last = {"voided": True, "reason": reason, "round": self.round}
        self.close_round({"round": self.round, "voided": True, "reason": reason})
        return postings

    # --- settling, for the subclasses ---

    def settle(self, bet: Bet, result: str, winnings: int = 0, note: str = "", **params) -> Posting:
        """Take the bet off the table and post its result: WON returns the stake and `winnings`; LOST leaves the
        stake with the house; PUSHED and RETURNED give the stake back."""
        self.bets.pop(bet.id, None)
        if result == WON:
            return Posting(bet.participant, WON, bet.id, bet.amount, bet.amount + winnings, -winnings, note, params)
        if result == LOST:
            return Posting(bet.participant, LOST, bet.id, bet.amount, 0, bet.amount, note, params)
        return Posting(bet.participant, result, bet.id, bet.amount, bet.amount, 0, note, params)

    def close_round(self, summary: dict) -> None:
        self.phase = SETTLED
        self.history.append(summary)

    # --- reading ---

    def at_stake(self) -> dict[int, int]:
        """Chips at stake on this table, by participant."""
        stakes: dict[int, int] = {}
        for bet in self.bets.values():
            stakes[bet.participant] = stakes.get(bet.participant, 0) + bet.amount
        return stakes

    def expects(self) -> str:
        """What the dealer does next: "open", "bets" or "outcome" (a game may add "decisions")."""
        if self.phase in (IDLE, SETTLED):
            return "open"
        return "outcome" if self.bets else "bets"

    def view(self) -> dict:
        """The table's state for the dealer's screen, JSON-able."""
        return {
            "game": self.code,
            "round": self.round,
            "phase": self.phase,
            "expects": self.expects(),
            "bets": [bet.as_dict() for bet in self.bets.values()],
            "last": self.last,
            "limits": {"min_bet": self.min_bet, "max_bet": self.max_bet},
        }


def replay(game: type[RoundTable], settings: dict | None, events) -> tuple[RoundTable, list[list[Posting]]]:
    """A table rebuilt from its settings and events, with the postings of each event."""
    table = game(settings)
    return table, [table.apply(event) for event in events]
