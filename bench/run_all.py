"""Run the three benchmarks (engine, boot, moves) and print a compact summary.

    python bench/run_all.py [--boot-rounds 4] [--warmup 1] [--driver direct|playwright] [--seeds 1,2,3]
                            [--engine-rounds 3] [--engine-deals 200]

(or ``python -m bench`` with the same options). About 2-3 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import boot
import engine
import moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--boot-rounds", "--rounds", type=int, default=4, help="measured boot rounds per page (default 4)"
    )
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured boot rounds first (default 1)")
    parser.add_argument(
        "--driver",
        choices=boot.DRIVERS,
        default="direct",
        help="how the boot benchmark drives Chromium (default direct: no DevTools client)",
    )
    parser.add_argument(
        "--seeds", default="1,2,3", help="Pişti deal seeds played in the page (default 1,2,3)"
    )
    parser.add_argument("--engine-rounds", type=int, default=3, help="engine timing rounds (default 3)")
    parser.add_argument(
        "--engine-deals", type=int, default=200, help="engine deals per kind per round (default 200)"
    )
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    print("== engine", flush=True)
    e = engine.run(max(1, args.engine_rounds), max(1, args.engine_deals))
    print("== boot", flush=True)
    b = boot.run(max(1, args.boot_rounds), max(0, args.warmup), driver=args.driver)
    print("== moves", flush=True)
    m = moves.run(moves.parse_seeds(args.seeds))

    print()
    print("=" * 72)
    print(engine.report(e))
    print(boot.report(b))
    print(moves.report(m))
    print(f"total {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
