"""Latency of the page in play: the app's own ``cardems:move`` (human input to the
DOM showing the result) and ``cardems:ai`` (one bot decision) measures, per game.

    python bench/moves.py [--games pisti,war,pis-yedili,abstract] [--seeds 1,2,3]

For each game and seed, a fresh browser context opens ``#/<game>?seed=N&speed=instant``
(one deal or round) and plays it to the end as a player would: whenever
``data-cardems`` is ``ready`` it clicks "next" in a result dialog, else a suit
to name, else the first playable ``button[data-card]``, else the first enabled
game control (draw, pass, pick, first, second), until the page is ``over``.
Then all ``cardems:move`` and ``cardems:ai`` measures are collected.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, chromium, ensure_runtime, median, percentile, serve_root

TIMEOUT_MS = 120_000
STATE = "document.documentElement.getAttribute('data-cardems')"
READY_OR_OVER = f"['ready', 'over', 'error'].includes({STATE})"
# what a player clicks, in order of preference (cards not playable now carry aria-disabled)
CHOICES = (
    "dialog#result[open] button[data-action=next]",
    "#felt button[data-action^=suit-]:not([data-action=suit-cancel]):not([disabled])",
    "#felt button[data-card]:not([disabled]):not([aria-disabled=true]):not([data-action])",
    "#felt button[data-action]:not([disabled]):not([data-action=hint]):not([data-action=suit-cancel])",
)
MAX_CLICKS = 600  # guards against a stuck page
GAMES = ("pisti", "war", "pis-yedili", "abstract")
ROUTE_OPTIONS = {"pis-yedili": "&mode=round", "abstract": "&mode=deal"}


def parse_seeds(text: str) -> list[int]:
    return [int(s) for s in text.replace(" ", "").split(",") if s]


def play_seed(browser, base: str, seed: int, level: str = "normal", game: str = "pisti") -> dict:
    # fresh localStorage (no saved game is resumed); the page's policy forbids the
    # evaluated text Playwright waits with, so the context bypasses it
    context = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(
            f"{base}/index.html#/{game}?seed={seed}&speed=instant&level={level}{ROUTE_OPTIONS.get(game, '')}"
        )
        clicks = 0
        while True:
            page.wait_for_function(READY_OR_OVER, timeout=TIMEOUT_MS, polling=10)
            state = page.evaluate(STATE)
            if state in ("over", "error"):
                break
            if clicks >= MAX_CLICKS:
                raise RuntimeError(f"seed {seed}: no end after {clicks} clicks")
            buttons = next((b for b in (page.locator(s) for s in CHOICES) if b.count()), None)
            if buttons is None:
                page.wait_for_timeout(20)  # not drawn yet: look again
                continue
            buttons.first.click(timeout=TIMEOUT_MS)
            clicks += 1
            # the click handler sets `busy` synchronously; the loop then waits for ready/over
        if state == "error":
            raise RuntimeError(f"seed {seed}: the page failed to start: {errors[:3]}")
        measures = page.evaluate(
            "() => performance.getEntriesByType('measure')"
            ".filter(m => m.name.startsWith('cardems:'))"
            ".map(m => [m.name, m.duration])"
        )
        result = page.evaluate(
            "() => { const d = document.querySelector('dialog#result');"
            " return d ? [d.getAttribute('data-winner'), d.getAttribute('data-scores')] : [null, null]; }"
        )
        if errors:
            print(f"  seed {seed}: page errors: {errors[:3]}", file=sys.stderr)
        return {
            "seed": seed,
            "clicks": clicks,
            "winner": result[0],
            "scores": result[1],
            "move": [d for n, d in measures if n == "cardems:move"],
            "ai": [d for n, d in measures if n == "cardems:ai"],
        }
    finally:
        context.close()


def stats(values: list[float]) -> dict:
    if not values:
        return {"count": 0, "median": float("nan"), "p95": float("nan"), "max": float("nan")}
    return {"count": len(values), "median": median(values), "p95": percentile(values, 95), "max": max(values)}


# The published source standard library, answered in place of the site's bytecode one
# (--source-stdlib: the same moves with each library, issue 26)
SOURCE_STDLIB = {
    "/static/vendor/pyodide/python_stdlib.zip": ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
}


def run(
    seeds: list[int], quiet: bool = False, level: str = "normal", game: str = "pisti", source: bool = False
) -> dict:
    ensure_runtime()
    t0 = time.perf_counter()
    games = []
    with serve_root(SOURCE_STDLIB if source else None) as base, chromium() as browser:
        for seed in seeds:
            g = play_seed(browser, base, seed, level, game)
            games.append(g)
            if not quiet:
                print(
                    f"  {game} seed {seed}: {g['clicks']} clicks, winner {g['winner']}, scores {g['scores']}, "
                    f"{len(g['move'])} move / {len(g['ai'])} ai measures",
                    flush=True,
                )
    return {
        "seeds": seeds,
        "level": level,
        "game": game,
        "move": stats([d for g in games for d in g["move"]]),
        "ai": stats([d for g in games for d in g["ai"]]),
        "seconds": time.perf_counter() - t0,
    }


def report(s: dict) -> str:
    lines = [
        f"moves ({s.get('game', 'pisti')}, speed=instant, level {s.get('level', 'normal')}, "
        f"seeds {','.join(map(str, s['seeds']))}; ms)"
    ]
    for name in ("move", "ai"):
        st = s[name]
        lines.append(
            f"  cardems:{name:<4}  count {st['count']:4d}  median {st['median']:7.2f}  "
            f"p95 {st['p95']:7.2f}  max {st['max']:7.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated deal seeds (default 1,2,3)")
    parser.add_argument(
        "--level", default="normal", choices=("easy", "normal", "hard"), help="the computer's level"
    )
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all four)")
    parser.add_argument(
        "--source-stdlib",
        action="store_true",
        help="serve Pyodide's published source standard library instead of the site's bytecode one",
    )
    args = parser.parse_args(argv)
    for game in args.games.split(","):
        figures = run(parse_seeds(args.seeds), level=args.level, game=game, source=args.source_stdlib)
        print(report(figures), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
