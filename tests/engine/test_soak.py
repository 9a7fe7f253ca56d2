"""The soak command (bench/soak.py) with a small number of moves: it plays every game,
checks its invariants and reports figures; and it does catch a broken engine."""

import dataclasses
import io
import itertools
import re

import pytest

from bench.soak import covering_sets, main, option_sets, soak_game
from cardems.games import game_class, playable
from cardems.pisti.rules import Pisti

MOVES = 200


@pytest.mark.parametrize("name", playable())
def test_a_short_soak_plays_whole_games_and_checks_every_invariant(name):
    figures = soak_game(name, MOVES, seed=3)
    assert figures.failures == []
    assert figures.moves >= MOVES and figures.games >= 1 and figures.longest >= 1
    assert figures.conserved == figures.moves
    assert figures.saves >= figures.games  # at least each game's end
    assert (figures.swaps > 0) == (name != "abstract")  # Abstract hides nothing
    assert figures.option_sets == len(option_sets(game_class(name))) >= 1
    assert figures.moves_per_second > 0 and figures.play_moves_per_second >= figures.moves_per_second


def test_the_option_sets_are_every_combination():
    sets = option_sets(Pisti)
    assert len(sets) == 2 * 3 * 3 * 2 * 2 * 2 * 3 and len({tuple(s.items()) for s in sets}) == len(sets)
    assert {
        "mode": "match",
        "players": 4,
        "target": 51,
        "last_card_pisti": False,
        "jack_pisti": 10,
        "first_round_pisti": False,
        "most_cards_tie": "carry",
    } in sets


def test_the_command_prints_a_row_of_figures_per_game():
    out = io.StringIO()
    assert main(["--moves", "60", "--games", "war,abstract"], out=out) == 0
    rows = {line.split()[0]: line.split() for line in out.getvalue().splitlines()[2:]}
    assert set(rows) == {"war", "abstract"}
    for row in rows.values():
        assert all(re.fullmatch(r"\d+", cell) for cell in row[1:]) and int(row[3]) >= 60 and row[-1] == "0"


def test_a_card_lost_by_the_engine_is_caught(monkeypatch):
    play = Pisti._apply

    def losing(self, card):
        events = play(self, card)
        if self.stock:
            self.stock.pop()
        return events

    monkeypatch.setattr(Pisti, "_apply", losing)
    figures = soak_game("pisti", 10)
    assert figures.failures and "cards not conserved after move 1" in figures.failures[0]
    assert "python -m cardems replay pisti --seed" in figures.failures[0]


def test_a_view_that_shows_a_hidden_card_is_caught(monkeypatch):
    view = Pisti.view
    monkeypatch.setattr(
        Pisti,
        "view",
        lambda self, seat: dataclasses.replace(view(self, seat), opening_known=tuple(self.stock[:1])),
    )
    figures = soak_game("pisti", 100)
    assert any("view changed when cards it cannot see were swapped" in f for f in figures.failures)


def test_a_save_that_loses_a_move_is_caught(monkeypatch):
    to_json = Pisti.to_json
    monkeypatch.setattr(Pisti, "to_json", lambda self: dict(to_json(self), moves=self.moves[:-1]))
    figures = soak_game("pisti", 10)
    assert figures.failures and "reloaded" in figures.failures[0]


@pytest.mark.parametrize("name", playable())
@pytest.mark.parametrize("strength", [1, 2, 3])
def test_a_covering_holds_every_combination_of_any_options_values_and_starts_from_the_defaults(
    name, strength
):
    cls = game_class(name)
    specs = cls.options_spec
    sets = covering_sets(cls, strength)
    assert sets[0] == {s.name: s.default for s in specs}
    assert all(s in option_sets(cls) for s in sets)
    for group in itertools.combinations(specs, min(strength, len(specs))):
        for values in itertools.product(*(s.values for s in group)):
            assert any(all(row[s.name] == v for s, v in zip(group, values)) for row in sets), (group, values)
    assert len(sets) <= len(option_sets(cls))
