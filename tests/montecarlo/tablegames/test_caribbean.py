"""Caribbean poker: the ante and the bet settled by the dealer's hand (000; 001 art. 13-16), the two straights
variants, void hands and rounds. The helpers here serve the other test_caribbean_* files too."""

import pytest

from montecarlo.holdem.cards import parse_cards
from montecarlo.tablegames.base import BET, LOST, PUSHED, RETURNED, WON, GameError, replay
from montecarlo.tablegames.caribbean import CaribbeanPoker, qualifies
from montecarlo.tablegames.poker5 import rank5

QUALIFIES = "Ad Kc 8d 6c 2h"  # ace-king: the lowest kind of qualifying hand
NO_GAME = "Qs Jd 9c 7h 2s"  # queen high: the dealer does not qualify


def cards(text):
    return text.split()


def ante(participant, amount=10):
    return {"type": "bet", "participant": participant, "kind": "ante", "amount": amount}


def side(participant, amount=5):
    return {"type": "bet", "participant": participant, "kind": "jackpot", "amount": amount}


def decide(participant, choice="raise"):
    return {"type": "decision", "participant": participant, "choice": choice}


def outcome(dealer, **hands):
    """outcome(dealer, p12="As Ks ...") -> the outcome event, hands keyed by participant as JSON keeps them."""
    return {"type": "outcome", "dealer": dealer.split(), "hands": {k[1:]: v.split() for k, v in hands.items()}}


def events(*, antes, sides=(), decisions=None, dealer=None, hands=None, amount=10, side_amount=5):
    """One round's events: antes (participants), side bets, decisions ({participant: choice}, default raise),
    then the outcome with the dealer's cards and the raised hands ({participant: "cards"})."""
    out = [{"type": "open"}] + [ante(p, amount) for p in antes] + [side(p, side_amount) for p in sides]
    decisions = decisions or dict.fromkeys(antes, "raise")
    out += [decide(p, c) for p, c in decisions.items()]
    if dealer is not None:
        out.append(outcome(dealer, **{f"p{p}": cards for p, cards in (hands or {}).items()}))
    return out


def play(settings=None, **round_):
    """A table after one round; returns (table, postings of the outcome by (participant, bet kind))."""
    table = CaribbeanPoker(settings)
    postings = [table.apply(event) for event in events(**round_)]
    return table, by_bet(table, postings[-1])


def by_bet(table, postings):
    kinds = {}
    for participant, hand in table.hands.items():
        for name in ("ante", "bet", "jackpot"):
            if hand[name]:
                kinds[hand[name]] = (participant, name)
    out = {}
    for posting in postings:
        key = kinds[posting.bet] + ((posting.kind,) if posting.kind == "award" else ())
        out[key] = posting
    return out


def result(postings, participant, kind):
    posting = postings[(participant, kind)]
    return posting.kind, posting.chips - posting.stake


def refused(table, event, field, rule_part):
    before = table.view(), table.meter, dict(table.bets)
    with pytest.raises(GameError) as caught:
        table.apply(event)
    error = caught.value
    assert error.field == field, (error.field, error.message)
    assert rule_part in error.rule, (error.rule, error.message)
    assert (table.view(), table.meter, dict(table.bets)) == before  # a refusal changes nothing
    return error


# --- the dealer's qualification (000 art. 2 a.3; 001 art. 8, 13) ---

@pytest.mark.parametrize(("cards", "plays"), [
    ("Ad Kc 4d 3c 2h", True), ("Ad Qc Jd 9c 8h", False), ("Kd Qc Jd 9c 7h", False), ("2d 2c 5d 9c Jh", True),
    ("Ad Kc Qd Jc 9h", True), ("Ac 2d 3h 4s 5c", True)])
def test_the_dealer_plays_with_ace_king_or_better(cards, plays):
    assert qualifies(rank5(parse_cards(cards.split()))) is plays


def test_ace_to_five_does_not_qualify_under_001():
    assert not qualifies(rank5(parse_cards(cards("Ac 2d 3h 4s 5c")), "001"))


# --- the ante and the bet ---

def test_the_raise_places_twice_the_ante():
    table = CaribbeanPoker()
    for event in ({"type": "open"}, ante(12, 25)):
        table.apply(event)
    [posting] = table.apply(decide(12))
    assert (posting.kind, posting.stake, posting.chips) == (BET, 50, -50)
    assert table.at_stake() == {12: 75}


