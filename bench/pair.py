"""Pair two ladder caches shard by shard: how much better is the code of B than that of A?

    python bench/pair.py A.jsonl B.jsonl [--only TEXT] [--any-bot]

For every row (game, options, bot, opponent, seed) whose shards are in both caches,
only on the deals both hold: A's and B's mean difference a deal, B minus A with its
95% interval over deals (paired: deal ``i`` is the same shuffle in both), and the wins.
A tuning run writes its own cache (``--cache``); a change is measured against the
cache of the code before it, on the same seed. With ``--any-bot`` rows are matched whatever
bot played them, so a cache of Hard's row and one of Normal's give Hard minus Normal against
the same opponent on the same deals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardems import arena, ladder

Row = tuple[str, str, str | None, str, str, int]  # game, options, bot (None: any), opponent, versus, seed
Rows = dict[Row, dict[int, tuple[list[float], list[int]]]]


def rows(path: str, any_bot: bool = False) -> tuple[Rows, dict[Row, str]]:
    """Per row (the key without its deals; without the bot too if ``any_bot``): shard start ->
    (per-deal figures, outcomes); and each row's bot. With ``any_bot``, a cache holding one row
    played by two bots is refused: which of them to pair would be a guess."""
    out: Rows = {}
    bots: dict[Row, str] = {}
    for key, record in ladder.load_cache(path).items():
        game, options, bot, opponent, versus, seed, start, _stop = json.loads(key)
        row = (game, json.dumps(options), None if any_bot else bot, opponent, versus, seed)
        if bots.setdefault(row, bot) != bot:
            raise SystemExit(f"{path}: {game} vs {opponent} seed {seed} is played by {bots[row]} and {bot}")
        out.setdefault(row, {})[start] = (record["per_deal"], record["outcomes"])
    return out, bots


def pair(a: str, b: str, only: str | None = None, any_bot: bool = False) -> list[dict[str, Any]]:
    (first, first_bots), (second, second_bots) = rows(a, any_bot), rows(b, any_bot)
    result = []
    for row in sorted(set(first) & set(second), key=str):
        game, options, _bot, opponent, _versus, seed = row
        bot = (
            first_bots[row]
            if first_bots[row] == second_bots[row]
            else f"{first_bots[row]} -> {second_bots[row]}"
        )
        players = dict(json.loads(options)).get("players", 2)
        label = f"{game} {players}p {bot} vs {opponent} seed {seed}"
        if only and only not in label:
            continue
        starts = sorted(set(first[row]) & set(second[row]))
        da = [x for s in starts for x in first[row][s][0]]
        db = [x for s in starts for x in second[row][s][0]]
        oa = [x for s in starts for x in first[row][s][1]]
        ob = [x for s in starts for x in second[row][s][1]]
        if len(da) != len(db) or not da:
            continue
        diff = arena.summarize([y - x for x, y in zip(da, db)], [])
        result.append(
            {
                "row": label,
                "deals": len(da),
                "a": round(sum(da) / len(da), 2),
                "b": round(sum(db) / len(db), 2),
                "b_minus_a": diff.mean_diff,
                "ci95": diff.ci95,
                "wins_a": oa.count(1),
                "wins_b": ob.count(1),
                "games": len(oa),
            }
        )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--only", help="only rows whose description holds this text")
    parser.add_argument(
        "--any-bot", action="store_true", help="match rows whatever bot played them (B's bot minus A's)"
    )
    args = parser.parse_args()
    for r in pair(args.a, args.b, args.only, args.any_bot):
        low, high = r["ci95"]
        print(
            f"{r['row']}: {r['deals']} deals, A {r['a']:+.2f}, B {r['b']:+.2f}, B - A {r['b_minus_a']:+.2f} "
            f"[{low:+.2f}, {high:+.2f}], wins {r['wins_a']} -> {r['wins_b']} of {r['games']}"
        )


if __name__ == "__main__":
    main()
