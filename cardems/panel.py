"""The panel: Hard and Normal against opponents that share no code with Hard's model.

``python -m cardems arena panel [--deals N] [--seed S] [--jobs J | --scheduler ADDR] [--game G] [--players P] [--json]``

Hard is built on a model of how the others play (the Normal player); the panel checks
that it beats players unlike Normal too. Its members are Easy, Normal and each game's
``cardems/<game>/panel.py``: a greedy player, a hunter and a sampling player of its own.
Every row is a ladder row (:mod:`cardems.ladder`: mirrored deals, shards, the same
cache and statistics): Hard against each member, Normal against each other member;
and for each member, Hard's result minus Normal's on the same deals, with its 95%
interval over deals (paired: deal ``i`` of both rows is the same shuffle).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from cardems import arena, ladder

MEMBERS = ("easy", "normal", "greedy", "hunter", "sampler")
GAMES = ("pisti", "pis-yedili")
PLAYERS = (2, 4)


def pairs() -> list[tuple[str, str]]:
    """Hard against every member, then Normal against every other member."""
    return [("hard", m) for m in MEMBERS] + [("normal", m) for m in MEMBERS if m != "normal"]


def gap(hard: list[float], normal: list[float]) -> dict[str, Any]:
    """Hard's per-deal result minus Normal's, paired deal by deal."""
    diffs = [h - n for h, n in zip(hard, normal)]
    score = arena.summarize(diffs, [])
    return {"mean_diff": score.mean_diff, "ci95": score.ci95}


def run(
    deals: int,
    seed: int,
    jobs: int = 1,
    cache: str | None = None,
    games: Iterable[str] | None = None,
    players: Iterable[int] | None = None,
    progress: Callable[[str], None] | None = None,
    scheduler: Any = None,
) -> dict[str, list[dict[str, Any]]]:
    """The panel's rows (``rows``) and, per game and member, Hard minus Normal (``gaps``)."""
    rungs = ladder.rungs(games or GAMES, players or PLAYERS, pairs())
    results = ladder.collect(rungs, deals, seed, jobs, cache, progress, scheduler)
    rows = [ladder.row(r, arena.summarize(*results[r]), deals) for r in rungs]
    by = {(r.game, r.options, r.bot, r.opponent): results[r][0] for r in rungs}
    gaps = []
    for r in rungs:
        if r.bot != "hard":
            continue
        hard = results[r][0]
        normal = by.get((r.game, r.options, "normal", r.opponent))
        if r.opponent == "normal":
            normal = [0.0] * len(hard)  # Normal against itself: exactly 0 on every deal
        if normal is not None:
            gaps.append(
                {
                    "game": r.game,
                    "options": r.parsed_options(),
                    "label": r.label,
                    "opponent": r.opponent,
                    "deals": deals,
                    **gap(hard, normal),
                }
            )
    return {"rows": rows, "gaps": gaps}


def table(panel: dict[str, list[dict[str, Any]]]) -> str:
    """The panel as two Markdown tables: the rows, then Hard minus Normal per member."""
    lines = [
        ladder.table(panel["rows"]).rstrip("\n"),
        "",
        "| game | against | deals | hard − normal | 95% CI | verdict |",
        "|---|---|---:|---:|---|---|",
    ]
    for g in panel["gaps"]:
        low, high = g["ci95"]
        verdict = "hard better" if low > 0 else "hard worse" if high < 0 else "not shown better"
        lines.append(
            f"| {g['label']} | {g['opponent']} | {g['deals']} | {g['mean_diff']:+.2f} | "
            f"[{ladder.signed(low)}, {ladder.signed(high)}] | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def write(panel: dict[str, list[dict[str, Any]]], as_json: bool, out: arena.Writer) -> None:
    out.write(json.dumps(panel) + "\n" if as_json else table(panel))
