"""The Hard opponent: its playout scores deals exactly like the rules, its samples
agree with the view, and it finds what a strong player finds."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.bots import bot_move, bot_move_steps, make_bot
from cardems.pisti import hard
from cardems.pisti.hard import (
    POINTS,
    PistiHard,
    PistiModel,
    Sim,
    best_strategy,
    deal_hands,
    last_hand_worlds,
    likelihood,
)
from cardems.pisti.rules import Pisti
from cardems.rng import Rng
from cardems.search import run_steps
from tests.engine.helpers import arranged


def true_sim(game: Pisti):
    """The playout state of the real position (every card where it really is)."""
    view = game.view(game.to_move)
    sim, _ = PistiModel(horizon=99).sample(view, Rng(0))
    sim.hands = [list(h) for h in game.hands]
    sim.stock = list(game.stock)
    hidden = [c for c in game.opening_hidden if c not in game.opening_known]
    sim.points = [view.known_points(s) for s in range(len(sim.points))]
    sim.pile_points = sum(POINTS[c] for c in game.pile)
    if not game.pile_hidden and game.hidden_holder is not None:
        sim.points[game.hidden_holder] += sum(POINTS[c] for c in hidden)
    return sim


def played_at_random(seed: int, stop: int, players: int) -> Pisti:
    """A deal after ``stop`` random moves (fewer if it ends first)."""
    game = Pisti.new({"players": players}, seed=seed)
    rng = Rng(seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    return game


HOUSE_RULES = st.fixed_dictionaries(
    {
        "jack_pisti": st.sampled_from([20, 10]),
        "first_round_pisti": st.booleans(),
        "most_cards_tie": st.sampled_from(["nobody", "last", "carry"]),
    }
)


@given(st.integers(0, 2**32), st.integers(0, 47), st.sampled_from([2, 3, 4]), st.booleans(), HOUSE_RULES)
def test_the_playout_scores_a_deal_exactly_as_the_rules_do(seed, stop, players, lcp, house):
    game = Pisti.new({"players": players, "last_card_pisti": lcp, **house}, seed=seed)
    rng = Rng(seed)
    while len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    sim = true_sim(game)
    while not game.is_over():
        card = rng.choice(game.legal_moves())
        game.play(card)
        sim.play(card)
    assert sim.scores() == list(game.result().scores)


@given(st.integers(0, 2**32), st.integers(0, 47), st.sampled_from([2, 3, 4]), st.booleans())
def test_a_sample_is_a_possible_world(seed, stop, players, robust):
    game = played_at_random(seed, stop, players)
    if game.is_over():
        return
    view = game.view(game.to_move)
    saved = hard.ROBUST, hard.ADAPT
    hard.ROBUST = hard.ADAPT = robust  # ADAPT weighs deals as ROBUST does
    try:
        sim, weight = PistiModel().sample(view, Rng(seed))
    finally:
        hard.ROBUST, hard.ADAPT = saved
    assert 0.0 <= weight < float("inf")
    assert [len(h) for h in sim.hands] == [len(h) for h in game.hands]
    assert sim.hands[view.seat] == game.hands[view.seat]
    dealt = [c for h in sim.hands for c in h] + sim.stock
    assert len(set(dealt)) == len(dealt) and not set(dealt) & (view.seen() - set(view.hand))
    if robust:
        return
    for seat, ranks in view.not_holding().items():  # without the styles, ranks a seat declined stay away
        possible = [c for c in view.unseen() if c[:-1] not in ranks]
        if len(possible) >= len(sim.hands[seat]) * 2:
            assert all(card[:-1] not in ranks for card in sim.hands[seat])


def test_dealing_declined_ranks_now_and_then_is_weighed_back_to_a_uniform_deal():
    # A seat that covered an Ace without taking it may still hold one (another style than
    # Normal's); deals that keep Aces away are likelier, and the importance factor undoes that:
    # the weighted share of its hands with an Ace is a uniform deal's.
    from math import comb

    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC 7D 8H 9H"))
    for card in ("5H", "KC", "AH", "7D"):
        game.play(card)
    view = game.view(0)
    unseen = view.unseen()
    aces = sum(c[0] == "A" for c in unseen)
    uniform = 1 - comb(len(unseen) - aces, 2) / comb(len(unseen), 2)
    rng = Rng(5)
    mass = with_ace = plain = 0.0
    for _ in range(20000):
        pool = unseen[:]
        rng.shuffle(pool)
        hands, factor = hard.deal_soft(view, pool, view.not_holding(), {1: 0.3}, rng)
        mass += factor
        if any(c[0] == "A" for c in hands[1]):
            with_ace += factor
        else:
            plain += 1
    assert 1 - plain / 20000 < uniform / 2  # the dealing itself keeps Aces away ...
    assert with_ace / mass == pytest.approx(uniform, abs=0.015)  # ... the weights put them back


def test_the_others_style_is_read_from_the_hands_they_played_out(monkeypatch):
    monkeypatch.setattr(hard, "ROBUST", True)  # on by default with 2 players (ROBUST_PLAYERS)
    # Normal's plays make the sharp Normal style the likeliest; Easy's (any card) the others.
    from cardems.pisti.normal import PistiNormal

    def strict_weight(opponent, seed):
        game = Pisti.new({"players": 2}, seed=seed)
        bots = [PistiNormal(), make_bot("pisti", opponent)]
        while len(game.history) < 32:
            game.play(bot_move(game, bots[game.to_move], game.to_move))
        return hard.Known(game.view(0)).styles[1][0][0]

    assert min(strict_weight("normal", seed) for seed in range(4)) > 0.9
    assert max(strict_weight("easy", seed) for seed in range(4)) < 0.1
    assert hard.Known(Pisti.new(seed=1).view(0)).styles == {}  # nothing played out yet: the prior


def test_not_holding_reads_declined_captures_this_hand():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC 7D 8H 9H"))
    game.play("5H")  # seat 0 takes
    game.play("KC")  # seat 1 leads a King
    game.play("AH")  # seat 0 covers it
    game.play("7D")  # seat 1 plays a 7 on the Ace: so it holds no Ace
    view = game.view(0)
    assert view.not_holding() == {1: {"A"}}
    hands = deal_hands(view, [c for c in view.unseen() if c != "AS"] + ["AS"])
    assert not any(c.startswith("A") for c in hands[1])
    assert likelihood(view, [view.hand, ["8H", "9H"]], 0.5) > likelihood(view, [view.hand, ["AS", "9H"]], 0.5)


def test_a_tempered_likelihood_runs_from_the_normal_model_to_uniform():
    # Seat 1 covered an Ace without taking it: Normal would have taken it with an Ace.
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC 7D 8H 9H"))
    for card in ("5H", "KC", "AH", "7D"):
        game.play(card)
    view = game.view(0)
    plain, ace = [view.hand, ["8H", "9H"]], [view.hand, ["AS", "9H"]]
    assert likelihood(view, plain, 0.15, power=0.0) == likelihood(view, ace, 0.15, power=0.0) == 1.0
    assert likelihood(view, plain, 0.15, tremble=1.0) == pytest.approx(
        likelihood(view, ace, 0.15, tremble=1.0)
    )
    sharp = likelihood(view, ace, 0.15) / likelihood(view, plain, 0.15)
    loose = likelihood(view, ace, 0.15, tremble=0.2) / likelihood(view, plain, 0.15, tremble=0.2)
    tempered = likelihood(view, ace, 0.15, power=0.5) / likelihood(view, plain, 0.15, power=0.5)
    assert sharp < loose < 1.0 and sharp < tempered < 1.0  # the unlikely world keeps more weight
    assert loose > 0.2 / 4  # a trembling player declines now and then: never near 0


def test_a_trembling_model_may_deal_a_declined_rank_with_its_weight(monkeypatch):
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC 7D 8H 9H"))
    for card in ("5H", "KC", "AH", "7D"):
        game.play(card)
    view = game.view(0)
    monkeypatch.setattr(hard, "TREMBLE", 0.2)
    monkeypatch.setattr(hard, "DECLINED_FREE", 1.0)
    monkeypatch.setattr(hard, "ADAPT", False)  # their styles' weighing replaces the tremble's
    monkeypatch.setattr(hard, "ROBUST", False)
    assert hard.Known(view).free == {1: 1.0}
    rng, model = Rng(3), PistiModel()
    with_ace = [
        w
        for sim, w in (model.sample(view, rng) for _ in range(200))
        if any(c[0] == "A" for c in sim.hands[1])
    ]
    assert with_ace and min(with_ace) > 0.0  # dealt, and weighed as the tremble allows


def test_hard_takes_the_pisti_and_keeps_a_dead_rank_for_the_lead():
    hard = make_bot("pisti", "hard")
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "AC 7H 8H 9H"))
    game.play("5H")
    game.play("AC")
    assert bot_move(game, hard, 0) == "AH"
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KH 5D QD 5C"))
    game.play("5H")
    assert bot_move(game, hard, 1) in {"5D", "5C"}


def test_the_sliced_decision_is_the_same_decision():
    game = Pisti.new(seed=8)
    hard = PistiHard(samples=8)
    steps = bot_move_steps(game, hard, 0)
    slices = 0
    try:
        while True:
            next(steps)
            slices += 1
    except StopIteration as stop:
        move = stop.value
    assert slices == 8 and move == bot_move(game, hard, 0) == run_steps(bot_move_steps(game, hard, 0))


@given(st.integers(0, 2**32), st.integers(0, 47), st.sampled_from([2, 3, 4]))
def test_the_fast_playout_player_chooses_as_normal_judges(seed, stop, players):
    # Sim.club is Normal's judgement rewritten for speed: it must pick a card Normal rates best.
    from cardems.pisti.normal import PistiNormal

    game = played_at_random(seed, stop, players)
    if game.is_over() or game.pile_hidden:  # Normal estimates face-down cards; the playout knows its sample
        return
    view = game.view(game.to_move)
    normal = PistiNormal()
    scores = {c: normal.score(view, c) for c in game.legal_moves()}
    assert scores[true_sim(game).club()] >= max(scores.values()) - 1e-9


def test_hard_with_three_players_counts_the_mean_of_the_others_and_plays_whole_deals():
    from cardems.pisti.hard import HORIZON
    from cardems.pisti.rules import Pisti

    view = Pisti.new({"players": 3}, seed=2).view(0)
    model = PistiModel()
    assert model.utility([10.0, 0.0, 20.0], view) == pytest.approx(0.0)
    assert model.utility([10.0, 4.0, 4.0], view) == pytest.approx(6.0)
    for players, hands in HORIZON.items():  # the deal's hands after the four opening cards
        assert hands * 4 * players == 48


def test_the_inference_explains_normal_players_exactly():
    # The others' plays are weighed with Normal's judgement as each of them saw the table:
    # against Normal players the true hands are never ruled out, even at a tiny temperature.
    from cardems.pisti.normal import PistiNormal

    normal = PistiNormal()
    for players in (2, 3, 4):
        for seed in range(3):
            game = Pisti.new({"players": players}, seed=seed)
            while not game.is_over():
                if game.to_move == 0:
                    view = game.view(0)
                    assert likelihood(view, [list(h) for h in game.hands], 0.001) > 1e-4
                game.play(bot_move(game, normal, game.to_move))


def test_a_playout_player_who_sees_the_next_hand_keeps_its_discard_from_it():
    # Seat 0 holds two 8s: by the odds an 8 is its safest discard, but seat 1 holds the third.
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "AH 8C 8D 3H", "KC 7D 8H 9H"))
    sim = true_sim(game)
    assert sim.club()[0] == "8"
    assert sim.club(seeing=True)[0] != "8"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_later_decisions_spend_on_samples_what_their_shorter_playouts_save(players):
    # work of a decision ~ samples x candidates x cards left to play: none costs more than the
    # deal's first, none has fewer samples, and the cheap ones (the last hand) get more
    from cardems.pisti.hard import HAND, MAX_FACTOR

    model, base = PistiModel(), 40
    game, normal = Pisti.new({"players": players}, seed=players), make_bot("pisti", "normal")
    budgets = []
    while not game.is_over():
        view = game.view(game.to_move)
        samples = model.budget(view, base)
        left = view.stock_size + sum(view.hand_sizes)
        budgets.append(samples)
        assert base <= samples <= base * MAX_FACTOR
        assert samples * len(view.hand) * left <= base * HAND * 48
        game.play(bot_move(game, normal, game.to_move))
    assert budgets[0] == base and budgets[-1] == base * MAX_FACTOR


@given(
    st.integers(0, 2**32), st.integers(0, 47), st.sampled_from([2, 3, 4]), st.integers(-1, 2), st.booleans()
)
def test_a_whole_playout_is_its_moves_played_one_by_one(seed, stop, players, seeing, any_card):
    # Sim.run keeps the deal in local names while it loops: a playout in one run ends where
    # the same playout played a move at a time ends, horizon included (and the others'
    # generator where they play any card, ADAPT)
    game = played_at_random(seed, stop, players)
    if game.is_over():
        return
    whole = PistiModel().sample(game.view(game.to_move), Rng(seed))[0]
    whole.rand = 1 + seed % 0x7FFFFFFE if any_card else 0
    steps = whole.copy()
    whole.run(None, seeing)
    moves = 0
    while steps.turn >= 0:
        steps.run(None, seeing, 1)
        moves += 1
    assert moves > 0 and whole.turn == steps.turn in (-1, -2)
    assert [getattr(whole, f) for f in Sim.__slots__] == [getattr(steps, f) for f in Sim.__slots__]
    assert whole.in_hands == sum(map(len, whole.hands)) and whole.left == whole.in_hands + len(whole.stock)
    assert whole.n_seen == sum(whole.seen.values())


def last_hand(seed: int, stop: int) -> Pisti | None:
    """A 2-player deal in its last hand, or None if it has no such position. Normal plays it:
    a player who can take the pile with its rank does (what the worlds assume)."""
    game = Pisti.new({"players": 2}, seed=seed)
    normal = make_bot("pisti", "normal")
    while not game.is_over() and len(game.moves) < 40 + stop:
        game.play(bot_move(game, normal, game.to_move))
    if game.is_over() or game.stock or game.pile_hidden or len(game.legal_moves()) < 2:
        return None
    return game


def seeing_best(sim: Sim, me: int) -> float:
    """``me``'s best utility in one world seen whole: every card of its tried, the other as Normal."""
    if sim.turn < 0:
        values = sim.value()
        return values[me] - values[1 - me]
    if sim.turn != me:
        after = sim.copy()
        after.run(None, -1, 1)
        return seeing_best(after, me)
    results = []
    for card in sim.hands[me]:
        after = sim.copy()
        after.run(card, -1, 1)
        results.append(seeing_best(after, me))
    return max(results)


