"""Screenshots of every game's table at desktop and phone sizes, left to right and right
to left, with what the layout measure finds wrong at each (scripts/layout_cases.py).

    python scripts/screenshots.py [--out /tmp/phone-shots] [--only pisti] [--sizes 360x740,844x390] [--langs en,ar]

Files are named ``<case>-<size>-<lang>.png``.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headless import ARGS, chromium_path  # noqa: E402
from layout_cases import MEASURE, SEEN_TOURS, VIEWPORTS, cases, with_speed  # noqa: E402
from serve import Handler  # noqa: E402
from vendor_runtime import ROOT, ensure_runtime  # noqa: E402

SIZES = {"1280x800": (1280, 800), **VIEWPORTS}


class Quiet(Handler):
    def log_message(self, format, *args):
        pass

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def open_table(page, base: str, case, lang: str) -> None:
    """The case's table in ``lang``, at instant speed, from a page already started."""
    page.evaluate(SEEN_TOURS)
    page.evaluate("l => localStorage.setItem('cardems:lang', JSON.stringify(l))", lang)
    if case.save is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"cardems:save:{case.game}", json.dumps(case.save)])
    else:
        page.evaluate("k => localStorage.removeItem(k)", f"cardems:save:{case.game}")
    page.goto(base + with_speed(case.route))
    page.reload()
    page.wait_for_function("document.documentElement.dataset.cardems === 'ready'"
                           " && document.querySelector('#felt [data-card]')", timeout=90_000)
    dismiss_notices(page)
    page.wait_for_timeout(150)


def dismiss_notices(page) -> None:
    """The notices a resumed game brings ("restored where you left it"), closed as a player would."""
    for _ in range(4):
        if not page.locator("#notices .notice-x").count():
            return
        page.locator("#notices .notice-x").first.click()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/phone-shots")
    parser.add_argument("--only", default="")
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--langs", default="en,ar")
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
            context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True,
                                          has_touch=width < 900, is_mobile=width < 900)
            page = context.new_page()
            page.goto(base)
            for lang in args.langs.split(","):
                for case in chosen:
                    open_table(page, base, case, lang)
                    path = out / f"{case.name}-{size}-{lang}.png"
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
