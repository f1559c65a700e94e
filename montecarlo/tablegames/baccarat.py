"""Punto y banca (baccarat), 002 art. 7-8: the coup's rules and the table that settles it.

A coup: two cards to the player's hand and two to the banker's, dealt player, banker, player, banker; 10 and
the faces count 0, the ace 1, the others their value, and only the units digit of the sum counts (art. 7.1).
An 8 or a 9 on two cards, on either side, is a natural and ends the coup (art. 7.1). Otherwise the player
draws a third card on 0-5 and stands on 6-7 (art. 7.2(a)); the banker draws by art. 7.2(b)'s table, which is
unreadable in our copy of the order, so the standard published tableau stands in (RULES.md section 8): when the
player stood, the banker draws on 0-5 and stands on 6-7; otherwise it goes by the value t of the player's third
card: 0-2 draw; 3 draws unless t is 8; 4 draws on t 2-7; 5 on t 4-7; 6 on t 6-7; 7 stands. The nearer to 9
wins; equal points are a tie, and a tie makes the coup null for the player and banker bets, which are returned
(art. 7.1: "la jugada será considerada nula y las apuestas podrán ser retiradas").

What a winning bet is paid: art. 8 lists two ways, (a) winning banker bets pay even money less a 5% commission,
and (b) every winning bet pays even money except a banker win with a total of 6, which pays 50% of the bet. We
read them as two table variants, the setting `banker_pays`: "commission" (art. 8(a), the default) or
"half_on_six" (art. 8(b), no commission). The player bet pays 1:1 under both, the tie bet 8:1 and loses on
any other result (art. 8(c)). Banker bets are taken in multiples of 20 chips under the commission (the 5% is
then whole) and of 2 under half_on_six (the half is then whole).

The modalities (art. 3, Anexo I): classic punto y banca, mini and midi settle alike (art. 8 governs them all);
they differ in who sits and who touches the cards, which `view()` shows for the screen:
- "punto_y_banca": numbered places (Anexo I 1(b), which numbers them and may skip 13 but sets no count); we
  take 14 places, the usual layout, and bets from the places only (Anexo II c) 1º would let the casino admit
  standing players too: a table that wants them plays mini or midi here). The shoe passes among the players;
  the one dealing plays the banker's hand, the highest bettor on the player the player's (Anexo II c) 2º-3º).
  Who holds the shoe is not recorded, so the dealer's obligatory bet is not enforced.
- "mini": at most 7 seated (Anexo I 2(a); art. 3(b) speaks of up to nine "departamentos", the annex on the
  table says seven and we take it); no player, seated or standing, touches the cards (art. 3(b)).
- "midi": at most 9 seated (Anexo I 2(b)); seated players who receive cards may touch them (art. 3(c)).
Standing players (setting `standing`, default True) may bet at a mini or midi table (art. 3(b), Anexo I 2);
without them a round refuses a participant beyond the seats. The setting means nothing at the classic table.

Cards are strings as `montecarlo.holdem.cards` spells them ("9h", "Td", "Kc"). A shoe holds `decks` copies of
each card (6 or 8 decks, Anexo I 1(a)), so a card may repeat within a coup but never more than `decks` times.
A coup is never void on its own: a misdealt coup voids the round (`void_round`) and every bet is returned."""

from __future__ import annotations

from montecarlo.holdem.cards import format_card, full_deck, parse_card, rank_of
from montecarlo.tablegames.base import (
    LIMITS_RULE,
    LOST,
    PUSHED,
    WON,
    Bet,
    BetKind,
    GameError,
    Posting,
    RoundTable,
    cite,
    gettext_noop,
)

PLAYER, BANKER, TIE = "player", "banker", "tie"
COMMISSION, HALF_ON_SIX = "commission", "half_on_six"
CLASSIC, MINI, MIDI = "punto_y_banca", "mini", "midi"
DECKS = (6, 8)

