"""Hard Pis Yedili opponent: the sampling search (:mod:`cardems.search`) over unseen cards.

The model deals the cards it cannot see (the other hands and the stock: everything
not in its hand and not on the discard pile) into a compact round
(:class:`~cardems.pis_yedili.sim.Sim`, which plays exactly as the rules engine), consistently with what the others'
draws showed (:class:`~cardems.pis_yedili.rules.Tell`), plays each candidate move there and
plays the round out with everyone choosing as the Normal player does
(:meth:`Sim.normal <cardems.pis_yedili.sim.Sim.normal>`), muamele picks included. A move's
worth is the round's penalties seen from the match: the other player's total minus
its own; with 3-4 players the mean of the others' totals minus its own, plus a bonus
for ending lowest.

The search improves on Normal's own choice: it leaves it only for a move whose gain,
over the same sampled worlds with the same playout random numbers, is more than
``z`` standard errors above zero (:class:`GatedSearch`); moves clearly no better drop
out early. The budget is a fixed number of sampled worlds (with 4 players, of
playouts, spent on the moves still in the race), so a decision depends only on the
view and the seed.

With 4 players Hard starts from a bolder Normal (and plays it in its own playouts):
it keeps its Jacks, to go out with one, and its high cards until another player is
down to one card rather than two. Against three Normal players that variant alone
goes out first about 2 points more often (26.1% against 24.2%, 20,000 rounds) for
about 1 penalty point a round.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from cardems.pis_yedili.inference import Step, decisions, misses
from cardems.pis_yedili.normal import PisYediliNormal, jack
from cardems.pis_yedili.rules import DRAW, House, PisYediliView, Tell
from cardems.pis_yedili.sim import BASE, Sim
from cardems.rng import Rng
from cardems.search import SamplingSearch, run_steps

SAMPLES = 40  # sampled worlds per decision, at most
SAMPLES_BY_PLAYERS = {2: 40, 3: 24, 4: 20}  # ... fewer where rounds are longer (think time p95 in Pyodide)
PLAYOUTS_PER_WORLD = {4: 5}  # with these players the budget is playouts: worlds x this many, spent
# on the moves still in the race (fewer moves left, more worlds) ...
STRETCH = 2  # ... up to this many times the worlds
HOUSE_PLAYOUTS_PER_WORLD = {4: 4}  # the same under any house rule: their rounds run longer (jokers,
# Aces that make every other player draw, skips), so fewer playouts keep the think time's p95
# as under the seeds' rules (bench/RESULTS.md, 2026-12-03 afternoon)
Z_BY_PLAYERS = {2: 1.0, 3: 2.0, 4: 2.0}  # standard errors a move's gain over Normal's choice
# must clear (3-4 players: valued on true positions, deviations that clear
# 2 gain the most; below that they lose)
CHECK = 6  # every this many worlds, moves clearly no better than Normal's drop out
STOP_Z = 0.5  # ... when their mean gain plus this many standard errors is below 0
TRIES = 4  # deals of the unseen cards weighed for each sampled world
MISS = 0.4  # the weight of a deal per move of the others' it does not explain
RECENT = 16  # ... among their this many latest moves
DRAW_RIVALS = False  # whether drawing races a card Normal would play (valued on the true
# positions, those deviations lost about 2-11 points a round at 3 players)
BOLD_PLAYERS: tuple[int, ...] = (4,)  # with these players Hard starts from the bold variant of
# Normal (sim.BOLD_DANGER, sim.BOLD_JACK), and plays it in its own playouts
WIN_BONUS_BY_PLAYERS = {3: 20.0, 4: 20.0}  # what having the round's (match's) lowest total is worth


def deal(
    pool: list[str], size: int, tells: tuple[Tell, ...], need: dict[str, int] | None = None
) -> list[str]:
    """Deal a hand of ``size`` from ``pool`` (shuffled; dealt cards leave it) consistent
    with the seat's tells, as far as the pool allows. The cards held longest come first:
    the j-th of them must fit every tell that covers more than j cards. ``need``:
    :func:`needs` of the pool's cards and these tells, if already known."""
    hand: list[str] = []
    held = min(size, max((t.old for t in tells), default=0))
    if held:
        if need is None:
            need = needs(pool, tells)
        for j in range(held):
            pick = len(pool) - 1
            while pick >= 0 and need[pool[pick]] > j:
                pick -= 1
            hand.append(pool.pop(pick if pick >= 0 else len(pool) - 1))
    rest = size - len(hand)
    if rest > 0:  # no tell covers these: the next cards of the pool
        hand += pool[: -rest - 1 : -1]
        del pool[-rest:]
    return hand


def needs(cards: list[str], tells: tuple[Tell, ...]) -> dict[str, int]:
    """Per card, how many of the cards held longest it cannot be (it may be the j-th
    of them only if this is j or less): the most cards covered by a tell it does not fit."""
    return {card: max((t.old for t in tells if not t.allows(card)), default=0) for card in cards}