@given(st.integers(0, 2**32), st.integers(0, 6))
def test_the_last_hand_worlds_are_the_hands_the_other_can_hold(seed, stop):
    game = last_hand(seed, stop)
    if game is None:
        return
    me = game.to_move
    view = game.view(me)
    worlds = last_hand_worlds(view)
    robust = hard.ROBUST or hard.ADAPT  # another style may decline
    declined = set() if robust else view.not_holding().get(1 - me, set())
    possible = [
        h
        for h in combinations(view.unseen(), len(game.hands[1 - me]))
        if not any(c[:-1] in declined for c in h)
    ]
    assert sorted(sorted(sim.hands[1 - me]) for _, sim in worlds) == sorted(sorted(h) for h in possible)
    true = true_sim(game)
    [(weight, world)] = [(w, s) for w, s in worlds if sorted(s.hands[1 - me]) == sorted(game.hands[1 - me])]
    assert weight > 0
    for field in (
        "turn",
        "top",
        "pile_size",
        "pile_points",
        "captured",
        "points",
        "last_capturer",
        "left",
        "in_hands",
        "seen",
        "n_seen",
        "stock",
    ):
        assert getattr(world, field) == getattr(true, field), field


@given(st.integers(0, 2**32), st.integers(0, 6))
def test_the_solved_last_hand_is_worth_between_normal_play_and_seeing_the_cards(seed, stop):
    # Choosing each card knowing only what was played can do no better than seeing the other's
    # hand in every world, and no worse than playing on as Normal (who sees no more than that).
    game = last_hand(seed, stop)
    if game is None:
        return
    me = game.to_move
    worlds = last_hand_worlds(game.view(me))
    assert_between_normal_and_seeing(worlds, best_strategy(worlds, me), me, game.hands[me])
    one = [(1.0, true_sim(game))]
    assert best_strategy(one, me) == {c: seeing_best(_played(one[0][1], c), me) for c in game.hands[me]}


