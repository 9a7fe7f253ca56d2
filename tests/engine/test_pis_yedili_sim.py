"""The compact round (:class:`cardems.pis_yedili.sim.Sim`) plays exactly as the rules engine,
and its Normal player chooses exactly as the Normal bot."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.bots import bot_rng
from cardems.pis_yedili.normal import PisYediliNormal
from cardems.pis_yedili.rules import House, PisYedili
from cardems.pis_yedili.sim import PHASES, Sim
from cardems.rng import Rng
from tests.engine.pis_yedili_house import HOUSE

NORMAL = PisYediliNormal()


def same(sim: Sim, game: PisYedili) -> None:
    """Everything the round's play and scoring depend on agrees."""
    assert sim.phase == PHASES[game.phase]
    assert sim.hands == game.hands
    assert sim.stock == game.stock
    assert sim.pile == game.pile
    assert (sim.named, sim.sevens, sim.drawn, sim.stack, sim.direction) == (
        game.named,
        game.sevens,
        game.drawn,
        game.stack,
        game.direction,
    )
    assert sim.picked == game.picked
    if not game.over:
        assert sim.turn == game.turn
        assert sim.legal() == game.legal_moves()
    else:
        assert sim.legal() == []
        assert sim.penalties == list(game.rounds[-1].penalties)


def new_pair(seed: int, players: int, ten_rule: str, house: dict | None = None) -> tuple[Sim, PisYedili]:
    options = {"players": players, "ten_rule": ten_rule, "mode": "round", **(house or {})}
    game = PisYedili.new(options, seed=seed)
    return Sim.new(players, ten_rule == "bounce", Rng(seed), House.of(game.options)), game


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    ten_rule=st.sampled_from(["bounce", "reverse"]),
    play_seed=st.integers(0, 2**32),
    house=HOUSE,
)
def test_random_rounds_play_move_for_move_as_the_rules(seed, players, ten_rule, play_seed, house):
    """Under every set of house rules."""
    sim, game = new_pair(seed, players, ten_rule, house)
    rng = Rng(play_seed)
    same(sim, game)
    while not game.over:
        move = rng.choice(game.legal_moves())
        game.play(move)
        sim.apply(move)
        same(sim, game)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    ten_rule=st.sampled_from(["bounce", "reverse"]),
    play_seed=st.integers(0, 2**32),
    stop=st.integers(0, 200),
    house=HOUSE,
)
def test_the_normal_player_chooses_as_the_normal_bot(seed, players, ten_rule, play_seed, stop, house):
    """From a position reached by random play, Normal plays the round out in both:
    the Sim's choice is the bot's at every move (muamele: the top card); under every
    set of house rules."""
    game = PisYedili.new({"players": players, "ten_rule": ten_rule, "mode": "round", **house}, seed=seed)
    rng = Rng(play_seed)
    while not game.over and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    sim = Sim.from_game(game)
    same(sim, game)
    while not game.over:
        seat = game.to_move
        if game.phase == "muamele":
            move = "pick:1"
        else:
            move = NORMAL.choose(game.view(seat), game.legal_moves(), bot_rng(0, seat, 0))
        assert sim.normal() == move
        game.play(move)
        sim.apply(move)
        same(sim, game)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ten_rule", ["bounce", "reverse"])
def test_normal_rounds_score_as_the_rules_and_a_copy_is_independent(players, ten_rule):
    ended_by = set()
    for seed in range(40):
        sim, game = new_pair(seed, players, ten_rule)
        twin = sim.copy()
        while not game.over:
            move = (
                "pick:1"
                if game.phase == "muamele"
                else NORMAL.choose(game.view(game.to_move), game.legal_moves(), bot_rng(0, game.to_move, 0))
            )
            game.play(move)
        assert sim.playout() == list(game.rounds[-1].penalties)
        assert twin.phase == PHASES["opening"] and twin.penalties is None
        assert twin.playout() == sim.penalties
        ended_by.add(game.rounds[-1].out is None)
    assert ended_by == {True, False} or players == 2  # rounds that ran out of stock are covered too


def test_a_match_round_in_progress_is_taken_as_it_stands():
    game = PisYedili.new({"players": 3, "mode": "match", "target": 201}, seed=5)
    rng = Rng(9)
    while game.round_no < 2 and not game.over:
        game.play(rng.choice(game.legal_moves()))
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    sim = Sim.from_game(game)
    same(sim, game)
    assert sim.totals == game.totals and any(game.totals)


HOUSE_SETS = [
    dict(zip(("eight_skips", "ace", "seven_stack", "jack_on_jack", "jack_doubles", "jokers"), values))
    for values in itertools.product(
        (False, True), ("again", "draw"), ("add", "double"), (True, False), (True, False), (False, True)
    )
]


@pytest.mark.parametrize("number", range(len(HOUSE_SETS)))
def test_under_each_set_of_house_rules_normal_rounds_score_as_the_rules(number):
    """Every one of the 64 sets of house rules, with 2, 3 and 4 players in turn: Normal
    plays whole rounds in the Sim as in the rules engine, the same penalties; and the
    Sim made from a seat's view (the pending 7s read back from their count) agrees."""
    house = HOUSE_SETS[number]
    players = 2 + number % 3
    for seed in range(3):
        sim, game = new_pair(seed, players, "bounce" if seed % 2 else "reverse", house)
        while not game.over:
            seat = game.to_move
            move = (
                "pick:1"
                if game.phase == "muamele"
                else NORMAL.choose(game.view(seat), game.legal_moves(), bot_rng(0, seat, 0))
            )
            if game.phase == "play":
                seen = Sim.from_view(game.view(seat), [h[:] for h in game.hands], game.stock[:], Rng(0))
                assert (seen.sevens, seen.house, seen.legal()) == (
                    game.sevens,
                    game.house,
                    game.legal_moves(),
                )
            game.play(move)
        assert sim.playout() == list(game.rounds[-1].penalties)
