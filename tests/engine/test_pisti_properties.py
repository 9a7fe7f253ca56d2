"""Properties of Pişti over random seeds and random legal play (Hypothesis)."""

from hypothesis import given
from hypothesis import strategies as st

from cardems.cards import standard_deck
from cardems.pisti.events import Capture
from cardems.pisti.rules import Pisti, card_points
from cardems.rng import Rng

OPTIONS = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "last_card_pisti": st.booleans(),
        "jack_pisti": st.sampled_from([20, 10]),
        "first_round_pisti": st.booleans(),
        "most_cards_tie": st.sampled_from(["nobody", "last", "carry"]),
    }
)


def random_deal(seed: int, play_seed: int, options: dict, stop_after: int | None = None):
    game = Pisti.new(options, seed=seed)
    rng = Rng(play_seed)
    steps = []
    while not game.is_over() and (stop_after is None or len(game.moves) < stop_after):
        before = game.copy()
        events = game.play(rng.choice(game.legal_moves()))
        steps.append((before, events))
    return game, steps


def all_cards(game: Pisti) -> list[str]:
    return game.pile + game.stock + [c for h in game.hands for c in h] + [c for s in game.captured for c in s]


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_every_card_is_accounted_for_at_every_step(seed, play_seed, options):
    game = Pisti.new(options, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over():
        assert sorted(all_cards(game)) == sorted(standard_deck())
        game.play(rng.choice(game.legal_moves()))
    assert sorted(all_cards(game)) == sorted(standard_deck())


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_card_points_are_16_or_13_on_a_tie_and_scores_match_an_independent_count(seed, play_seed, options):
    game, steps = random_deal(seed, play_seed, options)
    counts = [len(c) for c in game.captured]
    tie = counts.count(max(counts)) > 1
    pisti_points = [0] * len(counts)
    last = None
    for index, (_, events) in enumerate(steps):
        for e in events:
            if isinstance(e, Capture):
                last = e.side
                if e.pisti:
                    assert e.points == (options["jack_pisti"] if e.pisti == "jack_pisti" else 10)
                    assert options["first_round_pisti"] or index >= 4 * game.players  # not in round 1
                    pisti_points[e.side] += e.points
    card_total = sum(card_points(c) for side in game.captured for c in side)
    assert card_total == 13
    expected = []
    to_last = tie and options["most_cards_tie"] == "last" and counts[last] == max(counts)
    for side, cards in enumerate(game.captured):
        most = 3 if len(cards) == max(counts) and (not tie or (to_last and side == last)) else 0
        expected.append(sum(card_points(c) for c in cards) + most + pisti_points[side])
    assert list(game.result().scores) == expected
    assert sum(expected) - sum(pisti_points) == (13 if tie and not to_last else 16)


@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_the_opening_pile_never_gives_a_pisti(seed, play_seed):
    game, steps = random_deal(seed, play_seed, {})
    first = next(events for _, events in steps if any(isinstance(e, Capture) for e in events))
    capture = next(e for e in first if isinstance(e, Capture))
    assert capture.count >= 5 and capture.pisti is None


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS, st.integers(0, 60))
def test_views_hold_only_what_the_seat_may_know(seed, play_seed, options, stop):
    game, steps = random_deal(seed, play_seed, options, stop_after=stop)
    hidden = set(game.opening_hidden) - set(game.opening_known)
    for seat in range(game.players):
        view = game.view(seat)
        shown = set(view.hand) | set(view.pile_up) | {c for _, c in view.history} | set(view.opening_known)
        shown |= {c for side in view.captured_known for c in side}
        if not game.is_over():
            assert not (shown & hidden)
        others = {c for s, h in enumerate(game.hands) if s != seat for c in h} | set(game.stock)
        assert not (shown & others)
        assert len(view.hand) == len(game.hands[seat])


@given(st.integers(0, 2**32), st.integers(0, 2**32), st.integers(0, 40))
def test_a_view_does_not_change_when_unseen_cards_are_swapped(seed, play_seed, stop):
    game, _ = random_deal(seed, play_seed, {}, stop_after=stop)
    if game.is_over():
        return
    view = game.view(0)
    other = game.copy()
    unseen = other.hands[1] + other.stock
    Rng(seed).shuffle(unseen)
    n = len(other.hands[1])
    other.hands[1], other.stock = unseen[:n], unseen[n:]
    assert other.view(0) == view


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS, st.integers(0, 60))
def test_save_and_load_round_trip(seed, play_seed, options, stop):
    game, _ = random_deal(seed, play_seed, options, stop_after=stop)
    again = Pisti.from_json(game.to_json())
    assert again.view(0) == game.view(0) and again.result() == game.result()
    assert again.rng.state == game.rng.state and again.to_json() == game.to_json()
