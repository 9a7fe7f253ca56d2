"""Think time of the Hard opponents: per decision and per slice, for every game and seat count.

    python bench/think.py [--deals 6] [--level hard] [--game G] [--players P]   # CPython
    node bench/think_pyodide.mjs [--deals 6] [--level hard]   # the same in Pyodide under Node
    ... --set cardems.pisti.hard:SAMPLES=128   # a variant's think time
    ... --game pis-yedili --option jokers=true   # under a house rule (the games that have it)
    ... --repeat 3   # each decision's least time over 3 plays of the same deals

Seat 0 plays ``--level`` against Normal in the other seats, deals seeded 1..N.
Each decision is driven slice by slice as the page drives it
(:func:`cardems.bots.bot_move_steps`): the decision's time is the sum of its
slices, the slice time what the page would block for at once. Prints, per
row, the number of decisions, median, p95 (nearest rank) and max in ms, and the
longest slice.

The clock is the process's CPU time by default (``--clock cpu``: in Pyodide, Node's
``process.cpuUsage()``), so the figures hold on a machine shared with other work;
``--clock wall`` reads ``time.perf_counter``. Node's CPU time counts its compiler and
collector threads too, so one play of the same code swings by ±20%; with ``--repeat N``
each decision's time is its least over N plays (bench/RESULTS.md, 2026-12-03 evening).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardems.bots import bot_move, bot_move_steps, make_bot
from cardems.games import game_class, options_spec

ROWS = (
    [("pisti", {"players": n, "mode": "classic"}) for n in (2, 3, 4)]
    + [("war", {})]
    + [("pis-yedili", {"players": n, "mode": "round"}) for n in (2, 3, 4)]
    + [("abstract", {"variant": v, "mode": "deal"}) for v in ("base", "suit", "unlimited", "52")]
)


def cpu_clock():
    """Seconds of CPU time of this process (Node's in Pyodide: the interpreter runs on its thread)."""
    if sys.platform == "emscripten":
        from js import process

        def node_cpu() -> float:
            used = process.cpuUsage()
            return (used.user + used.system) / 1e6

        return node_cpu
    return time.process_time


CLOCK = {"cpu": cpu_clock, "wall": lambda: time.perf_counter}
clock = time.perf_counter


def decide(game, bot, seat) -> tuple[object, list[float]]:
    """The bot's move, driven slice by slice; the time of each slice in seconds."""
    steps = bot_move_steps(game, bot, seat)
    slices = []
    while True:
        start = clock()
        try:
            next(steps)
        except StopIteration as stop:
            slices.append(clock() - start)
            return stop.value, slices
        slices.append(clock() - start)


def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(q * len(ordered) + 0.5)) - 1))]


def measure(game_name: str, options: dict, deals: int, level: str, repeat: int = 1) -> dict:
    """Each decision's time is its least over ``repeat`` plays of the same deals (the bots
    are seeded, so every play makes the same decisions): what the code costs, without the
    runtime's own pauses (Node's CPU time counts its compiler and collector threads)."""
    runs: list[list[float]] = []
    slice_runs: list[list[float]] = []
    first_moves: list[object] | None = None
    for _ in range(repeat):
        decisions: list[float] = []
        longest: list[float] = []
        moves: list[object] = []
        for seed in range(1, deals + 1):
            game = game_class(game_name).new(options, seed=seed)
            bot, normal = make_bot(game_name, level), make_bot(game_name, "normal")
            while not game.is_over():
                seat = game.to_move
                if seat == 0:
                    move, slices = decide(game, bot, seat)
                    decisions.append(sum(slices))
                    longest.append(max(slices))
                else:
                    move = bot_move(game, normal, seat)
                moves.append(move)
                game.play(move)
        if first_moves is not None and moves != first_moves:
            raise SystemExit(f"{game_name}: a repeated play made other moves (a bot is not seeded)")
        first_moves = moves
        runs.append(decisions)
        slice_runs.append(longest)
    ms = [min(times) * 1000 for times in zip(*runs)]
    return {
        "decisions": len(ms),
        "median": nearest_rank(ms, 0.5),
        "p95": nearest_rank(ms, 0.95),
        "max": max(ms),
        "slice_max": max(min(times) for times in zip(*slice_runs)) * 1000,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--players", type=int, action="append", help="only rows with this many players (repeatable)"
    )
    parser.add_argument("--clock", choices=tuple(CLOCK), default="cpu")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="play the deals this many times; each decision's least time counts",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        dest="settings",
        metavar="MODULE:NAME=VALUE",
        help="change a bot module's constant first, as bench/hard_variant.py does (repeatable)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="play the rows of the games that have this option with it (repeatable), e.g. jokers=true",
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat needs 1 or more")
    extra = dict(item.partition("=")[::2] for item in args.option)
    if args.settings:
        from hard_variant import apply

        apply(args.settings)
    global clock
    clock = CLOCK[args.clock]()
    print(
        f"{platform.python_implementation()} {platform.python_version()} ({sys.platform}), "
        f"{args.level} in seat 0 against normal, {args.deals} deals per row"
        + (f", each decision's least of {args.repeat} plays" if args.repeat > 1 else "")
        + f"; {args.clock} times in ms"
    )
    print(f"{'row':28s} {'decisions':>9s} {'median':>8s} {'p95':>8s} {'max':>8s} {'slice max':>9s}")
    for game_name, base in ROWS:
        if extra and not set(extra) <= {o.name for o in options_spec(game_name)}:
            continue
        options = {**base, **extra}
        if (
            args.game
            and game_name not in args.game
            or args.players
            and options.get("players") not in args.players
        ):
            continue
        r = measure(game_name, options, args.deals, args.level, args.repeat)
        label = game_name + " " + " ".join(f"{k}={v}" for k, v in options.items() if k != "mode")
        print(
            f"{label:28s} {r['decisions']:9d} {r['median']:8.1f} {r['p95']:8.1f} {r['max']:8.1f} "
            f"{r['slice_max']:9.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
