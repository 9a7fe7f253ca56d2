"""Pis Yedili's house rules (docs/pis-yedili.md, "House rules"): arranged deals replayed
through the CLI's contract, with expected penalties worked out by hand; and the
defaults, which play exactly the seeds' rules."""

from __future__ import annotations

import json

import pytest

from cardems.errors import IllegalMove
from cardems.pis_yedili.events import Again, Draw, Penalty, Skip
from cardems.pis_yedili.rules import House, PisYedili
from tests.engine.pis_yedili_helpers import arranged, new, play_all
from tests.engine.test_pis_yedili_cli import run


def replay(hands: tuple[str, ...], stock: str, moves: str, *options: str) -> dict:
    deck = arranged(*hands, stock=stock)
    argv = ["replay", "pis-yedili", "--deck", " ".join(deck), "--moves", moves, "--option", "mode=round"]
    for option in options:
        argv += ["--option", option]
    code, out, err = run(*argv)
    assert code == 0 and err == "", err
    return json.loads(out)


def refused(hands: tuple[str, ...], stock: str, moves: str, *options: str) -> str:
    deck = arranged(*hands, stock=stock)
    argv = ["replay", "pis-yedili", "--deck", " ".join(deck), "--moves", moves]
    for option in options:
        argv += ["--option", option]
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    return err


def test_the_defaults_are_the_seeds_rules():
    assert House.of(PisYedili.new().options) == House() == House(False, True, False, True, True)
    assert [House().penalty(k) for k in range(5)] == [0, 3, 6, 9, 12]
    assert [House(seven_double=True).penalty(k) for k in range(5)] == [0, 3, 6, 12, 24]
    assert [House(seven_double=True).sevens(House(seven_double=True).penalty(k)) for k in range(6)] == list(
        range(6)
    )
    old_save = {
        "format": 1,
        "game": "pis-yedili",
        "deck": None,
        "options": {"players": 3, "ten_rule": "reverse", "target": 101, "mode": "match"},
        "seed": 4,
        "moves": [],
    }
    game = PisYedili.from_json(old_save)  # a save from before the house rules loads with their defaults
    assert game.house == House() and game.options["ace"] == "again"


EIGHTS = ("2C 8H 8S 8D AD AS 4S", "8C KD QD 9S 9H 6S JH")


def test_an_eight_skips_the_next_player():
    # Seat 1 opens with 8C (no effect in the opening). Each 8 of seat 0 skips seat 1, so
    # seat 0 plays 8H 8S 8D, then AD and AS (seat 1 draws 2H and 3H), and goes out on 4S.
    # Seat 1: KD QD 9S 9H 6S JH = 10+10+9+9+6+25 = 69, plus 2H 3H = 74; out on a 4: x1.
    data = replay(EIGHTS, "2H 3H 4H", "2C 8C 8H 8S 8D AD AS 4S", "eight_skips=true")
    assert data["scores"] == [0, 74] and data["winner"] == 0
    # without the house rule the turn passes after 8H: seat 0 may not play 8S
    assert "move 4 (8S)" in refused(EIGHTS, "2H 3H 4H", "2C 8C 8H 8S")


def test_with_three_players_an_eight_skips_to_the_seat_after_next():
    game = new("2C 8C 5H 5S 5D 6H 6S", "3C 9D 9H 9S 10D 10H 10S", "4C KD KH KS QD QH QS", eight_skips=True)
    events = play_all(game, "2C 3C 4C 8C")
    assert Skip(0, 1) in events and game.to_move == 2
    # with a 10 owed a turn (bounce) the skipped seat is the one owed: 1 plays a 10, 0 plays
    # an 8 on it, so 1 (owed its turn back) misses it and play goes on from 1 to seat 2
    game = new("2C 4D 8D 5H 5S 6H 6S", "3C 10D 9H 9S 9C 10H 10S", "4C KD KH KS QD QH QS", eight_skips=True)
    play_all(game, "2C 3C 4C 4D 10D")
    assert game.to_move == 0 and game.stack == [1]
    events = play_all(game, "8D")
    assert Skip(0, 1) in events and game.to_move == 2 and game.stack == []


ACES = ("2C AC 9C 9D 4D 5D 6D", "3C KH QH JS 10S 8S 8H")


def test_an_ace_makes_the_others_draw_and_the_turn_passes():
    # AC: seat 1 draws 2H and moves (no second play). Seat 1 draws and passes after each
    # of seat 0's cards (3H 4H 5H 6H 9H), and seat 0 goes out on 6D.
    # Seat 1: KH QH JS 10S 8S 8H = 10+10+25+10+8+8 = 71, plus 2+3+4+5+6+9 = 29: 100.
    moves = "2C 3C AC draw pass 9C draw pass 9D draw pass 4D draw pass 5D draw pass 6D"
    data = replay(ACES, "2H 3H 4H 5H 6H 9H", moves, "ace=draw")
    assert data["scores"] == [0, 100]
    game = new(*ACES, stock="2H 3H 4H 5H 6H 9H", ace="draw")
    events = play_all(game, "2C 3C AC")
    assert Draw(1, 1, "ace") in events and not any(isinstance(e, Again) for e in events) and game.to_move == 1
    again = new(*ACES, stock="2H")
    assert Again(0, "ace") in play_all(again, "2C 3C AC") and again.to_move == 0  # by default: play again
    assert "move 6 (9C)" in refused(ACES, "2H 3H 4H 5H 6H 9H", moves)  # seat 0 drew and passed itself


SEVENS = ("2C 7C 7H 4H 5H 6H 3H", "3C 7D QD 9D 8D KD 10C")
SEVEN_STOCK = "2S 3S 4S 5S 6S 8S 9S 10S QS KS AS 2D 3D 4D 5D 6D"


