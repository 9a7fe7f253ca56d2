"""Shared helpers for the benchmarks: a local static server and a headless Chromium.

Not a test module: the bench/ folder is outside pytest's ``testpaths``.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "scripts"))
from headless import ARGS as CHROMIUM_ARGS  # noqa: E402
from headless import NoChromium, chromium_path  # noqa: E402
from serve import Handler  # noqa: E402  (serves the generated files of the working tree too)

sys.path.remove(str(ROOT / "scripts"))


# The types GitHub Pages gzips on the fly (bench/RESULTS.md, 2026-12-02, for where this comes
# from): HTML, CSS, JavaScript, JSON, SVG, XML, plain text and WebAssembly. Everything else
# (application/zip, application/gzip, application/octet-stream, images, fonts) is sent as it is.
PAGES_GZIP = frozenset(
    {
        "text/html",
        "text/css",
        "text/plain",
        "text/xml",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "application/xml",
        "image/svg+xml",
        "application/wasm",
    }
)


class QuietHandler(Handler):
    """The site's handler; counts the bytes of the bodies it sends (``server.sent``).

    A POST to ``/__bench`` goes to ``server.on_post(body) -> reply`` (a page
    reporting its own figures, bench/boot.py's direct driver); ``/__bench/start?to=URL``
    is a blank page that, once painted, goes to URL."""

    def do_GET(self) -> None:
        swap = getattr(self.server, "swap", {}).get(urlsplit(self.path).path)
        if swap is not None:  # another file at this address (bench/moves.py --source-stdlib)
            self._answer(swap.read_bytes(), self.guess_type(str(swap)))
            return
        if not self.path.startswith("/__bench/start?"):
            if not self._gzipped():
                super().do_GET()
            return
        target = parse_qs(urlsplit(self.path).query).get("to", [""])[0]
        page = (
            "<!doctype html><meta charset='utf-8'><title>start</title><script>addEventListener('load', "
            "function () { requestAnimationFrame(function () { setTimeout(function () { location.replace("
            + json.dumps(target)
            + "); }, 200); }); });</script>"
        )
        self._answer(page.encode(), "text/html; charset=utf-8")

    def do_POST(self) -> None:
        on_post = getattr(self.server, "on_post", None)
        if self.path != "/__bench" or on_post is None:
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._answer(on_post(body).encode(), "text/plain")

    def _answer(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _gzipped(self) -> bool:
        """Answer as GitHub Pages would, if ``server.pages`` is set: a file of a type in
        PAGES_GZIP, to a client accepting gzip, gzipped (level 6, made once per file);
        False (nothing sent) for anything else, which is then sent as it is."""
        if not getattr(self.server, "pages", False) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        path = self.translate_path(self.path)
        if not os.path.isfile(path) or self.guess_type(path).split(";")[0] not in PAGES_GZIP:
            return False
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.server.lock:
            body = self.server.gzipped.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            with self.server.lock:
                self.server.gzipped[key] = body
        since = self.headers.get("If-Modified-Since")
        modified = self.date_time_string(int(stat.st_mtime))
        if since == modified:
            self.send_response(304)
            self.end_headers()
            return True
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        self.wfile.write(body)
        with self.server.lock:
            self.server.sent += len(body)
        return True

    def copyfile(self, source, outputfile) -> None:
        sent = 0
        while True:
            chunk = source.read(1 << 16)
            if not chunk:
                break
            outputfile.write(chunk)
            sent += len(chunk)
        with self.server.lock:
            self.server.sent += sent


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
def serve_dir(directory: Path, pages: bool = False) -> Iterator[object]:
    """Serve ``directory`` on 127.0.0.1:<free port> from a thread; yields the server
    (``server.base``: its URL; ``server.sent``: body bytes sent so far). ``pages``:
    compress as GitHub Pages does (:data:`PAGES_GZIP`)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    server.daemon_threads = True
    server.lock = threading.Lock()
    server.sent = 0
    server.pages = pages
    server.gzipped = {}
    server.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, name="bench-http", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextlib.contextmanager
def serve_root(swap: dict[str, Path] | None = None) -> Iterator[str]:
    """Serve the working tree (with its generated files); yields the base URL. ``swap``:
    address -> file answered there instead."""
    with serve_dir(ROOT) as server:
        server.swap = swap or {}
        yield server.base


def stock_page(folder: Path) -> None:
    """The bare page on the stock runtime, in ``folder``: ``@pyscript/core``'s dist/ and
    ``pyodide``'s files as npm publishes them (package-lock.json's versions, from
    node_modules), untouched, beside the bare page's HTML pointed at them. The anchor of
    bench/boot.py: the bare page runs the site's vendored runtime, which Cardems changes
    (its standard library is bytecode), so that page gets faster with it."""
    mods = ROOT / "node_modules"
    shutil.copytree(
        mods / "@pyscript" / "core" / "dist", folder / "pyscript", ignore=shutil.ignore_patterns("*.map")
    )
    (folder / "pyodide").mkdir(parents=True)
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        shutil.copyfile(mods / "pyodide" / name, folder / "pyodide" / name)
    page = (ROOT / "bench" / "bare" / "index.html").read_text(encoding="utf-8")
    for old, new in (
        ("../../static/vendor/pyscript/core.js", "./pyscript/core.js"),
        ("bare:ready", "stock:ready"),
        ('"data-bare"', '"data-stock"'),
        ("bare PyScript", "stock PyScript"),
    ):
        if old not in page:
            raise SystemExit(f"bench: bench/bare/index.html no longer has {old!r}")
        page = page.replace(old, new)
    (folder / "index.html").write_text(page, encoding="utf-8")
    (folder / "pyscript.json").write_text(
        json.dumps({"interpreter": "./pyodide/pyodide.mjs"}), encoding="utf-8"
    )


@contextlib.contextmanager
def serve_site(prepare: Callable[[Path], None] | None = None, pages: bool = False) -> Iterator[object]:
    """Assemble the site (scripts/build_site.py) in a temporary folder, with the
    bare page of bench/bare/ and the stock one (:func:`stock_page`) beside it, and serve it; yields the server.
    ``prepare(folder)`` may change the assembled folder before it is served; ``pages``: see
    :func:`serve_dir`."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from build_site import build
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    with tempfile.TemporaryDirectory(prefix="cardems-bench-") as tmp:
        out = Path(tmp) / "site"
        build(out)
        shutil.copytree(ROOT / "bench" / "bare", out / "bench" / "bare")
        stock_page(out / "bench" / "stock")
        if prepare is not None:
            prepare(out)
        with serve_dir(out, pages) as server:
            yield server


def _executable() -> str | None:
    try:
        return chromium_path()
    except NoChromium as error:
        raise SystemExit(f"bench: {error}") from None


def chromium_executable() -> str:
    """The Chromium to start without Playwright: ours, or Playwright's own."""
    exe = _executable()
    if exe is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            exe = p.chromium.executable_path
    return exe


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Debian's, or $CARDEMS_CHROMIUM) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    exe = _executable()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def playwright_chromium() -> Iterator[tuple[object, str | None]]:
    """Playwright and the Chromium executable, for :func:`profile_browser`."""
    from playwright.sync_api import sync_playwright

    exe = _executable()
    with sync_playwright() as p:
        yield p, exe


@contextlib.contextmanager
def profile_browser(p, exe: str | None, folder: str) -> Iterator[object]:
    """A browser on the profile in ``folder``, closed on exit. On a new, empty folder it
    is like a first visit in a real browser, with a disk HTTP cache (a Playwright
    incognito context keeps its HTTP cache in memory and does not keep the 9.6 MB
    interpreter binary at all); a later browser on the same folder finds what this
    one kept on disk (HTTP cache, service worker and its cache, code caches)."""
    context = p.chromium.launch_persistent_context(
        folder, executable_path=exe, args=CHROMIUM_ARGS, headless=True
    )
    try:
        yield context
    finally:
        context.close()


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(-(-q * len(ordered) // 100)) - 1))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