def test_dealer_does_not_qualify_ante_wins_bet_pushes():
    table, postings = play(antes=[1], dealer=NO_GAME, hands={1: "2c 3d 5h 8s Tc"})
    assert result(postings, 1, "ante") == (WON, 10)
    assert result(postings, 1, "bet") == (PUSHED, 0)
    assert table.last["dealer_qualifies"] is False
    assert table.last["hands"][0]["result"] == "no game"


@pytest.mark.parametrize(("hand", "pays"), [
    ("As Kh Qd 5s 3c", 1),  # high card: "par o menos" 1:1
    ("3c 3d 9s 7h 4s", 1),
    ("3c 3d 9s 9h 4s", 2),
    ("3c 3d 3s 9h 4s", 3),
    ("5s 6d 7h 8s 9c", 4),
    ("2s 5s 9s Js Qs", 5),
    ("3c 3d 3s 9h 9s", 7),
    ("4c 4d 4h 4s 9s", 20),
    ("5s 6s 7s 8s 9s", 50),
    ("Ts Js Qs Ks As", 100),
])
def test_each_line_of_the_pay_table(hand, pays):
    table, postings = play(antes=[1], dealer=QUALIFIES, hands={1: hand})
    assert result(postings, 1, "ante") == (WON, 10)
    assert result(postings, 1, "bet") == (WON, 20 * pays)
    assert postings[(1, "bet")].params["pays"] == pays


def test_the_payout_cap_limits_the_bets_winnings():
    settings = {"payout_cap": 300}
    _, postings = play(settings, antes=[1, 2], dealer=QUALIFIES,
                       hands={1: "4c 4d 4h 4s 9s", 2: "2s 5s 7s Js Qs"})
    assert result(postings, 1, "bet") == (WON, 300)  # 20:1 on 20 is 400, capped
    assert result(postings, 1, "ante") == (WON, 10)
    assert postings[(1, "bet")].params["cap"] == 300
    assert result(postings, 2, "bet") == (WON, 100)  # under the cap
    _, postings = play(antes=[1], dealer=QUALIFIES, hands={1: "4c 4d 4h 4s 9s"})
    assert result(postings, 1, "bet") == (WON, 400)  # no cap by default


def test_a_tie_is_broken_by_the_kickers():
    _, postings = play(antes=[1], dealer="Ah Kd 9c 7h 2s", hands={1: "Ac Ks 9d 7d 3c"})
    assert result(postings, 1, "ante") == (WON, 10)
    assert result(postings, 1, "bet") == (WON, 20)
    _, postings = play(antes=[1], dealer="Ah Kd 9c 7h 3s", hands={1: "Ac Ks 9d 7d 2c"})
    assert result(postings, 1, "ante") == (LOST, -10)
    assert result(postings, 1, "bet") == (LOST, -20)


def test_a_full_tie_is_a_dead_hand_and_suits_never_count():
    table, postings = play(antes=[1, 2], dealer="Ah Kd 9c 7h 2s",
                           hands={1: "Ac Ks 9d 7d 2c", 2: "As Kh 9h 7c 2d"})
    for participant in (1, 2):
        assert result(postings, participant, "ante") == (PUSHED, 0)
        assert result(postings, participant, "bet") == (PUSHED, 0)
    assert table.last["hands"][0]["result"] == "tie"
    _, postings = play(antes=[1], dealer="Ah 9h 7h 4h 2h", hands={1: "As 9s 7s 4s 2s"})
    assert result(postings, 1, "bet") == (PUSHED, 0)


def test_the_dealer_wins():
    _, postings = play(antes=[1], dealer="Kh Kd 9c 7h 2s", hands={1: "Qc Qs 9d 7d 3c"})
    assert result(postings, 1, "ante") == (LOST, -10)
    assert result(postings, 1, "bet") == (LOST, -20)


def test_a_fold_loses_the_ante_at_the_outcome():
    table = CaribbeanPoker()
    for event in events(antes=[1, 2], decisions={1: "fold", 2: "raise"}):
        postings = table.apply(event)
    assert postings[0].kind == BET  # the raise; the fold posted nothing
    assert table.at_stake() == {1: 10, 2: 30}  # the folded ante stays at stake until the outcome
    postings = by_bet(table, table.apply(outcome(QUALIFIES, p2="Ac Ks 9d 7d 3c")))
    assert result(postings, 1, "ante") == (LOST, -10)
    assert table.last["hands"][0] == {"participant": 1, "result": "folded"}


