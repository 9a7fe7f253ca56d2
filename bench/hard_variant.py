"""Ladder rows played by a variant of a Hard module, into a cache of its own.

    python bench/hard_variant.py CACHE --game pisti --players 2 --bot hard --opponent sampler
        --deals N --seed S [--jobs J] [--set cardems.pisti.hard:TEMPERATURE=0.08 ...]

Each ``--set`` changes a module constant in every worker before it plays (a Python literal:
a number, ``True``/``False``, a dict). The shards and keys are the ladder's (:func:`cardems.ladder.play_shard`),
so ``bench/pair.py BASE.jsonl CACHE`` pairs the variant with the code before it, deal by
deal, on the same seed. Keep one cache per variant.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardems import ladder


def parse(value: str) -> object:
    return ast.literal_eval(value)


def apply(settings: list[str]) -> None:
    for setting in settings:
        target, _, value = setting.partition("=")
        module, _, name = target.partition(":")
        mod = importlib.import_module(module)
        assert hasattr(mod, name), f"{module} has no {name}"
        setattr(mod, name, parse(value))


def run_shard(task: tuple[list[str], tuple[ladder.Rung, int, int, int]]) -> dict[str, object]:
    settings, shard = task
    apply(settings)
    return ladder.play_shard(shard)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cache")
    parser.add_argument("--game", default="pisti")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponent", default="sampler")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=8000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], dest="settings")
    args = parser.parse_args()
    rung = next(
        r
        for r in ladder.rungs([args.game], [args.players], [(args.bot, args.opponent)])
        if not any(k not in ladder.BASE_KEYS for k, _ in r.options)
    )
    done = ladder.load_cache(args.cache)
    tasks = [
        (args.settings, (rung, args.seed, start, stop))
        for start, stop in ladder.shards(args.deals)
        if rung.key(args.seed, start, stop) not in done
    ]
    with open(args.cache, "a", encoding="utf-8") as sink:
        if args.jobs > 1 and len(tasks) > 1:
            from multiprocessing import get_context

            with get_context("spawn").Pool(min(args.jobs, len(tasks))) as pool:
                for record in pool.imap_unordered(run_shard, tasks):
                    sink.write(json.dumps(record) + "\n")
                    sink.flush()
                    print(
                        f"{args.cache}: shard {ladder._what(record['key'])}, {record['seconds']} s",
                        flush=True,
                    )
        else:
            for task in tasks:
                record = run_shard(task)
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                print(f"{args.cache}: shard {ladder._what(record['key'])}, {record['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