def assert_between_normal_and_seeing(
    worlds: list[tuple[float, Sim]], totals: dict[str, float], me: int, hand: list[str]
) -> None:
    """Each card's planned worth over ``worlds`` lies between playing on as Normal and seeing
    every world whole."""
    for card in hand:
        seeing = normal = 0.0
        for weight, sim in worlds:
            after = _played(sim, card)
            seeing += weight * seeing_best(after, me)
            after.run(None, -1)
            values = after.value()
            normal += weight * (values[me] - values[1 - me])
        assert normal - 1e-9 <= totals[card] <= seeing + 1e-9


def _played(sim: Sim, card: str) -> Sim:
    after = sim.copy()
    after.run(card, -1, 1)
    return after


def test_hard_solves_the_last_hand_in_slices_and_searches_before_it():
    # the last hand is solved (a slice for each card tried at each choice), not sampled
    hard, plain = PistiHard(samples=8), PistiHard(samples=8, exact_last_hand=False)
    for seed in range(40):
        game = last_hand(seed, 0)
        if game is not None:
            break
    seat = game.to_move
    slices = sum(1 for _ in bot_move_steps(game, hard, seat))
    sampled = PistiModel().budget(game.view(seat), 8)
    assert slices > len(game.legal_moves()) and slices != sampled
    assert bot_move(game, hard, seat) == run_steps(bot_move_steps(game, hard, seat))
    assert sum(1 for _ in bot_move_steps(game, plain, seat)) == sampled
    early = Pisti.new(seed=8)
    assert sum(1 for _ in bot_move_steps(early, hard, 0)) == 8