def test_everyone_folded_the_outcome_shows_the_dealer_alone():
    table = CaribbeanPoker()
    for event in events(antes=[1, 2], decisions={1: "fold", 2: "fold"}):
        table.apply(event)
    assert table.expects() == "outcome"
    postings = by_bet(table, table.apply({"type": "outcome", "dealer": NO_GAME.split(), "hands": {}}))
    assert result(postings, 1, "ante") == (LOST, -10) and result(postings, 2, "ante") == (LOST, -10)
    assert table.expects() == "open" and not table.bets


def test_hands_keyed_by_int_or_string_settle_alike():
    one = CaribbeanPoker()
    two = CaribbeanPoker()
    for event in events(antes=[7]):
        one.apply(event)
        two.apply(event)
    a = one.apply({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"7": cards("Ac Ks 9d 7d 3c")}})
    b = two.apply({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {7: cards("Ac Ks 9d 7d 3c")}})
    assert a == b


# --- A-2-3-4-5 under each text ---

def test_the_wheel_is_a_straight_under_000():
    _, postings = play(antes=[1], dealer="Kc Kd 9s 7h 6d", hands={1: "Ac 2d 3h 4s 5c"})
    assert result(postings, 1, "bet") == (WON, 80)  # straight 4:1 beats the dealer's kings
    _, postings = play(antes=[1], dealer="Kc Kd 9s 7h 6d", hands={1: "Ah 2h 3h 4h 5h"})
    assert result(postings, 1, "bet") == (WON, 1000)  # straight flush 50:1
    _, postings = play(antes=[1], dealer="Ac 2d 3h 4s 5c", hands={1: "Kc Kd 9s 7h 6d"})
    assert result(postings, 1, "bet") == (LOST, -20)  # the dealer's wheel qualifies and wins


def test_the_wheel_is_ace_high_under_001():
    settings = {"straights": "001"}
    _, postings = play(settings, antes=[1], dealer="Kc Kd 9s 7h 6d", hands={1: "Ac 2d 3h 4s 5c"})
    assert result(postings, 1, "bet") == (LOST, -20)
    _, postings = play(settings, antes=[1], dealer="Kc Kd 9s 7h 6d", hands={1: "Ah 2h 3h 4h 5h"})
    assert result(postings, 1, "bet") == (WON, 100)  # a flush 5:1, no straight flush
    table, postings = play(settings, antes=[1], dealer="Ac 2d 3h 4s 5c", hands={1: "Kc Kd 9s 7h 6d"})
    assert table.last["dealer_qualifies"] is False  # ace without a king
    assert result(postings, 1, "ante") == (WON, 10)
    assert result(postings, 1, "bet") == (PUSHED, 0)
    assert "001" in table.view()["straights"]["rule"] and "art. 15" in table.view()["straights"]["rule"]
    assert "000" in CaribbeanPoker().view()["straights"]["rule"]


# --- void hands and rounds (001 art. 9) ---

def test_void_hand_returns_that_hands_bets_only():
    table = CaribbeanPoker({"jackpot": True})
    for event in events(antes=[1, 2], sides=[1], decisions={1: "raise"}):
        table.apply(event)
    postings = table.apply({"type": "void_hand", "participant": 1, "reason": "dealt six cards"})
    assert sorted((p.kind, p.stake, p.chips) for p in postings) == [(RETURNED, 5, 5), (RETURNED, 10, 10),
                                                                    (RETURNED, 20, 20)]
    assert table.at_stake() == {2: 10}
    assert table.expects() == "decisions"
    refused(table, decide(1), "participant", "001")
    refused(table, ante(3), "type", "art. 7")  # the cards are dealt
    table.apply(decide(2, "fold"))
    postings = table.apply({"type": "outcome", "dealer": NO_GAME.split(), "hands": {}})
    assert [(p.participant, p.kind) for p in postings] == [(2, LOST)]
    assert table.meter == 100_000  # the returned side bet gave the meter nothing
    assert table.view()["hands"]["void"] == [1]


def test_voiding_every_hand_closes_the_round():
    table = CaribbeanPoker()
    for event in ({"type": "open"}, ante(1)):
        table.apply(event)
    postings = table.apply({"type": "void_hand", "participant": 1, "reason": "four cards"})
    assert [(p.kind, p.chips) for p in postings] == [(RETURNED, 10)]
    assert table.expects() == "open" and table.history[-1]["voided"]


def test_void_round_returns_every_stake_folded_antes_too():
    table = CaribbeanPoker({"jackpot": True})
    for event in events(antes=[1, 2], sides=[1, 2], decisions={1: "fold", 2: "raise"}):
        table.apply(event)
    postings = table.apply({"type": "void_round", "reason": "the dealer has six cards"})
    assert sorted((p.participant, p.kind, p.chips) for p in postings) == [
        (1, RETURNED, 5), (1, RETURNED, 10), (2, RETURNED, 5), (2, RETURNED, 10), (2, RETURNED, 20)]
    assert not table.bets and table.meter == 100_000 and table.jackpot_moves == []


