import pytest

from montecarlo.holdem.cards import format_card, full_deck, parse_card, parse_cards


def test_round_trip_all_52_cards():
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52  # 30 DCMR 1603.22: a standard 52-card deck
    assert [parse_card(format_card(c)) for c in deck] == deck
    assert format_card(parse_card("As")) == "As"
    assert format_card(parse_card("Td")) == "Td"


@pytest.mark.parametrize("text", ["", "A", "1s", "10s", "as", "AS", "Ax", "Jk", "XX", "Asd", None, 12])
def test_malformed_cards_are_refused(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_no_jokers_or_repeats():
    with pytest.raises(ValueError):
        parse_card("Jo")  # 30 DCMR 1603.28: no jokers or wild cards
    with pytest.raises(ValueError, match="twice"):
        parse_cards(["As", "Kd", "As"])