def test_sevens_stacked_by_doubling():
    # 7C 7D 7H: 3, 6, then 12 (not 9). Seat 1 draws 12 and then draws and passes four
    # times while seat 0 sheds 4H 5H 6H and goes out on 3H: 16 cards from the stock,
    # 2+3+4+5+6+8+9+10+10+10+11+2+3+4+5+6 = 98, plus QD 9D 8D KD 10C = 47: 145, x1.
    moves = "2C 3C 7C 7D 7H draw draw pass 4H draw pass 5H draw pass 6H draw pass 3H"
    data = replay(SEVENS, SEVEN_STOCK, moves, "seven_stack=double")
    assert data["scores"] == [0, 145]
    game = new(*SEVENS, stock=SEVEN_STOCK, seven_stack="double")
    events = play_all(game, "2C 3C 7C 7D 7H")
    assert [e.pending for e in events if isinstance(e, Penalty)] == [3, 6, 12] and game.pending == 12
    assert game.view(1).pending == 12 and Draw(1, 12, "penalty") in play_all(game, "draw")
    adding = new(*SEVENS, stock=SEVEN_STOCK)
    assert [e.pending for e in play_all(adding, "2C 3C 7C 7D 7H") if isinstance(e, Penalty)] == [3, 6, 9]


JACKS = ("2C JC 4H 5H 6H 8H 9H", "3C JD KD QD 9D 8D 10D")


def test_no_jack_on_a_jack():
    game = new(*JACKS, jack_on_jack=False)
    play_all(game, "2C 3C JC:D")
    assert game.legal_moves() == ["KD", "QD", "9D", "8D", "10D", "draw"]
    before = game.to_json()
    with pytest.raises(IllegalMove, match="a Jack may not be played on a Jack"):
        game.play("JD:S")
    assert game.to_json() == before
    allowed = new(*JACKS)
    play_all(allowed, "2C 3C JC:D")
    assert "JD:S" in allowed.legal_moves()
    assert "move 4 (JD:S)" in refused(JACKS, "", "2C 3C JC:D JD:S", "jack_on_jack=false")


OUT_ON_A_JACK = ("2C AC AD AH AS 9S JH", "3C 9H KD QD 8D 6D 4D")


@pytest.mark.parametrize("option, penalty", [("jack_doubles=true", 104), ("jack_doubles=false", 52)])
def test_going_out_on_a_jack_doubles_only_with_the_rule(option, penalty):
    # Seat 1 keeps KD QD 8D 6D 4D (38) and the four cards the Aces gave it (2S..5S, 14): 52.
    data = replay(OUT_ON_A_JACK, "2S 3S 4S 5S 6S 8S 10S", "2C 3C AC AD AH AS 9S 9H JH:S", option)
    assert data["scores"] == [0, penalty]


def test_the_arena_plays_the_house_rules():
    from cardems import arena

    options = {
        "players": 3,
        "mode": "round",
        "eight_skips": True,
        "ace": "draw",
        "seven_stack": "double",
        "jack_on_jack": False,
        "jack_doubles": False,
    }
    score = arena.run("pis-yedili", ["normal", "easy"], 4, 2, options)
    assert score.games == 12 and score.mean_diff > 0  # 4 deals, each in 3 seatings


def test_normal_plays_an_eight_that_skips_a_player_about_to_go_out():
    from cardems.pis_yedili.normal import Situation, choose

    def table(house: House) -> Situation:
        return Situation(
            seat=0,
            players=2,
            hand=["8H", "9H", "3S", "4S"],
            top="5H",
            named=None,
            pending=0,
            drawn=False,
            target=1,
            hand_sizes=[4, 1],
            totals=[0, 0],
            decks=1,
            house=house,
        )

    assert choose(table(House())) == "9H"  # the costlier card, by default
    assert choose(table(House(eight_skips=True))) == "8H"  # the 8: the other, on one card, misses its turn
    jacks = Situation(
        seat=0,
        players=2,
        hand=["JD", "3S", "4S"],
        top="JC",
        named="H",
        pending=0,
        drawn=True,
        target=1,
        hand_sizes=[3, 1],
        totals=[0, 0],
        decks=1,
        house=House(jack_on_jack=False),
    )
    assert choose(jacks) == "pass"  # no Jack on a Jack: nothing to play


@pytest.mark.parametrize(
    "house",
    [
        {"eight_skips": True},
        {"ace": "draw"},
        {"seven_stack": "double"},
        {"jack_on_jack": False},
        {"jack_doubles": False},
        {"jokers": True},
    ],
)
def test_hard_searches_the_house_rules_of_its_game(house):
    """Hard's worlds are played with the game's house rules, and its moves are legal
    (a round of Hard, with a small budget, against Normal)."""
    from cardems.bots import bot_rng
    from cardems.pis_yedili.hard import PisYediliHard
    from cardems.pis_yedili.normal import PisYediliNormal

    hard, normal = PisYediliHard(samples=4), PisYediliNormal()
    game = PisYedili.new({"players": 2, "mode": "round", **house}, seed=3)
    worlds = []
    sample = hard.search.model.sample
    hard.search.model.sample = lambda view, rng: worlds.append(sample(view, rng)[0]) or (worlds[-1], 1.0)
    while not game.over:
        seat = game.to_move
        bot = hard if seat == 0 else normal
        game.play(bot.choose(game.view(seat), game.legal_moves(), bot_rng(3, seat, len(game.moves))))
    assert worlds and all(w.house == game.house != House() for w in worlds)
