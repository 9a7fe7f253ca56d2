"""War's bots: legal moves from the view only (the leak test), and the levels' character."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.bots import bot_move, bot_rng, make_bot
from cardems.rng import Rng
from cardems.war.hard import payoff, solve
from cardems.war.normal import hand_weights
from cardems.war.rules import War, strength
from tests.engine.war_helpers import arranged

LEVELS = ["easy", "normal", "hard", "highest", "lowest"]


def position(seed: int, play_seed: int, stop: int) -> War:
    game = War.new(seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    return game


def disguise(game: War, seat: int, seed: int) -> War:
    """The same position from ``seat``'s chair with every card it cannot see dealt anew:
    the other side's active hand (and its committed card), both draw piles, the burned cards."""
    other = game.copy()
    them = 1 - seat
    hidden = other.committed[them]
    index = other.hands[them].index(hidden) if hidden is not None else None
    down = [i for i, (_, _, up) in enumerate(other.table) if not up]
    pool = other.hands[them] + other.draw[0] + other.draw[1] + [other.table[i][1] for i in down]
    Rng(seed).shuffle(pool)
    other.hands[them] = [pool.pop() for _ in other.hands[them]]
    other.draw = [[pool.pop() for _ in d] for d in other.draw]
    for i in down:
        s, _, up = other.table[i]
        other.table[i] = (s, pool.pop(), up)
    assert not pool
    if index is not None:
        other.committed[them] = other.hands[them][index]
    return other


@pytest.mark.parametrize("level", LEVELS)
@given(
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stop=st.integers(0, 300),
    shuffle=st.integers(0, 2**32),
)
def test_leak_a_bot_chooses_the_same_when_only_unseen_cards_differ(level, seed, play_seed, stop, shuffle):
    game = position(seed, play_seed, stop)
    if game.is_over():
        return
    seat = game.to_move
    twin = disguise(game, seat, shuffle)
    assert twin.view(seat) == game.view(seat)
    bot = make_bot("war", level)
    assert bot_move(twin, bot, seat) == bot_move(game, bot, seat)


def test_the_disguise_really_changes_what_the_seat_cannot_see():
    changed = 0
    for seed in range(20):
        game = position(seed, seed, 2 * seed + 1)  # seat 0 to move, seat 1 committed
        twin = disguise(game, game.to_move, seed + 1)
        changed += (twin.hands[1], twin.committed[1]) != (game.hands[1], game.committed[1])
        assert twin.view(0) == game.view(0)
    assert changed >= 18


@pytest.mark.parametrize("level", LEVELS)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 300))
def test_bots_only_play_legal_cards(level, seed, stop):
    game = position(seed, seed, stop)
    if not game.is_over():
        assert bot_move(game, make_bot("war", level), game.to_move) in game.legal_moves()


def test_the_measurement_bots_play_highest_and_lowest():
    game = War.new(deck=arranged("5S KS 2S", "9H AH 3H"))
    assert bot_move(game, make_bot("war", "highest"), 1) == "AH"
    assert bot_move(game, make_bot("war", "lowest"), 1) == "3H"


def test_hand_weights_follow_what_the_table_saw():
    # The computer wins QS and KS; they go under its 23-card draw pile, so it cannot
    # hold them yet; the human keeps what it has in hand; unseen cards share the rest.
    game = War.new(seed=3, deck=arranged("QS 2C 3C 4C", "KS 5D 6D 7D"))
    game.play("QS/KS")
    game.play("5D")
    weights = hand_weights(game.view(0))
    assert weights["QS"] <= 0.011 and weights["KS"] <= 0.011
    assert "2C" not in weights and "3C" not in weights  # in the human's own hand
    unseen = [w for c, w in weights.items() if c not in ("QS", "KS")]
    assert abs(sum(unseen) - 3) < 0.2  # about the computer's three cards


def test_normal_wins_cheaply_and_saves_its_high_cards_for_wars():
    normal = make_bot("war", "normal")
    game = War.new(deck=arranged("2S 3S 4S", "KH 9H 2H"))
    game.play("2H")
    # the human's hand is weak: against an average card, 9 is not enough but King is?
    choice = normal.choose(game.view(0), game.legal_moves(), bot_rng(0, 0, 1))
    assert choice == "2S"  # nothing in hand is likely to win: throw the cheapest
    game = War.new(deck=arranged("7S 2S 4S 6S 8S 10S QS", "7H 3H 4H 5H 9H JH KH"))
    game.play("7S/7H")  # a war: the table holds eight cards
    view = game.view(1)
    assert view.at_war
    assert normal.choose(view, game.legal_moves(), bot_rng(0, 1, 1)) == max(game.legal_moves(), key=strength)
    plain = War.new(deck=arranged("2S 3S 4S", "KH 9H AH"))
    assert (
        normal.choose(plain.view(1), plain.legal_moves(), bot_rng(0, 1, 0)) == "KH"
    )  # cheapest likely winner


def guaranteed(strategy, mine, types):
    """What a mixed strategy earns on average over the types if each answers it at its best."""
    return sum(
        min(sum(p * payoff(a, b, (0.0, 0.0)) for p, a in zip(strategy, mine)) for b in hand) for hand in types
    ) / len(types)


@pytest.mark.parametrize(
    "mine,types",
    [
        (["5S", "9S", "KS"], [["6H", "10H", "AH"], ["4H", "JH", "QH"]]),
        (["3S", "8S", "QS"], [["4H", "9H", "KH"], ["2D", "7D", "JD"]]),
    ],
)
def test_hard_mixes_and_its_mix_is_safer_than_any_single_card(mine, types):
    strategy = solve(mine, types, (0.0, 0.0))
    assert abs(sum(strategy) - 1) < 1e-9 and sum(p > 0 for p in strategy) >= 2
    pure = [guaranteed([float(i == k) for i in range(len(mine))], mine, types) for k in range(len(mine))]
    assert guaranteed(strategy, mine, types) > max(pure) + 0.1


def test_hard_never_plays_a_card_that_loses_for_sure_when_one_wins_for_sure():
    assert solve(["2S", "AS"], [["3H", "4H", "5H"]], (0.0, 0.0)) == [0.0, 1.0]


def test_hard_is_not_predictable():
    hard = make_bot("war", "hard")
    game = War.new(deck=arranged("5S 9S KS", "6H 10H QH"))
    choices = {hard.choose(game.view(1), game.legal_moves(), Rng(salt)) for salt in range(40)}
    assert len(choices) >= 2


def test_the_bonus_leans_hard_towards_normals_card_without_losing_the_mix_where_it_is_close():
    mine, types = ["5S", "9S", "KS"], [["6H", "10H", "AH"], ["4H", "JH", "QH"]]
    plain = solve(mine, types, (0.0, 0.0))
    leaning = solve(mine, types, (0.0, 0.0), favour="5S", bonus=0.3)
    assert leaning[0] > plain[0]
    assert solve(mine, types, (0.0, 0.0), favour="5S", bonus=5.0) == [1.0, 0.0, 0.0]
