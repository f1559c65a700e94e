"""Caribbean poker (000: Peru; 001: Montevideo, with the progressive jackpot), played against the house.

A round: antes (and, at a jackpot table, the fixed side bet) are taken; the cards are dealt, five to each hand
and five to the dealer; each hand raises (a bet of twice the ante) or folds; then the outcome shows the dealer's
cards and the raised hands' cards and everything is settled. Events beyond the base's:

    {"type": "bet", "participant": 12, "kind": "ante" | "jackpot", "amount": 20}
    {"type": "decision", "participant": 12, "choice": "raise" | "fold"}
    {"type": "void_hand", "participant": 12, "reason": "..."}    a player dealt the wrong number of cards
    {"type": "outcome", "dealer": ["As", "Kd", "7c", "4h", "2s"], "hands": {"12": ["Qs", ...], ...}}

The outcome carries the cards of exactly the hands that raised (a side bet's hand that did not fold raised:
every hand decides before the outcome); when every hand folded it carries the dealer's cards alone
(`"hands": {}`), so that until then a void round (the dealer's wrong count, 001 art. 9) still returns the
folded antes. The progressive meter (`self.meter`) is part of the state, rebuilt by replaying the table's log;
`self.jackpot_moves` lists the meter's moves caused by the last event applied.
"""

from __future__ import annotations

import re

from montecarlo.holdem.cards import format_card, parse_card
from montecarlo.holdem.evaluator import (
    ACE,
    CATEGORIES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ROYAL_FLUSH,
    STRAIGHT_FLUSH,
)
from montecarlo.tablegames import jackpot
from montecarlo.tablegames.base import (
    AWARD,
    BET,
    BETTING,
    IDLE,
    LIMITS_RULE,
    LOST,
    PUSHED,
    RETURNED,
    SETTLED,
    WON,
    Bet,
    BetKind,
    GameError,
    Posting,
    RoundTable,
    cite,
    gettext_noop,
    reason_of,
    whole,
)
from montecarlo.tablegames.poker5 import STRAIGHTS, STRAIGHTS_TEXT, rank5

DECIDING = "deciding"  # cards dealt, no more bets (001 art. 7): each hand raises or folds
KING = 11
BOXES = 7  # 000 art. 2 a.1: seven ante boxes

# 001 art. 14: the bet's pay table, by hand category ("par o menos" 1:1 up to the royal flush 100:1).
PAYS = (1, 1, 2, 3, 4, 5, 7, 20, 50, 100)
PAY_RULE = cite("001", "art. 14")
QUALIFY_RULE = cite("000", "art. 2 a.3") + "; " + cite("001", "art. 8, 13")
CAP_RULE = cite("000", "art. 2 a.4, b")
TIE_RULE = cite("001", "art. 16")
DECISION_RULE = cite("000", "art. 1 k") + "; " + cite("001", "art. 10")
HAND_RULE = cite("000", "art. 1 i") + "; " + cite("001", "art. 8")  # five cards, one hand each
VOID_RULE = cite("001", "art. 9")
NO_MORE_BETS_RULE = cite("001", "art. 7")
JACKPOT_RULE = cite("001", "art. 4")  # the side bet: with an ante, one fixed value
ANTE_RULE = cite("001", "art. 22") + "; " + LIMITS_RULE  # the ante's limits: the house's, approved and posted
AWARD_RULE = cite("001", "art. 17, 20")
# The meter's share of each side bet: no text fixes it (001 art. 5 only says the side bets go into the bank); the
# organization sets it for its table and posts it with the table's rules (30 DCMR 1603.2). 20% unless it says otherwise.
CONTRIBUTION_RULE = "30 DCMR 1603.2"
DECK_RULE = cite("000", "art. 1 h") + "; " + cite("001", "art. 1")

_PARTICIPANT_KEY = re.compile(r"[1-9][0-9]{0,8}")  # ASCII digits only: "١٢" is no participant number

_AWARD_NOTES = {
    ROYAL_FLUSH: gettext_noop("jackpot award: royal flush, the whole meter shared by %(royals)s royal flush(es)"),
    STRAIGHT_FLUSH: gettext_noop("jackpot award: straight flush, a tenth of the meter"),
    FOUR_OF_A_KIND: gettext_noop("jackpot award: four of a kind"),
    FULL_HOUSE: gettext_noop("jackpot award: full house"),
    FLUSH: gettext_noop("jackpot award: flush"),
}


