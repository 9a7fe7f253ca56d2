"""Latency of Pis Yedili's computer opponents in the browser: the ``cardems:ai``
measure (one bot decision, from the start of its thinking to its move) and the
human's ``cardems:move``, over whole rounds against the Hard level.

    python bench/pis_yedili_moves.py [--seeds 1,2,3] [--players 2] [--level hard]

For each seed a fresh context opens ``#/pis-yedili?mode=round&level=...&speed=instant``
and the human plays by clicking: the first playable plain card, else a Jack and a
suit, else draw, else pass, else a muamele pick, until the round is over.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import chromium, ensure_runtime, median, percentile, serve_root

STATE = "document.documentElement.getAttribute('data-cardems')"
CLICKABLE = "#felt button:not([disabled])"


def play(browser, base: str, seed: int, players: int, level: str) -> list[tuple[str, float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)  # see moves.py
    try:
        page = context.new_page()
        page.goto(
            f"{base}/index.html#/pis-yedili?mode=round&players={players}&seed={seed}"
            f"&level={level}&speed=instant"
        )
        for _ in range(400):
            page.wait_for_function(f"['ready', 'over'].includes({STATE})", timeout=300_000, polling=20)
            if page.evaluate(STATE) == "over":
                break
            buttons = page.eval_on_selector_all(
                CLICKABLE, "els => els.map(e => [e.dataset.card || '', e.dataset.action || ''])"
            )
            cards = [c for c, a in buttons if c and c != "back" and not a]
            actions = [a for _, a in buttons if a]
            page.mouse.move(1, 1)
            plain = [c for c in cards if c[0] != "J"]
            if plain or cards:
                page.click(f'#felt button[data-card="{(plain or cards)[0]}"]', position={"x": 14, "y": 60})
                if not plain:
                    page.click("#felt button[data-action=suit-S]")
            else:
                for action in ("pick", "draw", "pass"):
                    if action in actions:
                        page.click(f"#felt button[data-action={action}]")
                        break
            page.wait_for_timeout(30)
        return page.evaluate(
            "() => performance.getEntriesByType('measure')"
            ".filter(m => m.name.startsWith('cardems:')).map(m => [m.name, m.duration])"
        )
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    ensure_runtime()
    measures: list[tuple[str, float]] = []
    with serve_root() as base, chromium() as browser:
        for seed in [int(s) for s in args.seeds.split(",") if s]:
            measures += play(browser, base, seed, args.players, args.level)
    for name in ("cardems:ai", "cardems:move"):
        values = sorted(d for n, d in measures if n == name)
        if values:
            print(
                f"{name}: n={len(values)} median={median(values):.1f} ms "
                f"p95={percentile(values, 95):.1f} ms max={values[-1]:.1f} ms"
            )


if __name__ == "__main__":
    main()
