"""Normal Abstract opponent: a short look-ahead with a sensible evaluation.

It looks at each take it may make and every reply (two takes, alpha-beta), and
judges the position it reaches as things stand: each side's combination points
times the cards the other side will hold if the rest of the row is shared
evenly (the misery rule applies at the end only); in Abstract 52, each side's
product so far times the shortfall that even shares would leave. A take that ends the row is
scored exactly. To choose first or second it imagines the row played out three
plain ways (both always taking 1, always 2, always 3, as the rules allow) and
goes first if moving first wins those on average. Equal takes are broken at random.
"""

from __future__ import annotations

from cardems.abstract.rules import AbstractView, Move
from cardems.abstract.score import FULL_HALF
from cardems.abstract.solver import Position, Solver
from cardems.rng import Rng

DEPTH = 2  # takes looked ahead: its own and the reply
PATTERNS = (1, 2, 3)
INF = float("inf")


class Lookahead:
    """A depth-limited negamax on one row, judged by :meth:`Lookahead.stand` at the horizon."""

    def __init__(self, solver: Solver, depth: int = DEPTH) -> None:
        self.solver = solver
        self.depth = depth

    def stand(self, count: int, mine: int, mine_n: int, theirs: int) -> float:
        """Score difference (mover - other) as things stand, the rest of the row shared evenly."""
        solver, n = self.solver, self.solver.n
        half = (n - count) / 2
        theirs_n = count - mine_n
        if solver.variant == "52":  # the product so far, and the shortfall the shares would leave
            a, b = mine_n + half, theirs_n + half
            p, q = solver.points(mine, FULL_HALF), solver.points(theirs, FULL_HALF)
            return p * max(1.0, b - a) - q * max(1.0, a - b)
        p, q = solver.points(mine, mine_n), solver.points(theirs, theirs_n)
        return p * (theirs_n + half) - q * (mine_n + half)

    def endings(self, count: int, mine: int, mine_n: int, theirs: int, previous: int) -> float:
        """The mean exact score difference (mover - other) of the three plain endings."""
        solver, n, total = self.solver, self.solver.n, 0.0
        for size in PATTERNS:
            c, a, a_n, b, prev, mover = count, mine, mine_n, theirs, previous, 0
            while c < n:
                take = min(size, solver.limit(c, prev))
                seg = solver.seg[c][take]
                if mover == 0:
                    a, a_n = a | seg, a_n + take
                else:
                    b |= seg
                c, prev, mover = c + take, take, mover ^ 1
            total += solver.leaf(a, a_n, b)
        return total / len(PATTERNS)

    def search(
        self,
        count: int,
        mine: int,
        mine_n: int,
        theirs: int,
        theirs_n: int,
        previous: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        solver, n = self.solver, self.solver.n
        if count == n:
            return -solver.leaf(theirs, theirs_n, mine)
        if depth == 0:
            return self.stand(count, mine, mine_n, theirs)
        best = -INF
        for take in range(solver.limit(count, previous), 0, -1):
            value = -self.search(
                count + take,
                theirs,
                theirs_n,
                mine | solver.seg[count][take],
                mine_n + take,
                take,
                depth - 1,
                -beta,
                -alpha,
            )
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    def values(
        self, count: int, mine: int, mine_n: int, theirs: int, theirs_n: int, previous: int
    ) -> dict[int, float]:
        """Each take's value within the look-ahead."""
        seg = self.solver.seg[count]
        return {
            take: -self.search(
                count + take,
                theirs,
                theirs_n,
                mine | seg[take],
                mine_n + take,
                take,
                self.depth - 1,
                -INF,
                INF,
            )
            for take in range(1, self.solver.limit(count, previous) + 1)
        }


class AbstractNormal:
    level = "normal"

    def __init__(self, depth: int = DEPTH) -> None:
        self.depth = depth

    def choose(self, view: AbstractView, legal: list[Move], rng: Rng) -> Move:
        look = Lookahead(Solver.for_row(view.variant, view.dealt), self.depth)
        if view.choosing:
            return "first" if look.endings(0, 0, 0, 0, 0) >= 0 else "second"
        if len(legal) == 1:
            return legal[0]
        pos = Position.from_view(view)
        values = look.values(pos.count, pos.mine, pos.mine_n, pos.theirs, pos.theirs_n, pos.previous)
        best = max(values.values())
        options = [take for take, value in values.items() if value >= best - 1e-9]
        return options[0] if len(options) == 1 else rng.choice(options)
