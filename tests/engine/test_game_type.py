"""The game's nature as data (GameType), and what the base class shares (new, to_move, copy)."""

from __future__ import annotations

import pytest

from cardems import arena
from cardems.game import GameType
from cardems.games import PLANNED, game_class
from cardems.rng import Rng


def test_partners_share_a_side_and_swap_sides_in_the_arena():
    kind = game_class("pisti").game_type
    assert kind.teams(4) == ((0, 2), (1, 3))
    assert [kind.side(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert arena.seatings("pisti", {"players": 4}) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    assert [kind.side(s, 3) for s in range(3)] == [0, 1, 2] and kind.sides(3) == 3


def test_a_view_says_each_seats_side_and_partners_as_the_game_type_does():
    four = game_class("pisti").new({"players": 4}, seed=1)
    views = [four.view(s) for s in range(4)]
    assert all(v.teams == ((0, 2), (1, 3)) and v.sides == 2 for v in views)
    assert [v.side for v in views] == [0, 1, 0, 1] and [v.partners for v in views] == [(2,), (3,), (0,), (1,)]
    assert views[0].side_of(3) == 1 and (views[0].pisti_points, views[0].jack_pisti_points) == (10, 20)
    three = game_class("pisti").new({"players": 3}, seed=1).view(1)
    assert three.teams == ((0,), (1,), (2,)) and three.side == 1 and three.partners == ()


@pytest.mark.parametrize(
    "name, options, expected",
    [
        ("pisti", {"players": 3}, [[0, 1, 1], [1, 0, 1], [1, 1, 0]]),
        ("pis-yedili", {"players": "4"}, [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]),
        ("war", {}, [[0, 1], [1, 0]]),
        ("abstract", {}, [[0, 1], [1, 0]]),
    ],
)
def test_without_partners_the_measured_bot_takes_each_seat_in_turn(name, options, expected):
    assert arena.seatings(name, options) == expected


def test_each_game_declares_its_nature():
    types = {name: game_class(name).game_type for name in PLANNED}
    assert [n for n, t in types.items() if t.lower_is_better] == ["pis-yedili"]
    assert [n for n, t in types.items() if t.perfect_information] == ["abstract"]
    assert [n for n, t in types.items() if t.simultaneous] == ["war"]
    assert [n for n, t in types.items() if t.partnerships] == ["pisti"]
    assert {n: t.unit for n, t in types.items()} == {
        "pisti": "deal",
        "war": None,
        "pis-yedili": "round",
        "abstract": "deal",
    }
    assert {n: t.seats for n, t in types.items()} == {
        "pisti": (2, 3, 4),
        "war": (2,),
        "pis-yedili": (2, 3, 4),
        "abstract": (2,),
    }


def test_lower_is_better_negates_for_ranking_and_players_follow_the_option():
    assert GameType(lower_is_better=True).ranking((5, 12)) == (-5, -12)
    assert GameType().ranking((5, 12)) == (5, 12)
    kind = game_class("pis-yedili").game_type
    for players in kind.seats:
        game = game_class("pis-yedili").new({"players": players}, seed=1)
        assert game.players == players == kind.players(game.options) == len(game.hands)


@pytest.mark.parametrize("name", PLANNED)
def test_a_copy_is_independent_of_the_original(name):
    game = game_class(name).new({}, seed=7)
    rng = Rng(3)
    for _ in range(30):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    before = game.to_json(), [game.view(s) for s in range(game.players)], game.rng.state
    other = game.copy()
    for _ in range(60):
        if other.is_over():
            break
        other.play(rng.choice(other.legal_moves()))
    assert other.moves != game.moves
    assert (game.to_json(), [game.view(s) for s in range(game.players)], game.rng.state) == before
    again = type(game).from_json(game.to_json())
    assert [again.view(s) for s in range(game.players)] == before[1]
