"""Pis Yedili's rules engine against RLCard's UNO engine: random 2-player games, side by side.

    python bench/pis_yedili_engine.py [--rounds 5] [--games 300]

Each round plays ``--games`` random games of each kind, alternating which goes
first; the figures are medians over rounds of moves per second, and the ratios
are Cardems over RLCard in the same round:

- ``cardems play``: the public API, ``game.play(rng.choice(game.legal_moves()))``
  on ``PisYedili.new({"players": 2, "mode": "round"})`` (play checks legality,
  records the move and returns events);
- ``cardems search``: what the sampling search does, ``legal_moves()`` and
  ``_apply`` (no legality check, no move record) on a copied position;
- ``cardems sim``: the compact round the Hard opponent's playouts run on
  (:class:`cardems.pis_yedili.sim.Sim`: the same rules move for move, no events,
  history or views), ``legal()`` and ``apply()``, from ``Sim.new`` (the same deal);
- ``rlcard``: ``UnoGame(num_players=2)``, ``init_game()``, then ``step`` a random
  one of ``get_legal_actions()`` until ``is_over()`` (RLCard 1.2, an optional
  bench dependency: ``pip install rlcard``; skipped if absent).

A move is one call that changes the game (a draw, a pass or a card). Times are the
process's CPU time (``--clock cpu``, the default: the machine's load does not inflate
them) or ``--clock wall``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardems.pis_yedili.rules import PisYedili
from cardems.pis_yedili.sim import OVER, Sim
from cardems.rng import Rng

OPTIONS = {"players": 2, "mode": "round"}


def cardems_play(games: int, base: int) -> int:
    moves = 0
    for seed in range(base, base + games):
        game = PisYedili.new(OPTIONS, seed=seed)
        rng = Rng(seed ^ 0xC0FFEE)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
            moves += 1
    return moves


def cardems_search(games: int, base: int) -> int:
    moves = 0
    for seed in range(base, base + games):
        game = PisYedili.new(OPTIONS, seed=seed).copy()
        rng = Rng(seed ^ 0xC0FFEE)
        while not game.over:
            game._apply(rng.choice(game.legal_moves()))
            moves += 1
    return moves


def cardems_sim(games: int, base: int) -> int:
    moves = 0
    for seed in range(base, base + games):
        sim = Sim.new(2, True, Rng(seed))
        legal, apply, choice = sim.legal, sim.apply, Rng(seed ^ 0xC0FFEE).choice
        while sim.phase != OVER:
            apply(choice(legal()))
            moves += 1
    return moves


def rlcard_uno(games: int, base: int) -> int:
    from rlcard.games.uno.game import UnoGame

    moves = 0
    choice = random.Random(base).choice
    for seed in range(base, base + games):
        game = UnoGame(num_players=2)
        game.np_random.seed(seed)
        game.init_game()
        legal, step, over = game.get_legal_actions, game.step, game.is_over
        while not over():
            step(choice(legal()))
            moves += 1
    return moves


def kinds() -> dict:
    out = {"cardems play": cardems_play, "cardems search": cardems_search, "cardems sim": cardems_sim}
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard is not installed (pip install rlcard): Cardems alone", file=sys.stderr)
    else:
        out["rlcard"] = rlcard_uno
    return out


def median(values: list[float]) -> float:
    values = sorted(values)
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    todo = kinds()
    rates: dict[str, list[float]] = {k: [] for k in todo}
    ratios: dict[str, list[float]] = {k: [] for k in todo if k != "rlcard"}
    for i in range(args.rounds):
        order = list(todo) if i % 2 == 0 else list(reversed(todo))
        now: dict[str, float] = {}
        for kind in order:
            start = clock()
            moves = todo[kind](args.games, 1 + i * args.games)
            now[kind] = moves / (clock() - start)
            rates[kind].append(now[kind])
        if "rlcard" in now:
            for k in ratios:
                ratios[k].append(now[k] / now["rlcard"])
        print(f"  round {i + 1}: " + " | ".join(f"{k} {now[k]:9.0f} moves/s" for k in todo), flush=True)
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {args.rounds} rounds x "
        f"{args.games} random 2-player games each, {args.clock} time"
    )
    for k in todo:
        print(f"  {k:15s} {median(rates[k]):9.0f} moves/s (median)")
    for k, values in ratios.items():
        if values:
            print(
                f"  ratio {k} / rlcard: {median(values):.2f}x (median; rounds {min(values):.2f}-{max(values):.2f})"
            )


if __name__ == "__main__":
    main()
