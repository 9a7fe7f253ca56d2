"""The exact solver against plain exhaustive minimax (no pruning, no bit masks), the
Hard bot's decisions, and the analysis API."""

from hypothesis import given
from hypothesis import strategies as st

import cardems.abstract.solver as solver_module
from cardems.abstract.analysis import choice_values, review, take_values
from cardems.abstract.rules import Abstract
from cardems.abstract.solver import Position, Solver
from cardems.bots import bot_move, make_bot
from cardems.rng import Rng
from tests.engine.test_abstract_properties import independent_base, product

VARIANTS = st.sampled_from(["base", "suit", "unlimited", "52"])
LIMITS = {"S": 1, "H": 2, "C": 3, "D": 4}


def minimax(variant, row, i, mover, other, previous):
    """The final score difference (mover - other) under perfect play: every take tried."""
    if i == len(row):
        scores = product(mover, other) - product(other, mover) if variant == "52" else None
        if scores is None:
            a, b = independent_base(mover, other)
            scores = a - b
        return scores
    if variant == "base":
        most = 3
    elif variant == "unlimited":
        most = 12 if previous is None else previous + 1
    else:
        most = LIMITS[row[i][-1]]
    return max(
        -minimax(variant, row, i + k, other, mover + row[i : i + k], k)
        for k in range(1, min(most, len(row) - i) + 1)
    )


def midgame(variant, seed, play_seed, left):
    """A random deal of ``variant`` played at random until about ``left`` cards remain."""
    game = Abstract.new({"variant": variant, "mode": "deal"}, seed=seed)
    rng = Rng(play_seed)
    game.play(rng.choice(game.legal_moves()))
    while len(game.row) - game.pos > left:
        game.play(rng.choice(game.legal_moves()))
    return game


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32), st.integers(4, 11))
def test_solver_agrees_with_plain_minimax_on_random_positions(variant, seed, play_seed, left):
    game = midgame(variant, seed, play_seed, left)
    view = game.view(game.to_move)
    me = game.to_move
    previous = view.previous
    expected = minimax(
        variant, list(view.dealt), view.taken_count, list(view.taken[me]), list(view.taken[1 - me]), previous
    )
    values = take_values(view)
    assert max(values.values()) == expected
    for take, value in values.items():
        child = list(view.dealt)[view.taken_count : view.taken_count + take]
        assert value == -minimax(
            variant,
            list(view.dealt),
            view.taken_count + take,
            list(view.taken[1 - me]),
            list(view.taken[me]) + child,
            take,
        )


def test_solver_agrees_with_plain_minimax_from_the_start_of_short_rows():
    # whole rows (from the first take) of 10-12 cards, cut from random deals of each variant
    for seed in range(24):
        variant = ["base", "suit", "unlimited", "52"][seed % 4]
        deck = list(Abstract.new({"variant": variant}, seed=seed).row)
        row = deck[: 10 + seed % 3]
        if variant == "unlimited":
            row = ["X"] + [c for c in deck if c != "X"][: 9 + seed % 3]
        value = Solver(variant, row).value(Position.start())
        assert value == minimax(variant, row, 0, [], [], None), (variant, row)


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32), st.integers(4, 11))
def test_hard_takes_a_best_take(variant, seed, play_seed, left):
    game = midgame(variant, seed, play_seed, left)
    values = take_values(game.view(game.to_move))
    move = bot_move(game, make_bot("abstract", "hard"), game.to_move)
    assert values[move] == max(values.values())


def test_hard_never_loses_a_deal_it_chose_the_order_of():
    hard, easy, normal = (make_bot("abstract", level) for level in ("hard", "easy", "normal"))
    for seed in range(12):
        variant = ["base", "suit", "unlimited"][seed % 3]
        for other in (easy, normal):
            game = Abstract.new({"variant": variant, "mode": "deal"}, seed=seed)
            value = choice_values(game.view(0))["first"]
            bots = [hard, other]
            while not game.is_over():
                game.play(bot_move(game, bots[game.to_move], game.to_move))
            a, b = game.result().scores
            assert a - b >= abs(value)


def test_sliced_search_yields_and_returns_the_same_values(monkeypatch):
    monkeypatch.setattr(solver_module, "SLICE", 500)
    game = Abstract.new({"variant": "52", "mode": "deal"}, seed=4)
    game.play("first")
    while len(game.legal_moves()) == 1:
        game.play(1)
    view = game.view(game.to_move)
    steps = Solver(view.variant, view.dealt).analyse_steps(Position.from_view(view))
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as stop:
            values = stop.value
            break
    Solver._cache.clear()
    monkeypatch.setattr(solver_module, "SLICE", 10**9)
    assert slices >= 5 and values == take_values(view)


def test_the_table_makes_a_second_analysis_cheap():
    game = Abstract.new({"mode": "deal"}, seed=11)
    view = game.view(0)
    solver = Solver.for_row("base", view.dealt)
    solver.table.clear()
    before = solver.nodes
    first = choice_values(view)
    cost = solver.nodes - before
    before = solver.nodes
    assert choice_values(view) == first and solver.nodes - before < cost / 10


def test_review_marks_the_takes_that_lost_points():
    game = Abstract.new({"mode": "deal"}, seed=2)
    game.play("first")
    while not game.is_over():
        game.play(1)
    deal = game.deal_results[-1]
    reviewed = review("base", deal.rows[0], deal.firsts[0], deal.takes[0])
    assert [r.take for r in reviewed] == [1] * 24
    assert all(r.loss >= 0 for r in reviewed) and any(r.loss > 0 for r in reviewed)
    # the sum of a player's losses explains the gap between perfect play and the result
    start = choice_values(Abstract.new({"mode": "deal"}, seed=2).view(0))["first"]
    a, b = game.result().scores
    lost = [sum(r.loss for r in reviewed if r.seat == s) for s in (0, 1)]
    assert a - b == start - lost[0] + lost[1]
