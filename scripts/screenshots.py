"""Screenshots of every game's table at desktop and phone sizes, left to right and right
to left, with what the layout measure finds wrong at each (scripts/layout_cases.py).

    python scripts/screenshots.py [--out /tmp/phone-shots] [--only pisti] [--sizes 360x740,844x390] [--langs en,ar] [--tour]

Files are named ``<case>-<size>-<lang>.png``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headless import ARGS, chromium_path
from layout_cases import MEASURE, SEEN_TOURS, UNSEEN_TOURS, VIEWPORTS, cases, open_case
from serve import Handler
from vendor_runtime import ROOT, ensure_runtime

SIZES = {"1280x800": (1280, 800), **VIEWPORTS}


class Quiet(Handler):
    def log_message(self, format, *args):
        pass

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/phone-shots")
    parser.add_argument("--only", default="")
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--langs", default="en,ar")
    parser.add_argument("--tour", action="store_true", help="with each game's walkthrough open")
    args = parser.parse_args()
    ensure_runtime()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    chosen = [c for c in cases() if args.only in c.name]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS, headless=True)
        for size in args.sizes.split(","):
            width, height = SIZES[size]
            context = browser.new_context(
                viewport={"width": width, "height": height},
                bypass_csp=True,
                has_touch=width < 900,
                is_mobile=width < 900,
            )
            page = context.new_page()
            page.goto(base)
            page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=90_000)
            if not args.tour:
                page.evaluate(SEEN_TOURS)
            for lang in args.langs.split(","):
                for case in chosen:
                    if args.tour:
                        page.evaluate(UNSEEN_TOURS)
                    open_case(page, case, lang)
                    page.wait_for_timeout(100)
                    tour = "-tour" if args.tour else ""
                    path = out / f"{case.name}{tour}-{size}-{lang}.png"
                    page.screenshot(path=str(path))
                    found = page.evaluate(MEASURE, [width, height])
                    print(f"{path.name}: {len(found['bad'])} problems; ids twice: {found['twice'][:4]}")
                    for line in found["bad"][:12]:
                        print("   ", line)
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
