"""Inference from the others' moves: the public replay recovers each past hand, and the
Normal player's own moves are always explained by its true hands."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.bots import bot_rng
from cardems.pis_yedili.inference import Decision, decisions, likelihood, misses
from cardems.pis_yedili.normal import PisYediliNormal
from cardems.pis_yedili.rules import PisYedili
from cardems.rng import Rng
from tests.engine.pis_yedili_house import HOUSE

NORMAL = PisYediliNormal()


def normal_round(
    seed: int,
    players: int,
    ten_rule: str,
    stop: int,
    random_seat: int | None = None,
    house: dict | None = None,
):
    """A round played by Normal players (one seat at random, if given) up to ``stop`` moves;
    the true hand of each seat before each of its moves."""
    game = PisYedili.new(
        {"players": players, "ten_rule": ten_rule, "mode": "round", **(house or {})}, seed=seed
    )
    rng = Rng(seed)
    before = []
    while not game.over and game.phase != "muamele" and len(game.moves) < stop:
        seat = game.to_move
        before.append((seat, sorted(game.hands[seat])))
        if seat == random_seat:
            move = rng.choice(game.legal_moves())
        else:
            move = NORMAL.choose(game.view(seat), game.legal_moves(), bot_rng(0, seat, 0))
        game.play(move)
    return game, before


def walk_back(view, hands):
    """The hand each decision finds, walking back from ``hands`` as :func:`likelihood` does."""
    seen = []
    kept = [list(h) for h in hands]
    back = [[] for _ in hands]
    for step in reversed(decisions(view)):
        if not isinstance(step, Decision):
            who, count = step
            if who != view.seat:
                for _ in range(count):
                    (back[who] or kept[who]).pop()
            continue
        if step.move not in ("draw", "pass"):
            back[step.seat].append(step.move.partition(":")[0])
        seen.append((step.seat, sorted(kept[step.seat] + back[step.seat])))
    return seen[::-1]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    ten_rule=st.sampled_from(["bounce", "reverse"]),
    stop=st.integers(1, 150),
    house=HOUSE,
)
def test_the_walk_back_finds_each_hand_and_normal_play_is_mostly_explained(
    seed, players, ten_rule, stop, house
):
    """Under every set of house rules (an 8 that skips, an Ace that passes the turn and
    doubled 7s change whose turn it is and how many cards are got)."""
    game, before = normal_round(seed, players, ten_rule, stop, random_seat=0, house=house)
    if game.over or game.phase == "muamele":
        return
    view = game.view(0)
    steps = decisions(view)
    found = walk_back(view, game.hands)
    theirs = [(s, h) for s, h in before if s != 0]
    assert [s for s, _ in found] == [s for s, _ in theirs]
    assert [len(h) for _, h in found] == [len(h) for _, h in theirs]
    # a decision after which its seat got no card finds the true hand
    later = set()
    expected = []
    for step in reversed(steps):
        if not isinstance(step, Decision):
            later.add(step[0])
        else:
            expected.append(step.seat not in later)
    for exact, (_, mine), (_, true) in zip(reversed(expected), found, theirs):
        if exact:
            assert mine == true
    assert likelihood(steps, game.hands, 0, 0.5) == 0.5 ** misses(steps, game.hands, 0)
    # the Normal seats' moves are all explained by their true hands when none got a card since


def test_normal_play_is_explained_by_the_true_hands_far_more_than_by_others():
    true_misses = other_misses = decisions_seen = 0
    for seed in range(30):
        game, _ = normal_round(seed, 3, "bounce", 40, random_seat=0)
        if game.over or game.phase == "muamele":
            continue
        view = game.view(0)
        steps = decisions(view)
        decisions_seen += sum(1 for s in steps if not isinstance(s, tuple))
        true_misses += misses(steps, game.hands, 0)
        hands = [list(h) for h in game.hands]
        pool = game.stock[:]
        Rng(seed).shuffle(pool)
        for s in (1, 2):
            take = min(len(pool), len(hands[s]))
            hands[s] = [pool.pop() for _ in range(take)] + hands[s][take:]
        other_misses += misses(steps, hands, 0)
    assert true_misses <= decisions_seen * 0.25
    assert other_misses >= 2 * true_misses + 10


def deal_by_each_tell(pool: list[str], size: int, tells: tuple) -> list[str]:
    """:func:`cardems.pis_yedili.hard.deal` as first written: for the j-th card held
    longest, the last card of the pool that every tell covering more than j cards allows."""
    hand = []
    for j in range(min(size, max((t.old for t in tells), default=0))):
        rules = [t for t in tells if t.old > j]
        fits = [i for i in range(len(pool)) if all(t.allows(pool[i]) for t in rules)]
        hand.append(pool.pop(fits[-1] if fits else len(pool) - 1))
    for _ in range(size - len(hand)):
        hand.append(pool.pop())
    return hand


@settings(max_examples=300)
@given(
    seed=st.integers(0, 2**32),
    size=st.integers(0, 12),
    tells=st.lists(
        st.tuples(
            st.sampled_from(["pass", "decline", "opening"]),
            st.sampled_from([None, "7H", "JS", "10D", "AC", "KC"]),
            st.sampled_from([None, "H", "S"]),
            st.integers(0, 12),
        ),
        max_size=4,
    ),
)
def test_a_world_deals_each_seat_a_hand_its_tells_allow_as_first_written(seed, size, tells):
    """The Hard's deal reads each card's tells once (``needs``, kept per decision) and
    deals the very cards the first, tell-by-tell version dealt, in the same order,
    leaving the same pool; the hands it deals keep to the tells where the pool allows."""
    from cardems.pis_yedili.hard import deal, needs
    from cardems.pis_yedili.rules import Tell, deck_for

    tells = tuple(Tell(kind, top, named if kind == "pass" else None, old) for kind, top, named, old in tells)
    pool = deck_for(4, jokers=True)
    Rng(seed).shuffle(pool)
    pool = pool[: 20 + size]
    expected_pool = pool[:]
    expected = deal_by_each_tell(expected_pool, size, tells)
    for need in (None, needs(pool, tells)):
        left = pool[:]
        assert deal(left, size, tells, need) == expected
        assert left == expected_pool
    left = pool[:]
    for j, card in enumerate(expected):
        if j < max((t.old for t in tells), default=0) and any(
            all(t.allows(c) for t in tells if t.old > j) for c in left
        ):
            assert all(t.allows(card) for t in tells if t.old > j)
        left.remove(card)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), stop=st.integers(10, 80), players=st.sampled_from([2, 3, 4]))
def test_a_world_is_dealt_by_each_seats_own_tells_whatever_view_came_before(seed, stop, players):
    """The model keeps each seat's :func:`needs` for the view under way; switching between
    the views of two seats, every world is the one the tell-by-tell deal gives."""
    from cardems.pis_yedili.hard import PisYediliModel

    game = PisYedili.new({"players": players, "mode": "round"}, seed=seed)
    rng = Rng(seed)
    while not game.is_over() and len(game.moves) < stop:
        seat = game.to_move
        game.play(NORMAL.choose(game.view(seat), game.legal_moves(), Rng(rng.next64())))
    if game.is_over():
        return
    views = [game.view(seat) for seat in range(players)]
    model = PisYediliModel()
    for k in range(2 * players):
        view = views[k % players if k % 2 else (k * 7) % players]
        hands, stock = model.deal_all(view, Rng(seed + k))
        pool = view.unseen()
        Rng(seed + k).shuffle(pool)
        expected = [
            list(view.hand) if s == view.seat else deal_by_each_tell(pool, size, view.tells[s])
            for s, size in enumerate(view.hand_sizes)
        ]
        assert (hands, stock) == (expected, pool)
