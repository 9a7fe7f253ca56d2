"""Abstract's Hard under its node budget: the same decision whatever the clock or the
searches run before it, short slices, and exact play wherever the budget reaches."""

import pytest

import cardems.abstract.deepening as deepening
from cardems.abstract.analysis import choice_values, take_values
from cardems.abstract.hard import AbstractHard, budget_for, search_for
from cardems.abstract.rules import Abstract
from cardems.abstract.solver import Position, Solver
from cardems.bots import bot_move, bot_move_steps, bot_rng, make_bot
from cardems.search import run_steps
from tests.engine.test_bot_budget import slow_clock  # noqa: F401  (a fixture)

VARIANTS = ("base", "suit", "unlimited", "52")


def decisions(variant: str, seed: int, count: int = 99):
    """The positions where Hard decides in a deal of Hard (seat 0) against Normal:
    (game copy, seat), the first ``count`` of them."""
    game = Abstract.new({"variant": variant, "mode": "deal"}, seed=seed)
    bots = [make_bot("abstract", "hard"), make_bot("abstract", "normal")]
    out = []
    while not game.is_over() and len(out) < count:
        seat = game.to_move
        if seat == 0 and len(game.legal_moves()) > 1:
            out.append((game.copy(), seat))
        game.play(bot_move(game, bots[seat], seat))
    return out


def test_the_first_decisions_of_a_52_half_are_cut_by_the_budget():
    # what the rest of this file relies on: positions where the budget, not the row, ends the search
    cut = 0
    for game, seat in decisions("52", 3, 3) + decisions("52", 4, 3):
        view = game.view(seat)
        pos = Position.start() if view.choosing else Position.from_view(view)
        search = search_for(view)
        _, _, exact = run_steps(search.best_steps(pos))
        cut += not exact
        assert search.nodes <= budget_for("52") + 12  # finished rows are counted after the check
    assert cut >= 2


def test_hard_decides_the_same_under_a_jumping_clock(request):
    found = [
        (g.view(s), g.legal_moves(), bot_rng(g.seed, s, len(g.moves)))
        for variant in VARIANTS
        for g, s in decisions(variant, 21, 4)
    ]
    expected = [AbstractHard().choose(*args) for args in found]
    request.getfixturevalue("slow_clock")
    assert [AbstractHard().choose(*args) for args in found] == expected


def test_hard_decides_the_same_whatever_was_searched_before():
    """The shared solver's table (filled by hints and reviews) is not Hard's to use."""
    found = decisions("52", 8, 4) + decisions("unlimited", 8, 2)
    expected = [bot_move(g, AbstractHard(), s) for g, s in found]
    for game, seat in found:
        view = game.view(seat)
        if view.choosing:
            choice_values(view)
        else:
            take_values(view)
    assert [bot_move(g, AbstractHard(), s) for g, s in found] == expected
    Solver._cache.clear()
    assert [bot_move(g, AbstractHard(), s) for g, s in found] == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_slice_searches_more_than_a_bound_of_nodes(variant, monkeypatch):
    """Between two yields: at most ``SLICE`` nodes, then the rest of one plain subtree
    (at most ``2 ** PLAIN_CARDS`` positions: the compositions of the cards left)."""
    made = []

    def spy(view, budget=None):
        made.append(search_for(view, budget))
        return made[-1]

    monkeypatch.setattr("cardems.abstract.hard.search_for", spy)
    bound = deepening.SLICE + 2**deepening.PLAIN_CARDS
    longest = slices = 0
    for game, seat in decisions(variant, 5, 6):
        made.clear()
        steps, last = bot_move_steps(game, AbstractHard(), seat), 0
        while True:
            try:
                next(steps)
            except StopIteration:
                break
            slices += 1
            longest, last = max(longest, made[0].nodes - last), made[0].nodes
        longest = max(longest, made[0].nodes - last)
    assert 0 < longest <= bound
    assert slices >= (10 if variant == "52" else 1)


def test_a_sliced_decision_is_the_decision(monkeypatch):
    found = decisions("52", 4, 3)
    expected = [bot_move(g, AbstractHard(), s) for g, s in found]
    monkeypatch.setattr(deepening, "SLICE", 50)
    assert [run_steps(bot_move_steps(g, AbstractHard(), s)) for g, s in found] == expected


@pytest.mark.parametrize("variant", ["base", "suit", "unlimited"])
def test_hard_solves_the_small_games_exactly_from_the_start(variant):
    for seed in range(6):
        view = Abstract.new({"variant": variant, "mode": "deal"}, seed=300 + seed).view(0)
        value, exact = run_steps(search_for(view).value_steps(Position.start()))
        assert exact and value == choice_values(view)["first"]


@pytest.mark.parametrize("left", [12, 16, 20])
def test_hard_takes_an_exact_best_take_in_52_once_the_row_is_short(left):
    for seed in range(4):
        game = Abstract.new({"variant": "52", "mode": "deal"}, seed=400 + seed)
        game.play("first")
        bots = [make_bot("abstract", "normal")] * 2
        while len(game.row) - game.pos > left:
            game.play(bot_move(game, bots[game.to_move], game.to_move))
        view = game.view(game.to_move)
        if len(game.legal_moves()) == 1:
            continue
        take, value, exact = run_steps(search_for(view).best_steps(Position.from_view(view)))
        values = take_values(view)
        assert exact and value == values[take] == max(values.values())


def test_a_budget_too_small_to_solve_still_gives_a_legal_take_and_a_bigger_one_the_exact_take():
    game = Abstract.new({"variant": "52", "mode": "deal"}, seed=12)
    game.play("first")
    view = game.view(game.to_move)
    take, _, exact = run_steps(search_for(view, 300).best_steps(Position.start()))
    assert not exact and 1 <= take <= view.limit
    take, value, exact = run_steps(search_for(view, 10**7).best_steps(Position.start()))
    values = take_values(view)
    assert exact and value == values[take] == max(values.values())


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_horizon_is_the_score_of_the_row_played_out_taking_two(variant):
    for seed in range(5):
        game = Abstract.new({"variant": variant, "mode": "deal"}, seed=500 + seed)
        game.play("first")
        for _ in range(1 + seed):
            game.play(min(2, game.limit()))
        me = game.to_move
        view = game.view(me)
        pos = Position.from_view(view)
        judged = search_for(view).judge(pos.count, pos.mine, pos.mine_n, pos.theirs)
        while game.half == 0 and not game.is_over():
            game.play(min(2, game.limit()))
        half = game.halves[0]
        assert judged == half[me].score - half[1 - me].score