def test_void_hand_needs_a_reason_and_a_hand():
    table = CaribbeanPoker()
    for event in ({"type": "open"}, ante(1)):
        table.apply(event)
    refused(table, {"type": "void_hand", "participant": 1}, "reason", "")
    refused(table, {"type": "void_hand", "participant": 2, "reason": "x"}, "participant", "art. 9")
    refused(table, {"type": "void_hand", "participant": "1", "reason": "x"}, "participant", "art. 9")


# --- the round's flow and the screen ---

def test_expects_and_view():
    table = CaribbeanPoker({"jackpot": True})
    assert table.expects() == "open"
    table.apply({"type": "open"})
    assert table.expects() == "bets"
    table.apply(ante(1))
    table.apply(ante(2))
    table.apply(decide(1))
    assert table.expects() == "decisions"
    view = table.view()
    assert view["hands"] == {"undecided": [2], "raised": [1], "folded": [], "void": []}
    assert view["pay_table"][0] == {"hand": "one pair or less", "pays": "1:1"}
    assert view["pay_table"][-1] == {"hand": "royal flush", "pays": "100:1"}
    assert "art. 14" in view["pay_table_rule"]
    assert view["jackpot"]["meter"] == 100_000 and view["jackpot"]["awards"]["flush"] == 500
    assert view["straights"]["variant"] == "000"
    table.apply(decide(2, "fold"))
    assert table.expects() == "outcome"
    assert CaribbeanPoker().view()["jackpot"] is None


def test_replay_is_deterministic():
    first_round = events(antes=[1, 2, 3], sides=[1, 3], decisions={1: "raise", 2: "fold", 3: "raise"},
                         dealer=QUALIFIES, hands={1: "Ts Js Qs Ks As", 3: "3h 5h 9h Jh 4h"})
    script = (first_round
              + events(antes=[4], sides=[4], dealer=NO_GAME, hands={4: "3c 3d 3s 9h 9s"})
              + [{"type": "open"}, ante(5), {"type": "void_round", "reason": "misdeal"}])
    settings = {"jackpot": True, "straights": "001"}
    first, first_postings = replay(CaribbeanPoker, settings, script)
    second, second_postings = replay(CaribbeanPoker, settings, script)
    assert first_postings == second_postings
    assert (first.meter, first.history, first.view()) == (second.meter, second.history, second.view())
    assert first.meter == 100_000 + 1  # a royal reset it to the seed, then round 2's contribution
    awards = [p.params["award"] for p in first_postings[len(first_round) - 1] if p.kind == "award"]
    assert awards == ["royal flush", "flush"]


# --- refusals ---

def test_refused_bets():
    table = CaribbeanPoker({"jackpot": True})
    table.apply({"type": "open"})
    refused(table, ante(1, 5), "amount", "(001) art. 22")
    refused(table, ante(1, 501), "amount", "1603.2")
    refused(table, side(1), "participant", "art. 4")  # no ante yet
    table.apply(ante(1))
    refused(table, side(1, 10), "amount", "art. 4")  # one fixed value
    table.apply(side(1))
    refused(table, side(1), "participant", "art. 4")  # one per hand
    refused(table, ante(1), "participant", "art. 8")  # one hand per participant
    refused(table, {"type": "bet", "participant": 1, "kind": "bet", "amount": 20}, "kind", "art. 10")
    refused(table, {"type": "bet", "participant": 1, "kind": "bet", "amount": 3}, "kind", "art. 10")
    for participant in range(2, 8):
        table.apply(ante(participant))
    refused(table, ante(8), "participant", "art. 2 a.1")  # seven boxes
    refused(table, {**ante(9), "participant": True}, "participant", "")
    refused(table, {**ante(9), "amount": "10"}, "amount", "")


def test_no_side_bet_at_a_table_without_the_jackpot():
    table = CaribbeanPoker()
    table.apply({"type": "open"})
    table.apply(ante(1))
    refused(table, side(1), "kind", "art. 4")


