"""Hard's search: iterative deepening alpha-beta on one row under a fixed node budget.

Each iteration looks ``FIRST_DEPTH`` takes further than the last, trying first the
best take found before (at the root, and at positions with more than ``ORDER_CARDS``
cards left), and judges a position at its horizon by the row played out from there
with both sides taking ``ENDING_TAKE`` cards (what the rules allow): the exact score
of a plausible finish, at the cost of one finished row. An iteration whose every line
ends with the row is exact, and ends the search. When the
budget of nodes (every position visited, finished rows included) runs out in the
middle of an iteration, the answer is the best take of the deepest iteration that
finished, or of the unfinished one if it already proved a take better than that.
Nothing is shared with other searches (each :class:`Deepening` has its own table
of best takes), so the answer is a pure function of the position and the budget.

The top of the tree is searched by generators that yield every ``SLICE`` nodes;
positions with few cards left or a shallow horizon are searched by plain recursion,
whose subtrees are small (at most a few thousand nodes).
"""

from __future__ import annotations

from collections.abc import Generator

from cardems.abstract.rules import UNLIMITED_FIRST
from cardems.abstract.solver import INF, Position, Solver

SLICE = 500  # nodes between two yields
PLAIN_CARDS = 10  # positions with at most this many cards left are searched by plain recursion,
PLAIN_DEPTH = 2  # and so are those this close to the horizon
FIRST_DEPTH = 4  # the first iteration's horizon (takes ahead), and the step between iterations
ORDER_CARDS = 8  # best takes are remembered for positions with more cards left than this
ENDING_TAKE = 2  # the horizon plays the row out with both sides taking this many


def _plain_ending(solver: Solver, size: int) -> list[tuple[int, int, int]]:
    """For each number of cards taken: what the rest of the row gives the player to move
    (mask, count) and the other (mask) if both always take ``size`` (or fewer as the rules
    allow). The limits do not depend on the takes before, except the unlimited game's
    first take, which is never at a horizon."""
    n = solver.n
    out = []
    for count in range(n + 1):
        c, mover, mine, mine_n, theirs = count, 0, 0, 0, 0
        while c < n:
            take = min(size, solver.limit(c, size))
            if mover == 0:
                mine, mine_n = mine | solver.seg[c][take], mine_n + take
            else:
                theirs |= solver.seg[c][take]
            c, mover = c + take, mover ^ 1
        out.append((mine, mine_n, theirs))
    return out


class OutOfBudget(Exception):
    """The budget of nodes ran out in the middle of an iteration."""


