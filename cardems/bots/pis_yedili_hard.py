"""Hard Pis Yedili opponent: the sampling search (:mod:`cardems.search`) over unseen cards.

The model deals the cards it cannot see (the other hands and the stock: everything
not in its hand and not on the discard pile) at random into a full
:class:`~cardems.pis_yedili.PisYedili` position, plays each candidate move there,
and plays the round out with everyone choosing as the Normal player does
(:func:`cardems.bots.pis_yedili_normal.choose`), muamele picks included. A move's
worth is the round's penalties seen from the match: the best other player's total
minus its own. The budget is a number of sampled worlds, so a decision depends only
on the view and the seed.
"""

from __future__ import annotations

import math
from typing import Generator

from cardems.bots.pis_yedili_normal import PisYediliNormal, Table, choose, choose_opening, jack
from cardems.pis_yedili import PENALTY_PER_SEVEN, VALUES, PisYedili, PisYediliView, Tell
from cardems.rng import Rng
from cardems.search import SamplingSearch, run_steps

SAMPLES = 24
PRIOR_WEIGHT = 0.5     # points added to the Normal player's own choice (breaks near-ties)
HORIZON = 2            # playouts stop after this many rounds of turns, then the hands are judged
SEVEN_DREAD = 25.0     # what a 7 still in hand costs at the end: its muamele picks
OUT_SHAPE = 0.8        # how fast the chance to go out first falls with each card in hand


def table_of(game: PisYedili) -> Table:
    """The Normal player's :class:`Table` for the player to move, straight from a position."""
    seat = game.turn
    target = game.stack[-1] if game.stack else (seat + game.direction) % game.players
    return Table(seat, game.players, game.hands[seat], game.top, game.pending, game.drawn,
                 target, [len(h) for h in game.hands], game.totals, game.decks)


def normal_move(game: PisYedili, rng: Rng) -> str:
    legal = game.legal_moves()
    if game.phase == "play":
        return choose(table_of(game), legal, rng)
    if game.phase == "opening":
        return choose_opening(legal)
    return legal[0]


def expected_penalties(hands: list[list[str]]) -> list[float]:
    """A judgement of an unfinished round: each hand's points (a 7 counting its muamele
    too) times the chance that somebody else goes out first, the chances falling
    geometrically with the cards held."""
    weights = [math.exp(-OUT_SHAPE * len(h)) for h in hands]
    total = sum(weights)
    out = []
    for hand, weight in zip(hands, weights):
        points = sum(VALUES[c[:-1]] for c in hand) + SEVEN_DREAD * sum(1 for c in hand if c[:-1] == "7")
        out.append(points * (1.0 - weight / total))
    return out


def deal(pool: list[str], size: int, tells: tuple[Tell, ...]) -> list[str]:
    """Deal a hand of ``size`` from ``pool`` (shuffled; dealt cards leave it) consistent
    with the seat's tells, as far as the pool allows. The cards held longest come first:
    the j-th of them must fit every tell that covers more than j cards."""
    hand: list[str] = []
    for j in range(size):
        rules = [t for t in tells if t.old > j]
        pick = len(pool) - 1
        if rules:
            pick = next((i for i in range(len(pool) - 1, -1, -1)
                         if all(t.allows(pool[i]) for t in rules)), pick)
        hand.append(pool.pop(pick))
    return hand


class PisYediliModel:
    """The :class:`~cardems.search.Model` of Pis Yedili for the sampling search."""

    def sample(self, view: PisYediliView, rng: Rng) -> tuple[PisYedili, float]:
        unseen = view.unseen()
        rng.shuffle(unseen)
        n = view.players
        hands = [list(view.hand) if seat == view.seat else deal(unseen, size, view.tells[seat])
                 for seat, size in enumerate(view.hand_sizes)]
        assert len(unseen) == view.stock_size, "the view and the sample disagree"
        options = {"players": n, "ten_rule": view.ten_rule, "target": view.target, "mode": "round"}
        game = PisYedili(options, 0, None)
        game.rng = Rng(rng.next64())
        game.round_no = view.round_no
        game.first = view.first
        game.turn = view.to_move if view.to_move is not None else view.seat
        game.phase = view.phase
        game.hands = hands
        game.stock = unseen
        game.pile = list(view.pile)
        game.named = view.named
        game.sevens = view.pending // PENALTY_PER_SEVEN
        game.drawn = view.drawn
        game.stack = list(view.stack)
        game.direction = view.direction
        game.opened = list(view.opened)
        game.picked = [[] for _ in range(n)]
        game.tells = [[] for _ in range(n)]
        game.totals = list(view.totals)
        return game, 1.0

    def copy(self, state: PisYedili) -> PisYedili:
        return state.copy()

    def play(self, state: PisYedili, move: str) -> None:
        state._apply(move)

    def __init__(self, horizon: int = HORIZON) -> None:
        self.horizon = horizon

    def playout(self, state: PisYedili, rng: Rng) -> list[float]:
        """Play on as Normal for ``horizon`` turns of every player (or to the round's end),
        then judge: the round's penalties, or each hand's expected penalty."""
        plies = self.horizon * state.players if self.horizon else 10**6
        while not state.over and (plies > 0 or state.phase == "muamele"):
            state._apply(normal_move(state, rng))
            plies -= 1
        if state.over:
            return [float(p) for p in state.rounds[-1].penalties]
        return expected_penalties(state.hands)

    def utility(self, penalties: list[float], view: PisYediliView) -> float:
        totals = [t + p for t, p in zip(view.totals, penalties)] if view.mode == "match" else penalties
        mine = totals[view.seat]
        return min(t for s, t in enumerate(totals) if s != view.seat) - mine


