"""Engine throughput in CPython: whole Pişti deals per second, with random legal
play (a ``cardems.rng.Rng`` picks among ``legal_moves()``) and with the Normal
bot in every seat (``bot_move``, which builds a view per decision).

    python bench/engine.py [--rounds 3] [--seeds 200]

Each round plays ``--seeds`` deals (seeds 1..N) of each kind, alternating
which kind goes first; the figures are medians over rounds, and the ratio
random/normal is the cost of the bots measured side by side.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import median

from cardems.bots import bot_move, make_bot
from cardems.pisti.rules import Pisti
from cardems.rng import Rng


def random_deals(seeds: range) -> int:
    moves = 0
    for seed in seeds:
        game = Pisti.new({}, seed=seed)
        rng = Rng(seed ^ 0xC0FFEE)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
            moves += 1
        game.result()
    return moves


def normal_deals(seeds: range) -> int:
    moves = 0
    for seed in seeds:
        game = Pisti.new({}, seed=seed)
        bots = [make_bot("pisti", "normal") for _ in range(game.players)]
        while not game.is_over():
            seat = game.to_move
            game.play(bot_move(game, bots[seat], seat))
            moves += 1
        game.result()
    return moves


KINDS = {"random": random_deals, "normal": normal_deals}


def run(rounds: int = 3, deals: int = 200, quiet: bool = False) -> dict:
    seeds = range(1, deals + 1)
    rate: dict[str, list[float]] = {k: [] for k in KINDS}
    move_rate: dict[str, list[float]] = {k: [] for k in KINDS}
    t0 = time.perf_counter()
    for i in range(rounds):
        order = list(KINDS) if i % 2 == 0 else list(reversed(KINDS))
        for kind in order:
            start = time.perf_counter()
            moves = KINDS[kind](seeds)
            took = time.perf_counter() - start
            rate[kind].append(deals / took)
            move_rate[kind].append(moves / took)
        if not quiet:
            print(
                f"  round {i + 1}: " + " | ".join(f"{k} {rate[k][-1]:8.1f} deals/s" for k in KINDS),
                flush=True,
            )
    med = {k: median(v) for k, v in rate.items()}
    return {
        "rounds": rounds,
        "deals": deals,
        "deals_per_s": med,
        "moves_per_s": {k: median(v) for k, v in move_rate.items()},
        "ratio": med["random"] / med["normal"],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "seconds": time.perf_counter() - t0,
    }


def report(s: dict) -> str:
    d, m = s["deals_per_s"], s["moves_per_s"]
    return "\n".join(
        [
            f"engine ({s['python']}, 2-player Pişti, {s['deals']} deals x {s['rounds']} rounds, medians)",
            f"  random play     {d['random']:9.1f} deals/s  ({m['random']:9.0f} moves/s)",
            f"  normal vs normal{d['normal']:9.1f} deals/s  ({m['normal']:9.0f} moves/s)",
            f"  ratio random/normal {s['ratio']:.2f}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (default 3)")
    parser.add_argument(
        "--seeds", type=int, default=200, help="deals per kind per round, seeds 1..N (default 200)"
    )
    args = parser.parse_args(argv)
    print(report(run(max(1, args.rounds), max(1, args.seeds))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
