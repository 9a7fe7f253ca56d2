"""Abstract's exact solver in CPython: a full solve of each random deal from the start
(the value of moving first, which is also what the first/second choice needs).

    python bench/abstract_solver.py [--deals 200] [--variants base,suit,unlimited,52]

Each deal gets a fresh solver (no table carried over). Prints, per variant, the
median, 95th percentile and worst CPU time in ms (``time.process_time``, so the
figures hold on a shared machine; the worst wall-clock time is printed too), the
nodes searched (positions visited, finished rows included: what the slices
count), the longest CPU stretch between two yields of the sliced search
(what the page would wait without a repaint), and how often the first mover wins
under perfect play.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import median

from cardems.abstract.rules import Abstract
from cardems.abstract.solver import Position, Solver


def solve(variant: str, deals: int) -> dict:
    times, walls, nodes, gaps, wins = [], [], [], [], 0
    for seed in range(1, deals + 1):
        row = Abstract.new({"variant": variant}, seed=seed).row
        solver = Solver(variant, row)
        start, wall = time.process_time(), time.perf_counter()
        steps, last = solver.value_steps(Position.start()), start
        while True:  # driven as the page drives it, timing the stretches between yields
            try:
                next(steps)
            except StopIteration as stop:
                value = stop.value
                break
            now = time.process_time()
            gaps.append(now - last)
            last = now
        gaps.append(time.process_time() - last)
        walls.append(1000 * (time.perf_counter() - wall))
        times.append(1000 * (time.process_time() - start))
        nodes.append(solver.nodes)
        wins += value > 0
    times.sort()
    nodes.sort()
    return {
        "median": median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "worst": times[-1],
        "nodes_median": median(nodes),
        "nodes_worst": nodes[-1],
        "first_wins": wins / deals,
        "wall_worst": max(walls),
        "gap": 1000 * max(gaps),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variants", default="base,suit,unlimited,52")
    args = parser.parse_args()
    print(f"Abstract solver, CPython {sys.version.split()[0]}, {args.deals} deals per variant (seeds 1..N)")
    for variant in args.variants.split(","):
        r = solve(variant, args.deals)
        print(
            f"  {variant:9} CPU ms median {r['median']:7.1f}  p95 {r['p95']:7.1f}  worst {r['worst']:7.1f}"
            f"  (wall worst {r['wall_worst']:7.1f})"
            f"   nodes median {r['nodes_median']:8.0f}  worst {r['nodes_worst']:8d}"
            f"   longest stretch without a yield {r['gap']:5.1f} ms   first mover wins {100 * r['first_wins']:.1f}%"
        )


if __name__ == "__main__":
    main()