def position(view: PisYediliView, hands: list[list[str]], stock: list[str], rng: Rng) -> Sim:
    """The compact round of ``view`` with these hands and stock (taken, not copied); the
    seat of ``view`` plays bold there with :data:`BOLD_PLAYERS` players."""
    sim = Sim.from_view(view, hands, stock, rng)
    sim.bold = view.seat if view.players in BOLD_PLAYERS else -1
    return sim


class PisYediliModel:
    """The :class:`~cardems.search.Model` of Pis Yedili for the sampling search, on the
    compact round (:class:`~cardems.pis_yedili.sim.Sim`).

    Each world is chosen among ``tries`` deals of the unseen cards, by how well each
    explains the others' ``recent`` latest moves as the Normal player's
    (:mod:`cardems.pis_yedili.inference`): a deal's weight is ``miss`` to the power of
    the moves it does not explain."""

    def __init__(self, tries: int = TRIES, miss: float = MISS, recent: int = RECENT) -> None:
        self.tries = tries
        self.miss = miss
        self.recent = recent
        self._known: tuple[PisYediliView | None, list[Step], list[str]] = (None, [], [])
        self._needs: list[dict[str, int] | None] = []  # per seat, :func:`needs` of the unseen cards

    def known(self, view: PisYediliView) -> tuple[list[Step], list[str]]:
        """The others' decisions this round and the unseen cards (worked out once per view)."""
        if self._known[0] is not view:
            unseen = view.unseen()
            self._known = (view, decisions(view) if self.tries > 1 else [], unseen)
            self._needs = [needs(unseen, tells) if tells else None for tells in view.tells]
        return self._known[1], self._known[2]

    def deal_all(self, view: PisYediliView, rng: Rng) -> tuple[list[list[str]], list[str]]:
        """Every hand (one's own as it is) and the stock, dealt at random from the unseen cards."""
        unseen = self.known(view)[1][:]
        rng.shuffle(unseen)
        hands = [
            list(view.hand) if seat == view.seat else deal(unseen, size, view.tells[seat], self._needs[seat])
            for seat, size in enumerate(view.hand_sizes)
        ]
        assert len(unseen) == view.stock_size, "the view and the sample disagree"
        return hands, unseen

    def sample(self, view: PisYediliView, rng: Rng) -> tuple[Sim, float]:
        hands, unseen = self.deal_all(view, rng)
        steps = self.known(view)[0]
        if any(type(s) is not tuple for s in steps):
            options = [(hands, unseen, misses(steps, hands, view.seat, self.recent))]
            for _ in range(self.tries - 1):
                other = self.deal_all(view, rng)
                options.append((*other, misses(steps, other[0], view.seat, self.recent)))
            fewest = min(m for _, _, m in options)
            weights = [self.miss ** (m - fewest) for _, _, m in options]
            pick = rng.random() * sum(weights)
            for (hands, unseen, _), w in zip(options, weights):  # noqa: B007 (the pick is used after the loop)
                pick -= w
                if pick < 0:
                    break
        return position(view, hands, unseen, Rng(rng.next64())), 1.0

    def budget(self, view: PisYediliView, samples: int) -> int:
        """Fewer worlds with more players: each playout is a longer round."""
        return min(samples, SAMPLES_BY_PLAYERS[view.players])

    def copy(self, state: Sim) -> Sim:
        return state.copy()

    def play(self, state: Sim, move: str) -> None:
        state.apply(move)

    def playout(self, state: Sim, rng: Rng) -> list[float]:
        """Play the round out as Normal; the round's penalties."""
        return [float(p) for p in state.playout()]

    def totals(self, penalties: list[float], view: PisYediliView) -> list[float]:
        """What decides the game at the round's end: the match totals, or the round's penalties."""
        return [t + p for t, p in zip(view.totals, penalties)] if view.mode == "match" else penalties

    def utility(self, penalties: list[float], view: PisYediliView) -> float:
        """Two players: the other's total minus one's own. More: the mean of the others'
        minus one's own (hurting any of them counts), and a bonus for the lowest."""
        totals = self.totals(penalties, view)
        mine = totals[view.seat]
        others = [t for s, t in enumerate(totals) if s != view.seat]
        if len(others) == 1:
            return others[0] - mine
        bonus = WIN_BONUS_BY_PLAYERS[view.players]
        return sum(others) / len(others) - mine + bonus * lowest(totals, view.seat)


