"""The exact solver of Abstract: alpha-beta on the final score difference.

Holdings are bit masks, one chunk of bits per suit (6 bits for the 24-card pack,
13 for Abstract 52), so the scoring of a finished half is a few table look-ups
and bit operations: sequences and runs from per-chunk tables, sets from the
ANDs of the four suit chunks. Takes are tried largest first, which makes
alpha-beta cut most of the tree.

Search is negamax: a value is the final score difference of the half (or deal),
from the point of view of the player to move. The top of the tree is searched by
a generator that yields every ``SLICE`` nodes (so the page can breathe); below
``GENERATOR_DEPTH`` remaining cards a plain recursive function takes over. Positions
searched by the generator are kept in a transposition table with their bounds, so a
hint or the analysis after a move reuses what the last search found.

>>> solver = Solver.for_row("base", tuple("AS AD QS 9H QH AC JH KH KS KD 10S 9D 9S JS KC JC JD 10H 10D 10C AH QD QC 9C".split()))
>>> value = solver.value(Position.start())
>>> takes = solver.analyse(Position.start())
>>> max(takes.values()) == value
True
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cardems.abstract.rules import SUIT_LIMIT, UNLIMITED_FIRST, AbstractView
from cardems.abstract.score import FULL_HALF, SEQUENCE_POINTS, SUIT_ORDER, rank_index
from cardems.cards import JOKER, Card, suit_of

INF = 1 << 40
SLICE = 1_500  # nodes (finished rows included) between two yields of a sliced search
GENERATOR_DEPTH = 11  # positions with more cards left than this are searched by the generator
TABLE_LIMIT = 8  # solvers kept (one per row)


def _tables(width: int) -> tuple[list[int], list[int], list[int]]:
    """Per suit chunk: sequence points, card count, longest run; each chunk from the one
    without its lowest bit or its lowest run. Sequence points only for the 24-card pack's
    6-bit chunks (Abstract 52 scores runs, not sequences): the 13-bit tables take 2 ms."""
    size = 1 << width
    pop, run, trail = [0] * size, [0] * size, [0] * size
    seq = [0] * size if width <= 6 else []
    for c in range(1, size):
        low = c & 1
        pop[c] = pop[c >> 1] + low
        t = trail[c] = trail[c >> 1] + 1 if low else 0
        r = run[c >> 1]
        run[c] = t if t > r else r
        if seq:
            seq[c] = seq[c >> (t + 1)] + SEQUENCE_POINTS.get(t, 0) if t else seq[c >> 1]
    return seq, pop, run


_TABLES: dict[int, tuple[list[int], list[int], list[int]]] = {}


T = TypeVar("T")
Leaf = Callable[[int, int, int], int]  # (mover's mask, its cards, other's mask) -> score difference


def tables(width: int) -> tuple[list[int], list[int], list[int]]:
    if width not in _TABLES:
        _TABLES[width] = _tables(width)
    return _TABLES[width]


@dataclass(frozen=True)
class Position:
    """A position of one half: ``count`` cards taken; ``mover`` holds ``mine`` (a mask,
    ``mine_n`` cards), the other ``theirs`` (``theirs_n``); ``previous`` is the last take
    (0 before the first)."""

    count: int
    mine: int
    mine_n: int
    theirs: int
    theirs_n: int
    previous: int

    @classmethod
    def start(cls) -> Position:
        return cls(0, 0, 0, 0, 0, 0)

    @classmethod
    def from_view(cls, view: AbstractView) -> Position:
        """The position of the player to move in ``view`` (everything in it is public)."""
        me = view.to_move if view.to_move is not None else view.seat
        mine, theirs = view.taken[me], view.taken[1 - me]
        return cls(
            view.taken_count,
            mask_of(mine, view.variant),
            len(mine),
            mask_of(theirs, view.variant),
            len(theirs),
            view.previous or 0,
        )


class Solver:
    """Exact values of the positions of one row of one variant."""

    _cache: dict[tuple[str, tuple[Card, ...]], Solver] = {}
    points: Callable[[int, int], int]  # a half's score: (cards mask, cards taken) -> points

    @classmethod
    def for_row(cls, variant: str, row: Sequence[Card]) -> Solver:
        """The solver of this row, shared (with its table) by every caller."""
        key = (variant, tuple(row))
        solver = cls._cache.get(key)
        if solver is None:
            if len(cls._cache) >= TABLE_LIMIT:
                cls._cache.pop(next(iter(cls._cache)))
            solver = cls._cache[key] = cls(variant, row)
        return solver

    def __init__(self, variant: str, row: Sequence[Card]) -> None:
        self.variant = variant
        self.row = tuple(row)
        self.n = n = len(row)
        self.width = width = 13 if variant == "52" else 6
        self.bits = [
            0 if c == JOKER else 1 << (SUIT_ORDER.index(suit_of(c)) * width + rank_index(c)) for c in self.row
        ]
        self.seg = [[0] * (n + 1) for _ in range(n + 1)]
        for i in range(n):
            mask = 0
            for k in range(1, n - i + 1):
                mask |= self.bits[i + k - 1]
                self.seg[i][k] = mask
        if variant == "base":
            self.fixed = [min(3, n - i) for i in range(n)]
        elif variant in ("suit", "52"):
            self.fixed = [min(SUIT_LIMIT[suit_of(c) or "C"], n - i) for i, c in enumerate(self.row)]
        else:
            self.fixed = []
        self.leaf = self._product_leaf() if variant == "52" else self._combination_leaf()
        self.table: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0
        self._next_yield = SLICE

    # ------------------------------------------------------------ scoring
    def _combination_leaf(self) -> Leaf:
        seq, pop, _ = tables(6)
        n = self.n

        def points(m: int, count: int = 0) -> int:
            a, b, c, d = m & 63, (m >> 6) & 63, (m >> 12) & 63, m >> 18
            ab, cd = a & b, c & d
            four = ab & cd
            three = ((ab & (c | d)) | (cd & (a | b))) & ~four
            return seq[a] + seq[b] + seq[c] + seq[d] + 8 * pop[four] + 2 * pop[three]

        def leaf(mine: int, mine_n: int, theirs: int) -> int:
            """Score difference (mover - other) of a finished half."""
            p, q = points(mine), points(theirs)
            theirs_n = n - mine_n
            if p and q:
                return p * theirs_n - q * mine_n
            if q:
                return q * mine_n  # misery: the mover takes the other's score
            if p:
                return -p * theirs_n  # the other is in misery
            return 0

        self.points = points
        return leaf

    def _product_leaf(self) -> Leaf:
        _, pop, run = tables(13)
        n = self.n
        full = 0x1FFF

        def product(m: int, count: int) -> int:
            a, b, c, d = m & full, (m >> 13) & full, (m >> 26) & full, m >> 39
            longest = max(pop[a], pop[b], pop[c], pop[d])
            ab, cd = a & b, c & d
            if ab & cd:
                same = 4
            elif (ab & (c | d)) | (cd & (a | b)):
                same = 3
            elif ab | cd | ((a | b) & (c | d)):
                same = 2
            else:
                same = 1 if m else 0
            score = longest * run[a | b | c | d] * same
            if count < FULL_HALF:
                score *= n - 2 * count
            return score

        def leaf(mine: int, mine_n: int, theirs: int) -> int:
            return product(mine, mine_n) - product(theirs, n - mine_n)

        self.points = product
        return leaf

    # ------------------------------------------------------------ moves
    def limit(self, count: int, previous: int) -> int:
        if self.fixed:
            return self.fixed[count]
        most = UNLIMITED_FIRST if previous == 0 else previous + 1
        return min(most, self.n - count)

    def child(self, pos: Position, take: int) -> Position:
        """The position after the mover takes ``take`` cards (seen from the next mover)."""
        return Position(
            pos.count + take,
            pos.theirs,
            pos.theirs_n,
            pos.mine | self.seg[pos.count][take],
            pos.mine_n + take,
            take,
        )

    # ------------------------------------------------------------ search
    def _search(
        self,
        count: int,
        mine: int,
        mine_n: int,
        theirs: int,
        theirs_n: int,
        previous: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Plain recursive alpha-beta (fail-soft) below the generator's depth."""
        self.nodes += 1
        n = self.n
        seg = self.seg[count]
        most = (
            self.fixed[count]
            if self.fixed
            else min(UNLIMITED_FIRST if previous == 0 else previous + 1, n - count)
        )
        best = -INF
        search = self._search
        for take in range(most, 0, -1):
            after = count + take
            if after == n:
                self.nodes += 1
                value = self.leaf(mine | seg[take], mine_n + take, theirs)
            else:
                value = -search(after, theirs, theirs_n, mine | seg[take], mine_n + take, take, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def search_steps(self, pos: Position, alpha: int = -INF, beta: int = INF) -> Generator[None, None, int]:
        """The value of ``pos`` within (alpha, beta), fail-soft; yields every ``SLICE`` nodes."""
        count, mine, mine_n, theirs, theirs_n, previous = (
            pos.count,
            pos.mine,
            pos.mine_n,
            pos.theirs,
            pos.theirs_n,
            pos.previous,
        )
        if count == self.n:
            return -self.leaf(theirs, theirs_n, mine)
        if self.n - count <= GENERATOR_DEPTH:
            value = self._search(count, mine, mine_n, theirs, theirs_n, previous, alpha, beta)
            return value
        key = (count, mine, theirs, previous)
        low, high = self.table.get(key, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        window = (alpha, beta)
        self.nodes += 1
        best = -INF
        for take in range(self.limit(count, previous), 0, -1):
            value = -(yield from self.search_steps(self.child(pos, take), -beta, -alpha))
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
            if self.nodes >= self._next_yield:
                self._next_yield = self.nodes + SLICE
                yield
        if best <= window[0]:
            self.table[key] = (low, min(high, best))
        elif best >= window[1]:
            self.table[key] = (max(low, best), high)
        else:
            self.table[key] = (best, best)
        return best

    def _begin(self) -> None:
        self._next_yield = self.nodes + SLICE

    # ------------------------------------------------------------ answers
    def value_steps(self, pos: Position) -> Generator[None, None, int]:
        """The exact value of ``pos`` for the player to move."""
        self._begin()
        return (yield from self.search_steps(pos))

    def value(self, pos: Position) -> int:
        return _run(self.value_steps(pos))

    def best_steps(self, pos: Position) -> Generator[None, None, tuple[int, int]]:
        """The best take at ``pos`` and its exact value (the largest take among equals)."""
        self._begin()
        alpha, best_take = -INF, 0
        for take in range(self.limit(pos.count, pos.previous), 0, -1):
            value = -(yield from self.search_steps(self.child(pos, take), -INF, -alpha))
            if value > alpha:
                alpha, best_take = value, take
        return best_take, alpha

    def best(self, pos: Position) -> tuple[int, int]:
        return _run(self.best_steps(pos))

    def analyse_steps(self, pos: Position) -> Generator[None, None, dict[int, int]]:
        """The exact value of every legal take at ``pos``, for the player to move."""
        self._begin()
        out = {}
        for take in range(1, self.limit(pos.count, pos.previous) + 1):
            out[take] = -(yield from self.search_steps(self.child(pos, take)))
        return out

    def analyse(self, pos: Position) -> dict[int, int]:
        return _run(self.analyse_steps(pos))


def _run(steps: Generator[None, None, T]) -> T:
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            value: T = stop.value
            return value


def mask_of(cards: Iterable[Card], variant: str) -> int:
    width = 13 if variant == "52" else 6
    mask = 0
    for card in cards:
        if card != JOKER:
            mask |= 1 << (SUIT_ORDER.index(suit_of(card)) * width + rank_index(card))
    return mask
