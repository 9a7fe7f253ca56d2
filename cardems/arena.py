"""The arena: bots against each other on mirrored deals, with a paired confidence interval.

Every deal is played once per seating (two for 2 players and partnerships: the
bots swap sides; three for 3 players: the first bot sits in each seat in turn),
so the luck of the cards cancels out. The first bot's result per game is its
side's score minus the best other side's (``versus="best"``) or minus the mean
of the other sides (``versus="mean"``: equal play then gives 0 whatever the
number of seats); a deal's figure is the mean over its seatings, and the 95%
interval is over deals (paired).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from cardems.bots import bot_move, make_bot
from cardems.games import game_class
from cardems.rng import Rng


class Writer(Protocol):
    """Where a command writes its text: a text stream, or the CLI's guarded one."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


@dataclass
class Score:
    wins: int
    draws: int
    losses: int
    games: int
    mean_diff: float
    ci95: list[float]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def seatings(game_name: str, options: dict[str, Any]) -> list[list[int]]:
    """For each game of a deal: which bot (0 = first, 1 = second) sits in each seat
    (each side in turn, partners together: the game's :class:`GameType` says)."""
    kind = game_class(game_name).game_type
    return kind.seatings(kind.players(options))


def play_game(
    game_name: str,
    options: dict[str, Any],
    seed: int,
    bots: list[Any],
    seating: list[int],
    versus: str = "best",
) -> tuple[float, int]:
    """One game; returns the first bot's score difference and 1/0/-1 for win/draw/loss."""
    game = game_class(game_name).new(options, seed=seed)
    while not game.is_over():
        seat = game.to_move
        assert seat is not None  # the game is not over
        game.play(bot_move(game, bots[seating[seat]], seat))
    result = game.result()
    kind = game.game_type
    mine = kind.side(seating.index(0), len(seating))
    scores = kind.ranking(result.scores)
    others = [s for i, s in enumerate(scores) if i != mine]
    diff = scores[mine] - (sum(others) / len(others) if versus == "mean" else max(others))
    if result.winner == "draw":
        outcome = 0
    else:
        outcome = 1 if result.winner == mine else -1
    return float(diff), outcome


def play_deal(args: tuple[Any, ...]) -> tuple[float, list[int]]:
    """One mirrored deal: ``(game, options, seed, levels[, versus])`` -> (mean difference, outcomes)."""
    game_name, options, seed, levels, *rest = args
    versus = rest[0] if rest else "best"
    bots = [make_bot(game_name, level) for level in levels]
    diffs, outcomes = [], []
    for seating in seatings(game_name, options):
        diff, outcome = play_game(game_name, options, seed, bots, seating, versus)
        diffs.append(diff)
        outcomes.append(outcome)
    return sum(diffs) / len(diffs), outcomes


def run(
    game_name: str,
    levels: list[str],
    deals: int,
    seed: int,
    options: dict[str, Any],
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Score:
    """Play ``deals`` mirrored deals; deal seeds come from ``seed``."""
    for level in levels:
        make_bot(game_name, level)  # refuse unknown levels before any work
    game_class(game_name).new(options, seed=0)  # and bad options
    tasks = [(game_name, options, deal_seed, levels) for deal_seed in deal_seeds(seed, deals)]
    per_deal: list[float] = []
    outcomes: list[int] = []
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(min(jobs, deals)) as pool:
            for done, (diff, outs) in enumerate(pool.imap(play_deal, tasks, chunksize=4), 1):
                per_deal.append(diff)
                outcomes.extend(outs)
                if progress:
                    progress(done, deals)
    else:
        for done, task in enumerate(tasks, 1):
            diff, outs = play_deal(task)
            per_deal.append(diff)
            outcomes.extend(outs)
            if progress:
                progress(done, deals)
    return summarize(per_deal, outcomes)


def deal_seeds(seed: int, deals: int) -> list[int]:
    """The seeds of a run's deals, in order: deal ``i`` of a run is the same whatever
    the number of deals asked for beyond it (so runs can be cut into shards)."""
    source = Rng(seed)
    return [source.next64() >> 12 for _ in range(deals)]


def summarize(per_deal: list[float], outcomes: list[int]) -> Score:
    """The score of a run from each deal's mean difference and every game's outcome."""
    n = len(per_deal)
    mean = sum(per_deal) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in per_deal) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    return Score(
        wins=outcomes.count(1),
        draws=outcomes.count(0),
        losses=outcomes.count(-1),
        games=len(outcomes),
        mean_diff=round(mean, 4),
        ci95=[round(mean - half, 4), round(mean + half, 4)],
    )


def progress_printer(err: Writer) -> Callable[[int, int], None]:
    step = 1

    def show(done: int, total: int) -> None:
        nonlocal step
        step = max(1, total // 20)
        if done % step == 0 or done == total:
            err.write(f"arena: {done}/{total} deals\n")
            err.flush()

    return show
