"""The ladder: every game and seat count, Normal against Easy and Hard against Normal.

``python -m cardems arena ladder [--deals N] [--seed S] [--jobs J | --scheduler tcp://HOST:8786] [--json]
[--house | --option KEY=VALUE ...]``

With ``--house`` every row is played under each of the game's option sets (:func:`option_sets`:
the defaults, each house rule's every other value alone, and all of them changed at once);
with ``--option`` under the one set given (for the games that have those options).

Each row is an arena run (:mod:`cardems.arena`) on mirrored deals, the first
bot's difference measured against the MEAN of the other sides, so that equal
play gives 0 whatever the number of seats, and its wins shown against par
(1 / sides: 1/players, 1/2 for partnerships). A row's deals are cut into
shards; each finished shard is written to a cache file (one JSON object a line,
keyed by game, options, bots, seed and the shard's deals), so a stopped ladder
resumes where it was and ``--jobs`` workers share the shards of every row. With
``--scheduler`` the shards are played on a Dask distributed cluster instead (an
optional dependency): the same shards, the same cache, the same results.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardems import arena
from cardems.errors import BadInput, shown
from cardems.games import game_class, house_rules, options_spec

SHARD = 25  # deals per shard: the unit of work, of caching and of progress
VERSUS = "mean"
Z95 = 1.96
CONNECT_TIMEOUT = "20s"  # to reach a Dask scheduler


@dataclass(frozen=True)
class Rung:
    """One row of the ladder: a game with its options, the measured bot and its opponent."""

    game: str
    options: tuple[tuple[str, Any], ...]
    bot: str
    opponent: str

    @property
    def label(self) -> str:
        opts = dict(self.options)
        seats = opts.get("players", 2)
        extra = f" {opts['variant']}" if "variant" in opts else ""
        house = "".join(f" {k}={str(v).lower()}" for k, v in self.options if k not in BASE_KEYS)
        return f"{self.game}{extra} {seats}p{house}"

    def parsed_options(self) -> dict[str, Any]:
        return game_class(self.game).new(dict(self.options), seed=0).options

    def sides(self) -> int:
        return len(game_class(self.game).new(dict(self.options), seed=0).result().scores)

    def key(self, seed: int, start: int, stop: int) -> str:
        return json.dumps(
            [
                self.game,
                sorted(self.parsed_options().items()),
                self.bot,
                self.opponent,
                VERSUS,
                seed,
                start,
                stop,
            ]
        )


# Each game's ladder: its seat counts and variants, played one deal (or round) at a time.
GAMES: tuple[tuple[str, tuple[dict[str, Any], ...]], ...] = (
    ("pisti", tuple({"players": n, "mode": "classic"} for n in (2, 3, 4))),
    ("war", ({},)),
    ("pis-yedili", tuple({"players": n, "mode": "round"} for n in (2, 3, 4))),
    ("abstract", tuple({"variant": v, "mode": "deal"} for v in ("base", "suit", "unlimited", "52"))),
)
PAIRS = (("normal", "easy"), ("hard", "normal"))
BASE_KEYS = frozenset(k for _, variants in GAMES for v in variants for k in v)  # not in a row's label


def option_sets(game: str) -> list[dict[str, Any]]:
    """The ladder's option sets of ``game`` (``--house``): the defaults ``{}``, each house
    rule's every other value alone, and all of them changed at once (the game's
    ``HOUSE``, :func:`cardems.games.house_rules`)."""
    spec = {o.name: o for o in options_spec(game)}
    house = house_rules(game)
    sets: list[dict[str, Any]] = [{}]
    for name in house:
        sets += [{name: v} for v in spec[name].values if v != spec[name].default]
    if house:
        sets.append(house)
    return sets


def rungs(
    games: Iterable[str] | None = None,
    players: Iterable[int] | None = None,
    pairs: Iterable[tuple[str, str]] = PAIRS,
    house: bool = False,
    option: dict[str, str] | None = None,
) -> list[Rung]:
    """Every row of the ladder (of ``games``, ``players`` seats and ``pairs`` only, if
    given), in table order; with ``house`` under each of :func:`option_sets`, with
    ``option`` under that set only (the games without one of its options are left out;
    :class:`BadInput` if no game has them all, or for a value not allowed)."""
    wanted = set(games) if games is not None else None
    seats = set(players) if players is not None else None
    chosen = [name for name, _ in GAMES if wanted is None or name in wanted]
    if option:
        chosen = [g for g in chosen if set(option) <= {o.name for o in options_spec(g)}]
        if not chosen:
            raise BadInput(f"no game of the ladder has the options {shown(' '.join(sorted(option)))}")
    sets = {g: option_sets(g) if house else [dict(option or {})] for g in chosen}
    out = []
    for game, variants in GAMES:
        if game not in sets:
            continue
        for base in variants:
            if seats is not None and base.get("players", 2) not in seats:
                continue
            for extra in sets[game]:
                options = {**base, **extra}
                game_class(game).new(dict(options), seed=0)  # a bad value: before any work
                out += [Rung(game, tuple(sorted(options.items())), bot, opp) for bot, opp in pairs]
    return out


def shards(deals: int) -> list[tuple[int, int]]:
    return [(start, min(start + SHARD, deals)) for start in range(0, deals, SHARD)]


def play_shard(task: tuple[Rung, int, int, int]) -> dict[str, Any]:
    """Play deals ``start`` .. ``stop`` - 1 of a rung's run from ``seed``."""
    rung, seed, start, stop = task
    started = time.perf_counter()
    options = rung.parsed_options()
    seeds = arena.deal_seeds(seed, stop)[start:]
    per_deal: list[float] = []
    outcomes: list[int] = []
    for deal_seed in seeds:
        diff, outs = arena.play_deal((rung.game, options, deal_seed, [rung.bot, rung.opponent], VERSUS))
        per_deal.append(diff)
        outcomes.extend(outs)
    return {
        "key": rung.key(seed, start, stop),
        "per_deal": per_deal,
        "outcomes": outcomes,
        "seconds": round(time.perf_counter() - started, 2),
    }