def test_the_playout_scores_a_deal_with_points_carried_from_a_tie():
    # seed 73's first deal, played with the first legal cards, ends 26-26: with
    # most_cards_tie=carry the second is worth 6 for most cards, and the playout knows it
    game = Pisti.new({"mode": "match", "target": 51, "most_cards_tie": "carry"}, seed=73)
    while game.deal_no == 1:
        game.play(game.legal_moves()[0])
    for _ in range(5):
        game.play(game.legal_moves()[-1])
    sim = true_sim(game)
    assert sim.most_points == 6
    while game.deal_no == 2:
        card = game.legal_moves()[0]
        game.play(card)
        sim.play(card)
    assert sim.scores() == [b.total for b in game.deal_results[1]]


@pytest.mark.parametrize("seed", [3, 11])
def test_leak_the_tempered_model_chooses_the_same_when_only_unseen_cards_differ(monkeypatch, seed):
    from tests.engine.test_bots import disguise, position

    monkeypatch.setattr(hard, "TREMBLE", 0.1)
    monkeypatch.setattr(hard, "POWER", 0.5)
    monkeypatch.setattr(hard, "DECLINED_FREE", 0.3)
    bot = PistiHard(samples=16)
    for stop in (5, 21, 41):
        game = position(seed, seed + 1, stop)
        if game.is_over():
            continue
        seat = game.to_move
        twin = disguise(game, seat, seed + stop)
        assert twin.view(seat) == game.view(seat)
        assert bot_move(twin, bot, seat) == bot_move(game, bot, seat)


