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

from typing import Generator

from cardems.bots.pis_yedili_normal import PisYediliNormal, Table, choose, choose_opening, jack
from cardems.pis_yedili import PENALTY_PER_SEVEN, PisYedili, PisYediliView
from cardems.rng import Rng
from cardems.search import SamplingSearch, run_steps

SAMPLES = 10
PRIOR_WEIGHT = 0.5     # points added to the Normal player's own choice (breaks near-ties)


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


class PisYediliModel:
    """The :class:`~cardems.search.Model` of Pis Yedili for the sampling search."""

    def sample(self, view: PisYediliView, rng: Rng) -> tuple[PisYedili, float]:
        unseen = view.unseen()
        rng.shuffle(unseen)
        n = view.players
        hands: list[list[str]] = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(list(view.hand))
            else:
                hands.append([unseen.pop() for _ in range(size)])
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
        game.totals = list(view.totals)
        return game, 1.0

    def copy(self, state: PisYedili) -> PisYedili:
        return state.copy()

    def play(self, state: PisYedili, move: str) -> None:
        state._apply(move)

    def playout(self, state: PisYedili, rng: Rng) -> list[float]:
        while not state.over:
            state._apply(normal_move(state, rng))
        return [float(p) for p in state.rounds[-1].penalties]

    def utility(self, penalties: list[float], view: PisYediliView) -> float:
        totals = [t + p for t, p in zip(view.totals, penalties)] if view.mode == "match" else penalties
        mine = totals[view.seat]
        return min(t for s, t in enumerate(totals) if s != view.seat) - mine


class PisYediliHard:
    """The Hard level: Normal's judgement where there is nothing to weigh (the opening,
    the muamele), the sampling search everywhere else."""

    level = "hard"

    def __init__(self, samples: int = SAMPLES, prior_weight: float = PRIOR_WEIGHT) -> None:
        self.normal = PisYediliNormal()
        self.search = SamplingSearch(PisYediliModel(), samples, level="hard",
                                     prior=self._prior, prior_weight=prior_weight)
        self._favourite: tuple[PisYediliView, str] | None = None

    def _prior(self, view: PisYediliView, move: str) -> float:
        favourite = self._favourite
        return 1.0 if favourite is not None and favourite[0] is view and favourite[1] == move else 0.0

    def candidates(self, view: PisYediliView, legal: list[str]) -> list[str]:
        """The moves worth searching: each Jack once, naming the suit Normal would name."""
        out: list[str] = []
        for move in legal:
            if move[0] == "J":
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
        self._favourite = (view, self.normal.choose(view, legal, Rng(rng.next64())))
        try:
            return (yield from self.search.choose_steps(view, moves, rng))
        finally:
            self._favourite = None