def load_cache(path: str | None) -> dict[str, dict[str, Any]]:
    """Finished shards by key; a torn last line (an interrupted write) is ignored."""
    done: dict[str, dict[str, Any]] = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                done[record["key"]] = record
    return done


def verdict(score: arena.Score) -> str:
    low, high = score.ci95
    if low > 0:
        return "stronger"
    if high < 0:
        return "WEAKER"
    return "not shown stronger"


def row(rung: Rung, score: arena.Score, deals: int) -> dict[str, Any]:
    sides = rung.sides()
    return {
        "game": rung.game,
        "options": rung.parsed_options(),
        "label": rung.label,
        "bot": rung.bot,
        "opponent": rung.opponent,
        "deals": deals,
        "games": score.games,
        "wins": score.wins,
        "draws": score.draws,
        "losses": score.losses,
        "win_rate": round(score.wins / score.games, 4) if score.games else 0.0,
        "par": round(1 / sides, 4),
        "mean_diff": score.mean_diff,
        "ci95": score.ci95,
        "verdict": verdict(score),
    }


def run(
    deals: int,
    seed: int,
    jobs: int = 1,
    cache: str | None = None,
    games: Iterable[str] | None = None,
    players: Iterable[int] | None = None,
    pairs: Iterable[tuple[str, str]] = PAIRS,
    progress: Callable[[str], None] | None = None,
    scheduler: Any = None,
    house: bool = False,
    option: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Play (or take from ``cache``) every shard of every rung; one row per rung."""
    ladder = rungs(games, players, pairs, house, option)
    results = collect(ladder, deals, seed, jobs, cache, progress, scheduler)
    return [row(rung, arena.summarize(*results[rung]), deals) for rung in ladder]


def collect(
    ladder: list[Rung],
    deals: int,
    seed: int,
    jobs: int = 1,
    cache: str | None = None,
    progress: Callable[[str], None] | None = None,
    scheduler: Any = None,
) -> dict[Rung, tuple[list[float], list[int]]]:
    """Each rung's per-deal differences and game outcomes over ``deals`` deals from
    ``seed``: the shards not in ``cache`` are played (by ``jobs`` local processes, or on
    the Dask cluster of ``scheduler``: an address such as ``tcp://HOST:8786``) and
    added to it."""
    done = load_cache(cache)
    tasks = [
        (rung, seed, start, stop)
        for rung in ladder
        for start, stop in shards(deals)
        if rung.key(seed, start, stop) not in done
    ]
    total = len(ladder) * len(shards(deals))
    finished = total - len(tasks)
    if progress and finished:
        progress(f"ladder: {finished}/{total} shards from the cache")
    sink = open(cache, "a+", encoding="utf-8") if cache else None
    if sink and sink.tell():
        sink.seek(sink.tell() - 1)
        if sink.read(1) != "\n":
            sink.write("\n")  # after a torn line, start afresh
    try:
        for record in _play(tasks, jobs, scheduler):
            done[record["key"]] = record
            if sink:
                sink.write(json.dumps(record) + "\n")
                sink.flush()
            finished += 1
            if progress:
                progress(f"ladder: {finished}/{total} shards ({_what(record['key'])}, {record['seconds']} s)")
    finally:
        if sink:
            sink.close()
    results: dict[Rung, tuple[list[float], list[int]]] = {}
    for rung in ladder:
        per_deal: list[float] = []
        outcomes: list[int] = []
        for start, stop in shards(deals):
            record = done[rung.key(seed, start, stop)]
            per_deal += record["per_deal"]
            outcomes += record["outcomes"]
        results[rung] = (per_deal, outcomes)
    return results


def _what(key: str) -> str:
    game, options, bot, opponent, _versus, _seed, start, stop = json.loads(key)
    opts = " ".join(f"{k}={v}" for k, v in options)
    return f"{game} {opts} {bot} vs {opponent}, deals {start}-{stop - 1}"


def _play(
    tasks: list[tuple[Rung, int, int, int]], jobs: int, scheduler: Any = None
) -> Iterable[dict[str, Any]]:
    if scheduler is not None and tasks:
        yield from _play_on_dask(tasks, scheduler)
    elif jobs > 1 and len(tasks) > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
            yield from pool.imap_unordered(play_shard, tasks)
    else:
        for task in tasks:
            yield play_shard(task)


def _play_on_dask(tasks: list[tuple[Rung, int, int, int]], scheduler: Any) -> Iterable[dict[str, Any]]:
    """The shards on a Dask distributed cluster (``pip install distributed``; every worker
    needs this version of cardems importable): ``scheduler`` is its address or a client."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise BadInput("--scheduler needs Dask distributed (pip install distributed)") from None
    if isinstance(scheduler, str):
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            raise BadInput(
                f"no Dask scheduler at {shown(scheduler)}: {' '.join(str(exc).split())[:200]}"
            ) from None
    else:
        client = scheduler
    try:
        futures = client.map(play_shard, tasks, pure=False)
        for future in as_completed(futures, loop=client.loop):
            yield future.result()
    finally:
        if client is not scheduler:
            client.close()


def table(rows: list[dict[str, Any]]) -> str:
    """The ladder as a Markdown table."""
    lines = [
        "| game | match-up | deals | wins | draws | losses | win % | par % | mean diff | 95% CI | verdict |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        low, high = r["ci95"]
        lines.append(
            f"| {r['label']} | {r['bot']} vs {r['opponent']} | {r['deals']} | {r['wins']} | {r['draws']} | "
            f"{r['losses']} | {100 * r['win_rate']:.1f} | {100 * r['par']:.1f} | {r['mean_diff']:+.2f} | "
            f"[{signed(low)}, {signed(high)}] | {r['verdict']} |"
        )
    return "\n".join(lines) + "\n"


def signed(x: float) -> str:
    return f"{x:+.2f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def write(rows: list[dict[str, Any]], as_json: bool, out: arena.Writer) -> None:
    out.write(json.dumps(rows) + "\n" if as_json else table(rows))