class Deepening:
    """Iterative deepening on one row of ``solver`` (its tables only, not its table of values)."""

    def __init__(self, solver: Solver, budget: int) -> None:
        self.solver = solver
        self.budget = budget
        self.nodes = 0
        self.horizon = False  # some line of the current iteration stopped at the horizon
        self.best_take: dict[tuple[int, int, int, int], int] = {}
        self.ending = _plain_ending(solver, ENDING_TAKE)
        self._next_yield = SLICE

    def judge(self, count: int, mine: int, mine_n: int, theirs: int) -> float:
        """A position at the horizon: the final score difference (mover - other) if the
        row is played out plainly from here (:data:`ENDING_TAKE`)."""
        rest, rest_n, other = self.ending[count]
        return self.solver.leaf(mine | rest, mine_n + rest_n, theirs | other)

    # ------------------------------------------------------------ search
    def _moves(self, count: int, mine: int, theirs: int, previous: int) -> list[int]:
        """The legal takes, largest first, except that the best take found before comes first."""
        most = self.solver.limit(count, previous)
        takes = list(range(most, 0, -1))
        known = self.best_take.get((count, mine, theirs, previous))
        if known is not None and known != most:
            takes.remove(known)
            takes.insert(0, known)
        return takes

    def _search(
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
        """Plain recursive depth-limited alpha-beta (fail-soft)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        s = self.solver
        n = s.n
        if depth == 0:
            self.horizon = True
            return self.judge(count, mine, mine_n, theirs)
        seg = s.seg[count]
        remember = n - count > ORDER_CARDS
        takes = (
            self._moves(count, mine, theirs, previous)
            if remember
            else range(
                s.fixed[count]
                if s.fixed
                else min(UNLIMITED_FIRST if previous == 0 else previous + 1, n - count),
                0,
                -1,
            )
        )
        best: float
        best, best_take = -INF, 0
        search = self._search
        for take in takes:
            after = count + take
            if after == n:
                self.nodes += 1
                value: float = s.leaf(mine | seg[take], mine_n + take, theirs)
            else:
                value = -search(
                    after, theirs, theirs_n, mine | seg[take], mine_n + take, take, depth - 1, -beta, -alpha
                )
            if value > best:
                best, best_take = value, take
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if remember:
            self.best_take[(count, mine, theirs, previous)] = best_take
        return best

    def _search_steps(
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
    ) -> Generator[None, None, float]:
        """:meth:`_search` near the root, yielding every ``SLICE`` nodes."""
        s = self.solver
        n = s.n
        if n - count <= PLAIN_CARDS or depth <= PLAIN_DEPTH:
            return self._search(count, mine, mine_n, theirs, theirs_n, previous, depth, alpha, beta)
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        seg = s.seg[count]
        best: float
        best, best_take = -INF, 0
        for take in self._moves(count, mine, theirs, previous):
            after = count + take
            if after == n:
                self.nodes += 1
                value: float = s.leaf(mine | seg[take], mine_n + take, theirs)
            else:
                value = -(
                    yield from self._search_steps(
                        after,
                        theirs,
                        theirs_n,
                        mine | seg[take],
                        mine_n + take,
                        take,
                        depth - 1,
                        -beta,
                        -alpha,
                    )
                )
            if value > best:
                best, best_take = value, take
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
            if self.nodes >= self._next_yield:
                self._next_yield = self.nodes + SLICE
                yield
        self.best_take[(count, mine, theirs, previous)] = best_take
        return best

    def _root_steps(
        self, pos: Position, depth: int, order: list[int], found: list[tuple[int, float]]
    ) -> Generator[None, None, None]:
        """One iteration at the root: each take in ``order``, appending to ``found`` the
        takes that improved on the best so far (the last one is the iteration's answer)."""
        alpha: float = -INF
        s = self.solver
        for take in order:
            child = s.child(pos, take)
            if child.count == s.n:
                self.nodes += 1
                value: float = s.leaf(child.theirs, child.theirs_n, child.mine)
            else:
                value = -(
                    yield from self._search_steps(
                        child.count,
                        child.mine,
                        child.mine_n,
                        child.theirs,
                        child.theirs_n,
                        take,
                        depth - 1,
                        -INF,
                        -alpha,
                    )
                )
            if value > alpha:
                alpha = value
                found.append((take, value))

    # ------------------------------------------------------------ answers
    def best_steps(self, pos: Position) -> Generator[None, None, tuple[int, float, bool]]:
        """The best take at ``pos`` within the budget, its value, and whether that is exact."""
        s = self.solver
        order = list(range(s.limit(pos.count, pos.previous), 0, -1))
        answer: tuple[int, float] = (order[0], 0.0)
        depth = FIRST_DEPTH
        while True:
            found: list[tuple[int, float]] = []
            self.horizon = False
            try:
                yield from self._root_steps(pos, depth, order, found)
            except OutOfBudget:
                if found:  # the first take tried was the last answer: what beat it is better
                    answer = found[-1]
                return answer[0], answer[1], False
            answer = found[-1]
            if not self.horizon:
                return answer[0], answer[1], True
            order.remove(answer[0])
            order.insert(0, answer[0])
            depth += FIRST_DEPTH

    def value_steps(self, pos: Position) -> Generator[None, None, tuple[float, bool]]:
        """The value of ``pos`` for the player to move within the budget, and whether it is exact."""
        _, value, exact = yield from self.best_steps(pos)
        return value, exact
