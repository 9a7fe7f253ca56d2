"""Bots play legal moves from their view only, and Normal is clearly better than Easy."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.bots import LEVELS, bot_move, bot_rng, levels_for, make_bot
from cardems.errors import BadInput
from cardems.pisti.rules import Pisti
from cardems.rng import Rng
from tests.engine.helpers import arranged


def test_unknown_level_is_refused():
    with pytest.raises(BadInput, match="unknown level"):
        make_bot("pisti", "godlike")
    assert set(LEVELS) >= {"easy", "normal"}


def position(seed: int, play_seed: int, stop: int, players: int = 2) -> Pisti:
    game = Pisti.new({"players": players}, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    return game


def disguise(game: Pisti, seat: int, seed: int) -> Pisti:
    """The same position from ``seat``'s chair, with every card it cannot see dealt anew:
    the other hands, the stock, and the face-down opening cards (in the pile or captured)."""
    other = game.copy()
    hidden = [c for c in other.opening_hidden if c not in other.opening_known]
    pool = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.stock + hidden
    Rng(seed).shuffle(pool)
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = [pool.pop() for _ in hand]
    other.stock = [pool.pop() for _ in other.stock]
    renamed = {old: pool.pop() for old in hidden}
    assert not pool
    other.opening_hidden = [renamed.get(c, c) for c in other.opening_hidden]
    other.pile = [renamed.get(c, c) for c in other.pile]
    other.captured = [[renamed.get(c, c) for c in cards] for cards in other.captured]
    return other


@pytest.mark.parametrize("level", levels_for("pisti"))
@given(
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stop=st.integers(0, 47),
    players=st.sampled_from([2, 3, 4]),
    shuffle=st.integers(0, 2**32),
)
def test_leak_a_bot_chooses_the_same_when_only_unseen_cards_differ(
    level, seed, play_seed, stop, players, shuffle
):
    game = position(seed, play_seed, stop, players)
    if game.is_over():
        return
    seat = game.to_move
    twin = disguise(game, seat, shuffle)
    assert twin.view(seat) == game.view(seat)
    bot = make_bot("pisti", level)
    assert bot_move(twin, bot, seat) == bot_move(game, bot, seat)


def test_the_disguise_really_changes_what_the_seat_cannot_see():
    changed = 0
    for seed in range(20):
        game = position(seed, seed, seed)
        twin = disguise(game, game.to_move, seed + 1)
        changed += (twin.stock, twin.hands) != (game.stock, game.hands)
        assert twin.view(game.to_move) == game.view(game.to_move)
    assert changed >= 18


@pytest.mark.parametrize("level", levels_for("pisti"))
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 47))
def test_bots_only_play_legal_cards(level, seed, stop):
    game = position(seed, seed, stop)
    if not game.is_over():
        move = bot_move(game, make_bot("pisti", level), game.to_move)
        assert move in game.legal_moves()


def play_deal(seed: int, bots: list) -> list[int]:
    game = Pisti.new(seed=seed)
    while not game.is_over():
        seat = game.to_move
        game.play(bot_move(game, bots[seat], seat))
    return list(game.result().scores)


def test_normal_beats_easy_on_mirrored_deals():
    normal, easy = make_bot("pisti", "normal"), make_bot("pisti", "easy")
    wins = games = diff = 0
    for seed in range(60):
        a = play_deal(seed, [normal, easy])
        b = play_deal(seed, [easy, normal])
        for mine, theirs in ((a[0], a[1]), (b[1], b[0])):
            games += 1
            wins += mine > theirs
            diff += mine - theirs
    assert wins / games >= 0.65 and diff / games > 3


def test_normal_takes_a_pisti():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "AC 7H 8H 9H"))
    game.play("5H")
    game.play("AC")
    normal = make_bot("pisti", "normal")
    assert normal.choose(game.view(0), game.legal_moves(), bot_rng(1, 0, 2)) == "AH"


def test_normal_leads_a_dead_rank_onto_an_empty_pile():
    # After 5S and 5H were seen, the bot's 5D and 5C are the only fives left: leading one
    # cannot give a pişti, while a King or Queen could.
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KH 5D QD 5C"))
    game.play("5H")
    normal = make_bot("pisti", "normal")
    for salt in range(5):
        assert normal.choose(game.view(1), game.legal_moves(), bot_rng(salt, 1, 1)) in {"5D", "5C"}


def test_normal_keeps_its_jack_for_a_pile_worth_it():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "JH 6D 7D 8C"))
    game.play("5H")
    game.play("6D")
    game.play("3H")  # a two-card pile worth nothing: the Jack stays in hand
    normal = make_bot("pisti", "normal")
    assert normal.choose(game.view(1), game.legal_moves(), bot_rng(0, 1, 3)) != "JH"