class GatedSearch(SamplingSearch):
    """The sampling search, asked to improve on a baseline move (the first one given):
    each world plays every move with the same random numbers, and another move is
    chosen only when its mean gain over the baseline, across worlds, is more than
    ``z`` standard errors above zero. Noise alone then rarely moves it off the
    baseline, and each deviation is one the sampled worlds agree on."""

    def __init__(self, model, samples: int, z: float) -> None:
        super().__init__(model, samples, level="hard")
        self.z = z

    def choose_steps(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        model = self.model
        gains: list[list[float]] = [[] for _ in legal]
        for _ in range(self.samples):
            world, _weight = model.sample(view, rng)
            playout_seed = rng.next64()
            values = []
            for move in legal:
                state = model.copy(world)
                model.play(state, move)
                values.append(model.utility(model.playout(state, Rng(playout_seed)), view))
            for i, value in enumerate(values):
                gains[i].append(value - values[0])
            yield
        best, best_bound = 0, 0.0
        n = self.samples
        for i in range(1, len(legal)):
            mean = sum(gains[i]) / n
            var = sum((g - mean) ** 2 for g in gains[i]) / (n - 1) if n > 1 else 0.0
            bound = mean - self.z * math.sqrt(var / n)
            if bound > best_bound:
                best, best_bound = i, bound
        return legal[best]


class PisYediliHard:
    """The Hard level: Normal's judgement where there is nothing to weigh (the opening,
    the muamele), the sampling search everywhere else."""

    level = "hard"

    def __init__(self, samples: int = SAMPLES, prior_weight: float = PRIOR_WEIGHT,
                 horizon: int = HORIZON, z: float | None = None) -> None:
        self.normal = PisYediliNormal()
        self.z = z
        if z is not None:
            self.search = GatedSearch(PisYediliModel(horizon), samples, z)
        else:
            self.search = SamplingSearch(PisYediliModel(horizon), samples, level="hard",
                                         prior=self._prior, prior_weight=prior_weight)
        self._favourite: tuple[PisYediliView, str] | None = None

    def _prior(self, view: PisYediliView, move: str) -> float:
        favourite = self._favourite
        return 1.0 if favourite is not None and favourite[0] is view and favourite[1] == move else 0.0

    def candidates(self, view: PisYediliView, legal: list[str]) -> list[str]:
        """The moves worth searching: a Jack naming a suit its player holds (or the one
        Normal would name), each once."""
        held = {c[-1] for c in view.hand if c[0] != "J"}
        out: list[str] = []
        for move in legal:
            if move[0] == "J" and move[-1] not in held:
                move = jack(move, list(view.hand))
            if move not in out:
                out.append(move)
        return out

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: PisYediliView, legal: list[str], rng: Rng) -> Generator[None, None, str]:
        if view.phase != "play" or len(legal) == 1:
            return self.normal.choose(view, legal, rng)
        moves = self.candidates(view, legal)
        if len(moves) == 1:
            return moves[0]
        favourite = self.normal.choose(view, legal, Rng(rng.next64()))
        if self.z is not None:
            moves = [favourite] + [m for m in moves if m != favourite]
            return (yield from self.search.choose_steps(view, moves, rng))
        self._favourite = (view, favourite)
        try:
            return (yield from self.search.choose_steps(view, moves, rng))
        finally:
            self._favourite = None
