"""Pis Yedili's house rule ``jokers`` (docs/pis-yedili.md, "House rules"): two decks and
their four jokers, wild cards. Arranged deals replayed through the CLI's contract, with
the expected penalties worked out by hand."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardems.errors import IllegalMove
from cardems.pis_yedili.events import Again
from cardems.pis_yedili.normal import Situation, choose
from cardems.pis_yedili.rules import House, PisYedili, Tell, card_value, deck_for
from tests.engine.pis_yedili_helpers import arranged, new, play_all
from tests.engine.test_pis_yedili_cli import run

# Seat 0 sheds its clubs and goes out on its joker; seat 1 holds no club after its
# opening and draws and passes each turn (2H 3H 4H 6H 8H from the stock).
OUT = ("2C 4C 5C 6C 8C 9C X", "3C KH KS KD QH QS X")
OUT_MOVES = "2C 3C 4C draw pass 5C draw pass 6C draw pass 8C draw pass 9C draw pass X:S"


def replay(hands: tuple[str, ...], stock: str, moves: str, *options: str) -> tuple[int, dict, str]:
    deck = arranged(*hands, stock=stock, jokers=True)
    argv = ["replay", "pis-yedili", "--deck", " ".join(deck), "--moves", moves]
    for option in ("jokers=true", "mode=round", *options):
        argv += ["--option", option]
    code, out, err = run(*argv)
    return code, json.loads(out) if out else {}, err


def test_two_decks_and_four_jokers_for_any_number_of_players():
    for players in (2, 3, 4):
        game = PisYedili.new({"players": players, "jokers": True}, seed=players)
        assert game.decks == 2 and len(deck_for(players, True)) == 108
        cards = Counter(c for h in game.hands for c in h) + Counter(game.stock)
        assert cards["X"] == 4 and cards["AS"] == 2 and sum(cards.values()) == 108
        assert game.view(0).unseen().count("X") == 4 - game.hands[0].count("X")
    assert len(deck_for(2)) == 52 and PisYedili.new(seed=1).decks == 1  # without it, as before
    assert card_value("X") == 50


def test_going_out_on_a_joker_does_not_multiply_and_a_joker_in_hand_costs_50():
    # Seat 1 keeps KH KS KD QH QS (50) and its joker (50), and drew 2H 3H 4H 6H 8H (23): 123, x1.
    code, data, err = replay(OUT, "2H 3H 4H 6H 8H", OUT_MOVES)
    assert code == 0 and err == "", err
    assert data["scores"] == [0, 123] and data["winner"] == 0
    assert data["options"]["jokers"] is True


def test_a_joker_goes_on_any_card_and_on_a_joker_names_a_suit_and_is_no_pisti():
    game = new("2C 5H 9D X KS 4D 3D", "3C X 6H 6S QH QS 8D", jokers=True)
    play_all(game, "2C 3C")
    assert [m for m in game.legal_moves() if m.startswith("X")] == ["X:S", "X:H", "X:D", "X:C"]
    play_all(game, "X:S")  # on the 3C
    assert game.named == "S" and game.to_move == 1
    assert "6S" in game.legal_moves() and "6H" not in game.legal_moves()
    events = game.play("X:H")  # a joker on a joker: the turn passes (no pişti)
    assert not any(isinstance(e, Again) for e in events) and game.to_move == 0
    assert game.named == "H" and "5H" in game.legal_moves() and "9D" not in game.legal_moves()


def test_a_joker_answers_no_seven_and_opens_nothing_and_goes_on_a_jack_without_jack_on_jack():
    hands = ("2C 7C 9D X KS 4D 3D", "3C X 6H 6S QH QS 8D")
    code, _, err = replay(hands, "", "X:S")
    assert code == 2 and "move 1 (X:S)" in err and "club" in err  # the opening wants a club
    code, _, err = replay(hands, "", "2C 3C 7C X:S")
    assert code == 2 and "move 4 (X:S)" in err and "only a 7 may answer" in err
    game = new("2C JH 9D X KS 4D 3D", "3C X 6H 6S QH QS JD", jokers=True, jack_on_jack=False)
    play_all(game, "2C 3C JH:S")
    assert game.legal_moves() == ["X:S", "X:H", "X:D", "X:C", "6S", "QS", "draw"]  # a joker, not the JD
    with pytest.raises(IllegalMove):
        game.play("JD:S")


def test_a_joker_names_a_suit_in_its_move():
    game = new(*OUT, jokers=True)
    for text, message in (("X", "names the suit"), ("X:Z", "one of S H D C")):
        code, _, err = replay(OUT, "", "2C 3C 4C draw pass 5C draw pass " + text)
        assert code == 2 and message in err, err
    assert game.parse_move("x:s") == "X:S"


def test_a_seat_that_drew_and_passed_holds_no_joker():
    assert not Tell("pass", "5H", None, 3).allows("X")
    assert Tell("decline", None, None, 3).allows("X") and Tell("opening", None, None, 3).allows("X")


def test_normal_sheds_its_joker_before_its_jacks_and_names_its_longest_suit():
    def table(hand: list[str], sizes: list[int]) -> Situation:
        return Situation(0, 2, hand, "5H", None, 0, False, 1, sizes, [0, 0], 2, House(jokers=True))

    # someone on two cards: shed the 50 first, naming spades (two of them)
    assert choose(table(["JD", "X", "3S", "4S", "2D"], [5, 2])) == "X:S"
    assert choose(table(["X", "3S", "9H", "4S"], [4, 6])) == "9H"  # a card that fits: keep the joker
    assert choose(table(["X"], [1, 6])) == "X:S"  # going out on it


def test_a_shorter_arranged_deck_is_refused_with_jokers():
    deck = deck_for(3)  # two decks without their jokers
    code, out, err = run("replay", "pis-yedili", "--deck", " ".join(deck), "--option", "jokers=true")
    assert code == 2 and out == "" and "108" in err