@given(st.integers(0, 2**32), st.integers(0, 47), st.sampled_from([2, 3, 4]), HOUSE_RULES)
def test_greedy_others_in_playouts_play_as_the_greedy_player(seed, stop, players, house):
    # OTHERS_GREEDY (measured, off): in a playout the other sides take the most points now. The
    # panel's greedy player (its own code) must rate that card as high as its own choice;
    # one's own side still plays as Normal judges.
    from cardems.pisti.panel import greedy_card

    game = Pisti.new({"players": players, **house}, seed=seed)
    rng = Rng(seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    if game.is_over() or game.pile_hidden:
        return
    view = game.view(game.to_move)
    sim = true_sim(game)
    normal_card = sim.club()
    sim.greedy = True
    side = game.to_move % 2 if players == 4 else game.to_move
    for me in range(len(sim.points)):
        sim.me = me
        card = sim.club()
        if me == side or len(game.hands[game.to_move]) == 1:
            assert card == normal_card
            continue
        top = view.pile_up[-1][:-1] if view.pile_up else None
        last = view.stock_size == 0 and sum(view.hand_sizes) == 1
        counts = view.pisti_now and (view.last_card_pisti or not last)
        points = sum(POINTS[c] for c in game.pile)
        best = greedy_card(list(game.legal_moves()), top, view.pile_size, points, counts)
        assert card[:-1] == best[:-1] or POINTS[card] == POINTS[best] and (card[0] == "J") == (best[0] == "J")


@pytest.mark.parametrize(
    ("top", "size", "hand", "first_round", "greedy"),
    [
        ("5", 1, "5H JS 2C KD", False, "5H"),  # the pişti's 10 beat the Jack's point
        ("5", 1, "5H JS 2C KD", True, "JS"),  # ... but none counts in the first round here
        ("A", 3, "JS AH", False, "AH"),  # captures worth the same: not the Jack
        (None, 0, "JS 2C", False, "2C"),  # a discard: the cheapest, Jacks last
        (None, 0, "10D 2C KD", False, "KD"),
    ],
)
def test_greedy_others_in_playouts_take_the_most_points_now(top, size, hand, first_round, greedy):
    game = Pisti.new({"players": 2}, seed=1)
    sim = true_sim(game)
    sim.hands[sim.turn] = hand.split()
    sim.top, sim.pile_size, sim.pile_points = top, size, 0
    sim.first_stock = len(sim.stock) if first_round else -1
    sim.me = 1 - sim.turn
    sim.greedy = True
    assert sim.club() == greedy
    sim.me = sim.turn  # one's own side still plays as Normal judges
    sim.greedy = False
    normal = sim.club()
    sim.greedy = True
    assert sim.club() == normal


def test_each_others_style_is_read_from_the_hands_it_played_out(monkeypatch):
    # ADAPT: after four hands, Normal's plays read as Normal, Easy's as any card alike and the
    # panel's greedy player's as greedy (the panel's code, not the reading's)
    monkeypatch.setattr(hard, "ADAPT", True)
    from cardems.pisti.normal import PistiNormal

    def reading(opponent, seed):
        game = Pisti.new({"players": 2}, seed=seed)
        bots = [PistiNormal(), make_bot("pisti", opponent)]
        while len(game.history) < 32:
            game.play(bot_move(game, bots[game.to_move], game.to_move))
        return hard.Known(game.view(0)).adapted

    for opponent, style in (("normal", 0), ("greedy", 1), ("easy", 2)):
        readings = [reading(opponent, seed) for seed in range(6)]
        assert sum(r[style] for r in readings) / len(readings) > 0.6, (opponent, readings)
        assert all(sum(r) == pytest.approx(1.0) for r in readings)
    assert hard.Known(Pisti.new(seed=1).view(0)).adapted == pytest.approx(list(hard.ADAPT_PRIOR))


def test_others_who_play_any_card_in_playouts_play_each_card_of_their_hand():
    # ADAPT: a playout's other side, read as playing any card alike, draws it from its
    # generator (the same state, the same card: moves are compared on the same playouts);
    # one's own side still plays as Normal judges
    sim = true_sim(Pisti.new({"players": 2}, seed=3))
    normal = sim.club()
    hand = sim.hands[sim.turn]
    sim.me = 1 - sim.turn
    chosen = set()
    for state in range(1, 60):
        sim.rand = state
        card = sim.club()
        assert card in hand and sim.club() == card
        chosen.add(card)
    assert chosen == set(hand)
    sim.me = sim.turn
    assert sim.club() == normal


def test_adapted_samples_draw_the_others_style_by_its_reading(monkeypatch):
    monkeypatch.setattr(hard, "ADAPT", True)
    game = Pisti.new({"players": 2}, seed=4)
    easy = make_bot("pisti", "easy")
    normal = make_bot("pisti", "normal")
    while len(game.history) < 33:
        game.play(bot_move(game, normal if game.to_move == 0 else easy, game.to_move))
    view = game.view(game.to_move)
    model = PistiModel()
    rng = Rng(9)
    sims = [model.sample(view, rng)[0] for _ in range(400)]
    reading = model._known.adapted
    shares = [
        sum(not s.greedy and not s.rand for s in sims) / 400,
        sum(s.greedy for s in sims) / 400,
        sum(bool(s.rand) for s in sims) / 400,
    ]
    assert shares == pytest.approx(reading, abs=0.08)


def test_the_solved_last_hand_has_the_other_play_in_each_style_it_was_read_in(monkeypatch):
    # ADAPT: each deal of the other's hand comes once per style the reading gives a share,
    # weighed by that share (any card alike: several plays of it, each its own generator)
    monkeypatch.setattr(hard, "ADAPT", True)
    monkeypatch.setattr(hard, "ADAPT_LAST_HAND", True)
    game = Pisti.new({"players": 2}, seed=2)
    bots = [make_bot("pisti", "normal"), make_bot("pisti", "easy")]
    while len(game.history) < 40 or game.to_move != 0:
        game.play(bot_move(game, bots[game.to_move], game.to_move))
    view = game.view(0)
    reading = hard.Known(view).adapted
    styled = last_hand_worlds(view)
    monkeypatch.setattr(hard, "ADAPT_LAST_HAND", False)
    plain = last_hand_worlds(view)
    assert styled is not None and plain is not None
    kept = [share for share in reading if share >= hard.STYLE_FLOOR]
    assert reading[2] >= hard.STYLE_FLOOR  # Easy's plays read as any card, at least in part
    assert len(styled) == len(plain) * (len(kept) + (hard.ANY_CARD_PLAYS - 1))
    assert sum(w for w, _ in styled) == pytest.approx(sum(w for w, _ in plain) * sum(kept))
    generators = {sim.rand for _, sim in styled if sim.rand}
    assert len(generators) == hard.ANY_CARD_PLAYS
    assert {(sim.greedy, bool(sim.rand)) for _, sim in styled} == {
        style
        for style, share in zip([(False, False), (True, False), (False, True)], reading)
        if share >= hard.STYLE_FLOOR
    }


def hand_before_last(seed: int, stop: int) -> Pisti | None:
    """A 2-player deal in the hand before its last (8 cards in the stock), Normal playing it."""
    game = Pisti.new({"players": 2}, seed=seed)
    normal = make_bot("pisti", "normal")
    while not game.is_over() and len(game.moves) < 32 + stop:
        game.play(bot_move(game, normal, game.to_move))
    if game.is_over() or len(game.stock) != 8 or len(game.legal_moves()) < 2:
        return None
    return game


@settings(max_examples=12)
@given(st.integers(0, 2**32), st.integers(0, 6))
def test_the_planner_on_sampled_deals_lies_between_normal_play_and_seeing_the_cards(seed, stop):
    # The solver the hand before the last is planned with (best_strategy), on the deals it is
    # given there (sampled, going on past the hand); choose_steps' use of it is tested below.
    # The same bounds as the last hand's: each later
    # card of the hand chosen by what was seen can do no worse than Normal's (a way of choosing
    # by what was seen) and no better than seeing the deal whole, the next hand included.
    game = hand_before_last(seed, stop)
    if game is None:
        return
    me = game.to_move
    view = game.view(me)
    model, rng = PistiModel(), Rng(seed)
    worlds = [(weight, sim) for sim, weight in (model.sample(view, rng) for _ in range(3))]
    totals = best_strategy(worlds, me)
    assert set(totals) == set(game.hands[me])
    assert_between_normal_and_seeing(worlds, totals, me, game.hands[me])


def test_hard_plans_the_hand_before_the_last_in_slices_and_only_there(monkeypatch):
    game = next(g for g in (hand_before_last(seed, 0) for seed in range(40)) if g is not None)
    seat = game.to_move
    bot = PistiHard(samples=8)
    flat = PistiModel().budget(game.view(seat), 8)
    slices = sum(1 for _ in bot_move_steps(game, bot, seat))
    assert slices > len(game.legal_moves()) and slices != flat
    assert bot_move(game, bot, seat) == run_steps(bot_move_steps(game, bot, seat))
    monkeypatch.setattr(hard, "HAND_WORLDS", 0)
    assert sum(1 for _ in bot_move_steps(game, bot, seat)) == flat
    earlier = Pisti.new({"players": 2}, seed=1)  # the first hand: the flat search
    monkeypatch.setattr(hard, "HAND_WORLDS", 128)
    assert sum(1 for _ in bot_move_steps(earlier, bot, 0)) == PistiModel().budget(earlier.view(0), 8)


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_leak_the_planned_hand_chooses_the_same_when_only_unseen_cards_differ(seed):
    from tests.engine.test_bots import disguise

    bot = PistiHard()
    for stop in range(0, 6, 2):  # at 6 one card is left: no choice
        game = hand_before_last(seed, stop)
        if game is None:
            continue
        seat = game.to_move
        twin = disguise(game, seat, seed + stop)
        assert twin.view(seat) == game.view(seat)
        assert bot_move(twin, bot, seat) == bot_move(game, bot, seat)


def test_the_mixture_of_styles_reads_two_player_deals_only():
    # ROBUST (on) is measured with 2 players; 3 and 4 keep the Normal model (ROBUST_PLAYERS)
    assert hard.Known(Pisti.new({"players": 2}, seed=1).view(0)).styles is not None
    for players in (3, 4):
        assert hard.Known(Pisti.new({"players": players}, seed=1).view(0)).styles is None
