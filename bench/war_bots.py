"""War: how long games last and how long each bot takes to decide (CPython).

    python bench/war_bots.py [--games 100] [--levels easy,normal,hard]

Each level plays ``--games`` games (seeds 1..N) as the computer against the
Normal bot in the human's seat, and the script prints, per level, the battles
per game (median, p90, max) and the time of one decision (median, p95, max),
then the longest game seen in random play over the same seeds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardems.bots import bot_move, make_bot
from cardems.rng import Rng
from cardems.war.rules import War


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_level(level: str, games: int) -> tuple[list[int], list[float]]:
    lengths, times = [], []
    bot, human = make_bot("war", level), make_bot("war", "normal")
    for seed in range(1, games + 1):
        game = War.new(seed=seed)
        while not game.is_over():
            seat = game.to_move
            if seat == 1:
                start = time.perf_counter()
                move = bot_move(game, bot, 1)
                times.append((time.perf_counter() - start) * 1000)
            else:
                move = bot_move(game, human, 0)
            game.play(move)
        lengths.append(len(game.history))
    return lengths, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.games} games per level vs Normal")
    for level in args.levels.split(","):
        lengths, times = run_level(level, args.games)
        print(
            f"{level:7} battles/game median {percentile(lengths, 0.5)}, p90 {percentile(lengths, 0.9)}, "
            f"max {max(lengths)} | ms/decision median {percentile(times, 0.5):.2f}, "
            f"p95 {percentile(times, 0.95):.2f}, max {max(times):.2f}"
        )
    longest = 0
    for seed in range(1, 10 * args.games + 1):
        game, rng = War.new(seed=seed), Rng(seed)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        longest = max(longest, len(game.history))
    print(f"random play, {10 * args.games} games: longest {longest} battles")


if __name__ == "__main__":
    main()
