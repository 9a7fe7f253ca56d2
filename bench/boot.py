"""Boot time of the Cardems page (to the ``cardems:ready`` mark) relative to a bare
PyScript page on the same vendored runtime (to ``bare:ready``, bench/bare/).

    python bench/boot.py [--rounds 5] [--warmup 1]

Each round, for each page (order alternates between rounds): a fresh browser
context (empty HTTP cache) loads the page -> "cold"; the same context reloads
it -> "warm". Times are the marks' ``startTime`` (ms from navigation start).
Both pages are measured side by side in one run, so the ratio is the figure to
read on a shared machine; absolute times are given for context.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import chromium, ensure_runtime, median, serve_root  # noqa: E402

PAGES = {
    "cardems": ("/index.html", "cardems:ready"),
    "bare": ("/bench/bare/index.html", "bare:ready"),
}
TIMEOUT_MS = 120_000


def mark_time(page, mark: str) -> float:
    page.wait_for_function(
        "m => performance.getEntriesByName(m, 'mark').length > 0", arg=mark,
        timeout=TIMEOUT_MS, polling=25)
    return float(page.evaluate("m => performance.getEntriesByName(m, 'mark')[0].startTime", mark))


def _loadavg() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


APP_START = ("() => { const t = performance.getEntriesByType('resource')"
             ".filter(r => /\\/cardems\\/.*\\.py$/.test(new URL(r.name).pathname)).map(r => r.startTime);"
             " return t.length ? Math.min(...t) : null; }")


def app_part(page, ready: float) -> float | None:
    """ms from the first fetch of a cardems/*.py file (the interpreter is up and
    PyScript fetches the [files]) to the ready mark: the share of boot that is
    Cardems' own (file fetches, imports, first render), not the runtime's."""
    start = page.evaluate(APP_START)
    return None if start is None else ready - float(start)


def one_round(browser, base: str, name: str, apps: dict | None = None) -> tuple[float, float]:
    """(cold, warm) ms for one page: a new context loads it, then reloads it."""
    path, mark = PAGES[name]
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + path)
        cold = mark_time(page, mark)
        if apps is not None:
            apps["cold"].append(app_part(page, cold))
        page.reload()
        warm = mark_time(page, mark)
        if apps is not None:
            apps["warm"].append(app_part(page, warm))
        if errors:
            print(f"  [{name}] page errors: {errors[:3]}", file=sys.stderr)
        return cold, warm
    finally:
        context.close()


def run(rounds: int = 5, warmup: int = 1, quiet: bool = False) -> dict:
    ensure_runtime()
    times: dict[str, dict[str, list[float]]] = {n: {"cold": [], "warm": []} for n in PAGES}
    apps: dict[str, list[float | None]] = {"cold": [], "warm": []}
    t0 = time.perf_counter()
    with serve_root() as base, chromium() as browser:
        for i in range(warmup + rounds):
            order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
            row = []
            for name in order:
                measured = i >= warmup and name == "cardems"
                cold, warm = one_round(browser, base, name, apps if measured else None)
                row.append(f"{name} cold {cold:7.0f} warm {warm:7.0f}")
                if i >= warmup:
                    times[name]["cold"].append(cold)
                    times[name]["warm"].append(warm)
            if not quiet:
                tag = "warmup" if i < warmup else f"round {i - warmup + 1}"
                print(f"  {tag:>8}: " + " | ".join(row), flush=True)
    med = {n: {k: median(v) for k, v in kinds.items()} for n, kinds in times.items()}
    paired = {k: median([c / b for c, b in zip(times["cardems"][k], times["bare"][k])]) for k in ("cold", "warm")}
    app = {k: median([a for a in v if a is not None]) for k, v in apps.items()}
    summary = {
        "paired_ratio": paired,
        "app_ms": app,
        "spread_ms": {n: {k: (min(v), max(v)) for k, v in kinds.items()} for n, kinds in times.items()},
        "loadavg": _loadavg(),
        "rounds": rounds,
        "median_ms": med,
        "ratio": {k: med["cardems"][k] / med["bare"][k] for k in ("cold", "warm")},
        "extra_ms": {k: med["cardems"][k] - med["bare"][k] for k in ("cold", "warm")},
        "seconds": time.perf_counter() - t0,
    }
    return summary


def report(s: dict) -> str:
    m, r, x, p = s["median_ms"], s["ratio"], s["extra_ms"], s["paired_ratio"]
    lines = [f"boot (median of {s['rounds']} interleaved rounds, ms from navigation start to the ready mark; "
             f"load avg at end {s['loadavg']})"]
    for kind in ("cold", "warm"):
        lines.append(f"  {kind}: cardems {m['cardems'][kind]:6.0f}  bare {m['bare'][kind]:6.0f}  "
                     f"ratio of medians {r[kind]:.2f} ({x[kind]:+.0f} ms)  median per-round ratio {p[kind]:.2f}")
    a = s["app_ms"]
    lines.append(f"  cardems' own part (first cardems/*.py fetch -> ready): cold {a['cold']:.0f} ms "
                 f"({a['cold'] / m['cardems']['cold']:.0%} of boot), warm {a['warm']:.0f} ms "
                 f"({a['warm'] / m['cardems']['warm']:.0%})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds per page (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    args = parser.parse_args(argv)
    print(report(run(max(1, args.rounds), max(0, args.warmup))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
