"""Draw the app icons (PNG, for the web app manifest) from static/icons/icon.svg
with headless Chromium. The PNGs are committed; run this again after changing the SVG.

    python scripts/make_icons.py
"""

from __future__ import annotations

import re
from pathlib import Path

from headless import ARGS, chromium_path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)
MASKABLE_SCALE = 0.72  # maskable icons keep their drawing inside the central 80% circle


def page(svg: str, size: int, maskable: bool) -> str:
    background = re.search(r'fill="(#[0-9a-fA-F]{6})"', svg).group(1)
    inner = svg if not maskable else svg.replace('rx="14"', 'rx="0"')
    scale = MASKABLE_SCALE if maskable else 1.0
    side = size * scale
    inner = inner.replace("<svg ", f'<svg width="{side}" height="{side}" ', 1)
    return (
        f'<html><body style="margin:0;background:{background if maskable else "transparent"}">'
        f'<div style="width:{size}px;height:{size}px;display:flex;align-items:center;justify-content:center">'
        f'<div style="width:{side}px;height:{side}px">'
        f'{inner}'
        f'</div></div></body></html>'
    )


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS, headless=True)
        for size in SIZES:
            for maskable in (False, True):
                ctx = browser.new_context(viewport={"width": size, "height": size})
                tab = ctx.new_page()
                tab.set_content(page(svg, size, maskable))
                name = f"icon-{'maskable-' if maskable else ''}{size}.png"
                tab.screenshot(path=str(ICONS / name), omit_background=not maskable)
                ctx.close()
                print(name)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