HAND_RULE = cite("002", "art. 7.1")
PLAYER_DRAWS_RULE = cite("002", "art. 7.2(a) 1º")
PLAYER_STANDS_RULE = cite("002", "art. 7.2(a) 2º")
TABLEAU_RULE = cite("002", "art. 7.2(b) (standard tableau, RULES.md section 8)")
CARDS_RULE = cite("002", "Anexo I 1(a)")
MISDEAL_RULE = cite("002", "art. 7.2 (cases not provided for: the floor decides)")

# Card values by rank (2..9, T, J, Q, K, A): tens and faces count 0, the ace 1 (art. 7.1).
VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1)

# The standard tableau: the player's third-card values against which the banker draws, by the banker's total
# (7 stands on everything). A player who stood on two cards is the key None.
BANKER_DRAWS_AGAINST: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}

# How many may bet at once: (places, standing players may be admitted, where the text says so).
SEATING = {
    CLASSIC: (14, False, cite("002", "Anexo I 1(b)")),
    MINI: (7, True, cite("002", "Anexo I 2(a)")),
    MIDI: (9, True, cite("002", "Anexo I 2(b)")),
}
MODALITY_NAMES = {
    CLASSIC: gettext_noop("Punto y banca"),
    MINI: gettext_noop("Mini punto y banca"),
    MIDI: gettext_noop("Midi punto y banca"),
}
CARD_HANDLING = {
    CLASSIC: ("players_deal", gettext_noop("The shoe passes among the players in turn: the one dealing plays the "
                                           "banker's hand, the highest bettor on the player the player's hand"),
              cite("002", "Anexo II c) 2º-3º")),
    MINI: ("nobody", gettext_noop("No player, seated or standing, touches the cards: the croupier deals and turns "
                                  "them"), cite("002", "art. 3(b)")),
    MIDI: ("seated_receivers", gettext_noop("Seated players who receive the cards may touch them; standing players "
                                            "may not"), cite("002", "art. 3(c)")),
}
BANKER_PAY_TEXTS = {
    COMMISSION: (gettext_noop("A winning banker bet pays even money less a commission of 5 percent"),
                 cite("002", "art. 8(a)")),
    HALF_ON_SIX: (gettext_noop("No commission: a winning banker bet pays even money, but 50% of the bet when the "
                               "banker wins with 6"), cite("002", "art. 8(b)")),
}

KINDS = {
    banker_pays: (
        BetKind(PLAYER, gettext_noop("Player"), (1, 1), cite("002", "art. 8")),
        banker,
        BetKind(TIE, gettext_noop("Tie"), (8, 1), cite("002", "art. 8(c)")),
    )
    for banker_pays, banker in (
        (COMMISSION, BetKind(BANKER, gettext_noop("Banker"), (19, 20), cite("002", "art. 8(a)"), unit=20,
                                    shown=gettext_noop("1:1 less 5%"))),
        (HALF_ON_SIX, BetKind(BANKER, gettext_noop("Banker"), (1, 1), cite("002", "art. 8(b)"), unit=2,
                                     shown=gettext_noop("1:1, a six 1:2"))),
    )
}


def value(card: int) -> int:
    return VALUES[rank_of(card)]


def points(cards) -> int:
    """Only the units digit of the sum counts (art. 7.1)."""
    return sum(value(card) for card in cards) % 10


def is_natural(cards) -> bool:
    """An 8 or 9 on the first two cards (art. 7.1)."""
    return points(cards[:2]) >= 8


def player_draws(total: int) -> bool:
    """The player draws on 0-5 and stands on 6-7 (art. 7.2(a)); no natural here."""
    return total <= 5


def banker_draws(total: int, third: int | None) -> bool:
    """The standard tableau: `third` is the value of the player's third card, None when the player stood."""
    if third is None:
        return total <= 5
    return third in BANKER_DRAWS_AGAINST.get(total, frozenset())


