"""Shared helpers for the benchmarks: a local static server and a headless Chromium.

Not a test module: the bench/ folder is outside pytest's ``testpaths``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, format: str, *args) -> None:  # errors only
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def ensure_runtime() -> None:
    """Fill static/vendor/ if needed (scripts/vendor_runtime.py); skip quietly if it is there."""
    vendor = ROOT / "static" / "vendor"
    try:
        sys.path.insert(0, str(ROOT / "scripts"))
        from vendor_runtime import ensure_runtime as _ensure  # type: ignore
    except ImportError:
        _ensure = None
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    if _ensure is not None:
        _ensure()
    if not (vendor / "pyodide" / "pyodide.mjs").is_file() or not (vendor / "pyscript" / "core.js").is_file():
        raise SystemExit("bench: static/vendor/ is empty; run `python scripts/vendor_runtime.py`")


@contextlib.contextmanager
def serve_root() -> Iterator[str]:
    """Serve the repo root on 127.0.0.1:<free port> from a thread; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(ROOT)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="bench-http", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Debian's, or $CARDEMS_CHROMIUM) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    exe = os.environ.get("CARDEMS_CHROMIUM") or shutil.which("chromium")
    if not exe:
        raise SystemExit("bench: no chromium found (set CARDEMS_CHROMIUM)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(-(-q * len(ordered) // 100)) - 1))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