def qualifies(rank: int) -> bool:
    """The dealer plays with ace-king or better (000 art. 2 a.3; 001 art. 8, 13): any pair or better, or a high
    card hand holding an ace and a king (its two top cards, in the evaluator's tie-break order)."""
    return rank >> 20 != HIGH_CARD or (rank >> 16 & 15 == ACE and rank >> 12 & 15 == KING)


class CaribbeanPoker(RoundTable):
    code = "caribbean-poker"
    name = "Caribbean poker"
    SETTINGS = {
        "min_bet": 10,  # the ante's limits (001 art. 22)
        "max_bet": 500,
        "payout_cap": 0,  # the table's payout limit on a bet's winnings, 0 for none (000 art. 2 a.4, b)
        "straights": "000",  # "000": A-2-3-4-5 is a straight (000 art. 3); "001": it is not (001 art. 15)
        "jackpot": False,  # a progressive jackpot table (001)
        "jackpot_bet": 5,  # the side bet's one fixed value (001 art. 4, 22)
        "jackpot_seed": 100_000,  # the meter's start, and where it returns after a royal flush
        "jackpot_contribution_pct": 20,  # the meter's share of each side bet: the house's posted setting (1603.2)
        "jackpot_four_of_a_kind": 5_000,  # 001 art. 17's fixed awards, in chips as the table sets them
        "jackpot_full_house": 1_000,
        "jackpot_flush": 500,
    }

    def __init__(self, settings: dict | None = None):
        super().__init__(settings)
        self.meter = self.settings["jackpot_seed"]
        self.hands: dict[int, dict] = {}  # this round's hands by participant, in ante order
        self.jackpot_moves: list[dict] = []

    def check_settings(self) -> None:
        s = self.settings
        whole(s["payout_cap"], field="settings.payout_cap", rule=CAP_RULE)
        if not isinstance(s["straights"], str) or s["straights"] not in STRAIGHTS:
            raise GameError(gettext_noop("settings.straights: %(value)r is not a variant: \"000\" (A-2-3-4-5 is a "
                                         "straight) or \"001\" (it is not)"), rule=STRAIGHTS["000"] + "; "
                            + STRAIGHTS["001"], field="settings.straights", value=s["straights"])
        if not isinstance(s["jackpot"], bool):
            raise GameError(gettext_noop("settings.jackpot: true or false, not %(value)r"), rule=JACKPOT_RULE,
                            field="settings.jackpot", value=s["jackpot"])
        whole(s["jackpot_bet"], field="settings.jackpot_bet", rule=JACKPOT_RULE, minimum=1)
        whole(s["jackpot_seed"], field="settings.jackpot_seed", rule=AWARD_RULE)
        whole(s["jackpot_contribution_pct"], field="settings.jackpot_contribution_pct", rule=CONTRIBUTION_RULE,
              maximum=100)
        for name in ("jackpot_four_of_a_kind", "jackpot_full_house", "jackpot_flush"):
            whole(s[name], field=f"settings.{name}", rule=AWARD_RULE)

    def bet_kinds(self) -> tuple[BetKind, ...]:
        """The ante; the bet, which only a raise places; the side bet at a jackpot table."""
        kinds = (
            BetKind("ante", gettext_noop("Ante"), (1, 1), ANTE_RULE),
            BetKind("bet", gettext_noop("Bet (a raise: twice the ante, paid by the pay table)"), None, DECISION_RULE),
        )
        if self.settings["jackpot"]:
            kinds += (BetKind("jackpot", gettext_noop("Progressive jackpot side bet"), None, JACKPOT_RULE),)
        return kinds

    # --- events ---

    def apply(self, event: dict) -> list[Posting]:
        """The base's events and this game's, with `jackpot_moves` of this event only (a refused event leaves
        the table, and the last event's moves, as they were)."""
        moves, self.jackpot_moves = self.jackpot_moves, []
        try:
            kind = event.get("type") if isinstance(event, dict) else None
            if kind == "bet" and self.phase == DECIDING:
                raise GameError(gettext_noop("type: the cards are dealt and the decisions begun: no more bets"),
                                rule=NO_MORE_BETS_RULE, field="type")
            if kind == "bet" and event.get("kind") == "jackpot" and not self.settings["jackpot"]:
                raise GameError(gettext_noop("kind: this table has no progressive jackpot"), rule=JACKPOT_RULE,
                                field="kind")
            if kind == "bet" and event.get("kind") == "bet":
                raise GameError(gettext_noop("kind: the bet is placed by a raise decision, at twice the ante"),
                                rule=DECISION_RULE, field="kind")
            if kind == "void_outcome":
                raise GameError(gettext_noop("type: a card game has no void outcome: void the hand dealt the wrong "
                                             "number of cards (void_hand) or, for the dealer's, the round"),
                                rule=VOID_RULE, field="type")
            postings = super().apply(event)
        except GameError:
            self.jackpot_moves = moves
            raise
        if kind == "open":
            self.hands = {}
        elif kind == "bet":
            bet = self.bets[postings[0].bet]
            if bet.kind == "ante":
                self.hands[bet.participant] = {"ante": bet.id, "jackpot": None, "bet": None, "decision": None,
                                               "void": False}
            else:
                self.hands[bet.participant]["jackpot"] = bet.id
        return postings

    def limits_rule(self, kind: BetKind) -> str:
        return JACKPOT_RULE if kind.kind == "jackpot" else ANTE_RULE

    def limits(self, kind: BetKind) -> tuple[int, int]:
        if kind.kind == "jackpot":
            return self.settings["jackpot_bet"], self.settings["jackpot_bet"]
        return self.min_bet, self.max_bet

    def check_bet(self, bet: Bet, kind: BetKind) -> None:
        hand = self.hands.get(bet.participant)
        if kind.kind == "ante":
            if hand is not None:
                raise GameError(gettext_noop("participant: participant %(participant)s already plays a hand this "
                                             "round: one hand each"), rule=HAND_RULE, field="participant",
                                participant=bet.participant)
            if len(self.hands) >= BOXES:
                raise GameError(gettext_noop("participant: the table has %(boxes)s ante boxes, all taken"),
                                rule=cite("000", "art. 2 a.1"), field="participant", boxes=BOXES)
            return
        if hand is None:
            raise GameError(gettext_noop("participant: the side bet comes with an ante: participant "
                                         "%(participant)s has none this round"), rule=JACKPOT_RULE,
                            field="participant", participant=bet.participant)
        if hand["jackpot"] is not None:
            raise GameError(gettext_noop("participant: participant %(participant)s already has the side bet on "
                                         "this hand"), rule=JACKPOT_RULE, field="participant",
                            participant=bet.participant)

    def handle(self, event: dict) -> list[Posting]:
        if event.get("type") == "decision":
            return self._decision(event)
        if event.get("type") == "void_hand":
            return self._void_hand(event)
        return super().handle(event)

    def _live_hand(self, event: dict, rule: str) -> tuple[int, dict]:
        if self.phase not in (BETTING, DECIDING):
            raise GameError(gettext_noop("type: no round is being dealt"), rule=rule, field="type")
        participant = whole(event.get("participant"), field="participant", rule=rule, minimum=1, maximum=10**9)
        hand = self.hands.get(participant)
        if hand is None or hand["void"]:
            raise GameError(gettext_noop("participant: participant %(participant)s has no hand in play this round"),
                            rule=rule, field="participant", participant=participant)
        return participant, hand

    def _decision(self, event: dict) -> list[Posting]:
        participant, hand = self._live_hand(event, DECISION_RULE)
        if hand["decision"] is not None:
            raise GameError(gettext_noop("participant: participant %(participant)s already chose to %(choice)s"),
                            rule=DECISION_RULE, field="participant", participant=participant,
                            choice=hand["decision"])
        choice = event.get("choice")
        if choice not in ("raise", "fold") or not isinstance(choice, str):
            raise GameError(gettext_noop("choice: raise (a bet of twice the ante) or fold (the ante is lost), not "
                                         "%(choice)r"), rule=DECISION_RULE, field="choice", choice=choice)
        self.phase = DECIDING  # the first decision closes the bets (001 art. 7)
        hand["decision"] = choice
        if choice == "fold":
            return []  # the ante stays at stake until the outcome, where it is lost
        ante = self.bets[hand["ante"]]
        bet = Bet(id=f"{self.round}.{self.placed + 1}", participant=participant, kind="bet", amount=2 * ante.amount,
                  round=self.round)
        self.placed += 1
        self.bets[bet.id] = bet
        hand["bet"] = bet.id
        return [Posting(participant, BET, bet.id, bet.amount, -bet.amount)]

    def _void_hand(self, event: dict) -> list[Posting]:
        """A player dealt the wrong number of cards: that hand is void and its bets returned (001 art. 9). The cards
        were dealt, so no more bets are taken (001 art. 7)."""
        participant, hand = self._live_hand(event, VOID_RULE)
        reason = reason_of(event)
        postings = [self.settle(self.bets[hand[name]], RETURNED, 0, gettext_noop("the hand is void: its bets are "
                                                                                 "returned"))
                    for name in ("ante", "bet", "jackpot") if hand[name] is not None]
        hand["void"] = True
        self.phase = DECIDING
        self.last = {"round": self.round, "void_hand": participant, "reason": reason}
        if not any(not h["void"] for h in self.hands.values()):
            self.close_round({"round": self.round, "voided": True, "reason": reason})
        return postings

    def _expect_outcome(self) -> None:
        if self.phase not in (BETTING, DECIDING) or not self.bets:
            super()._expect_outcome()
            return
        undecided = self._hands_where(None)
        if undecided:
            raise GameError(gettext_noop("type: every hand raises or folds before the dealer shows: %(participants)s "
                                         "still to decide"), rule=cite("001", "art. 10, 13"), field="type",
                            participants=", ".join(map(str, undecided)))

    def _hands_where(self, decision: str | None) -> list[int]:
        return [p for p, hand in self.hands.items() if not hand["void"] and hand["decision"] == decision]

    # --- the outcome ---

    def outcome(self, event: dict) -> list[Posting]:
        straights = self.settings["straights"]
        dealer, hands = self._cards(event)
        dealer_rank = rank5(dealer, straights)
        plays = qualifies(dealer_rank)
        ranks = {p: rank5(cards, straights) for p, cards in hands.items()}
        postings: list[Posting] = []
        results = []
        for participant, hand in self.hands.items():
            if hand["void"]:
                continue
            ante = self.bets[hand["ante"]]
            if hand["decision"] == "fold":
                postings.append(self.settle(ante, LOST, 0, gettext_noop("folded: the ante is lost")))
                results.append({"participant": participant, "result": "folded"})
                continue
            bet = self.bets[hand["bet"]]
            result = self._showdown(ranks[participant], dealer_rank, plays)
            postings += self._settle_hand(ante, bet, ranks[participant], result)
            results.append({"participant": participant, "cards": [format_card(c) for c in hands[participant]],
                            "hand": CATEGORIES[ranks[participant] >> 20], "result": result})
        postings += self._settle_jackpot(ranks)
        self.last = {
            "round": self.round,
            "dealer": [format_card(c) for c in dealer],
            "dealer_hand": CATEGORIES[dealer_rank >> 20],
            "dealer_qualifies": plays,
            "straights": straights,
            "hands": results,
            "awards": [{"participant": p.participant, "bet": p.bet, "award": p.params["award"], "chips": p.chips}
                       for p in postings if p.kind == AWARD],
        }
        if self.settings["jackpot"]:
            self.last["jackpot"] = self.meter
        self.close_round(dict(self.last))
        return postings

    @staticmethod
    def _showdown(rank: int, dealer_rank: int, plays: bool) -> str:
        """The hand against the dealer's: no game when the dealer does not qualify (001 art. 13 B), else the
        comparison, where kickers break ties and suits never do, so equal ranks are a dead hand (001 art. 16)."""
        if not plays:
            return "no game"
        return "won" if rank > dealer_rank else "lost" if rank < dealer_rank else "tie"

    def _settle_hand(self, ante: Bet, bet: Bet, rank: int, result: str) -> list[Posting]:
        if result == "no game":
            return [self.settle(ante, WON, ante.amount, gettext_noop("the dealer does not qualify: the ante wins 1:1")),
                    self.settle(bet, PUSHED, 0, gettext_noop("the dealer does not qualify: the bet is returned"))]
        if result == "tie":
            note = gettext_noop("a tie with the dealer to the last card: a dead hand, both bets are returned")
            return [self.settle(ante, PUSHED, 0, note), self.settle(bet, PUSHED, 0, note)]
        if result == "lost":
            note = gettext_noop("the dealer's hand wins")
            return [self.settle(ante, LOST, 0, note), self.settle(bet, LOST, 0, note)]
        pays = PAYS[rank >> 20]
        winnings, cap = pays * bet.amount, self.settings["payout_cap"]
        hand = CATEGORIES[rank >> 20]
        ante_won = self.settle(ante, WON, ante.amount, gettext_noop("the hand beats the dealer's: the ante wins 1:1"))
        if cap and winnings > cap:
            note = gettext_noop("%(hand)s beats the dealer's hand: the bet pays %(pays)s:1, capped at the table's "
                                "payout limit of %(cap)s chips")
            return [ante_won, self.settle(bet, WON, cap, note, hand=hand, pays=pays, cap=cap)]
        note = gettext_noop("%(hand)s beats the dealer's hand: the bet pays %(pays)s:1")
        return [ante_won, self.settle(bet, WON, winnings, note, hand=hand, pays=pays)]

    def _settle_jackpot(self, ranks: dict[int, int]) -> list[Posting]:
        """Side bets after the antes and bets (001 art. 20): each lost to the house with its share to the meter,
        then the awards, even to a hand the dealer beat or that met no qualifying dealer; none to a folded hand."""
        s = self.settings
        sides = [bet for bet in self.bets.values() if bet.kind == "jackpot"]  # in bet order (001 art. 19)
        postings = [self.settle(side, LOST, 0, gettext_noop("the progressive jackpot side bet buys the chance of an "
                                                            "award")) for side in sides]
        fixed = {FOUR_OF_A_KIND: s["jackpot_four_of_a_kind"], FULL_HOUSE: s["jackpot_full_house"],
                 FLUSH: s["jackpot_flush"]}
        bets = [jackpot.SideBet(side.id, side.participant, side.amount,
                                ranks[side.participant] >> 20 if side.participant in ranks else None)
                for side in sides]
        self.meter, awards, self.jackpot_moves = jackpot.settle(
            self.meter, seed=s["jackpot_seed"], pct=s["jackpot_contribution_pct"], fixed=fixed, bets=bets)
        by_id = {side.id: side for side in sides}
        for award in awards:
            params = {"award": CATEGORIES[award.category]}
            if award.category == ROYAL_FLUSH:
                params["royals"] = award.royals
            postings.append(Posting(award.participant, AWARD, award.bet, by_id[award.bet].amount, award.chips,
                                    -award.chips, _AWARD_NOTES[award.category], params))
        return postings

    def _cards(self, event: dict) -> tuple[list[int], dict[int, list[int]]]:
        """The dealer's five cards and the hands the outcome must show (those that raised), refused unless every
        card is one of one deck (000 art. 1 h; 001 art. 1) and each hand has five (001 art. 8, 9)."""
        seen: set[int] = set()
        dealer = self._five(event.get("dealer"), "dealer", seen)
        given = event.get("hands", {})
        if not isinstance(given, dict):
            raise GameError(gettext_noop("hands: a mapping of participant to five cards"), rule=HAND_RULE,
                            field="hands")
        needed = set(self._hands_where("raise"))
        hands: dict[int, list[int]] = {}
        for key, cards in given.items():
            participant = self._participant_key(key)
            if participant in hands:
                raise GameError(gettext_noop("hands: participant %(participant)s is given twice"), rule=HAND_RULE,
                                field="hands", participant=participant)
            if participant not in needed:
                raise GameError(gettext_noop("hands.%(participant)s: no raised hand of participant %(participant)s to "
                                             "show (a folded hand's cards are withdrawn)"),
                                rule=cite("001", "art. 10"), field=f"hands.{participant}", participant=participant)
            hands[participant] = self._five(cards, f"hands.{participant}", seen)
        missing = sorted(needed - set(hands))
        if missing:
            raise GameError(gettext_noop("hands: the cards of %(participants)s, who raised, are missing"),
                            rule=cite("001", "art. 13"), field="hands", participants=", ".join(map(str, missing)))
        return dealer, hands

    @staticmethod
    def _participant_key(key) -> int:
        if isinstance(key, int) and not isinstance(key, bool) and key > 0:
            return key
        if isinstance(key, str) and _PARTICIPANT_KEY.fullmatch(key):
            return int(key)
        raise GameError(gettext_noop("hands: %(key)r is not a participant number"), rule=HAND_RULE, field="hands",
                        key=key)

    @staticmethod
    def _five(texts, field: str, seen: set[int]) -> list[int]:
        """Five cards of one deck, none in `seen` (the cards shown so far), added to it."""
        if not isinstance(texts, list):
            raise GameError(gettext_noop("%(field)s: a list of five cards"), rule=HAND_RULE, field=field)
        if len(texts) != 5:
            raise GameError(gettext_noop("%(field)s: five cards, not %(count)s: a wrong count voids the hand (or, for "
                                         "the dealer, the round)"), rule=VOID_RULE, field=field, count=len(texts))
        cards = []
        for text in texts:
            try:
                card = parse_card(text)
            except ValueError:
                raise GameError(gettext_noop("%(field)s: %(card)r is not a card (a rank of 2-9, T, J, Q, K, A and a "
                                             "suit of c, d, h, s)"), rule=DECK_RULE, field=field, card=text) from None
            if card in seen:
                raise GameError(gettext_noop("%(field)s: %(card)s is dealt twice: one deck holds each card once"),
                                rule=DECK_RULE, field=field, card=text)
            seen.add(card)
            cards.append(card)
        return cards

    # --- training tables and screens ---

    def draw(self, rng) -> dict:
        """One shuffled deck: the dealer's five, then five for each hand that raised, in ante order."""
        deck = list(range(52))
        rng.shuffle(deck)
        hands = {str(p): [format_card(c) for c in deck[5 + 5 * i:10 + 5 * i]]
                 for i, p in enumerate(self._hands_where("raise"))}
        return {"type": "outcome", "dealer": [format_card(c) for c in deck[:5]], "hands": hands}

    def expects(self) -> str:
        if self.phase == DECIDING:
            return "decisions" if self._hands_where(None) else "outcome"
        return super().expects() if self.phase in (IDLE, SETTLED) else "bets"

    def view(self) -> dict:
        s = self.settings
        view = super().view()
        view["pay_table"] = [{"hand": gettext_noop("one pair or less"), "pays": "1:1"}] + [
            {"hand": CATEGORIES[category], "pays": f"{PAYS[category]}:1"} for category in range(2, len(PAYS))]
        view["pay_table_rule"] = PAY_RULE
        view["payout_cap"] = s["payout_cap"]
        view["payout_cap_rule"] = CAP_RULE
        view["dealer_qualifies"] = {"with": gettext_noop("ace-king or better"), "rule": QUALIFY_RULE}
        view["ties"] = {"text": gettext_noop("equal to the last card: a dead hand, both bets are returned; suits never "
                                             "count"),
                        "rule": TIE_RULE}
        view["straights"] = {"variant": s["straights"], "text": STRAIGHTS_TEXT[s["straights"]],
                             "rule": STRAIGHTS[s["straights"]]}
        view["hands"] = {"undecided": self._hands_where(None), "raised": self._hands_where("raise"),
                         "folded": self._hands_where("fold"),
                         "void": [p for p, hand in self.hands.items() if hand["void"]]}
        view["needs_cards"] = self._hands_where("raise")  # the hands the outcome shows (001 art. 10, 13)
        view["jackpot"] = None
        if s["jackpot"]:
            view["jackpot"] = {
                "meter": self.meter, "bet": s["jackpot_bet"], "seed": s["jackpot_seed"],
                "contribution_pct": s["jackpot_contribution_pct"], "contribution_rule": CONTRIBUTION_RULE,
                "awards": {"royal flush": gettext_noop("the whole meter"),
                           "straight flush": gettext_noop("a tenth of the meter"),
                           "four of a kind": s["jackpot_four_of_a_kind"], "full house": s["jackpot_full_house"],
                           "flush": s["jackpot_flush"]},
                "rule": AWARD_RULE, "moves": self.jackpot_moves,
            }
        return view