class GatedSearch(SamplingSearch[Sim, str]):
    """The sampling search, asked to improve on a baseline move (the first one given):
    each world plays every move with the same random numbers, and another move is
    chosen only when its mean gain over the baseline, across worlds, is more than
    ``z`` standard errors above zero. Noise alone then rarely moves it off the
    baseline, and each deviation is one the sampled worlds agree on."""

    def __init__(self, model: Any, samples: int, z: float | None) -> None:
        super().__init__(model, samples, level="hard")
        self.z = z

    def choose_steps(self, view: Any, legal: list[str], rng: Rng) -> Generator[None, None, str]:
        if len(legal) == 1:
            return legal[0]
        gains = yield from self.gains(view, legal, rng)
        z = gate(view.players, self.z)
        best, best_bound = 0, 0.0
        for i, gain in gains.items():
            low = bounds(gain, z)[0]
            if low > best_bound:
                best, best_bound = i, low
        return legal[best]

    def gains(self, view: Any, legal: list[str], rng: Rng) -> Generator[None, None, dict[int, list[float]]]:
        """Per move still in the race (by index), its gain over the baseline in each world."""
        model = self.model
        alive = list(range(len(legal)))
        gains: dict[int, list[float]] = {i: [] for i in alive[1:]}
        budget = getattr(model, "budget", None)
        samples = budget(view, self.samples) if budget else self.samples
        per_world = playouts_per_world(view)
        playouts = samples * per_world if per_world else None
        if playouts:
            samples *= STRETCH
        for done in range(1, samples + 1):
            if playouts is not None:
                if playouts < len(alive):
                    break
                playouts -= len(alive)
            world, _weight = model.sample(view, rng)
            playout_seed = rng.next64()
            values: dict[int, float] = {}
            for i in alive:
                state = model.copy(world)
                model.play(state, legal[i])
                values[i] = model.utility(model.playout(state, Rng(playout_seed)), view)
                yield  # a slice per playout: long rounds with four players
            for i in alive[1:]:
                gains[i].append(values[i] - values[0])
            if done % CHECK == 0:
                alive = [0] + [i for i in alive[1:] if bounds(gains[i], STOP_Z)[1] > 0.0]
                if len(alive) == 1:
                    break
        return {i: gains[i] for i in alive[1:]}


def playouts_per_world(view: PisYediliView) -> int | None:
    """The playouts a world buys with ``view``'s players and rules (``None``: the budget
    is worlds): :data:`PLAYOUTS_PER_WORLD`, or under a house rule
    :data:`HOUSE_PLAYOUTS_PER_WORLD`."""
    table = PLAYOUTS_PER_WORLD if House.of(view.options) == BASE else HOUSE_PLAYOUTS_PER_WORLD
    return table.get(view.players)


def baseline(view: PisYediliView) -> str:
    """The bold variant's move (it reads only one's own hand and the others' hand sizes)."""
    hands = [
        list(view.hand) if seat == view.seat else [""] * size for seat, size in enumerate(view.hand_sizes)
    ]
    return position(view, hands, [], Rng(0)).choose()


def lowest(totals: list[float], seat: int) -> float:
    """1 if ``seat`` has the lowest total alone, 1/2 if shared, else 0."""
    mine = totals[seat]
    best = min(t for s, t in enumerate(totals) if s != seat)
    return 1.0 if mine < best else 0.5 if mine == best else 0.0


def gate(players: int, z: float | None = None) -> float:
    """The standard errors a deviation must clear: ``z`` if given, else by players."""
    return Z_BY_PLAYERS[players] if z is None else z


def bounds(gains: list[float], z: float) -> tuple[float, float]:
    """The mean of ``gains`` minus and plus ``z`` standard errors."""
    n = len(gains)
    mean = sum(gains) / n
    if n < 2:
        return mean, mean
    half = z * math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
    return mean - half, mean + half


class PisYediliHard:
    """The Hard level: Normal's judgement where there is nothing to weigh (the opening,
    the muamele), the gated sampling search everywhere else."""

    level = "hard"

    def __init__(
        self, samples: int = SAMPLES, z: float | None = None, tries: int = TRIES, miss: float = MISS
    ) -> None:
        self.normal = PisYediliNormal()
        self.search = GatedSearch(PisYediliModel(tries, miss), samples, z)

    def candidates(self, view: PisYediliView, legal: list[str]) -> list[str]:
        """The moves worth searching, Normal's choice (the bold variant's with
        :data:`BOLD_PLAYERS`) first: a Jack naming a suit its player holds (or the one
        Normal would name), each once; a draw only if Normal would draw (unless
        :data:`DRAW_RIVALS`)."""
        held = {c[-1] for c in view.hand if c[0] not in "JX"}
        out = [baseline(view) if view.players in BOLD_PLAYERS else self.normal.choose(view, legal, Rng(0))]
        for move in legal:
            if move[0] in "JX" and move[-1] not in held:  # a Jack or a joker naming a suit
                move = jack(move, list(view.hand))
            if move == DRAW and not DRAW_RIVALS:
                continue
            if move not in out:
                out.append(move)
        return out

    def choose(self, view: PisYediliView, legal: list[str], rng: Rng) -> str:
        return run_steps(self.choose_steps(view, legal, rng))

    def choose_steps(self, view: PisYediliView, legal: list[str], rng: Rng) -> Generator[None, None, str]:
        if view.phase != "play" or len(legal) == 1:
            return self.normal.choose(view, legal, rng)
        return (yield from self.search.choose_steps(view, self.candidates(view, legal), rng))
