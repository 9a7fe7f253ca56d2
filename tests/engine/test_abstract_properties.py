"""Properties of Abstract over random deals and random legal play (Hypothesis), with an
independent scorer written from abstract.md without the engine's helpers."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardems.abstract.events import HalfScored, Take
from cardems.abstract.rules import Abstract, full_deck
from cardems.rng import Rng

VARIANTS = st.sampled_from(["base", "suit", "unlimited", "52"])
ORDER = "A K Q J 10 9 8 7 6 5 4 3 2".split()
SEQ = {3: 3, 4: 4, 5: 6, 6: 12}


def combination_points(cards):
    real = [c for c in cards if c != "X"]
    ranks = Counter(c[:-1] for c in real)
    points = sum({3: 2, 4: 8}.get(n, 0) for n in ranks.values())
    for suit in "SHDC":
        pattern = "".join("1" if r + suit in real else "0" for r in ORDER)
        points += sum(SEQ.get(len(run), 0) for run in pattern.split("0"))
    return points


def independent_base(a, b):
    pa, pb = combination_points(a), combination_points(b)
    if pa and pb:
        return pa * len(b), pb * len(a)
    if pb:
        return pb * len(a), 0
    if pa:
        return 0, pa * len(b)
    return 0, 0


def product(mine, theirs):
    suits = Counter(c[-1] for c in mine)
    ranks = Counter(c[:-1] for c in mine)
    pattern = "".join("1" if ranks[r] else "0" for r in ORDER)
    run = max(len(p) for p in pattern.split("0"))
    score = max(suits.values()) * run * max(ranks.values())
    if len(mine) < 13:
        score *= len(theirs) - len(mine)
    return score


def play_randomly(variant: str, seed: int, play_seed: int):
    game = Abstract.new({"variant": variant, "mode": "deal"}, seed=seed)
    rng = Rng(play_seed)
    halves = []  # per half: (rows, taken per seat, sizes with their limits)
    taken, checks = [[], []], []
    while not game.is_over():
        legal = game.legal_moves()
        move = rng.choice(legal)
        if isinstance(move, int):
            checks.append(
                (
                    game.variant,
                    game.row[game.pos],
                    game.takes[-1][1] if game.takes else None,
                    len(game.row) - game.pos,
                    move,
                    legal,
                )
            )
        half_before, row = game.half, list(game.row)
        seat = game.to_move
        events = game.play(move)
        if isinstance(move, int):
            taken[seat].extend(next(e for e in events if isinstance(e, Take)).cards)
        if any(isinstance(e, HalfScored) for e in events):
            halves.append((row, taken))
            taken = [[], []]
        assert game.half >= half_before or game.is_over()
    return game, halves, checks


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32))
def test_every_card_is_taken_exactly_once(variant, seed, play_seed):
    game, halves, _ = play_randomly(variant, seed, play_seed)
    everything = [c for _, taken in halves for seat in taken for c in seat]
    assert sorted(everything) == sorted(full_deck(variant))
    for row, taken in halves:
        assert sorted(taken[0] + taken[1]) == sorted(row)
    if variant == "unlimited":
        assert halves[0][0][0] == "X"


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32))
def test_scores_agree_with_an_independent_scorer(variant, seed, play_seed):
    game, halves, _ = play_randomly(variant, seed, play_seed)
    totals = [0, 0]
    for _row, (a, b) in halves:
        if variant == "52":
            scores = product(a, b), product(b, a)
        else:
            scores = independent_base(a, b)
        totals = [totals[0] + scores[0], totals[1] + scores[1]]
    assert list(game.result().scores) == totals


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32))
def test_takes_are_always_within_the_variants_limits(variant, seed, play_seed):
    _, _, checks = play_randomly(variant, seed, play_seed)
    limits = {"S": 1, "H": 2, "C": 3, "D": 4}
    for variant, exposed, previous, left, move, legal in checks:
        if variant == "base":
            most = 3
        elif variant == "unlimited":
            most = 12 if previous is None else previous + 1
        else:
            most = limits[exposed[-1]]
        assert legal == list(range(1, min(most, left) + 1))
        assert 1 <= move <= min(most, left)


@given(VARIANTS, st.integers(0, 2**32), st.integers(0, 2**32), st.integers(0, 60))
def test_replay_rebuilds_the_same_state(variant, seed, play_seed, stop):
    game = Abstract.new({"variant": variant, "target": 300}, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    again = Abstract.from_json(game.to_json())
    assert again.view(0) == game.view(0) and again.result() == game.result()
