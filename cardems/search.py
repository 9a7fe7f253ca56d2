"""Sampling search for hidden-information games (determinization, "PIMC").

A bot that cannot see every card imagines them: it draws complete positions
consistent with its view, plays each candidate move in each of them, finishes
the game with a fast playout policy, and picks the move with the best average.
Nothing here knows a particular game; a game supplies a :class:`Model`.

The work is cut into slices (:meth:`SamplingSearch.choose_steps` yields after
each sample) so the page can let the browser breathe between them, and the
number of samples is fixed, so a decision depends only on the view and the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, Generic, Protocol, TypeVar

from cardems.rng import Rng

S = TypeVar("S")
T = TypeVar("T")
M = TypeVar("M")
M_contra = TypeVar("M_contra", contravariant=True)


def run_steps(steps: Generator[None, None, T]) -> T:
    """Drive a sliced computation to its end without pausing; returns its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            value: T = stop.value
            return value


class Model(Protocol[S, M_contra]):
    """What the search needs from a game."""

    def sample(self, view: Any, rng: Rng) -> tuple[S, float]:
        """A complete position consistent with ``view`` (hidden cards drawn at random),
        with its weight: how well it explains what the others were seen to do (1.0 if
        the game does no such inference)."""

    def copy(self, state: S) -> S: ...

    def play(self, state: S, move: M_contra) -> None:
        """Apply ``move`` for the player to move, in place."""

    def playout(self, state: S, rng: Rng) -> Sequence[float]:
        """Finish the game (or deal) with a fast policy; return each side's score."""

    def utility(self, scores: Sequence[float], view: Any) -> float:
        """How good ``scores`` are for the side of the seat that is searching."""

    # Optional: ``budget(view, samples) -> int`` scales the number of samples for a
    # position (e.g. more where the playouts are short).


class SamplingSearch(Generic[S, M]):
    """Determinized Monte Carlo: ``samples`` worlds, every legal move tried in each.

    Each move is played out in the same worlds with the same playout random
    numbers (common random numbers), so the comparison between moves is sharp.
    """

    def __init__(
        self,
        model: Model[S, M],
        samples: int,
        level: str = "hard",
        prior: Callable[[Any, M], float] | None = None,
        prior_weight: float = 0.0,
    ) -> None:
        self.model = model
        self.samples = samples
        self.level = level
        self.prior = prior
        self.prior_weight = prior_weight

    def choose(self, view: Any, legal: list[M], rng: Rng) -> M:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: Any, legal: list[M], rng: Rng) -> Generator[None, None, M]:
        if len(legal) == 1:
            return legal[0]
        means = yield from self._means(view, legal, rng)
        if self.prior is not None and self.prior_weight:
            means = [v + self.prior_weight * self.prior(view, m) for v, m in zip(means, legal)]
        return legal[means.index(max(means))]

    def evaluate(self, view: Any, legal: list[M], rng: Rng) -> list[float]:
        """The weighted mean utility of each legal move (for analysis and tests)."""
        return run_steps(self._means(view, legal, rng))

    def _means(self, view: Any, legal: list[M], rng: Rng) -> Generator[None, None, list[float]]:
        """Play every move in each sampled world; yields after each world."""
        model = self.model
        budget = getattr(model, "budget", None)
        samples = budget(view, self.samples) if budget else self.samples
        totals = [0.0] * len(legal)
        mass = 0.0
        for _ in range(samples):
            world, weight = model.sample(view, rng)
            playout_seed = rng.next64()
            mass += weight
            for i, move in enumerate(legal):
                state = model.copy(world)
                model.play(state, move)
                totals[i] += weight * model.utility(model.playout(state, Rng(playout_seed)), view)
            yield
        return [t / mass for t in totals] if mass > 0 else totals
