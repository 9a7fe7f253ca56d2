"""Pis Yedili bots: legal moves from the view only (leak test), and Normal's habits."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.bots import bot_move, bot_rng, levels_for, make_bot
from cardems.pis_yedili.normal import Situation, choose, name_suit
from cardems.pis_yedili.rules import PisYedili
from cardems.rng import Rng
from tests.engine.pis_yedili_helpers import new, play_all


def position(seed: int, play_seed: int, stop: int, players: int, **house: object) -> PisYedili:
    game = PisYedili.new({"players": players, **house}, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    return game


def disguise(game: PisYedili, seat: int, seed: int) -> PisYedili:
    """The same position from ``seat``'s chair with every card it cannot see dealt anew:
    the other hands and the stock."""
    other = game.copy()
    pool = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.stock
    Rng(seed).shuffle(pool)
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = [pool.pop() for _ in hand]
    other.stock = [pool.pop() for _ in other.stock]
    assert not pool
    return other


@pytest.mark.parametrize("level", levels_for("pis-yedili"))
@given(
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stop=st.integers(0, 120),
    players=st.sampled_from([2, 3, 4]),
    shuffle=st.integers(0, 2**32),
)
def test_leak_a_bot_chooses_the_same_when_only_unseen_cards_differ(
    level, seed, play_seed, stop, players, shuffle
):
    game = position(seed, play_seed, stop, players)
    if game.is_over() or game.phase == "muamele":
        return
    seat = game.to_move
    twin = disguise(game, seat, shuffle)
    assert twin.view(seat) == game.view(seat)
    bot = make_bot("pis-yedili", level)
    assert bot_move(twin, bot, seat) == bot_move(game, bot, seat)


def test_the_disguise_really_changes_what_the_seat_cannot_see():
    changed = 0
    for seed in range(20):
        game = position(seed, seed, 10 + seed, 2)
        twin = disguise(game, game.to_move, seed + 1)
        changed += (twin.stock, twin.hands) != (game.stock, game.hands)
    assert changed >= 18


@pytest.mark.parametrize("level", levels_for("pis-yedili"))
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 150), players=st.sampled_from([2, 3, 4]))
def test_bots_only_play_legal_moves(level, seed, stop, players):
    game = position(seed, seed, stop, players)
    if not game.is_over():
        move = bot_move(game, make_bot("pis-yedili", level), game.to_move)
        assert move in game.legal_moves()


def play_round(seed: int, bots: list, players: int = 2) -> list[int]:
    game = PisYedili.new({"players": players, "mode": "round"}, seed=seed)
    while not game.is_over():
        seat = game.to_move
        game.play(bot_move(game, bots[seat], seat))
    return list(game.result().scores)


def test_normal_beats_easy_on_mirrored_rounds():
    normal, easy = make_bot("pis-yedili", "normal"), make_bot("pis-yedili", "easy")
    better = diff = 0
    for seed in range(40):
        a = play_round(seed, [normal, easy])
        b = play_round(seed, [easy, normal])
        for mine, theirs in ((a[0], a[1]), (b[1], b[0])):
            better += mine < theirs
            diff += theirs - mine
    assert better / 80 >= 0.7 and diff / 80 > 10


def opened(h0: str, h1: str, stock: str = "") -> PisYedili:
    game = new(h0, h1, stock=stock)
    play_all(game, f"{h0.split()[0]} {h1.split()[0]}")
    return game


def normal_choice(game: PisYedili, salt: int = 0) -> str:
    seat = game.to_move
    return make_bot("pis-yedili", "normal").choose(
        game.view(seat), game.legal_moves(), bot_rng(salt, seat, 0)
    )


def test_normal_answers_a_seven_with_a_seven():
    game = opened("2C 7C QS QH QD KS KH", "3C 7H KD 5D 8D 6D 4D")
    game.play("7C")
    assert normal_choice(game) == "7H"


def test_normal_sheds_the_expensive_card_first():
    game = opened("2C 3C KC 4H 5H 6H 8H", "9C 2D 3D 4D 5D 6D 8D")
    assert normal_choice(game) == "KC"  # 3C also fits, K costs 10


def test_normal_keeps_its_last_seven_and_its_jack_while_it_can():
    game = opened("2C 7C 4C JH 5S 6S 8S", "9C 2D 3D 4D 5D 6D 8D")
    assert normal_choice(game) == "4C"
    game = opened("2C 7C JH 4S 5S 6S 8S", "9C 2D 3D 4D 5D 6D 8D")
    assert normal_choice(game) == "draw"  # rather than its only 7 or its Jack


def test_normal_plays_its_jack_when_someone_is_about_to_go_out_and_names_its_longest_suit():
    table = Situation(
        seat=0,
        players=2,
        hand=["JH", "2S", "3S", "9S", "4D", "KC"],
        top="5H",
        named=None,
        pending=0,
        drawn=False,
        target=1,
        hand_sizes=[6, 2],
        totals=[0, 0],
        decks=1,
    )
    legal = [f"JH:{s}" for s in "SHDC"] + ["draw"]
    assert choose(table, legal, Rng(0)) == "JH:S"
    assert name_suit(["JH", "4D", "5D", "KS"], "JH") == "D"


@given(st.integers(0, 2**32), st.integers(0, 100))
def test_hard_is_deterministic_for_a_view_and_a_seed(seed, stop):
    game = position(seed, seed, stop, 2)
    if game.is_over():
        return
    hard = make_bot("pis-yedili", "hard")
    seat = game.to_move
    assert bot_move(game, hard, seat) == bot_move(game.copy(), hard, seat)


def test_hard_gate_is_stricter_beyond_two_players_and_can_be_set():
    from cardems.pis_yedili.hard import gate

    assert gate(2) == 1.0  # two players: as measured, unchanged
    assert gate(3) == gate(4) == 2.0  # more: deviations must clear 2 standard errors
    assert gate(4, 0.5) == 0.5


def test_hard_draws_only_where_normal_would():
    from cardems.pis_yedili.hard import PisYediliHard

    hard = PisYediliHard()
    game = opened("2C 7C JH 4S 5S 6S 8S", "9C 2D 3D 4D 5D 6D 8D")  # Normal draws here
    view, legal = game.view(0), game.legal_moves()
    assert "draw" in hard.candidates(view, legal)
    game = opened("2C 3C KC 4H 5H 6H 8H", "9C 2D 3D 4D 5D 6D 8D")  # Normal sheds KC
    view, legal = game.view(0), game.legal_moves()
    assert "draw" in legal and hard.candidates(view, legal)[0] == "KC"
    assert "draw" not in hard.candidates(view, legal)


def test_hard_with_more_players_values_hurting_any_other_and_ending_lowest():
    from cardems.pis_yedili.hard import WIN_BONUS_BY_PLAYERS, PisYediliModel

    view = PisYedili.new({"players": 3, "mode": "round"}, seed=1).view(0)
    model = PisYediliModel()
    spread = model.utility([10.0, 0.0, 40.0], view)  # someone else went out
    even = model.utility([10.0, 20.0, 20.0], view)  # same mean, I am lowest
    assert even - spread == pytest.approx(WIN_BONUS_BY_PLAYERS[3])
    assert model.utility([10.0, 30.0, 40.0], view) > model.utility([10.0, 20.0, 40.0], view)


def test_hard_with_four_players_keeps_its_jack_until_someone_is_down_to_one_card():
    from cardems.pis_yedili.sim import PLAY, Sim

    sim = Sim.new(4, True, Rng(1))
    sim.phase, sim.turn, sim.pile, sim.named = PLAY, 0, ["5H"], None
    sim.hands[0] = ["JH", "2S", "3S", "9S", "4D", "KH"]
    sim.hands[1] = sim.hands[1][:2]  # the next player may go out soon
    assert sim.choose() == "JH:S"  # Normal sheds its Jack
    sim.bold = 0
    assert sim.choose() == "KH"  # the bold player keeps it
    sim.hands[1] = sim.hands[1][:1]
    assert sim.choose() == "JH:S"  # ... until someone is down to one card
    sim.hands[1] = sim.hands[2][:5]
    sim.hands[0] = ["JH", "9H"]
    assert sim.choose() == "9H"  # and goes out with the Jack
    sim.bold = -1
    assert sim.choose() == "JH:H"


@pytest.mark.parametrize(("seed", "house"), [(3, {}), (8, {}), (5, {"jokers": True}), (6, {"ace": "draw"})])
def test_hard_with_four_players_spends_a_budget_of_playouts(seed, house, monkeypatch):
    from cardems.pis_yedili import hard as hard_module

    game = position(seed, seed, 30, 4, **house)
    bot = hard_module.PisYediliHard()
    while not game.is_over():
        seat = game.to_move
        view, legal = game.view(seat), game.legal_moves()
        if view.phase == "play" and len(bot.candidates(view, legal)) > 2:
            break
        game.play(bot_move(game, make_bot("pis-yedili", "normal"), seat))
    assert not game.is_over()
    played = []
    playout = hard_module.PisYediliModel.playout
    monkeypatch.setattr(
        hard_module.PisYediliModel,
        "playout",
        lambda self, state, rng: played.append(1) or playout(self, state, rng),
    )
    bot.choose(view, legal, Rng(seed))
    worlds = hard_module.SAMPLES_BY_PLAYERS[4]
    per_world = (hard_module.HOUSE_PLAYOUTS_PER_WORLD if house else hard_module.PLAYOUTS_PER_WORLD)[4]
    assert hard_module.playouts_per_world(view) == per_world
    budget = worlds * per_world
    moves = len(bot.candidates(view, legal))
    assert moves <= len(played) <= budget
    monkeypatch.setattr(hard_module, "CHECK", 10**9)  # no move drops out: the budget decides
    played.clear()
    bot.choose(view, legal, Rng(seed))
    assert len(played) == min(worlds * hard_module.STRETCH, budget // moves) * moves