class _TableKinds:
    """The base reads `bet_kinds()` as a classmethod, but here the banker bet's pay and unit follow the table's
    `banker_pays`: on a table it gives that table's kinds, on the class the default table's."""

    def __get__(self, table, owner):
        banker_pays = (owner.SETTINGS if table is None else table.settings)["banker_pays"]
        return lambda: KINDS[banker_pays]


class PuntoBanca(RoundTable):
    code = "punto-banca"
    name = "Punto y banca (baccarat)"
    SETTINGS = {
        "min_bet": 20,
        "max_bet": 1000,
        "decks": 8,
        "banker_pays": COMMISSION,
        "modality": CLASSIC,
        "standing": True,
    }

    bet_kinds = _TableKinds()

    def check_settings(self) -> None:
        decks = self.settings["decks"]
        if isinstance(decks, bool) or not isinstance(decks, int) or decks not in DECKS:
            raise GameError(gettext_noop("settings.decks: punto y banca is dealt from 6 or 8 decks, not %(decks)r"),
                            rule=CARDS_RULE, field="settings.decks", decks=decks)
        if self.settings["banker_pays"] not in (COMMISSION, HALF_ON_SIX):
            raise GameError(gettext_noop("settings.banker_pays: \"commission\" (5%% on winning banker bets) or "
                                         "\"half_on_six\" (a banker win on 6 pays half), not %(value)r"),
                            rule=cite("002", "art. 8"), field="settings.banker_pays",
                            value=self.settings["banker_pays"])
        if self.settings["modality"] not in (CLASSIC, MINI, MIDI):
            raise GameError(gettext_noop("settings.modality: \"punto_y_banca\", \"mini\" or \"midi\", not %(value)r"),
                            rule=cite("002", "art. 3"), field="settings.modality", value=self.settings["modality"])
        if not isinstance(self.settings["standing"], bool):
            raise GameError(gettext_noop("settings.standing: true or false (standing players admitted), not "
                                         "%(value)r"), rule=cite("002", "Anexo I 2"), field="settings.standing",
                            value=self.settings["standing"])
        unit = self.kind(BANKER).unit
        if self.max_bet // unit * unit < self.min_bet:
            raise GameError(gettext_noop("settings.max_bet: a banker bet is taken in multiples of %(unit)s chips, "
                                         "and none lies between %(low)s and %(high)s"), rule=LIMITS_RULE,
                            field="settings.max_bet", unit=unit, low=self.min_bet, high=self.max_bet)

    # --- seating ---

    def seating(self) -> dict:
        places, standing_possible, rule = SEATING[self.settings["modality"]]
        return {"places": places, "standing": standing_possible and self.settings["standing"], "rule": rule}

    def check_bet(self, bet: Bet, kind: BetKind) -> None:
        """More participants than places may bet only where standing players are admitted (Anexo I)."""
        seating = self.seating()
        betting = {b.participant for b in self.bets.values()}
        if not seating["standing"] and bet.participant not in betting and len(betting) >= seating["places"]:
            raise GameError(gettext_noop("participant: this %(modality)s table has %(places)s places, all taken "
                                         "this coup, and admits no standing players"), rule=seating["rule"],
                            field="participant", modality=MODALITY_NAMES[self.settings["modality"]],
                            places=seating["places"])

    # --- the coup ---

    def void_outcome(self, event: dict) -> list[Posting]:
        raise GameError(gettext_noop("type: a coup of cards is never void on its own; a misdealt coup voids the "
                                     "round (void_round) and the bets are returned"), rule=MISDEAL_RULE,
                        field="type")

    def _hand(self, event: dict, field: str) -> list[int]:
        cards = event.get(field)
        if not isinstance(cards, list):
            raise GameError(gettext_noop("%(hand)s: the cards dealt to the hand in order, a list such as "
                                         "[\"9h\", \"Kd\"]"), rule=HAND_RULE, field=field, hand=field)
        parsed = []
        for text in cards:
            try:
                parsed.append(parse_card(text))
            except ValueError:
                raise GameError(gettext_noop("%(hand)s: %(card)r is not a card: a rank of 2-9, T, J, Q, K, A and a "
                                             "suit of c, d, h, s"), rule=CARDS_RULE, field=field, hand=field, card=text)
        return parsed

    def check_coup(self, player: list[int], banker: list[int]) -> None:
        """Refuse a coup the shoe could not deal or the rules would not: the copies of a card, the number of
        cards, a third card drawn after a natural, against the player's rule or against the tableau."""
        decks = self.settings["decks"]
        seen: dict[int, int] = {}
        for field, hand in ((PLAYER, player), (BANKER, banker)):
            for card in hand:
                seen[card] = seen.get(card, 0) + 1
                if seen[card] > decks:
                    raise GameError(gettext_noop("%(hand)s: %(card)s appears %(count)s times in the coup; a shoe of "
                                                 "%(decks)s decks holds it %(decks)s times"), rule=CARDS_RULE,
                                    field=field, hand=field, card=format_card(card), count=seen[card], decks=decks)
        for field, hand in ((PLAYER, player), (BANKER, banker)):
            if len(hand) not in (2, 3):
                raise GameError(gettext_noop("%(hand)s: a hand has 2 cards, or 3 with a third card, not "
                                             "%(count)s"), rule=HAND_RULE, field=field, hand=field, count=len(hand))
        if is_natural(player) or is_natural(banker):
            for field, hand in ((PLAYER, player), (BANKER, banker)):
                if len(hand) == 3:
                    raise GameError(gettext_noop("%(hand)s: a natural ends the coup (player %(player)s, banker "
                                                 "%(banker)s on two cards): no third card"), rule=HAND_RULE,
                                    field=field, hand=field, player=points(player[:2]), banker=points(banker[:2]))
            return
        total = points(player[:2])
        if player_draws(total) and len(player) == 2:
            raise GameError(gettext_noop("player: with %(points)s the player draws a third card"),
                            rule=PLAYER_DRAWS_RULE, field=PLAYER, points=total)
        if not player_draws(total) and len(player) == 3:
            raise GameError(gettext_noop("player: with %(points)s the player stands: no third card"),
                            rule=PLAYER_STANDS_RULE, field=PLAYER, points=total)
        third = value(player[2]) if len(player) == 3 else None
        total = points(banker[:2])
        draws = banker_draws(total, third)
        if draws == (len(banker) == 3):
            return
        if third is None:
            template = (gettext_noop("banker: with %(points)s, the player having stood, the banker draws a third "
                                     "card (standard tableau)") if draws else
                        gettext_noop("banker: with %(points)s, the player having stood, the banker stands "
                                     "(standard tableau)"))
        else:
            template = (gettext_noop("banker: with %(points)s against the player's third card %(third)s the banker "
                                     "draws a third card (standard tableau)") if draws else
                        gettext_noop("banker: with %(points)s against the player's third card %(third)s the banker "
                                     "stands (standard tableau)"))
        raise GameError(template, rule=TABLEAU_RULE, field=BANKER, points=total, third=third)

    def outcome(self, event: dict) -> list[Posting]:
        player, banker = self._hand(event, PLAYER), self._hand(event, BANKER)
        self.check_coup(player, banker)
        p, b = points(player), points(banker)
        winner = PLAYER if p > b else BANKER if b > p else TIE
        half = self.settings["banker_pays"] == HALF_ON_SIX and winner == BANKER and b == 6
        self.last = {
            "round": self.round,
            "player": [format_card(c) for c in player],
            "banker": [format_card(c) for c in banker],
            "points": {PLAYER: p, BANKER: b},
            "naturals": {PLAYER: is_natural(player), BANKER: is_natural(banker)},
            "winner": winner,
            "banker_six_paid_half": half,
        }
        postings = [self._settle(bet, winner, p, b, half) for bet in list(self.bets.values())]
        self.close_round(dict(self.last))
        return postings

    def _settle(self, bet: Bet, winner: str, p: int, b: int, half: bool) -> Posting:
        if winner == TIE:
            if bet.kind == TIE:
                return self.settle(bet, WON, bet.amount * 8, gettext_noop("tie at %(points)s pays 8 to 1"), points=p)
            return self.settle(bet, PUSHED, 0, gettext_noop("tie at %(points)s: the coup is null for player and "
                                                            "banker bets"), points=p)
        if bet.kind != winner:
            if winner == PLAYER:
                return self.settle(bet, LOST, 0, gettext_noop("player wins %(player)s to %(banker)s"),
                                   player=p, banker=b)
            return self.settle(bet, LOST, 0, gettext_noop("banker wins %(banker)s to %(player)s"), player=p, banker=b)
        if winner == PLAYER:
            return self.settle(bet, WON, bet.amount, gettext_noop("player wins %(player)s to %(banker)s"),
                               player=p, banker=b)
        if half:
            return self.settle(bet, WON, bet.amount // 2, gettext_noop("banker wins with 6 (to %(player)s): pays "
                                                                       "half the bet"), player=p, banker=b)
        if self.settings["banker_pays"] == COMMISSION:
            commission = bet.amount // 20
            return self.settle(bet, WON, bet.amount - commission,
                               gettext_noop("banker wins %(banker)s to %(player)s, less the 5%% commission "
                                            "(%(commission)s chips)"), player=p, banker=b, commission=commission)
        return self.settle(bet, WON, bet.amount, gettext_noop("banker wins %(banker)s to %(player)s"),
                           player=p, banker=b)

    def draw(self, rng) -> dict:
        """A coup from a freshly shuffled shoe of `decks` decks, dealt by the rules above."""
        shoe = full_deck() * self.settings["decks"]
        rng.shuffle(shoe)
        player, banker = [shoe[0], shoe[2]], [shoe[1], shoe[3]]
        following = iter(shoe[4:])
        if not (is_natural(player) or is_natural(banker)):
            third = None
            if player_draws(points(player)):
                player.append(next(following))
                third = value(player[2])
            if banker_draws(points(banker), third):
                banker.append(next(following))
        return {"type": "outcome", "player": [format_card(c) for c in player],
                "banker": [format_card(c) for c in banker]}

    # --- reading ---

    def view(self) -> dict:
        modality = self.settings["modality"]
        touch, touch_text, touch_rule = CARD_HANDLING[modality]
        pay_text, pay_rule = BANKER_PAY_TEXTS[self.settings["banker_pays"]]
        pay_table = []
        for kind in self.bet_kinds():
            row = {"kind": kind.kind, "label": kind.label, "pays": list(kind.pays), "unit": kind.unit,
                   "rule": kind.rule}
            if kind.kind == BANKER and self.settings["banker_pays"] == HALF_ON_SIX:
                row["pays_on_six"] = [1, 2]
            pay_table.append(row)
        return {
            **super().view(),
            "pay_table": pay_table,
            "banker_pays": {"variant": self.settings["banker_pays"], "text": pay_text, "rule": pay_rule},
            "decks": self.settings["decks"],
            "modality": {"name": modality, "label": MODALITY_NAMES[modality], **self.seating(),
                         "cards": {"touch": touch, "text": touch_text, "rule": touch_rule}},
            "tableau": {
                "naturals": [8, 9],
                "player": {"draws": [t for t in range(8) if player_draws(t)],
                           "stands": [t for t in range(8) if not player_draws(t)], "rule": cite("002", "art. 7.2(a)")},
                "banker_player_stood": {"draws": [t for t in range(8) if banker_draws(t, None)],
                                        "stands": [t for t in range(8) if not banker_draws(t, None)]},
                "banker": [{"points": t, "draws_against": sorted(BANKER_DRAWS_AGAINST[t]),
                            "stands_against": sorted(set(range(10)) - BANKER_DRAWS_AGAINST[t])} for t in range(8)],
                "rule": TABLEAU_RULE,
            },
        }
