import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.cards import (
    JOKER,
    RANKS,
    SUITS,
    check_deck,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    standard_deck,
    suit_of,
)
from cardems.errors import BadInput


@pytest.mark.parametrize(
    "text,code", [("as", "AS"), ("10d", "10D"), ("TD", "10D"), (" jh ", "JH"), ("x", "X")]
)
def test_parse_is_case_insensitive_and_accepts_t(text, code):
    assert parse_card(text) == code


@pytest.mark.parametrize("text", ["1S", "11H", "AZ", "", "10", "S", "JJ"])
def test_parse_rejects_unknown_codes_with_a_readable_message(text):
    with pytest.raises(BadInput, match="card code"):
        parse_card(text)


def test_decks():
    one = standard_deck()
    assert len(one) == 52 and len(set(one)) == 52
    two = standard_deck(packs=2, jokers=2)
    assert len(two) == 106 and two.count("AS") == 2 and two.count(JOKER) == 2


@given(st.sampled_from(standard_deck()))
def test_format_parse_round_trip(card):
    assert parse_card(card.lower()) == card
    assert rank_of(card) in RANKS and suit_of(card) in SUITS
    assert parse_cards(format_cards([card, card])) == [card, card]


def test_check_deck_names_the_problem():
    deck = standard_deck()
    with pytest.raises(BadInput, match="51 cards"):
        check_deck(deck[:-1], deck)
    with pytest.raises(BadInput, match="AS is duplicated"):
        check_deck(["AS"] + deck[:-1], deck)
    with pytest.raises(BadInput, match="not in this game's deck"):
        check_deck(["X"] + deck[:-1], deck)