def test_refused_decisions():
    table = CaribbeanPoker()
    refused(table, decide(1), "type", "art. 10")  # no round
    table.apply({"type": "open"})
    refused(table, decide(1), "participant", "art. 10")  # no ante
    table.apply(ante(1))
    table.apply(ante(2))
    refused(table, decide(1, "call"), "choice", "art. 10")
    refused(table, decide(1, ["raise"]), "choice", "art. 10")
    refused(table, {"type": "decision", "participant": "1", "choice": "raise"}, "participant", "art. 10")
    table.apply(decide(1))
    refused(table, decide(1, "fold"), "participant", "art. 10")  # deciding twice
    refused(table, ante(3), "type", "art. 7")  # the first decision closed the bets
    refused(table, outcome(QUALIFIES, p1="Ac Ks 9d 7d 3c"), "type", "art. 10")  # 2 undecided
    refused(table, {"type": "void_outcome", "reason": "x"}, "type", "art. 9")
    refused(table, {"type": "shuffle"}, "type", "")
    refused(table, ["open"], "type", "")


@pytest.mark.parametrize(("event", "field", "rule"), [
    (outcome(QUALIFIES), "hands", "art. 13"),  # 1's hand missing
    ({"type": "outcome", "dealer": QUALIFIES.split()}, "hands", "art. 13"),
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d 3c", p2="2c 3c 4c 5c 7d"), "hands.2", "art. 10"),  # folded
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d 3c", p9="2c 3c 4c 5c 7d"), "hands.9", "art. 10"),  # no such hand
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"1": cards("Ac Ks 9d 7d 3c"),
                                                               1: cards("2c 3c 4c 5c 7d")}}, "hands", ""),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"x1": cards("Ac Ks 9d 7d 3c")}}, "hands", ""),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"01": cards("Ac Ks 9d 7d 3c")}}, "hands", ""),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": [["Ac", "Ks", "9d", "7d", "3c"]]}, "hands", ""),
    (outcome(QUALIFIES, p1="Ad Ks 9d 7d 3c"), "hands.1", "art. 1"),  # Ad is the dealer's
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d 7d"), "hands.1", "art. 1"),  # 7d twice in one hand
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d 1c"), "hands.1", "art. 1"),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"1": ["Ac", "Ks", "9d", "7d", 3]}}, "hands.1",
     "art. 1"),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"1": ["Ac", "Ks", "9d", "7d", None]}},
     "hands.1", "art. 1"),
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d"), "hands.1", "art. 9"),
    (outcome(QUALIFIES, p1="Ac Ks 9d 7d 3c 4c"), "hands.1", "art. 9"),
    ({"type": "outcome", "dealer": QUALIFIES.split(), "hands": {"1": "Ac Ks 9d 7d 3c"}}, "hands.1", "art. 8"),
    ({"type": "outcome", "dealer": "Ad Kc 8d 6c", "hands": {"1": cards("Ac Ks 9d 7d 3c")}}, "dealer", "art. 8"),
    (outcome("Ad Kc 8d 6c", p1="Ac Ks 9d 7d 3c"), "dealer", "art. 9"),  # the dealer's wrong count: void round
    (outcome("Ad Kc 8d 6c 6c", p1="Ac Ks 9d 7d 3c"), "dealer", "art. 1"),
    ({"type": "outcome", "hands": {"1": cards("Ac Ks 9d 7d 3c")}}, "dealer", "art. 8"),
])
def test_refused_outcomes(event, field, rule):
    table = CaribbeanPoker()
    for e in events(antes=[1, 2], decisions={1: "raise", 2: "fold"}):
        table.apply(e)
    refused(table, event, field, rule)
    table.apply(outcome(QUALIFIES, p1="Ac Ks 9d 7d 3c"))  # the table still takes the right one


def test_no_outcome_without_bets():
    table = CaribbeanPoker()
    refused(table, outcome(QUALIFIES), "type", "")
    table.apply({"type": "open"})
    refused(table, outcome(QUALIFIES), "type", "")


@pytest.mark.parametrize(("settings", "field"), [
    ({"straights": "002"}, "settings.straights"), ({"straights": ["000"]}, "settings.straights"),
    ({"jackpot": "yes"}, "settings.jackpot"), ({"jackpot_bet": 0}, "settings.jackpot_bet"),
    ({"jackpot_contribution_pct": 101}, "settings.jackpot_contribution_pct"),
    ({"jackpot_seed": -1}, "settings.jackpot_seed"), ({"jackpot_flush": 2.5}, "settings.jackpot_flush"),
    ({"payout_cap": -1}, "settings.payout_cap"), ({"decks": 2}, "settings.decks"),
])
def test_refused_settings(settings, field):
    with pytest.raises(GameError) as caught:
        CaribbeanPoker(settings)
    assert caught.value.field == field
