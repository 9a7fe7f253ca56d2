"""Abstract's bots: legal moves from the view only (the leak test), and the ladder."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.abstract.rules import Abstract
from cardems.arena import run
from cardems.bots import bot_move, make_bot
from cardems.rng import Rng

VARIANTS = st.sampled_from(["base", "suit", "unlimited", "52"])


def position(variant: str, seed: int, play_seed: int, stop: int) -> Abstract:
    game = Abstract.new({"variant": variant, "target": 400}, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    return game


def disguise(game: Abstract, seed: int) -> Abstract:
    """The same position with what nobody has seen dealt anew: the order of Abstract 52's
    second row during the first half, and the future deals of the match (the seed)."""
    other = game.copy()
    if other.variant == "52" and other.half == 0:
        Rng(seed).shuffle(other.rows[1])
    other.rng = Rng(seed)
    return other


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@given(
    variant=VARIANTS,
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stop=st.integers(0, 30),
    shuffle=st.integers(0, 2**32),
)
def test_leak_a_bot_chooses_the_same_when_only_unseen_cards_differ(
    level, variant, seed, play_seed, stop, shuffle
):
    game = position(variant, seed, play_seed, stop)
    if game.is_over():
        return
    seat = game.to_move
    twin = disguise(game, shuffle)
    assert twin.view(seat) == game.view(seat)
    bot = make_bot("abstract", level)
    move = bot_move(game, bot, seat)
    assert move in game.legal_moves()
    assert bot_move(twin, bot, seat) == move


def test_the_disguise_really_changes_the_second_row():
    changed = sum(
        disguise(position("52", s, s, 3), s + 1).rows[1] != position("52", s, s, 3).rows[1] for s in range(10)
    )
    assert changed == 10


def test_normal_beats_easy_and_hard_beats_normal_on_mirrored_deals():
    normal = run("abstract", ["normal", "easy"], 40, 5, {"mode": "deal"})
    assert normal.wins / normal.games >= 0.62 and normal.mean_diff > 0
    hard = run("abstract", ["hard", "normal"], 40, 5, {"mode": "deal"})
    assert hard.wins / hard.games >= 0.8 and hard.mean_diff > 0


def test_every_level_plays_every_variant_to_the_end():
    for variant in ("base", "suit", "unlimited", "52"):
        for level in ("easy", "normal", "hard"):
            game = Abstract.new({"variant": variant, "mode": "deal"}, seed=7)
            bots = [make_bot("abstract", level), make_bot("abstract", "easy")]
            while not game.is_over():
                game.play(bot_move(game, bots[game.to_move], game.to_move))
            assert game.result().over and sum(game.result().captured) == (
                52 if variant == "52" else 24 + (variant == "unlimited")
            )
